//! A setting with a few named options (the theme, the board, the sound's volume, …), which the
//! settings show as one row of choice buttons (`crate::widgets::Choices`).

use crate::i18n::Key;

pub trait Choice: Copy + PartialEq + 'static {
    /// Every option, in the order the row shows them.
    const ALL: &'static [Self];
    /// Its stable name: stored in the settings, and the suffix of its button's test id.
    fn code(self) -> &'static str;
    fn label(self) -> Key;
}
