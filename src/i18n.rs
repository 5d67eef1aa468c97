//! Every piece of text the player sees, in Chinese and English side by side. Components never
//! hold player-facing literals: they ask [`text`] for a [`Key`] in the current [`Lang`].

use duobao_ai::Level;
use duobao_rules::{Color, DrawReason, GameResult, Piece, WinReason};
use serde::{Deserialize, Serialize};

/// The languages the app speaks.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Zh,
    En,
}

impl Lang {
    pub const fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// The BCP 47 tag, for the document's `lang` attribute (it picks the right CJK glyphs).
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-Hans",
            Lang::En => "en",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "zh" | "zh-Hans" | "zh-CN" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

/// Declares the keys and their translations in one place, so that a key cannot exist without
/// its table row.
macro_rules! translations {
    ($($key:ident => $zh:literal, $en:literal;)*) => {
        /// A player-visible text.
        #[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
        pub enum Key { $($key),* }

        impl Key {
            #[cfg(test)]
            pub const ALL: &'static [Key] = &[$(Key::$key),*];
        }

        /// `(key, 中文, English)`, in the order the keys are declared.
        const TABLE: &[(Key, &str, &str)] = &[$((Key::$key, $zh, $en)),*];
    };
}

translations! {
    AppTitle => "夺宝棋兵 · 七兵", "Duobao Qi Bing · Seven Soldiers";
    LanguageName => "中文", "English";
    Language => "语言", "Language";
    ListSeparator => "，", ", ";
    TitleSeparator => " · ", " · ";

    Red => "红方", "Red";
    Black => "黑方", "Black";
    RedSoldier => "红兵", "red soldier";
    BlackSoldier => "黑卒", "black soldier";
    Treasure => "宝箱", "treasure";
    Locked => "已锁定", "locked";
    Selected => "已选中", "selected";
    Destination => "可走到此", "legal destination";
    Board => "棋盘", "Board";
    You => "你", "You";
    Computer => "电脑", "Computer";
    Captured => "吃子", "Captured";
    ToMove => "走棋", "to move";
    Thinking => "思考中…", "Thinking…";
    ClockLabel => "本步剩余时间", "time left for this turn";
    RedTimedOut => "红方超时，轮到黑方走棋", "Red ran out of time: Black to move";
    BlackTimedOut => "黑方超时，轮到红方走棋", "Black ran out of time: Red to move";

    Undo => "悔棋", "Undo";
    Menu => "菜单", "Menu";
    Resume => "继续", "Resume";
    NewGame => "新对局", "New game";
    Start => "开始", "Start";
    Rematch => "再来一局（交换先后）", "Rematch (swap colours)";
    ViewBoard => "查看棋盘", "View board";
    Result => "结果", "Result";
    Moves => "棋谱", "Moves";
    NoMovesYet => "尚未走棋", "No moves yet";

    Mode => "模式", "Mode";
    VsAi => "人机对战", "Vs AI";
    PassAndPlay => "双人同屏", "Pass-and-play";
    YourSide => "你执", "Your side";
    RedMovesFirst => "红方先走", "Red moves first";
    Difficulty => "难度", "Difficulty";
    LevelEasy => "简单", "Easy";
    LevelMedium => "中等", "Medium";
    LevelHard => "困难", "Hard";
    LevelMaster => "大师", "Master";
    TurnTime => "每步限时", "Turn time";
    TurnTimeOff => "不限", "Off";
    Seconds => "秒", "s";
    FlipTop => "上方玩家文字倒转", "Turn the top player's labels around";
    Coordinates => "显示坐标", "Show coordinates";
    On => "开", "On";
    Off => "关", "Off";

    RedWins => "红方胜", "Red wins";
    BlackWins => "黑方胜", "Black wins";
    YouWin => "你赢了", "You win";
    ComputerWins => "电脑获胜", "The computer wins";
    Draw => "和棋", "Draw";
    ReasonTreasure => "夺得宝箱", "The treasure was captured";
    ReasonAnnihilation => "对方的兵全部被吃", "All enemy soldiers were captured";
    ReasonBlockade => "对方无棋可走", "The opponent has no legal move";
    ReasonRepetition => "同一局面出现三次", "The same position occurred three times";
    ReasonQuiet => "连续一百步没有吃子", "100 plies in a row without a capture";
}

/// The text for `key` in `lang`.
pub fn text(lang: Lang, key: Key) -> &'static str {
    let (_, zh, en) = TABLE[key as usize];
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

pub const fn color_key(color: Color) -> Key {
    match color {
        Color::Red => Key::Red,
        Color::Black => Key::Black,
    }
}

pub const fn timed_out_key(color: Color) -> Key {
    match color {
        Color::Red => Key::RedTimedOut,
        Color::Black => Key::BlackTimedOut,
    }
}

pub const fn piece_key(piece: Piece) -> Key {
    match piece {
        Piece::RedSoldier => Key::RedSoldier,
        Piece::BlackSoldier => Key::BlackSoldier,
        Piece::Treasure => Key::Treasure,
    }
}

pub const fn level_key(level: Level) -> Key {
    match level {
        Level::Easy => Key::LevelEasy,
        Level::Medium => Key::LevelMedium,
        Level::Hard => Key::LevelHard,
        Level::Master => Key::LevelMaster,
    }
}

pub const fn reason_key(result: GameResult) -> Key {
    match result {
        GameResult::Win(win) => match win.reason {
            WinReason::Treasure => Key::ReasonTreasure,
            WinReason::Annihilation => Key::ReasonAnnihilation,
            WinReason::Blockade => Key::ReasonBlockade,
        },
        GameResult::Draw(DrawReason::Repetition) => Key::ReasonRepetition,
        GameResult::Draw(DrawReason::Quiet) => Key::ReasonQuiet,
    }
}

/// Joins the parts of a name: `Computer · Hard`.
pub fn titled(lang: Lang, parts: &[&str]) -> String {
    parts.join(text(lang, Key::TitleSeparator))
}

/// Joins parts of a spoken label (`c3, treasure, locked`) with the language's list separator.
pub fn join(lang: Lang, parts: &[&str]) -> String {
    parts.join(text(lang, Key::ListSeparator))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_both_languages() {
        for (index, &key) in Key::ALL.iter().enumerate() {
            let (row_key, zh, en) = TABLE[index];
            assert_eq!(row_key, key, "table row {index} is out of order");
            assert!(!zh.trim().is_empty(), "{key:?} lacks Chinese");
            assert!(!en.trim().is_empty(), "{key:?} lacks English");
        }
        assert_eq!(TABLE.len(), Key::ALL.len());
    }

    #[test]
    fn chinese_texts_are_chinese_and_english_texts_are_english() {
        let has_cjk = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        for &(key, zh, en) in TABLE {
            let punctuation = [Key::ListSeparator, Key::TitleSeparator];
            if !punctuation.contains(&key) && key != Key::LanguageName {
                assert!(has_cjk(zh), "{key:?}: {zh:?} is not Chinese");
            }
            assert!(!has_cjk(en), "{key:?}: {en:?} is not English");
        }
    }

    #[test]
    fn text_picks_the_language() {
        assert_eq!(text(Lang::Zh, Key::Treasure), "宝箱");
        assert_eq!(text(Lang::En, Key::Treasure), "treasure");
        assert_eq!(
            join(Lang::En, &["c3", "treasure", "locked"]),
            "c3, treasure, locked"
        );
        assert_eq!(join(Lang::Zh, &["c3", "宝箱"]), "c3，宝箱");
    }

    #[test]
    fn language_codes_round_trip() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(Lang::from_code(lang.tag()), Some(lang));
            assert_eq!(lang.other().other(), lang);
        }
        assert_eq!(Lang::from_code("fr"), None);
    }
}
