//! Short sounds for moves and captures, as loud as the player chose; and what the sounds and the
//! vibrations react to: a move added to the game, the end of a game.

use std::cell::Cell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::{Game, Ply};

use super::controller::Controller;
use crate::platform::after_next_paint;
use crate::prefs::{Prefs, Volume};

const MOVE_SOUND: Asset = asset!("/assets/sounds/move.wav");
const CAPTURE_SOUND: Asset = asset!("/assets/sounds/capture.wav");

/// A move just added to the game.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Played {
    Move,
    Capture,
}

/// What just happened in the game, as the player would notice it.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct GameEvent {
    pub played: Option<Played>,
    /// The game has just ended (by that move or by a turn running out).
    pub ended: bool,
}

/// Calls `react` for each move added to the game and when a game ends. Only a ply that extends
/// the record by one counts: an undo, a new game or coming back to a saved game are silent, and
/// so is a pass.
pub fn use_game_events(controller: Signal<Controller>, mut react: impl FnMut(GameEvent) + 'static) {
    let seen = use_hook(|| Rc::new(Cell::new(Seen::of(controller.peek().game()))));
    use_effect(move || {
        let event = {
            let state = controller.read();
            let now = Seen::of(state.game());
            event_between(seen.replace(now), now, state.game())
        };
        if event != GameEvent::default() {
            react(event);
        }
    });
}

/// What the last look at the game saw.
#[derive(Copy, Clone, Debug)]
struct Seen {
    plies: usize,
    over: bool,
}

impl Seen {
    fn of(game: &Game) -> Seen {
        Seen {
            plies: game.plies().len(),
            over: game.is_over(),
        }
    }
}

fn event_between(before: Seen, now: Seen, game: &Game) -> GameEvent {
    let played = game
        .plies()
        .last()
        .filter(|last| now.plies == before.plies + 1 && last.ply != Ply::Pass)
        .map(|last| {
            if last.captured.is_empty() {
                Played::Move
            } else {
                Played::Capture
            }
        });
    GameEvent {
        played,
        ended: now.over && !before.over,
    }
}

/// Plays a sound for each move added to the game, at the player's volume.
pub fn use_move_sounds(controller: Signal<Controller>, prefs: Signal<Prefs>) {
    use_game_events(controller, move |event| {
        let sound = match event.played {
            Some(Played::Move) => MOVE_SOUND,
            Some(Played::Capture) => CAPTURE_SOUND,
            None => return,
        };
        play(sound, prefs.peek().sound);
    });
}

/// Lets the player hear a volume as they choose it: a move, as loud as the game will play it.
pub fn preview_sound(volume: Volume) {
    play(MOVE_SOUND, volume);
}

/// The audio element's volume (0 to 1) for the player's choice; `None` when sound is off.
fn loudness(volume: Volume) -> Option<f64> {
    match volume {
        Volume::Off => None,
        // A third of full volume sounds about half as loud.
        Volume::Soft => Some(0.3),
        Volume::Normal => Some(1.0),
    }
}

/// Fire and forget: a browser may refuse to play (no audio device, autoplay rules) or lack
/// `Audio` altogether, and a missing sound must never disturb the game.
fn play(sound: Asset, volume: Volume) {
    let Some(script) = play_script(&sound.to_string(), volume) else {
        return;
    };
    // After the frame that shows the move: starting a sound costs the page's thread more than
    // the frame can spare on a slow phone, and a frame's delay is not heard.
    spawn(async move {
        after_next_paint().await;
        document::eval(&script);
    });
}

/// The page's script that plays the sound at `url` as loud as `volume`; `None` when sound is off.
fn play_script(url: &str, volume: Volume) -> Option<String> {
    let loudness = loudness(volume)?;
    Some(format!(
        r#"try {{ const audio = new Audio("{url}"); audio.volume = {loudness}; const played = audio.play(); if (played) played.catch(() => {{}}); }} catch (_) {{}}"#
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::choice::Choice;
    use crate::game::test_support::game_from;

    /// The event seen when the game goes from `before` plies to `after` plies.
    fn event(fen: &str, before: &[&str], after: &[&str]) -> GameEvent {
        let was = game_from(fen, before);
        let game = game_from(fen, after);
        event_between(Seen::of(&was), Seen::of(&game), &game)
    }

    /// The volume the page gives the audio element that plays a move at `volume`, read from
    /// the script it runs; `None` when it plays nothing.
    fn volume_played(volume: Volume) -> Option<f64> {
        let script = play_script("move.wav", volume)?;
        assert!(script.contains(r#"new Audio("move.wav")"#), "{script}");
        let (_, set) = script
            .split_once("audio.volume = ")
            .expect("a volume is set");
        let (value, _) = set.split_once(';').expect("one statement");
        Some(value.parse().expect("a number"))
    }

    /// Off plays nothing; each volume further down the settings' list plays louder than the one
    /// before it, within the audio element's range, the last at its full volume.
    #[test]
    fn each_volume_down_the_list_plays_louder_and_off_plays_nothing() {
        assert_eq!(volume_played(Volume::Off), None);
        let mut quieter = 0.0;
        for &volume in Volume::ALL.iter().filter(|&&volume| volume != Volume::Off) {
            let played = volume_played(volume).unwrap_or_else(|| panic!("{volume:?} plays"));
            assert!(quieter < played && played <= 1.0, "{volume:?}: {played}");
            quieter = played;
        }
        assert_eq!(quieter, 1.0, "the loudest at full volume");
    }

    #[test]
    fn one_more_ply_is_a_move_or_a_capture() {
        let fen = "BBB/.B.B./..T../.RB../.R. r - 0";
        let played = |event: GameEvent| event.played;
        assert_eq!(played(event(fen, &[], &["c1d2"])), Some(Played::Capture));
        assert_eq!(
            played(event(fen, &["c1d2"], &["c1d2", "b4a4"])),
            Some(Played::Move)
        );
    }

    #[test]
    fn undo_pass_and_a_restored_game_are_silent() {
        let fen = "BBB/.B.B./..T../.RB../.R. r - 0";
        let quiet = GameEvent::default();
        assert_eq!(event(fen, &["c1d2", "b4a4"], &["c1d2"]), quiet, "undo");
        assert_eq!(
            event(fen, &["c1d2"], &["c1d2", "pass"]),
            quiet,
            "a turn ran out"
        );
        assert_eq!(
            event(fen, &[], &["c1d2", "b4a4"]),
            quiet,
            "a saved game came back"
        );
    }

    #[test]
    fn the_winning_move_also_ends_the_game() {
        // d2d3 sandwiches the treasure on c3.
        let fen = "BBB/BB.BB/.RT../...R./... r - 0";
        assert_eq!(
            event(fen, &[], &["d2d3"]),
            GameEvent {
                played: Some(Played::Capture),
                ended: true,
            }
        );
    }
}
