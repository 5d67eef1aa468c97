//! Table files: one per slice, named after it (`2v3.dtb`), in a directory, and packed files
//! (`2v3.dtp`), the same tables encoded for carrying (see below). The only I/O of the crate.
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
//! # Packed files, for carrying
//! The app carries the tables of up to 4 soldiers, and the web serves them compressed, so what
//! counts there is the compressed size, not the raw one. A packed file (`2v2.dtp`, [`pack`],
//! [`read_packed`]) holds the same table in another order: the same 32-byte header (the magic
//! `DUOBAOTP` and a format version of its own, the checksum over the packed bytes), then the
//! entries with the treasure free, then those with it locked, each as its value byte and its
//! budget byte side by side, the budget of a decided position stored as
//! `(value − 1 − budget) mod 256`, its distance less its budget (a draw's as it is). It is the
//! same size, and lossless for any budget, but compresses far better: the budget equals the
//! distance in every decided position of 1v1, 1v2, 2v1, 1v3 and 3v1, so there the second byte
//! is always 0, and in 2v2, where it is at most the distance, it is small and next to the value
//! it goes with, where the compressor sees the two together rather than a megabyte apart (2v2:
//! 224 KB with brotli packed, 333 KB as a table file). In the index, neighbours differ by the
//! lock, which changes the value more often than not (in 71 % of 1v3's positions); in each half
//! they differ by one soldier's place, and the halves compress 17 KB better, as measured.
//! The six slices of up to 4 soldiers take 511 KB with brotli packed, 919 KB as table files.
//! Packed files are only read whole: the builder, the command line and the tablebase server,
//! which map files into memory and read each entry in place, keep to table files.
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

const HEADER_BYTES: usize = 32;
const CHECKSUM_AT: usize = 24;

/// One of the two encodings of a table in a file, told apart by the magic its header starts
/// with; each has a version of its own.
struct Format {
    magic: &'static [u8; 8],
    version: u32,
    /// What a file of it is called in errors.
    name: &'static str,
}

/// Table files (`.dtb`): the values, then the budgets, which the builder maps into memory.
const TABLE: Format = Format {
    magic: b"DUOBAOTB",
    version: 1,
    name: "table file",
};

/// Packed table files (`.dtp`), for carrying: each value beside its budget, the budget as the
/// distance less it.
const PACKED: Format = Format {
    magic: b"DUOBAOTP",
    version: 1,
    name: "packed table file",
};

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

/// The file name of a slice's packed table ([`pack`]), as the app carries it.
pub fn packed_file_name(slice: Slice) -> String {
    format!("{slice}.dtp")
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
        file.write_all(&header(&TABLE, table.slice(), checksum_of(table)))?;
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
    check(&TABLE, &bytes, slice).map_err(error)?;
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

/// The table of `slice` from the bytes of the packed file at `path` ([`pack`]; a file name, or
/// where an app fetched them from), or an error naming it.
pub fn read_packed(
    path: impl Into<PathBuf>,
    bytes: &[u8],
    slice: Slice,
) -> Result<SliceTable, FileError> {
    unpack(bytes, slice).map_err(|problem| FileError {
        path: path.into(),
        problem,
    })
}

/// The file's bytes.
pub fn encode(table: &SliceTable) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_BYTES + table.bytes());
    bytes.extend_from_slice(&header(&TABLE, table.slice(), checksum_of(table)));
    bytes.extend_from_slice(table.values());
    bytes.extend_from_slice(table.budgets());
    bytes
}

