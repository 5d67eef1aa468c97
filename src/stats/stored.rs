//! The player's record, one key per part (`stats.ai.hard.red`, `stats.pass_and_play`,
//! `stats.by_link`, `stats.online`, …), so that a damaged value resets that part alone, and a
//! record kept before a part existed reads that part as none.

use std::collections::BTreeSet;

use duobao_engine::Level;
use duobao_rules::Color;

use super::{Stats, Tally};
use crate::storage::{load, save, SaveError, Store};

const PASS_AND_PLAY: &str = "stats.pass_and_play";
const BY_LINK: &str = "stats.by_link";
const ONLINE: &str = "stats.online";
const LESSONS: &str = "stats.lessons";

fn vs_ai_key(level: Level, human: Color) -> String {
    format!("stats.ai.{level}.{human}")
}

/// The saved record; each missing or damaged part reads as none.
pub fn load_stats(store: &dyn Store) -> Stats {
    let mut stats = Stats::default();
    stats.pass_and_play = load(store, PASS_AND_PLAY).unwrap_or_default();
    stats.by_link = load(store, BY_LINK).unwrap_or_default();
    stats.online = load(store, ONLINE).unwrap_or_default();
    for level in Level::ALL {
        for human in Color::BOTH {
            let tally: Tally = load(store, &vs_ai_key(level, human)).unwrap_or_default();
            stats.set_vs_ai(level, human, tally);
        }
    }
    stats.set_lessons(load::<BTreeSet<String>>(store, LESSONS).unwrap_or_default());
    stats
}

/// Saves every part under its own key.
pub fn save_stats(store: &dyn Store, stats: &Stats) -> Result<(), SaveError> {
    save(store, PASS_AND_PLAY, &stats.pass_and_play)?;
    save(store, BY_LINK, &stats.by_link)?;
    save(store, ONLINE, &stats.online)?;
    for level in Level::ALL {
        for human in Color::BOTH {
            save(store, &vs_ai_key(level, human), &stats.vs_ai(level, human))?;
        }
    }
    save(store, LESSONS, stats.lessons())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{full_key, MemoryStore};

    fn played() -> Stats {
        let mut stats = Stats::default();
        stats.pass_and_play = 3;
        stats.by_link.losses = 2;
        stats.online = Tally {
            wins: 4,
            losses: 0,
            draws: 1,
        };
        stats.set_vs_ai(
            Level::Hard,
            Color::Black,
            Tally {
                wins: 2,
                losses: 7,
                draws: 1,
            },
        );
        stats.complete_lesson("capture");
        stats
    }

    #[test]
    fn a_saved_record_comes_back() {
        let store = MemoryStore::default();
        assert_eq!(load_stats(&store), Stats::default());
        save_stats(&store, &played()).unwrap();
        assert_eq!(load_stats(&store), played());
        assert!(store.read(&full_key("stats.ai.hard.black")).is_some());
        assert_eq!(
            store.read(&full_key("stats.online")).as_deref(),
            Some(r#"{"wins":4,"losses":0,"draws":1}"#),
            "online games under their own key"
        );
    }

    #[test]
    fn a_record_kept_before_online_play_reads_with_no_online_games() {
        let store = MemoryStore::default();
        save_stats(&store, &played()).unwrap();
        store.remove(&full_key(ONLINE)).unwrap();
        let loaded = load_stats(&store);
        assert_eq!(loaded.online, Tally::default());
        assert_eq!(loaded.by_link, played().by_link);
        store.write(&full_key(ONLINE), "{\"wins\":\"x\"}").unwrap();
        let loaded = load_stats(&store);
        assert_eq!(loaded.online, Tally::default(), "a damaged part alone");
        assert_eq!(loaded.pass_and_play, 3);
    }

    #[test]
    fn garbage_in_one_key_resets_that_part_only() {
        let store = MemoryStore::default();
        save_stats(&store, &played()).unwrap();
        for junk in ["{", "-3", "\"many\"", "null", "[\"x\"]", "{\"wins\":-1}"] {
            store.write(&full_key("stats.ai.hard.black"), junk).unwrap();
            let loaded = load_stats(&store);
            assert_eq!(loaded.vs_ai(Level::Hard, Color::Black), Tally::default());
            assert_eq!(loaded.pass_and_play, 3, "{junk}");
            assert!(loaded.is_lesson_done("capture"));
        }
        store.write(&full_key(LESSONS), "{oops").unwrap();
        store.write(&full_key(PASS_AND_PLAY), "1e99").unwrap();
        let loaded = load_stats(&store);
        assert!(loaded.lessons().is_empty());
        assert_eq!(loaded.pass_and_play, 0);
    }
}
