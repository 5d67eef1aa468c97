//! The protocol's sizes and times, the same on both sides.

use std::ops::RangeInclusive;

/// The longest socket frame the server takes; a longer one closes the socket.
pub const MAX_FRAME: usize = 1024;

/// The longest HTTP request body the server takes (413 `too_large` beyond).
pub const MAX_BODY: usize = 1024;

/// The shortest and longest turn a game may have, in seconds.
pub const TURN_SECONDS: RangeInclusive<u32> = 3..=600;
