//! What runs beside the game screen without a tap, each a hook the screen starts: the
//! computer's moves, the hint's search, the clock on real time, the game in the background, the
//! screen kept awake while the clock runs, and the socket of a game played online.

mod ai_player;
mod awake;
mod background;
mod clock_tick;
mod hint_search;
mod socket;

pub use ai_player::use_ai_player;
pub use awake::use_keep_awake;
pub use background::use_background;
pub use clock_tick::use_turn_clock;
pub use hint_search::use_hint_search;
pub use socket::use_game_socket;
