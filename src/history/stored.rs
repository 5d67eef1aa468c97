//! The archive on the device: each game under a key of its own in a ring of [`LIMIT`] slots
//! (`games.<number mod LIMIT>`), so that keeping a game writes that game alone and the oldest
//! is dropped by being written over. The next number is kept under `games.next`; when that is
//! lost, the slots themselves tell it.

use super::keeping::Keeping;
use super::model::KeptGame;
use crate::platform::now_ms;
use crate::storage::{forget, load, save, SaveError, Store};

/// The games kept, at most: the oldest make room for the newest.
pub const LIMIT: u64 = 1000;
const NEXT: &str = "games.next";

fn slot_key(number: u64) -> String {
    format!("games.{}", number % LIMIT)
}

/// The game in `number`'s slot, if it is that game (not one it has since replaced). A
/// damaged entry is set aside.
fn load_slot(store: &dyn Store, number: u64) -> Option<KeptGame> {
    load::<KeptGame>(store, &slot_key(number)).filter(|kept| kept.number % LIMIT == number % LIMIT)
}

/// Every kept game, newest first. A damaged entry is set aside and the others kept.
pub fn load_games(store: &dyn Store) -> Vec<KeptGame> {
    let mut games: Vec<KeptGame> = (0..LIMIT)
        .filter_map(|slot| load_slot(store, slot))
        .collect();
    games.sort_unstable_by_key(|kept| std::cmp::Reverse(kept.number));
    games
}

/// The number the next game kept gets. A counter that is lost, or behind the game in its
/// slot, is found again from the games.
pub fn next_number(store: &dyn Store) -> u64 {
    match load::<u64>(store, NEXT) {
        Some(next) if load_slot(store, next).is_none_or(|there| there.number < next) => next,
        _ => load_games(store)
            .first()
            .map_or(0, |newest| newest.number + 1),
    }
}

/// Writes `kept` in its slot, over an earlier version of it or the oldest game.
pub fn save_kept(store: &dyn Store, kept: &KeptGame) -> Result<(), SaveError> {
    let next = next_number(store);
    save(store, &slot_key(kept.number), kept)?;
    if kept.number >= next {
        save(store, NEXT, &(kept.number + 1))?;
    }
    Ok(())
}

/// Keeps a game in "Your games" (with its seat, a live game online): as its number `kept_as`
/// when it was kept before, else as the newest. Returns its number.
pub fn keep_game(store: &dyn Store, keeping: &Keeping) -> u64 {
    let number = keeping.kept_as.unwrap_or_else(|| next_number(store));
    let kept = KeptGame {
        number,
        started_ms: keeping.started_ms,
        kept_ms: now_ms(),
        mode: keeping.mode,
        game: keeping.game.clone(),
        verdicts: Vec::new(),
        online: keeping.online.clone(),
    };
    // A refusal is noted by the watched store, which the device's store reports.
    let _ = save_kept(store, &kept);
    number
}

/// Adds the review's verdicts to the game `number`, if it is still kept.
pub fn save_verdicts(
    store: &dyn Store,
    number: u64,
    verdicts: Vec<String>,
) -> Result<(), SaveError> {
    match load_slot(store, number).filter(|kept| kept.number == number) {
        Some(kept) => save_kept(store, &KeptGame { verdicts, ..kept }),
        None => Ok(()),
    }
}

/// Forgets the game `number`.
pub fn forget_kept(store: &dyn Store, number: u64) -> Result<(), SaveError> {
    match load_slot(store, number) {
        Some(kept) if kept.number == number => forget(store, &slot_key(number)),
        _ => Ok(()),
    }
}

