//! The endgame tables the app carries: every slice of up to 4 soldiers, built by build.rs into
//! assets/tables/ as packed files (`duobao_tablebase::file::pack`, which compress far better
//! than the builder's table files) and bundled as assets (3.9 MB, 511 KB with brotli: on the web
//! they are served and precached compressed). The engine reads them, never the page: natively
//! they are read once, on a thread after the first screen ([`read_in_background`]), for the
//! engine's threads; on the web the engine's worker fetches them itself from the addresses given
//! ([`table_addresses`]). From then on Master's moves, the hint and the review know those
//! endgames exactly. Until they are read, or when they cannot be (offline before the service
//! worker has kept them, a damaged file: a warning names it), everything works as without them.

use dioxus::prelude::*;
use duobao_rules::{Color, Position};
use duobao_tablebase::Slice;
#[cfg(not(target_arch = "wasm32"))]
pub use native::{loaded, read_in_background};

const fn slice(mover: u32, opponent: u32) -> Slice {
    Slice { mover, opponent }
}

/// Every slice of up to 4 soldiers, packed, as build.rs writes them.
const FILES: [(Slice, Asset); 6] = [
    (slice(1, 1), asset!("/assets/tables/1v1.dtp")),
    (slice(1, 2), asset!("/assets/tables/1v2.dtp")),
    (slice(2, 1), asset!("/assets/tables/2v1.dtp")),
    (slice(1, 3), asset!("/assets/tables/1v3.dtp")),
    (slice(2, 2), asset!("/assets/tables/2v2.dtp")),
    (slice(3, 1), asset!("/assets/tables/3v1.dtp")),
];

/// The most soldiers in all of the positions the tables hold.
const CARRIED_SOLDIERS: u32 = {
    let mut most = 0;
    let mut index = 0;
    while index < FILES.len() {
        let slice = FILES[index].0;
        if slice.mover + slice.opponent > most {
            most = slice.mover + slice.opponent;
        }
        index += 1;
    }
    most
};

/// Whether the tables the app carries hold `position`.
pub fn carries(position: &Position) -> bool {
    position.soldiers(Color::Red).len() + position.soldiers(Color::Black).len() <= CARRIED_SOLDIERS
}

