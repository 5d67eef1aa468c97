//! The rating's constants, as Lichess sets them (lila's `Glicko` and `RatingCalculator`), in
//! one place: the server, the app and the tests read them from here.

/// Where every player starts.
pub const DEFAULT_RATING: f64 = 1500.0;
/// A newcomer's deviation: nothing is known yet, so the first games move the rating most.
pub const DEFAULT_DEVIATION: f64 = 500.0;
/// A newcomer's volatility.
pub const DEFAULT_VOLATILITY: f64 = 0.09;
/// Glicko-2's system constant τ: how much volatility may change in one period.
pub const TAU: f64 = 0.75;
/// The deviation never falls below this (a settled rating still moves) …
pub const MIN_DEVIATION: f64 = 45.0;
/// … nor grows past a newcomer's, however long a player is away.
pub const MAX_DEVIATION: f64 = 500.0;
/// The volatility is kept at most this, so that one odd streak cannot make a rating jump.
pub const MAX_VOLATILITY: f64 = 0.1;
/// A rating whose deviation is at least this is provisional, shown with "?".
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Only ratings at most this uncertain stand on the leaderboard.
pub const LEADERBOARD_DEVIATION: f64 = 75.0;
/// Each rated game is a rating period of its own; time away counts as periods too, one for
/// every this many days (Lichess: 0.21436 periods a day), so that a settled deviation of 60
/// grows to about 110 in a year without games.
pub const DAYS_PER_RATING_PERIOD: f64 = 1.0 / 0.21436;

/// Glicko-2's scale: a rating point is this many of Glicko's.
pub(crate) const GLICKO2_SCALE: f64 = 173.7178;
/// The volatility's iteration stops within this.
pub(crate) const CONVERGENCE_TOLERANCE: f64 = 0.000_001;
/// … or after this many steps, where it keeps the volatility it had.
pub(crate) const MAX_ITERATIONS: u32 = 1000;