/// Forgets every kept game. Numbering goes on, so that a game kept later is still the newest.
pub fn forget_all(store: &dyn Store) -> Result<(), SaveError> {
    for slot in 0..LIMIT {
        forget(store, &slot_key(slot))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::model::LiveSeat;
    use crate::session::Mode;
    use crate::storage::{full_key, MemoryStore};
    use duobao_rules::{Color, Game};

    fn kept(number: u64) -> KeptGame {
        KeptGame {
            number,
            started_ms: number * 1_000,
            kept_ms: number * 1_000 + 500,
            mode: Mode::PassAndPlay { bottom: Color::Red },
            game: Game::new(),
            verdicts: Vec::new(),
            online: None,
        }
    }

    fn keep_new(store: &dyn Store) -> u64 {
        let number = next_number(store);
        save_kept(store, &kept(number)).unwrap();
        number
    }

    fn numbers(store: &dyn Store) -> Vec<u64> {
        load_games(store).iter().map(|kept| kept.number).collect()
    }

    #[test]
    fn games_are_listed_newest_first() {
        let store = MemoryStore::default();
        assert_eq!(numbers(&store), Vec::<u64>::new());
        for _ in 0..3 {
            keep_new(&store);
        }
        assert_eq!(numbers(&store), [2, 1, 0]);
        assert_eq!(load_games(&store)[0], kept(2));
    }

    #[test]
    fn the_newest_thousand_are_kept_and_the_oldest_dropped_first() {
        let store = MemoryStore::default();
        for _ in 0..LIMIT + 5 {
            keep_new(&store);
        }
        let kept = numbers(&store);
        assert_eq!(kept.len() as u64, LIMIT);
        assert_eq!(kept.first(), Some(&(LIMIT + 4)));
        assert_eq!(kept.last(), Some(&5), "0 to 4 made room");
    }

    #[test]
    fn a_damaged_entry_is_set_aside_and_the_rest_kept() {
        let store = MemoryStore::default();
        for _ in 0..3 {
            keep_new(&store);
        }
        store.write(&full_key("games.1"), "{not json").unwrap();
        assert_eq!(numbers(&store), [2, 0]);
        assert_eq!(
            store.read(&full_key("games.1.corrupt")).as_deref(),
            Some("{not json")
        );
        assert_eq!(keep_new(&store), 3, "numbering goes on");
    }

    #[test]
    fn a_lost_counter_is_found_again_from_the_games() {
        let store = MemoryStore::default();
        for _ in 0..3 {
            keep_new(&store);
        }
        store.write(&full_key(NEXT), "garbage").unwrap();
        assert_eq!(keep_new(&store), 3);
        assert_eq!(numbers(&store), [3, 2, 1, 0]);
        store.write(&full_key(NEXT), "1").unwrap();
        assert_eq!(keep_new(&store), 4, "a counter behind the games");
        assert_eq!(numbers(&store), [4, 3, 2, 1, 0]);
    }

    #[test]
    fn a_game_kept_again_is_written_over_itself() {
        let store = MemoryStore::default();
        let number = keep_new(&store);
        keep_new(&store);
        let mut again = kept(number);
        again.game.play("b2c2".parse().unwrap()).unwrap();
        save_kept(&store, &again).unwrap();
        assert_eq!(numbers(&store), [1, 0]);
        assert_eq!(load_games(&store)[1].game.plies().len(), 1);
    }

    #[test]
    fn a_live_online_game_is_kept_with_its_seat_in_its_place() {
        let store = MemoryStore::default();
        keep_new(&store);
        let seat = LiveSeat {
            seat: serde_json::from_str(r#"{"id":"q9","secret":"k","version":3}"#).unwrap(),
            turn_seconds: Some(30),
        };
        let mut live = Keeping {
            kept_as: None,
            started_ms: 77,
            mode: Mode::Online {
                me: Some(Color::Black),
            },
            game: Game::new(),
            online: Some(seat.clone()),
        };
        live.game.play("b2c2".parse().unwrap()).unwrap();
        let number = keep_game(&store, &live);
        assert_eq!(number, 1);
        assert_eq!(load_games(&store)[0].online, Some(seat));
        // It ended: kept again in its place, for review, without its seat.
        live.game
            .concede(duobao_rules::Concession::Resigned(Color::Red))
            .unwrap();
        let ended = Keeping {
            kept_as: Some(number),
            online: None,
            ..live
        };
        assert_eq!(keep_game(&store, &ended), number);
        assert_eq!(numbers(&store), [1, 0]);
        let kept = &load_games(&store)[0];
        assert_eq!((kept.online.as_ref(), kept.game.is_over()), (None, true));
    }

    #[test]
    fn verdicts_join_their_game_and_deleting_forgets_one_or_all() {
        let store = MemoryStore::default();
        for _ in 0..3 {
            keep_new(&store);
        }
        save_verdicts(&store, 1, vec!["B w1 w1 -".into()]).unwrap();
        assert_eq!(load_games(&store)[1].verdicts, ["B w1 w1 -"]);
        save_verdicts(&store, 1 + LIMIT, vec!["B".into()]).unwrap();
        assert_eq!(
            load_games(&store)[1].verdicts,
            ["B w1 w1 -"],
            "not that game"
        );
        forget_kept(&store, 1).unwrap();
        assert_eq!(numbers(&store), [2, 0]);
        forget_all(&store).unwrap();
        assert_eq!(numbers(&store), Vec::<u64>::new());
        assert_eq!(keep_new(&store), 3, "a later game is still the newest");
    }
}
