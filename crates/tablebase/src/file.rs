//! Table files: one per slice, named after it (`2v3.dtb`), in a directory. The only I/O of the
//! crate.
//!
//! A file is a 32-byte header, then the slice's value bytes, then its quiet budgets, one of each
//! per index. The header, little-endian: the magic `DUOBAOTB`, the format version (u32), the
//! slice's soldiers to move and against (a byte each), two zero bytes, the number of entries
//! (u64, the slice's size) and an FNV-1a checksum (u64) of everything else in the file. Loading
//! checks all of it, so a damaged or foreign file is an error naming it, never a wrong answer.
//!
//! A file is written under a temporary name in its directory, flushed to the disk, then renamed
//! to its own name: a build stopped at any point (a machine of a cluster lost, a power cut) leaves
//! either no file or a whole one, and builders racing for the same slice each put a whole file in
//! place. The builder reads the smaller slices by mapping their files ([`map`]), so only the
//! pages its captures look up take memory, and the system may drop them again.
//!
//! # Why one byte holds a distance
//! A value byte holds distances up to 254 plies (`MAX_DISTANCE`); the longest up to 7 soldiers
//! is 83. A wider format is not a mere change of files: the builder keeps each position's level
//! in a byte while it works, so 2-byte distances would add three bytes a position to the build's
//! memory too. Nothing bounds the distance in advance, so the builder checks it instead: a slice
//! with a longer one is an error (`BuildError::DistanceTooLong`), never a wrong file,
//! and would be the moment to bring in format version 2.

use std::fmt;
use std::path::{Path, PathBuf};

use duobao_rules::MAX_SOLDIERS;

use crate::slice::Slice;
use crate::table::{SliceTable, Tablebase};

const MAGIC: &[u8; 8] = b"DUOBAOTB";
const VERSION: u32 = 1;
const HEADER_BYTES: usize = 32;
const CHECKSUM_AT: usize = 24;

/// A table file that could not be written or read, or is not a sound table.
#[derive(Debug)]
pub struct FileError {
    pub path: PathBuf,
    pub problem: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.problem)
    }
}

impl std::error::Error for FileError {}

/// The file name of a slice's table.
pub fn file_name(slice: Slice) -> String {
    format!("{slice}.dtb")
}

/// Writes every table held to `dir` (created if need be), one file per slice; the paths written.
pub fn save(tables: &Tablebase, dir: &Path) -> Result<Vec<PathBuf>, FileError> {
    std::fs::create_dir_all(dir).map_err(|e| FileError {
        path: dir.to_path_buf(),
        problem: e.to_string(),
    })?;
    tables.tables().map(|table| write(table, dir)).collect()
}

/// Writes a table to its file in `dir`, whole or not at all: under a temporary name, flushed to
/// the disk, then renamed over any file of that name. The path written.
pub fn write(table: &SliceTable, dir: &Path) -> Result<PathBuf, FileError> {
    use std::io::Write as _;

    let path = dir.join(file_name(table.slice()));
    // The process id keeps two builders of one slice (on machines sharing the directory, or a
    // retried build while the first still runs) off each other's temporary file.
    let temporary = dir.join(format!(
        ".{}.{}.tmp",
        file_name(table.slice()),
        std::process::id()
    ));
    let error = |path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| FileError {
            path,
            problem: e.to_string(),
        }
    };
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(&header(table.slice(), checksum_of(table)))?;
        file.write_all(table.values())?;
        file.write_all(table.budgets())?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(error(&temporary)(e));
    }
    std::fs::rename(&temporary, &path).map_err(error(&path))?;
    // The rename itself is durable once the directory is.
    std::fs::File::open(dir)
        .and_then(|dir| dir.sync_all())
        .map_err(error(dir))?;
    Ok(path)
}

/// The table of `slice` in the file at `path`, mapped into memory rather than read, once its
/// header and checksum are checked; an error naming the file when it is missing or not sound.
#[cfg(feature = "map")]
pub fn map(path: &Path, slice: Slice) -> Result<SliceTable, FileError> {
    let error = |problem: String| FileError {
        path: path.to_path_buf(),
        problem,
    };
    let file = std::fs::File::open(path).map_err(|e| error(e.to_string()))?;
    // SAFETY: a mapped file changed by another process would change the bytes under us. Table
    // files are never changed in place: they are written under another name and renamed, which
    // leaves a mapping of the old file as it was.
    let bytes = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| error(e.to_string()))?;
    check(&bytes, slice).map_err(error)?;
    Ok(SliceTable::mapped(slice, bytes, HEADER_BYTES).expect("sizes were checked"))
}

/// Reads every table file in `dir`; an error when there is none, or when one is damaged.
pub fn load(dir: &Path) -> Result<Tablebase, FileError> {
    each_file(dir, |path, slice| {
        let bytes = std::fs::read(path).map_err(|e| FileError {
            path: path.to_path_buf(),
            problem: e.to_string(),
        })?;
        read(path, &bytes, slice)
    })
}

