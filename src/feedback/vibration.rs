//! Moves and the end of a game vibrate as hard as the player chose.

use dioxus::prelude::*;

use super::sound::{Happening, Played};
use crate::device::{self, Haptic};
use crate::prefs::{Prefs, VibrationStrength};
use crate::session::use_game_events;

/// The vibration for what happened at the player's strength: a light tap for a move, a stronger
/// one for a capture and at the end of the game (once, when a move also ends it); the Light
/// setting makes them all light taps.
pub fn haptic_for(event: Happening, strength: VibrationStrength) -> Option<Haptic> {
    let felt = match event {
        Happening { ended: true, .. }
        | Happening {
            played: Some(Played::Capture),
            ..
        } => Haptic::Strong,
        Happening {
            played: Some(Played::Move),
            ..
        } => Haptic::Light,
        Happening { played: None, .. } => return None,
    };
    Some(felt.min(strongest(strength)?))
}

/// The strongest vibration the player's setting allows; `None` when vibration is off.
fn strongest(strength: VibrationStrength) -> Option<Haptic> {
    match strength {
        VibrationStrength::Off => None,
        VibrationStrength::Light => Some(Haptic::Light),
        VibrationStrength::Strong => Some(Haptic::Strong),
    }
}

/// Lets the player feel a strength as they choose it: its strongest vibration, which is what
/// tells Light from Strong.
pub fn preview_vibration(strength: VibrationStrength) {
    if let Some(kind) = strongest(strength) {
        device::haptic(kind);
    }
}

/// Vibrates for each move and at the end of a game, as hard as the player chose.
pub fn use_move_haptics(prefs: Signal<Prefs>) {
    use_game_events(move |_, events| {
        if let Some(kind) = haptic_for(Happening::of(events), prefs.peek().vibration) {
            device::haptic(kind);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::choice::Choice;

    #[test]
    fn captures_and_the_end_vibrate_harder_than_moves() {
        let event = |played, ended| Happening { played, ended };
        let strong = |event| haptic_for(event, VibrationStrength::Strong);
        assert_eq!(
            strong(event(Some(Played::Move), false)),
            Some(Haptic::Light)
        );
        assert_eq!(
            strong(event(Some(Played::Capture), false)),
            Some(Haptic::Strong)
        );
        assert_eq!(
            strong(event(Some(Played::Move), true)),
            Some(Haptic::Strong)
        );
        assert_eq!(strong(event(None, true)), Some(Haptic::Strong));
        assert_eq!(strong(event(None, false)), None);
    }

    #[test]
    fn light_makes_every_vibration_light_and_off_makes_none() {
        let events = [
            (Some(Played::Move), false),
            (Some(Played::Capture), false),
            (Some(Played::Move), true),
            (None, true),
        ]
        .map(|(played, ended)| Happening { played, ended });
        for event in events {
            assert_eq!(
                haptic_for(event, VibrationStrength::Light),
                Some(Haptic::Light),
                "{event:?}"
            );
            assert_eq!(haptic_for(event, VibrationStrength::Off), None, "{event:?}");
        }
        let quiet = Happening::default();
        assert_eq!(haptic_for(quiet, VibrationStrength::Light), None);
    }

    /// Choosing a strength lets the player feel the hardest vibration a game will then make
    /// (none for Off), so that every strength the settings offer feels different.
    #[test]
    fn a_preview_feels_like_the_hardest_vibration_of_a_game() {
        let events = [None, Some(Played::Move), Some(Played::Capture)]
            .into_iter()
            .flat_map(|played| [false, true].map(|ended| Happening { played, ended }));
        let mut felt = Vec::new();
        for &strength in VibrationStrength::ALL {
            let hardest = events
                .clone()
                .filter_map(|event| haptic_for(event, strength))
                .max();
            assert_eq!(strongest(strength), hardest, "{strength:?}");
            assert!(!felt.contains(&hardest), "{strength:?} feels like another");
            felt.push(hardest);
        }
    }

    #[test]
    fn a_capture_vibrates_longer_than_a_move() {
        // The duration the browser and Android are asked for, as the game's events choose it.
        let millis = |played| {
            haptic_for(
                Happening {
                    played: Some(played),
                    ended: false,
                },
                VibrationStrength::Strong,
            )
            .map(Haptic::millis)
        };
        let (capture, step) = (millis(Played::Capture), millis(Played::Move));
        assert!(
            capture > step && step > Some(0),
            "a capture {capture:?} ms, a move {step:?} ms"
        );
    }
}
