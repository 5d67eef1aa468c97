//! Table files: one per slice, named after it (`2v3.dtb`), in a directory. The only I/O of the
//! crate.
//!
//! A file is a 32-byte header, then the slice's value bytes, then its quiet budgets, one of each
//! per index. The header, little-endian: the magic `DUOBAOTB`, the format version (u32), the
//! slice's soldiers to move and against (a byte each), two zero bytes, the number of entries
//! (u64, the slice's size) and an FNV-1a checksum (u64) of everything else in the file. Loading
//! checks all of it, so a damaged or foreign file is an error naming it, never a wrong answer.

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
    tables
        .tables()
        .map(|table| {
            let path = dir.join(file_name(table.slice()));
            std::fs::write(&path, encode(table)).map_err(|e| FileError {
                path: path.clone(),
                problem: e.to_string(),
            })?;
            Ok(path)
        })
        .collect()
}

/// Reads every table file in `dir`; an error when there is none, or when one is damaged.
pub fn load(dir: &Path) -> Result<Tablebase, FileError> {
    let mut tables = Tablebase::new();
    let mut found = false;
    for slice in Slice::up_to(2 * MAX_SOLDIERS) {
        let path = dir.join(file_name(slice));
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                return Err(FileError {
                    path,
                    problem: e.to_string(),
                })
            }
        };
        tables.insert(read(path, &bytes, slice)?);
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
    let slice = table.slice();
    let mut bytes = Vec::with_capacity(HEADER_BYTES + table.bytes());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&[slice.mover as u8, slice.opponent as u8, 0, 0]);
    bytes.extend_from_slice(&(slice.size() as u64).to_le_bytes());
    bytes.extend_from_slice(&[0; 8]);
    bytes.extend_from_slice(table.values());
    bytes.extend_from_slice(table.budgets());
    let checksum = checksum(&bytes);
    bytes[CHECKSUM_AT..HEADER_BYTES].copy_from_slice(&checksum.to_le_bytes());
    bytes
}

/// The table of `slice` from a file's bytes, or what is wrong with them.
pub fn decode(bytes: &[u8], slice: Slice) -> Result<SliceTable, String> {
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
    if checksum(bytes) != stored {
        return Err("checksum mismatch: the file is damaged".to_string());
    }
    let body = &bytes[HEADER_BYTES..];
    let (values, budgets) = body.split_at(size);
    Ok(SliceTable::new(slice, values.to_vec(), budgets.to_vec()).expect("sizes were checked"))
}

/// FNV-1a over the bytes, the checksum field counted as zeros. Each byte is mixed into the state
/// by a bijection, so any one changed byte changes the sum.
fn checksum(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    let mix = |hash: u64, &byte: &u8| (hash ^ u64::from(byte)).wrapping_mul(PRIME);
    let hash = bytes[..CHECKSUM_AT].iter().fold(OFFSET, mix);
    let hash = [0u8; 8].iter().fold(hash, mix);
    bytes[HEADER_BYTES..].iter().fold(hash, mix)
}
