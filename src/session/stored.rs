//! The unfinished game, kept whole under one key.

use super::SavedGame;
use crate::storage::{forget, load, save, SaveError, Store};

const KEY: &str = "game";

/// The saved game, if there is one that replays and is not over.
pub fn load_game(store: &dyn Store) -> Option<SavedGame> {
    load::<SavedGame>(store, KEY).filter(|saved| !saved.game.is_over())
}

/// Keeps `saved`, or forgets the saved game when there is none to continue.
pub fn save_game(store: &dyn Store, saved: Option<&SavedGame>) -> Result<(), SaveError> {
    match saved {
        Some(saved) => save(store, KEY, saved),
        None => forget(store, KEY),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{DrawOffer, Mode, SwapRule};
    use crate::storage::{full_key, MemoryStore};
    use duobao_engine::Level;
    use duobao_rules::{Color, Game, Ply};

    fn saved() -> SavedGame {
        let mut game = Game::new();
        for ply in ["c1c2", "pass", "c3c4"] {
            game.play(ply.parse::<Ply>().unwrap()).unwrap();
        }
        SavedGame {
            online: None,
            mode: Mode::VsAi {
                human: Color::Black,
                level: Level::Hard,
            },
            turn_seconds: Some(30),
            game,
            hints: 2,
            counted: false,
            time_left_ms: Some(12_345),
            started_ms: 1_764_600_000_000,
            kept_as: Some(7),
            swap: SwapRule::Taken,
            draw_offer: Some(DrawOffer::ToAnswer { by: Color::Red }),
        }
    }

    #[test]
    fn a_saved_game_comes_back_whole() {
        let store = MemoryStore::default();
        save_game(&store, Some(&saved())).unwrap();
        assert_eq!(load_game(&store), Some(saved()));
        save_game(&store, None).unwrap();
        assert_eq!(load_game(&store), None);
    }

    #[test]
    fn a_record_that_does_not_replay_is_no_saved_game_and_is_kept_aside() {
        let store = MemoryStore::default();
        save_game(&store, Some(&saved())).unwrap();
        let text = store.read(&full_key(KEY)).unwrap().replace("c3c4", "c3c5");
        store.write(&full_key(KEY), &text).unwrap();
        assert_eq!(load_game(&store), None);
        assert_eq!(store.read("duobao.v1.game.corrupt"), Some(text));
        assert_eq!(store.read(&full_key(KEY)), None);
        store.write(&full_key(KEY), "{\"mode\":").unwrap();
        assert_eq!(load_game(&store), None);
    }
}
