//! "Your games" (我的对局): every game that ends, and every unfinished game a new game or a
//! link replaces, kept on the device; the list that shows them, and their reviews.

mod model;
mod stored;
mod view;
mod when;

pub use model::{encode_verdicts, KeptGame};
pub use stored::{forget_all, forget_kept, load_games, next_number, save_kept, save_verdicts};
pub use view::GamesScreen;
pub use when::{local_time, use_local_offset};
