//! The endgame tables the app carries: every slice of up to 4 soldiers, built by build.rs into
//! assets/tables/ and bundled as assets (3.9 MB, 1.2 MB gzipped: on the web they are served and
//! precached compressed). They are read once, after the first screen, and from then on Master's
//! moves, the hint and the review know those endgames exactly. Until they are read, or when
//! they cannot be (offline before the service worker has kept them, a damaged file: a warning
//! names it), everything works as without them.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use dioxus::prelude::*;
use duobao_ai::{table_solution, Outcome};
use duobao_rules::{Game, Move, Ply};
use duobao_tablebase::{file, Slice, Tablebase};
use web_time::Instant;

use crate::i18n::{color_key, fill, moves_count, text, Key, Lang};
use crate::log::{note, warning};
use crate::platform::sleep;

/// The tables once read.
static TABLES: OnceLock<Arc<Tablebase>> = OnceLock::new();

const fn slice(mover: u32, opponent: u32) -> Slice {
    Slice { mover, opponent }
}

/// Every slice of up to 4 soldiers, as build.rs writes them.
const FILES: [(Slice, Asset); 6] = [
    (slice(1, 1), asset!("/assets/tables/1v1.dtb")),
    (slice(1, 2), asset!("/assets/tables/1v2.dtb")),
    (slice(2, 1), asset!("/assets/tables/2v1.dtb")),
    (slice(1, 3), asset!("/assets/tables/1v3.dtb")),
    (slice(2, 2), asset!("/assets/tables/2v2.dtb")),
    (slice(3, 1), asset!("/assets/tables/3v1.dtb")),
];

/// The plies of a forced win the hint shows; the rest is left out (a win can take 65).
const HINT_LINE_PLIES: usize = 6;

/// The tables, when they have been read.
pub fn loaded() -> Option<Arc<Tablebase>> {
    TABLES.get().cloned()
}

/// Reads the tables once, in the background: the first render has been shown before the task
/// runs, so the first screen never waits for them.
pub fn use_endgame_tables() {
    use_hook(|| {
        spawn(async {
            if TABLES.get().is_some() {
                return;
            }
            let started = Instant::now();
            match read().await {
                Ok(tables) => {
                    let _ = TABLES.set(Arc::new(tables));
                    let ms = started.elapsed().as_millis();
                    note!("endgame tables read: up to 4 soldiers, in {ms} ms");
                }
                Err(why) => warning!("playing without the endgame tables: {why}"),
            }
        });
    });
}

async fn read() -> Result<Tablebase, String> {
    let mut tables = Tablebase::new();
    for (slice, asset) in FILES {
        let name = asset.to_string();
        let bytes = dioxus::asset_resolver::read_asset_bytes(&name)
            .await
            .map_err(|e| format!("{name}: {e}"))?;
        tables.insert(decode(&name, &bytes, slice)?);
        // Each file's check is a task of its own on the page's thread, so that a tap on the
        // first screen waits for one file at most, not for all six.
        sleep(Duration::ZERO).await;
    }
    Ok(tables)
}

/// A table file's bytes checked (its header and checksum); the error names the file.
fn decode(name: &str, bytes: &[u8], slice: Slice) -> Result<duobao_tablebase::SliceTable, String> {
    file::read(name, bytes, slice).map_err(|e| e.to_string())
}

/// What the tables say of playing `hinted` in the game, in the review's words: "Red now wins
/// by force in 9 moves: b2b3 …" (the line starting with the hinted move, cut short); `None`
/// when they are not read or do not decide the position after it.
pub fn forced_win_text(lang: Lang, game: &Game, hinted: Move) -> Option<String> {
    let mut after = game.clone();
    after.play(Ply::Move(hinted)).ok()?;
    let tables = loaded()?;
    let solution = table_solution(&tables, &after)?;
    let mover = game.position().turn();
    // The outcome after the move is the opponent's, one ply nearer the end.
    let (winner, plies) = match solution.outcome {
        Outcome::Loss { plies } => (mover, plies + 1),
        Outcome::Win { plies } => (mover.other(), plies + 1),
        _ => return None,
    };
    // A win in k plies from the winner's own turn takes ⌈k/2⌉ of its moves, from the loser's
    // ⌊k/2⌋.
    let winner_moves = if winner == mover {
        plies.div_ceil(2)
    } else {
        plies / 2
    };
    let line = std::iter::once(hinted).chain(solution.line.iter().copied());
    let mut shown: Vec<String> = line.take(HINT_LINE_PLIES).map(|m| m.to_string()).collect();
    if plies as usize > HINT_LINE_PLIES {
        shown.push("…".to_string());
    }
    let side = text(lang, color_key(winner));
    Some(fill(
        lang,
        Key::NowWinsByForce,
        &[side, &moves_count(lang, winner_moves), &shown.join(" ")],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn carried(slice: Slice) -> (String, Vec<u8>) {
        let path = format!(
            "{}/assets/tables/{}",
            env!("CARGO_MANIFEST_DIR"),
            file::file_name(slice)
        );
        let bytes = std::fs::read(&path).expect("build.rs writes the tables");
        (path, bytes)
    }

    #[test]
    fn the_files_carried_are_every_slice_of_up_to_4_soldiers_and_read_back() {
        let listed: Vec<Slice> = FILES.iter().map(|&(slice, _)| slice).collect();
        assert_eq!(listed, Slice::up_to(4));
        for slice in listed {
            let (path, bytes) = carried(slice);
            let table = decode(&path, &bytes, slice).unwrap();
            assert_eq!(table.slice(), slice);
        }
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
        let error = decode("1v2.dtb", &bytes, slice(1, 2)).unwrap_err();
        assert!(error.starts_with("1v2.dtb: "), "{error}");
        let error = decode("2v1.dtb", &bytes[..bytes.len() - 1], slice(2, 1)).unwrap_err();
        assert!(error.starts_with("2v1.dtb: "), "{error}");
    }
}
