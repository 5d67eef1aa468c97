//! "Your games" (我的对局): every game that ends, and every unfinished game a new game or a
//! link replaces, kept on the device; the list that shows them, and their reviews.

mod import_sheet;
mod keeping;
mod model;
mod stored;
mod view;

pub use keeping::{keep_replaced, use_keeping};
pub use model::{encode_verdicts, KeptGame};
pub use stored::{keep_game, load_games, save_verdicts};
#[cfg(test)]
pub use stored::{next_number, save_kept};
pub use view::{GamesScreenBody, GamesScreenBodyProps};