/// The packed file's bytes (see the module's docs): as many as the table file's, but a little
/// over half the size once compressed.
pub fn pack(table: &SliceTable) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_BYTES + table.bytes());
    bytes.extend_from_slice(&header(&PACKED, table.slice(), 0));
    let (values, budgets) = (table.values(), table.budgets());
    for lock in [UNLOCKED, LOCKED] {
        for index in (lock..values.len()).step_by(2) {
            let value = values[index];
            bytes.extend_from_slice(&[value, flip_budget(value, budgets[index])]);
        }
    }
    let (header, body) = bytes.split_at_mut(HEADER_BYTES);
    let header: &mut [u8; HEADER_BYTES] = header.try_into().expect("a header");
    let sum = checksum(header, &[body]);
    header[CHECKSUM_AT..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

/// The table of `slice` from a packed file's bytes ([`pack`]), or what is wrong with them.
pub fn unpack(bytes: &[u8], slice: Slice) -> Result<SliceTable, String> {
    check(&PACKED, bytes, slice)?;
    let (unlocked, locked) = bytes[HEADER_BYTES..].split_at(slice.size());
    let (values, budgets) = unlocked
        .chunks_exact(2)
        .zip(locked.chunks_exact(2))
        .flat_map(|(unlocked, locked)| [unlocked, locked])
        .map(|pair| (pair[0], flip_budget(pair[0], pair[1])))
        .unzip();
    Ok(SliceTable::new(slice, values, budgets).expect("sizes were checked"))
}

/// A slice's index ends with the treasure's lock ([`Slice`]): its entries alternate between the
/// treasure free and locked.
const UNLOCKED: usize = 0;
const LOCKED: usize = 1;

/// A budget as a packed file stores it beside its value: a decided position's as its distance
/// less it, which is 0 wherever the two are equal and small wherever the budget is close to the
/// distance, modulo 256 so that any budget is kept; a draw's as it is. The same function turns
/// the stored byte back into the budget: `d − (d − b) = b`.
fn flip_budget(value: u8, budget: u8) -> u8 {
    match value {
        0 => budget,
        _ => (value - 1).wrapping_sub(budget),
    }
}

/// The table of `slice` from a file's bytes, or what is wrong with them.
pub fn decode(bytes: &[u8], slice: Slice) -> Result<SliceTable, String> {
    check(&TABLE, bytes, slice)?;
    let (values, budgets) = bytes[HEADER_BYTES..].split_at(slice.size());
    Ok(SliceTable::new(slice, values.to_vec(), budgets.to_vec()).expect("sizes were checked"))
}

/// Whether `bytes` are a sound file of `slice`'s table in `format`, or what is wrong with them.
/// Both formats have a value byte and a budget byte per entry, whatever their order.
fn check(format: &Format, bytes: &[u8], slice: Slice) -> Result<(), String> {
    let size = slice.size();
    if bytes.len() < HEADER_BYTES || &bytes[..8] != format.magic {
        let other = [TABLE, PACKED]
            .into_iter()
            .find(|other| bytes.len() >= HEADER_BYTES && &bytes[..8] == other.magic);
        return Err(match other {
            Some(other) => format!("a {}, not a {}", other.name, format.name),
            None => format!("not a {}", format.name),
        });
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != format.version {
        let expected = format.version;
        return Err(format!("format version {version}, expected {expected}"));
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

/// The header of `slice`'s file in `format` with `checksum`.
fn header(format: &Format, slice: Slice, checksum: u64) -> [u8; HEADER_BYTES] {
    let mut header = [0; HEADER_BYTES];
    header[..8].copy_from_slice(format.magic);
    header[8..12].copy_from_slice(&format.version.to_le_bytes());
    header[12..14].copy_from_slice(&[slice.mover as u8, slice.opponent as u8]);
    header[16..24].copy_from_slice(&(slice.size() as u64).to_le_bytes());
    header[CHECKSUM_AT..].copy_from_slice(&checksum.to_le_bytes());
    header
}

/// The checksum of a table's file.
fn checksum_of(table: &SliceTable) -> u64 {
    checksum(
        &header(&TABLE, table.slice(), 0),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of 1v1 holding every value byte, and budgets that are mostly not the distance:
    /// larger, smaller, beyond the limit, on draws too.
    fn unlikely_table() -> SliceTable {
        let slice = Slice::new(1, 1).unwrap();
        let values = (0..slice.size()).map(|i| i as u8).collect();
        let budgets = (0..slice.size())
            .map(|i| (i / 256 * 37 + i * 11) as u8)
            .collect();
        SliceTable::new(slice, values, budgets).unwrap()
    }

    #[test]
    fn any_budget_packs_and_unpacks_to_itself() {
        let table = unlikely_table();
        assert!(table
            .values()
            .iter()
            .zip(table.budgets())
            .any(|(&value, &budget)| value != 0 && budget > value));
        let packed = pack(&table);
        assert_eq!(packed.len(), HEADER_BYTES + table.bytes());
        assert_eq!(packed.len(), encode(&table).len());
        assert_eq!(unpack(&packed, table.slice()), Ok(table.clone()));
        for value in 0..=u8::MAX {
            for budget in 0..=u8::MAX {
                assert_eq!(flip_budget(value, flip_budget(value, budget)), budget);
            }
        }
    }

    #[test]
    fn a_budget_equal_to_the_distance_packs_to_0_beside_its_value_free_treasures_first() {
        let slice = Slice::new(1, 1).unwrap();
        let values: Vec<u8> = (0..slice.size()).map(|i| (i % 90) as u8).collect();
        let budgets = values
            .iter()
            .map(|&value| value.saturating_sub(1))
            .collect();
        let packed = pack(&SliceTable::new(slice, values.clone(), budgets).unwrap());
        let body = &packed[HEADER_BYTES..];
        assert!(body.chunks_exact(2).all(|pair| pair[1] == 0));
        let packed_values: Vec<u8> = body.iter().step_by(2).copied().collect();
        let free_then_locked: Vec<u8> = [UNLOCKED, LOCKED]
            .into_iter()
            .flat_map(|lock| values.iter().skip(lock).step_by(2).copied())
            .collect();
        assert_eq!(packed_values, free_then_locked);
        assert_eq!(&packed[..8], b"DUOBAOTP");
    }

    #[test]
    fn a_damaged_truncated_foreign_or_misplaced_packed_file_is_an_error() {
        let table = unlikely_table();
        let slice = table.slice();
        let packed = pack(&table);

        // Every byte of the header, and bytes all through the values and budgets.
        for at in (0..HEADER_BYTES).chain((HEADER_BYTES..packed.len()).step_by(97)) {
            let mut damaged = packed.clone();
            damaged[at] ^= 0x20;
            assert!(unpack(&damaged, slice).is_err(), "byte {at}");
        }
        let mut damaged = packed.clone();
        *damaged.last_mut().unwrap() ^= 1;
        assert_eq!(
            unpack(&damaged, slice).unwrap_err(),
            "checksum mismatch: the file is damaged"
        );

        for length in [0, 7, 8, HEADER_BYTES - 1, HEADER_BYTES, packed.len() - 1] {
            assert!(unpack(&packed[..length], slice).is_err(), "{length} bytes");
        }
        let mut longer = packed.clone();
        longer.push(0);
        assert!(unpack(&longer, slice)
            .unwrap_err()
            .contains("bytes for 9880 entries"));

        let other = Slice::new(1, 2).unwrap();
        assert_eq!(
            unpack(&packed, other).unwrap_err(),
            "not the table of slice 1v2"
        );
        let mut version_2 = packed.clone();
        version_2[8] = 2;
        assert_eq!(
            unpack(&version_2, slice).unwrap_err(),
            "format version 2, expected 1"
        );
        assert_eq!(
            unpack(b"not a table file, but long enough", slice).unwrap_err(),
            "not a packed table file"
        );

        // One format read as the other is named as such.
        assert_eq!(
            unpack(&encode(&table), slice).unwrap_err(),
            "a table file, not a packed table file"
        );
        assert_eq!(
            decode(&packed, slice).unwrap_err(),
            "a packed table file, not a table file"
        );

        let error = read_packed("tables/1v1.dtp", &packed[..40], slice).unwrap_err();
        assert_eq!(error.path, PathBuf::from("tables/1v1.dtp"));
        assert!(error.to_string().starts_with("tables/1v1.dtp: "), "{error}");
        assert_eq!(read_packed("1v1.dtp", &packed, slice).unwrap(), table);
        assert_eq!(packed_file_name(slice), "1v1.dtp");
    }
}