/// Every table file in `dir`, mapped into memory rather than read ([`map`]), so that tables
/// larger than the memory can be probed; an error when there is none, or when one is damaged.
#[cfg(feature = "map")]
pub fn open(dir: &Path) -> Result<Tablebase, FileError> {
    each_file(dir, map)
}

/// The tables of the files in `dir`, each taken by `take` from its path; an error when there is
/// no table file there.
fn each_file(
    dir: &Path,
    take: impl Fn(&Path, Slice) -> Result<SliceTable, FileError>,
) -> Result<Tablebase, FileError> {
    let mut tables = Tablebase::new();
    let mut found = false;
    for slice in Slice::up_to(2 * MAX_SOLDIERS) {
        let path = dir.join(file_name(slice));
        match path.try_exists() {
            Ok(false) => continue,
            Ok(true) => tables.insert(take(&path, slice)?),
            Err(e) => {
                return Err(FileError {
                    path,
                    problem: e.to_string(),
                })
            }
        }
        found = true;
    }
    if !found {
        return Err(FileError {
            path: dir.to_path_buf(),
            problem: "no table files (like 1v1.dtb) here".to_string(),
        });
    }
    Ok(tables)
}

/// The table of `slice` from the bytes of the file at `path` (a file name, or where an app
/// fetched them from), or an error naming it.
pub fn read(path: impl Into<PathBuf>, bytes: &[u8], slice: Slice) -> Result<SliceTable, FileError> {
    decode(bytes, slice).map_err(|problem| FileError {
        path: path.into(),
        problem,
    })
}

/// The file's bytes.
pub fn encode(table: &SliceTable) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_BYTES + table.bytes());
    bytes.extend_from_slice(&header(table.slice(), checksum_of(table)));
    bytes.extend_from_slice(table.values());
    bytes.extend_from_slice(table.budgets());
    bytes
}

/// The table of `slice` from a file's bytes, or what is wrong with them.
pub fn decode(bytes: &[u8], slice: Slice) -> Result<SliceTable, String> {
    check(bytes, slice)?;
    let (values, budgets) = bytes[HEADER_BYTES..].split_at(slice.size());
    Ok(SliceTable::new(slice, values.to_vec(), budgets.to_vec()).expect("sizes were checked"))
}

/// Whether `bytes` are a sound file of `slice`'s table, or what is wrong with them.
fn check(bytes: &[u8], slice: Slice) -> Result<(), String> {
    let size = slice.size();
    if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
        return Err("not a table file".to_string());
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(format!("format version {version}, expected {VERSION}"));
    }
    if bytes[12..16] != [slice.mover as u8, slice.opponent as u8, 0, 0] {
        return Err(format!("not the table of slice {slice}"));
    }
    let entries = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    if entries != size as u64 || bytes.len() != HEADER_BYTES + 2 * size {
        return Err(format!(
            "{} bytes for {entries} entries, expected {} for {size}",
            bytes.len(),
            HEADER_BYTES + 2 * size
        ));
    }
    let stored = u64::from_le_bytes(bytes[CHECKSUM_AT..HEADER_BYTES].try_into().expect("8"));
    let header: &[u8; HEADER_BYTES] = bytes[..HEADER_BYTES].try_into().expect("a header");
    if checksum(header, &[&bytes[HEADER_BYTES..]]) != stored {
        return Err("checksum mismatch: the file is damaged".to_string());
    }
    Ok(())
}

/// The header of `slice`'s file with `checksum`.
fn header(slice: Slice, checksum: u64) -> [u8; HEADER_BYTES] {
    let mut header = [0; HEADER_BYTES];
    header[..8].copy_from_slice(MAGIC);
    header[8..12].copy_from_slice(&VERSION.to_le_bytes());
    header[12..14].copy_from_slice(&[slice.mover as u8, slice.opponent as u8]);
    header[16..24].copy_from_slice(&(slice.size() as u64).to_le_bytes());
    header[CHECKSUM_AT..].copy_from_slice(&checksum.to_le_bytes());
    header
}

/// The checksum of a table's file.
fn checksum_of(table: &SliceTable) -> u64 {
    checksum(
        &header(table.slice(), 0),
        &[table.values(), table.budgets()],
    )
}

/// FNV-1a over the header and the body, the header's checksum field counted as zeros. Each byte
/// is mixed into the state by a bijection, so any one changed byte changes the sum.
fn checksum(header: &[u8; HEADER_BYTES], body: &[&[u8]]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    let mix = |hash: u64, &byte: &u8| (hash ^ u64::from(byte)).wrapping_mul(PRIME);
    let hash = header[..CHECKSUM_AT].iter().fold(OFFSET, mix);
    let hash = [0u8; 8].iter().fold(hash, mix);
    body.iter()
        .fold(hash, |hash, part| part.iter().fold(hash, mix))
}
