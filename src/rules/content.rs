//! What the rules pages say, in order: sections of paragraphs, lists and diagrams. The words
//! live in the translation table; this is only their arrangement.

use super::diagrams::{self, Diagram};
use crate::i18n::Key;

#[derive(PartialEq)]
pub enum Block {
    Text(Key),
    Numbered(&'static [Key]),
    Bullets(&'static [Key]),
    Picture(Diagram),
}

#[derive(PartialEq)]
pub struct Section {
    pub title: Key,
    /// A section that RULES.md adds to the original rules, marked as such on the page.
    pub added: bool,
    pub blocks: &'static [Block],
}

pub const QUICK_START: &[Key] = &[
    Key::RulesQuick1,
    Key::RulesQuick2,
    Key::RulesQuick3,
    Key::RulesQuick4,
];

const fn section(title: Key, blocks: &'static [Block]) -> Section {
    Section {
        title,
        added: false,
        blocks,
    }
}

pub const SECTIONS: &[Section] = &[
    section(
        Key::RulesBoardTitle,
        &[
            Block::Text(Key::RulesBoardText),
            Block::Text(Key::RulesPiecesText),
            Block::Text(Key::RulesSetupText),
            Block::Picture(diagrams::START),
        ],
    ),
    section(Key::RulesMovingTitle, &[Block::Text(Key::RulesMovingText)]),
    section(
        Key::RulesLockTitle,
        &[
            Block::Text(Key::RulesLockText),
            Block::Picture(diagrams::LOCK),
        ],
    ),
    section(
        Key::RulesCaptureTitle,
        &[
            Block::Text(Key::RulesCaptureText),
            Block::Picture(diagrams::CAPTURE),
            Block::Text(Key::RulesCaptureBlockedText),
            Block::Picture(diagrams::BLOCKED),
            Block::Text(Key::RulesCaptureMoverText),
            Block::Text(Key::RulesCaptureTreasureText),
            Block::Text(Key::RulesSelfDeliveryText),
            Block::Picture(diagrams::SELF_DELIVERY),
        ],
    ),
    section(
        Key::RulesWinTitle,
        &[
            Block::Text(Key::RulesWinIntro),
            Block::Numbered(&[
                Key::RulesWinTreasure,
                Key::RulesWinAnnihilation,
                Key::RulesWinBlockade,
            ]),
        ],
    ),
    section(
        Key::RulesTimeTitle,
        &[
            Block::Text(Key::RulesTimeText),
            Block::Text(Key::RulesTimeSetting),
        ],
    ),
    Section {
        title: Key::RulesDrawsTitle,
        added: true,
        blocks: &[
            Block::Text(Key::RulesDrawsIntro),
            Block::Bullets(&[Key::RulesDrawRepetition, Key::RulesDrawQuiet]),
        ],
    },
    Section {
        title: Key::RulesEndingsTitle,
        added: true,
        blocks: &[
            Block::Text(Key::RulesEndingsText),
            Block::Text(Key::RulesByLinkText),
        ],
    },
    Section {
        title: Key::RulesSwapTitle,
        added: true,
        blocks: &[
            Block::Text(Key::RulesSwapText),
            Block::Text(Key::RulesFirstMovesText),
        ],
    },
    section(
        Key::RulesNotationTitle,
        &[Block::Text(Key::RulesNotationText)],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rules text of the table appears on the page exactly once.
    #[test]
    fn the_page_shows_every_rules_text_once() {
        let mut shown: Vec<Key> = QUICK_START.to_vec();
        shown.push(Key::RulesQuickStart);
        for section in SECTIONS {
            shown.push(section.title);
            for block in section.blocks {
                match block {
                    Block::Text(key) => shown.push(*key),
                    Block::Numbered(keys) | Block::Bullets(keys) => shown.extend_from_slice(keys),
                    Block::Picture(diagram) => shown.push(diagram.caption),
                }
            }
        }
        let rules_keys: Vec<Key> = Key::ALL
            .iter()
            .copied()
            .filter(|key| {
                let name = format!("{key:?}");
                (name.starts_with("Rules") && name != "RulesTitle" && *key != Key::Rules)
                    || (name.starts_with("Diagram") && *key != Key::DiagramCaptured)
            })
            .collect();
        for key in &rules_keys {
            let count = shown.iter().filter(|shown| *shown == key).count();
            assert_eq!(count, 1, "{key:?} is shown {count} times");
        }
        assert_eq!(shown.len(), rules_keys.len());
    }
}
