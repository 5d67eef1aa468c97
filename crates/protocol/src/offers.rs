//! The standing offers of a game.

use duobao_rules::Color;
use serde::{Deserialize, Serialize};

/// The seat that offers each, if any.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    pub draw: Option<Color>,
    pub rematch: Option<Color>,
}
