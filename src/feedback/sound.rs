//! Short sounds for moves and captures, as loud as the player chose; and what the sounds and the
//! vibrations react to: a move added to the game, the end of a game.

use dioxus::prelude::*;

use crate::platform::after_next_paint;
use crate::prefs::{Prefs, Volume};
use crate::session::{use_game_events, GameEvent};

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
pub struct Happening {
    pub played: Option<Played>,
    /// The game has just ended (by that move, a turn running out, a resignation, a draw).
    pub ended: bool,
}

impl Happening {
    /// What the game's latest `events` (oldest first) amount to: the move played, unless a pass,
    /// an undo or another game came after it; and whether the game ended and stays ended. An
    /// undo, a new game or coming back to a saved game are silent, and so is a pass, and a game
    /// that is over as it begins.
    pub fn of(events: &[GameEvent]) -> Happening {
        let mut happening = Happening::default();
        let mut beginning = false;
        for event in events {
            let began = beginning;
            beginning = matches!(event, GameEvent::Started(_));
            match *event {
                GameEvent::Ended(_) if began => {}
                GameEvent::Moved { captured, .. } => {
                    happening.played = Some(if captured {
                        Played::Capture
                    } else {
                        Played::Move
                    });
                }
                GameEvent::Passed { .. } => happening.played = None,
                GameEvent::Undone | GameEvent::Started(_) => happening = Happening::default(),
                GameEvent::Ended(_) => happening.ended = true,
                _ => {}
            }
        }
        happening
    }
}

/// Plays a sound for each move added to the game, at the player's volume.
pub fn use_move_sounds(prefs: Signal<Prefs>) {
    use_game_events(move |_, events| {
        let sound = match Happening::of(events).played {
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
    use crate::session::Records;
    use duobao_rules::{Color, GameResult, Win, WinReason};

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
    fn a_game_over_as_it_begins_is_silent_and_an_ending_move_is_not() {
        let won = GameEvent::Ended(GameResult::Win(Win {
            winner: Color::Red,
            reason: WinReason::Treasure,
        }));
        let started = GameEvent::Started(Records::default());
        assert_eq!(Happening::of(&[started, won]), Happening::default());
        let moved = GameEvent::Moved {
            by: Color::Red,
            captured: false,
        };
        assert_eq!(
            Happening::of(&[started, moved, won]),
            Happening {
                played: Some(Played::Move),
                ended: true
            }
        );
    }
}
