//! What the rules pages say, in order: sections of paragraphs, lists and diagrams. The words
//! live in the translation table; this is only their arrangement.

use super::diagrams::{self, Diagram};
use crate::i18n::RulesText;

#[derive(PartialEq)]
pub enum Block {
    Text(RulesText),
    Numbered(&'static [RulesText]),
    Bullets(&'static [RulesText]),
    Picture(Diagram),
}

#[derive(PartialEq)]
pub struct Section {
    pub title: RulesText,
    /// A section that RULES.md adds to the original rules, marked as such on the page.
    pub added: bool,
    pub blocks: &'static [Block],
}

pub const QUICK_START: &[RulesText] = &[
    RulesText::Quick1,
    RulesText::Quick2,
    RulesText::Quick3,
    RulesText::Quick4,
];

const fn section(title: RulesText, blocks: &'static [Block]) -> Section {
    Section {
        title,
        added: false,
        blocks,
    }
}

pub const SECTIONS: &[Section] = &[
    section(
        RulesText::BoardTitle,
        &[
            Block::Text(RulesText::BoardText),
            Block::Text(RulesText::PiecesText),
            Block::Text(RulesText::SetupText),
            Block::Picture(diagrams::START),
        ],
    ),
    section(
        RulesText::MovingTitle,
        &[Block::Text(RulesText::MovingText)],
    ),
    section(
        RulesText::LockTitle,
        &[
            Block::Text(RulesText::LockText),
            Block::Picture(diagrams::LOCK),
        ],
    ),
    section(
        RulesText::CaptureTitle,
        &[
            Block::Text(RulesText::CaptureText),
            Block::Picture(diagrams::CAPTURE),
            Block::Text(RulesText::CaptureBlockedText),
            Block::Picture(diagrams::BLOCKED),
            Block::Text(RulesText::CaptureMoverText),
            Block::Text(RulesText::CaptureTreasureText),
            Block::Text(RulesText::SelfDeliveryText),
            Block::Picture(diagrams::SELF_DELIVERY),
        ],
    ),
    section(
        RulesText::WinTitle,
        &[
            Block::Text(RulesText::WinIntro),
            Block::Numbered(&[
                RulesText::WinTreasure,
                RulesText::WinAnnihilation,
                RulesText::WinBlockade,
            ]),
        ],
    ),
    section(
        RulesText::TimeTitle,
        &[
            Block::Text(RulesText::TimeText),
            Block::Text(RulesText::TimeSetting),
        ],
    ),
    Section {
        title: RulesText::DrawsTitle,
        added: true,
        blocks: &[
            Block::Text(RulesText::DrawsIntro),
            Block::Bullets(&[RulesText::DrawRepetition, RulesText::DrawQuiet]),
        ],
    },
    Section {
        title: RulesText::EndingsTitle,
        added: true,
        blocks: &[
            Block::Text(RulesText::EndingsText),
            Block::Text(RulesText::ByLinkText),
        ],
    },
    Section {
        title: RulesText::SwapTitle,
        added: true,
        blocks: &[
            Block::Text(RulesText::SwapText),
            Block::Text(RulesText::FirstMovesText),
        ],
    },
    section(
        RulesText::NotationTitle,
        &[Block::Text(RulesText::NotationText)],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rules text of the table appears on the page exactly once.
    #[test]
    fn the_page_shows_every_rules_text_once() {
        let mut shown: Vec<RulesText> = QUICK_START.to_vec();
        shown.push(RulesText::QuickStart);
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
        let rules_keys: Vec<RulesText> = RulesText::ALL
            .iter()
            .copied()
            .filter(|key| ![RulesText::Title, RulesText::DiagramCaptured].contains(key))
            .collect();
        for key in &rules_keys {
            let count = shown.iter().filter(|shown| *shown == key).count();
            assert_eq!(count, 1, "{key:?} is shown {count} times");
        }
        assert_eq!(shown.len(), rules_keys.len());
    }
}