/// The tables' files for the engine's worker: each one's name, slice and address.
#[cfg(target_arch = "wasm32")]
pub fn table_addresses() -> serde_json::Value {
    FILES
        .iter()
        .map(|(slice, asset)| {
            let url = asset.to_string();
            serde_json::json!({
                "name": url.rsplit('/').next().unwrap_or(&url),
                "mover": slice.mover,
                "opponent": slice.opponent,
                "url": url,
            })
        })
        .collect()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::sync::{Arc, OnceLock};

    use duobao_study::run_off_thread;
    use duobao_tablebase::{file, Slice, Tablebase};
    use web_time::Instant;

    use super::FILES;
    use crate::log::{note, warning};

    /// The tables once read.
    static TABLES: OnceLock<Arc<Tablebase>> = OnceLock::new();

    /// The tables, when they have been read.
    pub fn loaded() -> Option<Arc<Tablebase>> {
        TABLES.get().cloned()
    }

    /// Reads the tables once, the files' bytes by the app's asset reader, their checks off the
    /// app's thread (awaited, never blocking it).
    pub async fn read_in_background() {
        if TABLES.get().is_some() {
            return;
        }
        let started = Instant::now();
        let mut files = Vec::new();
        for (slice, asset) in FILES {
            let name = asset.to_string();
            match dioxus::asset_resolver::read_asset_bytes(&name).await {
                Ok(bytes) => files.push((name, slice, bytes)),
                Err(why) => return warning!("playing without the endgame tables: {name}: {why}"),
            }
        }
        let checked = run_off_thread(move || {
            let mut tables = Tablebase::new();
            for (name, slice, bytes) in files {
                tables.insert(decode(&name, &bytes, slice)?);
            }
            Ok::<_, String>(tables)
        })
        .await;
        match checked.and_then(|checked| checked) {
            Ok(tables) => {
                let _ = TABLES.set(Arc::new(tables));
                let ms = started.elapsed().as_millis();
                note!("endgame tables read: up to 4 soldiers, in {ms} ms");
            }
            Err(why) => warning!("playing without the endgame tables: {why}"),
        }
    }

    /// A packed table file's bytes checked (its header and checksum) and unpacked; the error
    /// names the file.
    pub(super) fn decode(
        name: &str,
        bytes: &[u8],
        slice: Slice,
    ) -> Result<duobao_tablebase::SliceTable, String> {
        file::read_packed(name, bytes, slice).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::native::decode;
    use super::*;
    use duobao_tablebase::file;

    fn carried(slice: Slice) -> (String, Vec<u8>) {
        let path = format!(
            "{}/assets/tables/{}",
            env!("CARGO_MANIFEST_DIR"),
            file::packed_file_name(slice)
        );
        let bytes = std::fs::read(&path).expect("build.rs writes the tables");
        (path, bytes)
    }

    /// Each slice's figures as the builder tells them (docs/SOLVING.md, "Endgame tables"):
    /// positions, wins, losses, draws, longest win and loss.
    const FIGURES: [(Slice, [usize; 4], [u32; 2]); 6] = [
        (slice(1, 1), [9_880, 44, 10, 9_826], [1, 0]),
        (slice(1, 2), [88_920, 0, 88_920, 0], [0, 46]),
        (slice(2, 1), [88_920, 88_920, 0, 0], [45, 0]),
        (slice(1, 3), [503_880, 0, 503_880, 0], [0, 20]),
        (slice(2, 2), [755_820, 241_781, 71_433, 442_606], [65, 64]),
        (slice(3, 1), [503_880, 503_880, 0, 0], [19, 0]),
    ];

    /// The files build.rs wrote (which it checked unpack to the tables it built: without the
    /// builder, this crate cannot build them again) read back as those tables: every slice's
    /// figures, a long win probed, and packed again, the same bytes.
    #[test]
    fn the_files_carried_are_every_slice_of_up_to_4_soldiers_and_read_back() {
        let listed: Vec<Slice> = FILES.iter().map(|&(slice, _)| slice).collect();
        assert_eq!(listed, Slice::up_to(4));
        let mut tables = duobao_tablebase::Tablebase::new();
        for (slice, [positions, wins, losses, draws], [longest_win, longest_loss]) in FIGURES {
            let (path, bytes) = carried(slice);
            assert!(path.ends_with(&format!("/{slice}.dtp")), "{path}");
            let table = decode(&path, &bytes, slice).unwrap();
            assert_eq!(table.slice(), slice);
            let stats = table.stats();
            assert_eq!(
                (stats.positions, stats.wins, stats.losses, stats.draws),
                (positions, wins, losses, draws),
                "{slice}"
            );
            assert_eq!(
                (stats.longest_win, stats.longest_loss),
                (longest_win, longest_loss)
            );
            assert_eq!(stats.quiet_limited, 0, "{slice}");
            assert_eq!(file::pack(&table), bytes, "{slice}");
            tables.insert(table);
        }
        assert_eq!(tables.max_soldiers(), 4);
        // The end-to-end test's position (e2e/tests/endgames.test.mjs).
        let won_in_53: Position = ".../.R..R/BT.../B..../... r - 0".parse().unwrap();
        assert_eq!(
            tables.probe(&won_in_53),
            Some(duobao_tablebase::Probe::Win { plies: 53 })
        );
    }

    #[test]
    fn a_damaged_or_misplaced_file_is_refused_with_its_name() {
        let (path, mut bytes) = carried(slice(2, 1));
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        let error = decode(&path, &bytes, slice(2, 1)).unwrap_err();
        assert!(error.starts_with(&path), "{error}");
        assert!(error.contains("checksum mismatch"), "{error}");
        bytes[middle] ^= 1;
        let error = decode("1v2.dtp", &bytes, slice(1, 2)).unwrap_err();
        assert!(error.starts_with("1v2.dtp: "), "{error}");
        let error = decode("2v1.dtp", &bytes[..bytes.len() - 1], slice(2, 1)).unwrap_err();
        assert!(error.starts_with("2v1.dtp: "), "{error}");
        // A table file of the builder's, not packed, is refused too.
        let table = decode(&path, &bytes, slice(2, 1)).unwrap();
        let error = decode("2v1.dtp", &file::encode(&table), slice(2, 1)).unwrap_err();
        assert_eq!(error, "2v1.dtp: a table file, not a packed table file");
    }

    #[test]
    fn the_app_carries_the_positions_of_up_to_four_soldiers() {
        assert_eq!(CARRIED_SOLDIERS, 4);
        let four: Position = "..B/...../..T../...../RRR r - 0".parse().unwrap();
        let five: Position = "..B/...../..T../....R/RRR r - 0".parse().unwrap();
        assert!(carries(&four));
        assert!(!carries(&five));
        assert!(!carries(&Position::start()));
    }
}
