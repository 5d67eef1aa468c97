//! The async task the app awaits: the level's move for a game, computed without blocking the
//! caller's thread. Natively the search runs on tokio's blocking pool (or its own thread outside
//! a runtime); on the web, which has no threads, it runs in short slices on the page's thread
//! and yields to the browser between them.

use duobao_rules::{Game, Move};

use crate::cancel::CancelToken;
use crate::level::{Level, LevelPlayer};
use crate::search::SearchInfo;

/// The move `level` plays in the game's current position. Returns `None` when cancelled (also
/// when cancelled after the search finished, so an outdated answer is never played) or when the
/// game has no legal move. Never blocks the caller's thread; dropping the future stops the
/// search.
pub async fn think(game: Game, level: Level, cancel: CancelToken) -> Option<Move> {
    if cancel.is_cancelled() || game.is_over() {
        return None;
    }
    let stop = cancel.child();
    let _stop_when_dropped = StopOnDrop(stop.clone());
    let (chosen, _) = choose_off_thread(fresh_player(level), game, stop).await;
    chosen.filter(|_| !cancel.is_cancelled())
}

/// Cancels the search when the awaiting future goes away.
struct StopOnDrop(CancelToken);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// A player for one request, seeded differently from one request to the next so that the lower
/// levels vary their play.
fn fresh_player(level: Level) -> LevelPlayer {
    let nanos = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64);
    LevelPlayer::new(level, nanos)
}

/// The player's move and what its search reported, computed the way the app gets it: on a
/// native thread of its own, or in slices of the web page's thread. The benchmark measures this
/// same path, so its figures are the ones a player meets.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) async fn choose_off_thread(
    mut player: LevelPlayer,
    game: Game,
    stop: CancelToken,
) -> (Option<Move>, SearchInfo) {
    let (sender, receiver) = futures_channel::oneshot::channel();
    let job = move || {
        // The receiver is gone when the request was dropped: nobody wants the move.
        let _ = sender.send(player.choose_reporting(&game, &stop));
    };
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) => drop(runtime.spawn_blocking(job)),
        Err(_) => drop(std::thread::spawn(job)),
    }
    receiver
        .await
        .unwrap_or_else(|_| (None, SearchInfo::default()))
}

/// The longest the web page's thread is held at a time.
#[cfg(target_arch = "wasm32")]
const SLICE: std::time::Duration = std::time::Duration::from_millis(40);

#[cfg(target_arch = "wasm32")]
pub(crate) async fn choose_off_thread(
    mut player: LevelPlayer,
    game: Game,
    stop: CancelToken,
) -> (Option<Move>, SearchInfo) {
    let level = player.level();
    let mut search = player.searcher.start(&game, level.limits());
    let result = loop {
        let deadline = web_time::Instant::now() + SLICE;
        if let Some(result) = search.run(Some(deadline), &stop, &mut |_| {}) {
            break result;
        }
        gloo_timers::future::TimeoutFuture::new(0).await;
    };
    (player.choose_from(&game, &result, &stop), result.info)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn think_returns_a_legal_move_inside_a_runtime() {
        let game = Game::new();
        let m = think(game.clone(), Level::Medium, CancelToken::new())
            .await
            .unwrap();
        assert!(game.position().is_legal(m));
    }

    #[test]
    fn think_works_without_a_runtime() {
        let game = Game::new();
        let m = futures_executor::block_on(think(game.clone(), Level::Easy, CancelToken::new()));
        assert!(game.position().is_legal(m.unwrap()));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_cancelled_request_returns_promptly_with_no_move() {
        let cancel = CancelToken::new();
        let request = tokio::spawn(think(Game::new(), Level::Master, cancel.clone()));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let cancelled_at = Instant::now();
        cancel.cancel();
        assert_eq!(request.await.unwrap(), None);
        assert!(cancelled_at.elapsed() < Duration::from_millis(300));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_request_cancelled_before_it_starts_or_on_a_finished_game_gives_none() {
        let cancel = CancelToken::new();
        cancel.cancel();
        assert_eq!(think(Game::new(), Level::Easy, cancel).await, None);
        let won = Game::from_fen("BBB/BB.BB/...../RR.RR/RRR b - 0").unwrap();
        assert_eq!(think(won, Level::Easy, CancelToken::new()).await, None);
    }
}
