//! The turn clock: a countdown per turn that passes the turn at zero. Pure: it is told how much
//! time went by, so it runs the same in tests, in a browser and on a phone.

/// Why the clock is standing still. Any one of them stops it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum PauseReason {
    /// The page or app is in the background.
    Hidden,
    /// The menu, or a page opened from it, covers the board.
    Overlay,
    /// The game is over.
    GameOver,
    /// The computer could not move, and the player is asked what to do.
    AiStuck,
}

impl PauseReason {
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// What a tick did.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Tick {
    /// Nothing visible changed.
    Quiet,
    /// The displayed seconds changed.
    Changed,
    /// Time ran out: the turn must pass.
    Expired,
}

#[derive(Clone, Debug, Eq, PartialEq)]
pub struct TurnClock {
    /// Milliseconds per turn; `None` when the clock is off.
    limit_ms: Option<u64>,
    remaining_ms: u64,
    pauses: u8,
}

impl TurnClock {
    pub fn new(turn_seconds: Option<u32>) -> TurnClock {
        let limit_ms = turn_seconds.map(|s| u64::from(s) * 1000);
        TurnClock {
            limit_ms,
            remaining_ms: limit_ms.unwrap_or(0),
            pauses: 0,
        }
    }

    /// A new turn begins with the full time.
    pub fn restart(&mut self) {
        self.remaining_ms = self.limit_ms.unwrap_or(0);
    }

    /// A turn carried on from a saved game goes on with the time it had left. A time no turn
    /// can have (none left, or more than a whole turn) gives the full time instead.
    pub fn carry_on(&mut self, remaining_ms: u64) {
        self.restart();
        if (1..=self.remaining_ms).contains(&remaining_ms) {
            self.remaining_ms = remaining_ms;
        }
    }

    /// The time another clock says is left in this turn (the server's, in a game played
    /// online), at most a whole turn.
    pub fn set_remaining(&mut self, remaining_ms: u64) {
        self.remaining_ms = remaining_ms.min(self.limit_ms.unwrap_or(0));
    }

    /// Milliseconds left in this turn, to be kept with the game; `None` when the clock is off.
    pub fn remaining_ms(&self) -> Option<u64> {
        self.limit_ms.map(|_| self.remaining_ms)
    }

    pub fn set_paused(&mut self, reason: PauseReason, paused: bool) {
        if paused {
            self.pauses |= reason.bit();
        } else {
            self.pauses &= !reason.bit();
        }
    }

    pub fn is_paused_by(&self, reason: PauseReason) -> bool {
        self.pauses & reason.bit() != 0
    }

    pub fn is_paused(&self) -> bool {
        self.pauses != 0
    }

    pub fn is_on(&self) -> bool {
        self.limit_ms.is_some()
    }

    /// Lets `elapsed_ms` of real time go by; time while paused or after expiry does not count.
    pub fn tick(&mut self, elapsed_ms: u64) -> Tick {
        if !self.is_on() || self.is_paused() || self.remaining_ms == 0 {
            return Tick::Quiet;
        }
        let shown_before = self.seconds_left();
        self.remaining_ms = self.remaining_ms.saturating_sub(elapsed_ms);
        if self.remaining_ms == 0 {
            Tick::Expired
        } else if self.seconds_left() != shown_before {
            Tick::Changed
        } else {
            Tick::Quiet
        }
    }

    /// The full time of a turn.
    pub fn limit_seconds(&self) -> Option<u32> {
        self.limit_ms.map(|ms| (ms / 1000) as u32)
    }

    /// Whole seconds left, rounded up so that `0` appears only when time is out.
    pub fn seconds_left(&self) -> Option<u32> {
        self.limit_ms
            .map(|_| self.remaining_ms.div_ceil(1000) as u32)
    }
}

/// `m:ss`, as shown on the clock.
pub fn format_seconds(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_down_and_expires_once() {
        let mut clock = TurnClock::new(Some(2));
        assert_eq!(clock.seconds_left(), Some(2));
        assert_eq!(clock.tick(400), Tick::Quiet);
        assert_eq!(clock.seconds_left(), Some(2));
        assert_eq!(clock.tick(700), Tick::Changed);
        assert_eq!(clock.seconds_left(), Some(1));
        assert_eq!(clock.tick(5000), Tick::Expired);
        assert_eq!(clock.seconds_left(), Some(0));
        assert_eq!(clock.tick(1000), Tick::Quiet, "expiry is reported once");
    }

    #[test]
    fn restart_gives_the_full_time_again() {
        let mut clock = TurnClock::new(Some(30));
        clock.tick(12_500);
        assert_eq!(clock.seconds_left(), Some(18));
        clock.restart();
        assert_eq!(clock.seconds_left(), Some(30));
    }

    #[test]
    fn a_turn_carried_on_keeps_the_time_it_had_left() {
        let mut clock = TurnClock::new(Some(30));
        clock.tick(12_500);
        let kept = clock.remaining_ms().unwrap();
        let mut later = TurnClock::new(Some(30));
        later.carry_on(kept);
        assert_eq!(later, clock);
        assert_eq!(later.seconds_left(), Some(18));
        for impossible in [0, 30_001, u64::MAX] {
            later.carry_on(impossible);
            assert_eq!(later.seconds_left(), Some(30), "{impossible}");
        }
        let mut off = TurnClock::new(None);
        off.carry_on(5_000);
        assert_eq!((off.seconds_left(), off.remaining_ms()), (None, None));
    }

    #[test]
    fn paused_time_does_not_count_until_every_reason_is_gone() {
        let mut clock = TurnClock::new(Some(10));
        clock.set_paused(PauseReason::Hidden, true);
        clock.set_paused(PauseReason::Overlay, true);
        assert_eq!(clock.tick(60_000), Tick::Quiet);
        clock.set_paused(PauseReason::Hidden, false);
        assert!(clock.is_paused());
        assert_eq!(clock.tick(60_000), Tick::Quiet);
        assert_eq!(clock.seconds_left(), Some(10));
        clock.set_paused(PauseReason::Overlay, false);
        assert!(!clock.is_paused());
        assert_eq!(clock.tick(3_000), Tick::Changed);
        assert_eq!(clock.seconds_left(), Some(7));
    }

    #[test]
    fn an_off_clock_never_expires() {
        let mut clock = TurnClock::new(None);
        assert!(!clock.is_on());
        assert_eq!(clock.seconds_left(), None);
        assert_eq!(clock.tick(u64::MAX), Tick::Quiet);
    }

    #[test]
    fn formats_minutes_and_seconds() {
        assert_eq!(format_seconds(60), "1:00");
        assert_eq!(format_seconds(9), "0:09");
        assert_eq!(format_seconds(125), "2:05");
    }
}
