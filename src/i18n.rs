//! Every piece of text the player sees, in Chinese and English side by side. Components never
//! hold player-facing literals: they ask [`text`] for a [`Key`] in the current [`Lang`].

use duobao_engine::Level;
use duobao_rules::{Color, Piece};
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

    /// The short code links and stored settings use (`?lang=en`).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
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

/// A table of player-visible texts, keyed by its own enum.
pub trait Text: Copy {
    /// `(中文, English)`.
    fn texts(self) -> (&'static str, &'static str);
}

/// Declares a table's keys and their translations in one place, so that a key cannot exist
/// without its table row.
macro_rules! translations {
    ($(#[$meta:meta])* $name:ident in $table:ident; $($key:ident => $zh:literal, $en:literal;)*) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
        pub enum $name { $($key),* }

        impl $name {
            #[cfg(test)]
            pub const ALL: &'static [$name] = &[$($name::$key),*];
        }

        /// `(key, 中文, English)`, in the order the keys are declared.
        const $table: &[($name, &str, &str)] = &[$(($name::$key, $zh, $en)),*];

        impl Text for $name {
            fn texts(self) -> (&'static str, &'static str) {
                let (_, zh, en) = $table[self as usize];
                (zh, en)
            }
        }
    };
}

translations! {
    /// A player-visible text.
    Key in TABLE;
    AppTitle => "夺宝棋兵 · 七兵", "Duobao Qi Bing · Seven Soldiers";
    // The name under the installed app's icon: the manifests' short_name and index.html's
    // home-screen title (assets/web/manifest.*.webmanifest), checked by a test below.
    AppShortName => "七兵", "Seven Soldiers";
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
    Rematch => "再来一局（互换红黑）", "Rematch (swap colours)";
    ViewBoard => "查看棋盘", "View board";
    Result => "结果", "Result";
    Moves => "棋谱", "Moves";
    NoMovesYet => "还没有走棋", "No moves yet";

    VsAi => "人机对战", "Play vs AI";
    PassAndPlay => "双人同屏", "Pass-and-play";
    ContinueGame => "继续对局", "Continue";
    Rules => "规则", "Rules";
    Settings => "设置", "Settings";
    Back => "返回", "Back";
    Tagline => "夹住对方的兵，夺得宝箱", "Sandwich the enemy, seize the treasure";
    YourSide => "你执哪一方", "Your side";
    RedMovesFirst => "红方先走", "Red moves first";
    Difficulty => "难度", "Difficulty";
    LevelEasy => "简单", "Easy";
    LevelMedium => "中等", "Medium";
    LevelHard => "困难", "Hard";
    LevelMaster => "大师", "Master";
    TurnTime => "每步限时", "Turn time";
    TurnTimeOff => "不限", "Off";
    Seconds => "秒", "s";
    TurnTimeNextGame => "新的限时从下一局开始生效。", "A new turn time applies from the next game.";
    LevelAppliesNow => "对局中更改难度，从电脑的下一步起生效。", "A new level applies from the computer's next move, even mid-game.";
    Sound => "音效", "Sound";
    // How loud the sounds and how hard the vibrations (the settings' Sound and Vibration rows).
    SoundAndTouchOff => "关闭", "Off";
    VolumeSoft => "小声", "Soft";
    VolumeNormal => "正常", "Normal";
    VibrationLight => "轻微", "Light";
    VibrationStrong => "强烈", "Strong";
    TableModeSetting => "对坐模式：上方的文字和棋子转向对面", "Table mode: turn the top player's text and pieces";
    Coordinates => "显示坐标", "Show coordinates";

    // The look (src/appearance): theme, board and pieces, with their preview in Settings.
    ThemeSetting => "外观", "Theme";
    ThemeSystem => "跟随系统", "System";
    ThemeLight => "浅色", "Light";
    ThemeDark => "深色", "Dark";
    BoardSetting => "棋盘", "Board";
    BoardWood => "木纹", "Wood";
    BoardLight => "素色", "Light";
    BoardContrast => "高对比", "Contrast";
    PiecesSetting => "棋子", "Pieces";
    PiecesEngraved => "刻字", "Engraved";
    PiecesFlat => "扁平", "Flat";
    PiecesFlatHint => "扁平棋子：红兵是圆的，黑卒是方的，不靠颜色也分得清。", "Flat pieces: Red's are round and Black's square, told apart without colour.";
    LookPreview => "棋盘预览", "Board preview";

    RedWins => "红方胜", "Red wins";
    BlackWins => "黑方胜", "Black wins";
    YouWin => "你赢了", "You win";
    ComputerWins => "电脑赢了", "The computer wins";
    Draw => "和棋", "Draw";
    // Why the game ended, told from the side that reads it (see `result_words::reason_key`).
    ReasonYouTreasure => "你夺得了宝箱", "You captured the treasure";
    ReasonComputerTreasure => "电脑夺得了宝箱", "The computer captured the treasure";
    ReasonYouAnnihilation => "你吃光了电脑的兵", "You captured all the computer's soldiers";
    ReasonComputerAnnihilation => "电脑吃光了你的兵", "The computer captured all your soldiers";
    ReasonComputerBlockade => "电脑无棋可走", "The computer has no move left";
    ReasonYouBlockade => "你无棋可走", "You have no move left";
    ReasonRedTreasure => "红方夺得宝箱", "Red captured the treasure";
    ReasonBlackTreasure => "黑方夺得宝箱", "Black captured the treasure";
    ReasonRedAnnihilation => "红方吃光了黑方的兵", "Red captured all of Black's soldiers";
    ReasonBlackAnnihilation => "黑方吃光了红方的兵", "Black captured all of Red's soldiers";
    ReasonBlackBlockade => "黑方无棋可走", "Black has no move left";
    ReasonRedBlockade => "红方无棋可走", "Red has no move left";
    ReasonRepetition => "同一局面出现了三次", "The same position occurred three times";
    ReasonQuiet => "双方连续 100 步没有吃子", "100 moves in a row without a capture";
    // Resigning and a draw by agreement (issue 19): the menu's entries, their questions and
    // notices, and how the result tells them.
    Resign => "认输", "Resign";
    OfferDraw => "提和", "Offer a draw";
    ResignQuestion => "确定要认输吗？", "Resign this game?";
    RedResignQuestion => "红方确定要认输吗？", "Resign as Red?";
    BlackResignQuestion => "黑方确定要认输吗？", "Resign as Black?";
    ResignYouLose => "认输后本局判你负。", "The game ends and counts as your loss.";
    ResignRedLoses => "认输后本局判黑方胜。", "The game ends and Black wins.";
    ResignBlackLoses => "认输后本局判红方胜。", "The game ends and Red wins.";
    RedOffersDraw => "红方提议和棋，走完这一步后由黑方答复", "Red offers a draw: Black answers after this move";
    BlackOffersDraw => "黑方提议和棋，走完这一步后由红方答复", "Black offers a draw: Red answers after this move";
    RedDrawOffer => "红方提议和棋", "Red offers a draw";
    BlackDrawOffer => "黑方提议和棋", "Black offers a draw";
    DrawOfferChoice => "同意则本局和棋，拒绝则对局继续。", "Accept and the game ends in a draw; decline and play goes on.";
    AcceptDraw => "同意和棋", "Accept the draw";
    SwapQuestion => "要交换吗？", "Swap sides?";
    BlackSwapQuestion => "黑方：要交换吗？", "Black: swap sides?";
    SwapChoice => "红方第一步走了 {0}。按交换规则，你可以接手红方，这一步就算你的，对方改执黑方应着；也可以不交换，执黑应着。", "Red opened with {0}. By the swap rule you may take over Red, so that this move is yours and your opponent answers as Black; or keep Black and answer it.";
    TakeOverRed => "交换，改执红方", "Swap: play Red";
    KeepBlack => "不交换，执黑应着", "Keep Black";
    FriendsSwapped => "黑方选择交换：先手一方改执黑方，轮到黑方走棋", "Black swapped: the first player now plays Black, and Black is to move";
    ComputerSwapped => "电脑选择交换，接手红方：你改执黑方，轮到你走", "The computer swapped and took Red: you play Black, your move";
    YouSwapped => "你已交换，改执红方：电脑执黑方", "You swapped and play Red: the computer plays Black";
    DeclineDraw => "拒绝", "Decline";
    RedDeclinedDraw => "红方拒绝和棋，对局继续", "Red declined the draw: play goes on";
    BlackDeclinedDraw => "黑方拒绝和棋，对局继续", "Black declined the draw: play goes on";
    ReasonYouResigned => "你认输了", "You resigned";
    ReasonComputerResigned => "电脑认输了", "The computer resigned";
    ReasonRedResigned => "红方认输", "Red resigned";
    ReasonBlackResigned => "黑方认输", "Black resigned";
    ReasonAgreement => "双方同意和棋", "Drawn by agreement";

    PassNotation => "超时", "pass";

    LinkChoiceTitle => "你有一盘未下完的对局", "You have an unfinished game";
    LinkChoiceText => "打开链接中的局面后，你未下完的对局会收进“我的对局”。", "Opening the linked position puts your unfinished game away in Your games.";
    ContinueYourGame => "继续你的对局", "Continue your game";
    NewGameReplacesSaved => "开始新对局后，你未下完的对局会收进“我的对局”。", "Starting a new game puts your unfinished game away in Your games.";
    PlayOnReplacesSaved => "接着下这盘远程对局后，你未下完的对局会收进“我的对局”。", "Playing on this game by link puts your unfinished game away in Your games.";
    PlayOnByLink => "接着下远程对局", "Play on by link";
    StartNew => "开始新对局", "Start new";
    FlipSides => "换边", "Flip";
    OpenLinkedPosition => "打开链接中的局面", "Open the linked position";
    LinkBroken => "链接中的对局无法打开：局面有误。", "The link's game cannot be opened: its position is not valid.";
    LinkGameOver => "链接中的对局已经结束，无法再下。", "The link's game is already over.";
    LinkBadPly => "链接中的对局无法打开：第 {0} 步 {1} 不合规则。", "The link's game cannot be opened: move {0}, {1}, is not legal.";
    SaveFailed => "无法在本机保存：可以照常下棋，但关闭后对局和设置不会保留。", "Cannot save on this device: play on, but the game and settings will not be kept.";
    UpdateReady => "新版本已准备就绪", "A new version is ready";
    UpdateReload => "立即更新", "Reload";
    UpdateLater => "稍后", "Later";
    ScreenLoading => "正在载入", "Loading";
    ScreenUnavailable => "这个页面没能载入，请检查网络连接后重新加载。对局和设置都不会丢失。", "This screen could not be loaded. Check the connection and reload: your game and settings are kept.";
    ReloadPage => "重新加载", "Reload";
    AiFailedTitle => "电脑没能走出这一步", "The computer could not move";
    AiFailedText => "可以让电脑再试一次，也可以跳过它这一步，由你接着走。", "Let it try again, or skip its turn and play on yourself.";
    TryAgain => "再试一次", "Try again";
    SkipAiTurn => "跳过电脑这一步", "Skip its turn";
    // Hint, lessons and statistics (issue 10).
    Enumeration => "、", ", ";
    And => "和", "and";
    Hint => "提示", "Hint";
    HintLabel => "提示：{0}", "Hint: {0}";
    HintWinsTreasure => "吃掉宝箱，直接获胜", "captures the treasure and wins";
    HintWinsAnnihilation => "吃掉对方最后一个兵，获胜", "captures the last enemy soldier and wins";
    HintWinsBlockade => "困毙对方，获胜", "leaves the opponent without a move and wins";
    HintCaptures => "吃掉 {0}", "captures {0}";
    HintStopsThreat => "化解对方走到 {0} 吃宝箱的威胁", "stops the treasure threat on {0}";
    HintThreatensTreasure => "下一步可以吃宝箱", "threatens to capture the treasure next move";
    HintWinsByForce => "{0}之内强制取胜", "wins by force in {0}";
    HintsUsed => "使用提示：{0} 次", "Hints used: {0}";
    HintButtonSetting => "对局中显示“提示”按钮", "Show the Hint button in games";
    SwapRuleSetting => "交换规则", "Swap rule";
    SwapRuleHint => "本应用补充：红方走第一步后，黑方可以选择交换，接手红方，抵消先手的优势。从下一局起生效。", "Added by this app: after Red's first move, Black may swap and take over Red, which evens out the first move's advantage. Applies from the next game.";
    Learn => "入门教程", "Learn to play";
    LearnIntro => "七个小练习，每课只走一步，学会全部规则。", "Seven short lessons of one move each teach you every rule.";
    LessonNumber => "第 {0} 课", "Lesson {0}";
    LessonDone => "已完成", "done";
    NextLesson => "下一课", "Next lesson";
    AllLessons => "全部课程", "All lessons";
    LessonsComplete => "全部课程都完成了！去和电脑下一盘吧。", "All lessons done! Now try a game against the computer.";
    LessonPassed => "对了！", "Well done!";
    LessonMissed => "还不对。", "Not quite.";
    MistakeWentElsewhere => "你的棋子走到了 {0}，不是目标点。", "Your piece went to {0}, not to the goal point.";
    MistakeMovedSoldier => "你走的是兵。这一课要走宝箱：先点宝箱，再点它要去的点。", "You moved a soldier. This lesson is about the treasure: tap it, then the point it should go to.";
    MistakeNothingCaptured => "没有吃到子：要让对方的兵夹在你的两个兵中间，而且这条线上没有别的棋子。", "Nothing was captured: an enemy soldier must end up between two of your soldiers, on a line with no other piece.";
    MistakeBlocked => "没吃成：{0} 上的棋子也在这条线上，线上共有四枚棋子，夹吃不成立。", "No capture: the piece on {0} stands on that line too, so it holds four pieces.";
    MistakeTreasureNotCaptured => "宝箱还在棋盘上：要让它夹在你的两个兵中间，而且这条线上没有别的棋子。", "The treasure is still on the board: it must end up between two of your soldiers, on a line with no other piece.";
    MistakeNotDelivered => "宝箱被吃掉了，但这一课要你亲手把宝箱走到自己的两个兵之间。", "The treasure was captured, but this lesson asks you to move the treasure itself between your soldiers.";
    MistakeOpponentCanMove => "黑方还能走，例如 {0}。", "Black can still move, for example {0}.";
    LessonMoveTitle => "沿线走子", "Moving along the lines";
    LessonMoveInstruction => "棋子沿着画出的线走一步，到相邻的空点，斜线也算。把一个兵走到中心点 c3。", "Pieces move one step along a drawn line to an empty neighbouring point — diagonals too. Move a soldier to the centre point c3.";
    LessonMoveSuccess => "很好！兵每次沿线走一步，不能跳过别的棋子。", "Good! A soldier moves one step along a line and never jumps over a piece.";
    LessonLockTitle => "宝箱与锁定", "The treasure and its lock";
    LessonLockInstruction => "宝箱不属于任何一方，双方都可以走它。点宝箱，把它走一步。", "The treasure belongs to no one: either side may move it. Tap the treasure and move it one step.";
    LessonLockSuccess => "宝箱锁定了（看那把小锁）：下一步谁都不能走它，直到有人走了一个兵才解锁。", "The treasure is now locked (see the padlock): nobody may move it on the next move, until a soldier has moved.";
    LessonCaptureTitle => "夹吃", "Capturing by sandwich";
    LessonCaptureInstruction => "走一步，让一个黑卒夹在你的两个兵中间（同一条线上），就能吃掉它。", "Move so that a black soldier ends up between two of your soldiers on a line, and it is captured.";
    LessonCaptureSuccess => "吃掉了！这条线上只有这三枚棋子，中间的黑卒被夹吃。", "Captured! The line held just these three pieces, so the black soldier in the middle was taken.";
    LessonBlockedTitle => "第四枚棋子挡住夹吃", "A fourth piece blocks";
    LessonBlockedInstruction => "线上只要还有第四枚棋子，夹吃就不成立。这里只有一个黑卒能吃掉——吃掉它。", "If a fourth piece stands on the line, there is no capture. Only one black soldier can be captured here — capture it.";
    LessonBlockedSuccess => "对了！第 4 行只有三枚棋子；而第 2 行上 e2 的黑卒挡住了夹吃。", "Right! Row 4 held just three pieces, while on row 2 the black soldier on e2 blocks the capture.";
    LessonTreasureTitle => "夹吃宝箱", "Capturing the treasure";
    LessonTreasureInstruction => "宝箱可以像兵一样被夹吃。吃掉宝箱，你就赢了。", "The treasure is captured like a soldier. Capture it and you win.";
    LessonTreasureSuccess => "夺宝成功！吃掉宝箱就赢下整盘棋。", "Treasure taken! Capturing the treasure wins the game.";
    LessonDeliverTitle => "把宝箱走到自己的兵之间", "Delivering the treasure";
    LessonDeliverInstruction => "把宝箱走到你自己的两个兵中间（线上没有别的棋子），也算夹住了它。走宝箱赢下这盘棋。", "Moving the treasure between two of your own soldiers, on an otherwise empty line, captures it too. Win by moving the treasure.";
    LessonDeliverSuccess => "赢了！宝箱落在你的两个兵之间，归你所有。", "You win! The treasure landed between your soldiers and is yours.";
    LessonBlockadeTitle => "困毙", "Blockade";
    LessonBlockadeInstruction => "让对方无棋可走也能获胜：兵走不动，宝箱也走不了。走一步，困住黑方。", "You also win when your opponent has no legal move: no soldier can move and the treasure cannot either. Make the move that leaves Black stuck.";
    LessonBlockadeSuccess => "困毙！黑卒和宝箱都被堵死，黑方无棋可走。", "Blockade! The black soldier and the treasure are hemmed in: Black has no move.";
    Statistics => "战绩", "Statistics";
    StatsVsAi => "人机对战", "Against the computer";
    StatsAsRed => "执红", "As Red";
    StatsAsBlack => "执黑", "As Black";
    StatsLegend => "胜 / 负 / 和", "won / lost / drawn";
    StatsTotal => "合计", "Total";
    StatsPassAndPlay => "双人同屏对局", "Pass-and-play games";
    StatsPuzzles => "已解谜题", "Puzzles solved";
    StatsLessons => "已完成课程", "Lessons done";
    StatsOther => "其他", "More";
    Review => "复盘", "Review";
    ReviewTitle => "复盘", "Game review";
    ReviewPly => "复盘：{0}", "Review: {0}";
    ReviewFirst => "回到开局", "First position";
    ReviewBack => "上一步", "Previous move";
    ReviewForward => "下一步", "Next move";
    ReviewLast => "最后一步", "Last position";
    ReviewStart => "开局", "Start";
    ReviewAnalysing => "正在分析每一步…", "Analysing every move…";
    ReviewGraph => "形势图：上方红方占优，下方黑方占优；点按可跳到该步", "Evaluation graph: up is good for Red, down for Black; tap to jump to a move";
    ReviewPosition => "局面", "Position";
    PlayFromHere => "从这里接着下", "Play from here";
    VerdictBest => "最佳", "Best";
    VerdictGood => "好棋", "Good";
    VerdictInaccuracy => "缓着", "Inaccuracy";
    VerdictMistake => "失误", "Mistake";
    VerdictBlunder => "败着", "Blunder";
    VerdictPending => "分析中", "Not analysed yet";
    MovesOne => "1 步", "1 move";
    MovesMany => "{0} 步", "{0} moves";
    NowWinsByForce => "{0}现在可以强制取胜，{1}之内：{2}", "{0} now wins by force in {1}: {2}";
    HadForcedWin => "{0}本可以强制取胜，{1}之内：{2}", "{0} had a forced win in {1}: {2}";
    WinsByForce => "{0}可以强制取胜，{1}之内", "{0} wins by force in {1}";
    BetterWas => "更好的走法：{0}", "Better was {0}";
    Puzzles => "习题", "Puzzles";
    PuzzlesTitle => "杀法习题", "Puzzles";
    WinIn => "{0}取胜", "Win in {0}";
    PuzzleNumber => "第 {0} 题，共 {1} 题", "Puzzle {0} of {1}";
    PuzzleYourMove => "轮到你走：{0}", "Your move: {0}";
    PuzzleSolved => "解开了！", "Solved!";
    PuzzleWrong => "这步不对。", "Not that move.";
    PuzzleRefutedWin => "{0}反而可以强制取胜：{1}", "{0} wins by force instead: {1}";
    PuzzleRefutedEscape => "{0}以 {1} 应对，你无法在限定步数内取胜。", "{0} answers {1} and the win does not come in time.";
    PuzzleRetry => "再试一次", "Retry";
    PuzzleNext => "下一题", "Next puzzle";
    PuzzleSolvedCount => "已解 {0} 题", "{0} solved";
    PuzzleStreak => "连对 {0} 题", "Streak {0}";
    PuzzleDone => "已解开", "solved";
    PuzzleLength => "几步取胜", "Win in";
    PuzzleStreakRule => "连对：不走错一步解开的题目连续计数，走错一步就从零开始。", "Streak: puzzles solved in a row without a wrong move; one wrong move starts it again.";

    Vibration => "振动", "Vibration";

    Share => "分享", "Share";
    Date => "日期", "Date";
    ShareQr => "这盘对局链接的二维码", "QR code of the game's link";
    ShareLink => "分享链接", "Share the link";
    LinkCopied => "链接已复制", "Link copied";
    CopyText => "复制棋谱", "Copy the moves";
    TextCopied => "棋谱已复制", "Moves copied";
    ShareFailed => "无法分享，请手动复制上面的内容。", "Could not share: copy it from above by hand.";
    ShareNoAddress => "这个应用不知道自己的网址，无法生成链接。", "This app does not know its web address, so it cannot make a link.";
    YourGames => "我的对局", "Your games";
    GamesEmpty => "还没有对局。下完的棋和被新对局替换下来的棋都会保存在这里。", "No games yet. Every game you finish, and every unfinished game a new one replaces, is kept here.";
    GamesByMode => "对手", "Opponent";
    GamesByOutcome => "结果", "Result";
    GamesAll => "全部", "All";
    Friend => "好友", "Friend";
    Won => "胜", "Won";
    Lost => "负", "Lost";
    Drawn => "和", "Drawn";
    Unfinished => "未下完", "Unfinished";
    // Playing a friend by link (issue 17): home, the setup, the game screen, the send sheet,
    // Your games and the statistics.
    ByLink => "远程对弈", "Play a friend by link";
    ByLinkHow => "每走一步，把链接发给好友；好友在自己的手机上走他那一方，再把链接发回来。不计时，没有提示，走出的棋不能悔。", "After each move, send the link to your friend; they play their side on their own phone and send theirs back. No clock, no hints, and a move played is not taken back.";
    SendMove => "发送这步棋", "Send your move";
    SendLink => "发送链接", "Send the link";
    SendMoveHelp => "链接里是到目前为止的整盘棋。好友打开它，就能接着走他那一方。", "The link carries the whole game so far: your friend opens it to play their side.";
    SendMoveLine => "把这步棋发给好友，再等对方把链接发回来。", "Send your move to your friend, then wait for their link.";
    YourMoveByLink => "轮到你走：走完后把这步棋发给好友。", "Your move: play it, then send it to your friend.";
    FriendWins => "好友赢了", "Your friend wins";
    FriendByLink => "远程好友", "A friend by link";
    WaitingForRed => "等待红方", "Waiting for Red";
    WaitingForBlack => "等待黑方", "Waiting for Black";
    StatsByLink => "远程对弈（胜 / 负 / 和）", "By link (won / lost / drawn)";
    TwoVersionsTitle => "这盘棋有两个版本", "Two versions of this game";
    TwoVersionsText => "这个链接没有接着本机保存的这盘棋往下走：它可能是旧链接，也可能走出了另一种下法。保留哪一个？", "This link does not continue the game kept on this phone: it is an older link, or the game went another way. Which one do you keep?";
    KeepThisPhones => "保留本机的", "Keep this phone's";
    KeepTheLinks => "保留链接里的", "Keep the link's";
    DeleteGame => "删除", "Delete";
    DeleteGameQuestion => "删除这盘对局？", "Delete this game?";
    ClearGames => "全部删除", "Delete all";
    ClearGamesQuestion => "删除全部对局？删除后无法恢复。", "Delete every game? This cannot be undone.";
    Cancel => "取消", "Cancel";
    ImportGame => "导入棋谱", "Import moves";
    ImportHelp => "粘贴从本应用复制的棋谱，或按“1. b2c2 b4b3 2. …”写下的着法。", "Paste moves copied from this app, or written as \"1. b2c2 b4b3 2. …\".";
    ImportOpen => "打开复盘", "Open the review";
    ImportBadPly => "第 {0} 步 {1} 不合规则。", "Move {0}, {1}, is not legal.";
    ImportBadPosition => "棋谱里的局面有误。", "The position in the text is not valid.";
    ImportBadHeader => "这一行看不懂：{0}", "This line does not read: {0}";

    // The analysis board and the position editor (issue 18).
    Analysis => "分析", "Analysis";
    AnalysisTitle => "棋局分析", "Analysis board";
    AnalyseFromHere => "从这里分析", "Analyse from here";
    AnalysePosition => "分析这个局面", "Analyse the position";
    Analyse => "分析", "Analyse";
    ShowEngine => "电脑分析", "Engine analysis";
    EngineLines => "路线", "Lines";
    EngineStarting => "电脑正在分析…", "The engine is analysing…";
    EngineDepth => "深度 {0}，每秒 {1}局面", "Depth {0} · {1} positions a second";
    EngineDepthThreads => "深度 {0}，每秒 {1}局面，{2} 个线程", "Depth {0} · {1} positions a second · {2} threads";
    EngineLine => "第 {0} 条路线，{1}：{2}", "Line {0}, {1}: {2}";
    Evaluation => "形势：{0}", "Evaluation: {0}";
    EvalEven => "均势", "even";
    EvalRedBetter => "红方领先 {0} 个兵", "Red is {0} soldiers ahead";
    EvalBlackBetter => "黑方领先 {0} 个卒", "Black is {0} soldiers ahead";
    EvalRedWins => "红方 {0}之内强制取胜", "Red wins by force in {0}";
    EvalBlackWins => "黑方 {0}之内强制取胜", "Black wins by force in {0}";
    VerdictWinsByForce => "{0}可以强制取胜，{1}之内（双方合计 {2} 步）", "{0} wins by force in {1} ({2} moves in all, both sides counted)";
    VerdictLine => "取胜路线，对方作最长抵抗：{0}", "The winning line against the longest defence: {0}";
    VerdictUnknown => "双方合计 {0} 步之内，谁都无法强制取胜", "No forced result within {0} moves (both sides counted)";
    VerdictSearching => "正在寻找强制取胜…", "Looking for a forced win…";
    VerdictOver => "对局已结束：{0}", "The game is over: {0}";
    TablebaseTitle => "残局库（服务器）", "Endgame tables (server)";
    TablebaseAsking => "正在查询服务器的残局库…", "Asking the server's endgame tables…";
    TablebaseDraw => "双方都不失误，则为和棋", "A draw with best play";
    TablebaseWinUnlessQuiet => "{0}可以取胜，除非先到百步无吃而和棋", "{0} wins, unless the quiet limit draws the game first";
    TablebaseUnknown => "服务器的残局库里没有这个局面", "The server's tables do not hold this position";
    TablebaseUnreachable => "连不上残局库服务，棋盘照常可用", "The endgame table service cannot be reached; the board works without it";
    TablebaseAbsent => "所设地址没有残局库服务", "There is no endgame table service at the address set";
    TablebaseNonsense => "残局库服务的回答无法读取，已忽略", "The endgame table service's answer could not be read and was ignored";
    TablebaseMoves => "各着的结果", "Every move's result";
    TablebaseMoveWin => "胜（{0} 步）", "win in {0}";
    TablebaseMoveLoss => "负（{0} 步）", "loss in {0}";
    TablebaseMoveDraw => "和棋", "draw";
    TablebaseMoveWinOrDraw => "胜或和", "win or draw";
    TablebaseMoveLossOrDraw => "负或和", "loss or draw";
    TablebaseMoveUnknown => "未知", "unknown";
    TablebaseMovePlay => "走 {0}：{1}", "Play {0}: {1}";
    EngineThreads => "计算线程", "Engine threads";
    ThreadsAuto => "自动", "Auto";
    EngineThreadsHint => "大师级电脑走棋和棋局分析同时用几个线程计算。自动：设备的核心数减一（在这台设备上是 {0} 个），最多 4 个。在网页上，只有网站开启跨源隔离时才能用多个线程。", "How many threads Master's moves and the analysis board search on. Auto: the device's cores less one ({0} here), at most 4. On the web, more than one only where the site allows it (cross-origin isolation).";
    ServerAddressSetting => "服务器地址", "Server address";
    ServerAddressHint => "在线对弈通过这台服务器进行。本机自带四个兵卒以内的残局库；更多兵卒的局面，分析棋盘和提示也会向它查询。留空则使用本应用所在的网站。", "Online games are played on this server. The app carries the endgame tables of up to four soldiers; for positions with more, the analysis board and the hint ask the server too. Leave it empty to use the site the app came from.";
    ServerAddressPlaceholder => "本应用所在的网站", "the site the app came from";
    ServerAddressSave => "保存地址", "Save address";
    ServerAddressSaved => "地址已保存", "Address saved";
    AddressNotWeb => "请填写完整的网址，包括开头的协议部分", "The address must begin with http:// or https://";
    AddressMalformed => "这个地址无法使用：需要主机名，不能有空格、问号或井号", "This address cannot be used: it needs a host, and no spaces, ? or #";
    AddressTooLong => "地址太长了", "The address is too long";
    PromoteVariation => "提升为主线", "Promote variation";
    DeleteFromHere => "删除这一步及以后", "Delete from here";
    EditorTitle => "摆局", "Board editor";
    EditPosition => "摆局", "Edit";
    EditorPalette => "要放的棋子", "Piece to place";
    ToolRedSoldier => "红兵", "Red";
    ToolBlackSoldier => "黑卒", "Black";
    ToolTreasure => "宝箱", "Treasure";
    ToolRemove => "移除", "Remove";
    ClearBoard => "清空棋盘", "Clear board";
    StartPosition => "开局局面", "Start position";
    SideToMove => "轮到", "To move";
    TreasureLockSetting => "宝箱已锁定（这一步不能走宝箱）", "Treasure locked (it may not move this turn)";
    SetupReady => "局面合法，轮到{0}走棋。", "A legal position: {0} to move.";
    RefusedTooManyRed => "红方的兵超过 7 个。", "Red has more than 7 soldiers.";
    RefusedTooManyBlack => "黑方的卒超过 7 个。", "Black has more than 7 soldiers.";
    RefusedNoTreasure => "棋盘上没有宝箱。", "There is no treasure on the board.";
    RefusedLockWithoutTreasure => "宝箱已锁定，棋盘上却没有宝箱。", "The treasure is locked, but there is no treasure.";
    RefusedRedJustMoved => "轮到黑方，说明红方刚走过，可红方一个兵也没有。", "Black to move means Red just moved, but Red has no soldiers.";
    RefusedBlackJustMoved => "轮到红方，说明黑方刚走过，可黑方一个卒也没有。", "Red to move means Black just moved, but Black has no soldiers.";
    RefusedSharedPoint => "{0} 上有两个棋子。", "Two pieces stand on {0}.";
    RefusedQuietPlies => "未吃子的步数超过了和棋的限度。", "More moves without a capture than the draw rule allows.";

    // What the screen reader hears (the game screen's live region).
    ComputerPlayed => "电脑走 {0}", "Computer played {0}";
    ComputerPlayedCapturing => "电脑走 {0}，吃掉 {1}", "Computer played {0}, capturing {1}";
    ComputerPassed => "电脑这一步被跳过", "The computer's turn was skipped";
    FriendPlayed => "好友走 {0}", "Your friend played {0}";
    FriendPlayedCapturing => "好友走 {0}，吃掉 {1}", "Your friend played {0}, capturing {1}";
    SentenceBreak => "。", ". ";

    // Playing online (issue 40): the game screen's words for it. Other parts' words for it
    // follow in sections of their own.
    PlayOnline => "在线对弈", "Play online";
    Profile => "我的资料", "Profile";
    Opponent => "对手", "Opponent";
    OpponentWins => "对手赢了", "Your opponent wins";
    OnlineOpponent => "在线对手", "An opponent online";
    ReasonRedAbandoned => "红方离开了对局", "Red left the game";
    ReasonBlackAbandoned => "黑方离开了对局", "Black left the game";
    OpponentPlayed => "对手走 {0}", "Your opponent played {0}";
    OpponentPlayedCapturing => "对手走 {0}，吃掉 {1}", "Your opponent played {0}, capturing {1}";
    SideRandom => "随机", "Random";
    OnlineHow => "邀请好友：把链接发给他，他一打开就入座开局。快速匹配：和另一位选了相同限时的玩家对弈。超时这一步作废，轮到对方走。", "Invite a friend: send them the link, and opening it seats them at the game. Play someone now: play another player who picked the same turn time. A turn not played in time is passed.";
    InviteFriend => "邀请好友", "Invite a friend";
    InviteHelp => "把这个链接发给好友：他打开链接就入座，对局随即开始。链接只能用一次。", "Send this link to your friend: opening it seats them, and the game begins. The link works once.";
    PlaySomeoneNow => "快速匹配", "Play someone now";
    LookingForOpponent => "正在寻找对手……", "Looking for an opponent…";
    StopWaiting => "停止等待", "Stop waiting";
    JoiningGame => "正在进入对局……", "Joining the game…";
    OnlineNeedsNetwork => "在线对弈需要网络连接。", "Playing online needs a network connection.";
    OnlineNoServer => "请先在设置里填写服务器地址。", "Set the server's address in the settings first.";
    OnlineUnreachable => "连不上服务器，请稍后再试。", "The server cannot be reached; try again in a moment.";
    OnlineNoGame => "服务器上没有这盘对局（没人接受的邀请一天后失效）。", "The server has no such game (an invitation nobody accepts expires after a day).";
    OnlineSeatTaken => "这个座位已经有人了。", "That seat is taken.";
    OnlineWrongInvite => "这个邀请链接不对。", "This invitation link is not right.";
    OnlineTooMany => "请求太频繁，请稍等再试。", "Too many tries; wait a moment and try again.";
    OnlineSeatLost => "这台设备不能再走这盘棋了。", "This device can no longer play this game.";
    Connecting => "正在连接……", "Connecting…";
    Reconnecting => "正在重新连接……", "Reconnecting…";
    Watching => "观战中（{0} 人观战）", "Watching ({0} watching)";
    WaitingForFriend => "等好友入座：把邀请链接发给他。", "Waiting for your friend: send them the invitation.";
    OpponentAway => "对手暂时离开了。", "Your opponent is away.";
    ClaimWin => "判对手离局，我方获胜", "Claim the win";
    OnlineAborted => "对局已取消。", "The game was called off.";
    AbortGame => "取消对局", "Call the game off";
    RematchOffered => "已提出再来一局", "Rematch offered";
    AcceptRematch => "接受再来一局", "Accept the rematch";

    // Online games in Your games and the statistics (issue 40), and what the screen reader
    // hears of them.
    StatsOnline => "在线对弈（胜 / 负 / 和）", "Online (won / lost / drawn)";
    FilterOnline => "在线", "Online";
    GameInPlay => "进行中", "In play";
    PlayOnGame => "接着下", "Play on";
    // The question before a live game online from Your games replaces the saved game (the home
    // screen's question for a game by link, `PlayOnReplacesSaved` / `PlayOnByLink`, said of it).
    PlayOnOnlineReplacesSaved => "接着下这盘在线对局后，你未下完的对局会收进“我的对局”。", "Playing on this online game puts your unfinished game away in Your games.";
    PlayOnOnline => "接着下在线对局", "Play on online";
    OpponentTimedOut => "对手超时，轮到你走", "Your opponent ran out of time: your move";
    RedPlayed => "红方走 {0}", "Red played {0}";
    RedPlayedCapturing => "红方走 {0}，吃掉 {1}", "Red played {0}, capturing {1}";
    BlackPlayed => "黑方走 {0}", "Black played {0}";
    BlackPlayedCapturing => "黑方走 {0}，吃掉 {1}", "Black played {0}, capturing {1}";
}

translations! {
    /// The players' words (names, ratings, profiles, the leaderboard), in a table of their own:
    /// only the screens online read them, so they are downloaded with those screens' chunks
    /// rather than with the first screen (src/screen_chunk.rs).
    PlayersText in PLAYERS_TABLE;
    ChooseName => "给自己起个名字", "Choose your name";
    NameHint => "名字 2 到 20 个字，可以用任何文字的字母、数字、_ 和 -。对手和排行榜上都会看到它。", "2 to 20 characters: letters of any script, digits, _ and -. Your opponents and the leaderboard show it.";
    NameLabel => "名字", "Name";
    UseName => "就用这个名字", "Use this name";
    NameTooShort => "名字至少要 2 个字。", "A name has at least 2 characters.";
    NameTooLong => "名字最多 20 个字。", "A name has at most 20 characters.";
    NameSpacesAtEnds => "名字的开头和结尾不能有空格。", "A name cannot start or end with a space.";
    NameControl => "名字里不能有控制字符。", "A name cannot hold control characters.";
    NameMarkup => "名字里不能有 < > & \" ' / \\ 这些符号。", "A name cannot hold < > & \" ' / or \\.";
    NameSpace => "名字中间不能有空格。", "A name cannot hold a space.";
    NameCharacter => "名字里只能有字母、数字、_ 和 -，不能有“{0}”。", "A name holds only letters, digits, _ and -, not “{0}”.";
    NameReserved => "这个名字留给本站使用，请换一个。", "That name is kept for the site: choose another.";
    NameTaken => "这个名字已经有人用了，请换一个。", "That name is taken: choose another.";
    SignInWithCode => "用登录码登录", "Sign in with a code";
    CodeHint => "在已经登录的手机上打开“我的资料”，点“在另一台手机上使用”，再把显示的登录码填在这里。", "On the phone already signed in, open Profile, tap Use this account on another phone, and type the code it shows here.";
    CodeLabel => "登录码", "Code";
    SignIn => "登录", "Sign in";
    WrongCode => "登录码不对，或者已经过期。", "That code is wrong or has expired.";
    PlayWithoutName => "不起名字，直接下", "Play without a name";
    WithoutNameHint => "不起名字也能接受好友邀请；快速匹配只会为你找同样没有名字的玩家，对局都不计等级分。", "Without a name you can still play a friend's invitation; Play someone now pairs you only with players who have no name either, and no game is rated.";
    Leaderboard => "排行榜", "Leaderboard";
    SpeedFast => "快棋", "Fast";
    SpeedStandard => "慢棋", "Standard";
    Rating => "等级分", "Rating";
    RatingOverTime => "等级分走势", "Rating over time";
    Results => "胜 {0} · 负 {1} · 和 {2}", "Won {0} · lost {1} · drawn {2}";
    GamesOnline => "在线对局", "Games online";
    NoGamesOnline => "还没有在线对局。", "No games online yet.";
    NoRatedGames => "下完一盘计分对局，这里就会画出走势。", "Finish a rated game to see the chart.";
    UseOnAnotherPhone => "在另一台手机上使用", "Use this account on another phone";
    CodeShown => "在另一台手机上点“用登录码登录”，输入这个登录码或扫描二维码。10 分钟内有效，只能用一次。", "On the other phone tap Sign in with a code, then type this code or scan the QR code. It works once, within 10 minutes.";
    DeleteAccount => "删除我的账号", "Delete my account";
    DeleteAccountQuestion => "删除后，你的名字和等级分都会消失；下过的对局还在，但不再显示你的名字。确定删除吗？", "Your name and ratings go; your games stay, without your name. Delete the account?";
    DeleteAccountConfirm => "删除账号", "Delete the account";
    GameKind => "对局", "Game";
    Casual => "不计分", "Casual";
    Rated => "计分", "Rated";
    SeekIsRated => "快速匹配的对局计入等级分。", "Games with Play someone now are rated.";
    LeaderboardEmpty => "还没有人上榜：等级分稳定下来的玩家才会上榜。", "No one is on the leaderboard yet: players appear once their rating has settled.";
    Anonymous => "匿名玩家", "Anonymous";
    SignedInAs => "已登录：{0}", "Signed in as {0}";
    Versus => "对 {0}", "vs {0}";
    RatingChanges => "等级分变化", "Rating changes";
}

translations! {
    /// The rules page's text, in its own table: only that page reads it, so it is downloaded
    /// with the page's chunk of the web app rather than with the first screen
    /// (src/screen_chunk.rs).
    RulesText in RULES_TABLE;
    Title => "游戏规则", "How to play";
    QuickStart => "快速上手", "Quick start";
    Quick1 => "双方各有七个兵，宝箱站在棋盘正中。红方先走。", "Each side has seven soldiers; the treasure chest stands in the middle. Red moves first.";
    Quick2 => "轮到你时，沿线把自己的一个兵——或宝箱——走一步到相邻的空点。", "On your turn, move one of your soldiers — or the treasure — one step along a line to an empty neighbouring point.";
    Quick3 => "走完后，看经过这步起点或终点的每条线：若线上只有三枚棋子，占着相邻的三个点，两端是你的兵，中间是对方的兵或宝箱，中间这枚就被吃掉（夹吃）。棋盘上原有的夹形不算。", "After your move, look at each line through the point your piece left or reached: if the line holds just three pieces, on three consecutive points, with your soldiers at both ends and an enemy soldier or the treasure in the middle, the middle piece is captured. A sandwich already standing on the board captures nothing.";
    Quick4 => "吃掉宝箱、吃光对方的兵，或让对方无棋可走，你就赢了。", "Capture the treasure, capture every enemy soldier, or leave your opponent without a move, and you win.";
    BoardTitle => "棋盘与布局", "Board and setup";
    BoardText => "棋盘是去掉四个角的 5×5 网格，共 21 个点。横线、竖线和斜线共 16 条；棋子只能沿线走。纵列从左到右记作 a–e，横行从下到上记作 1–5（从红方看）。", "The board is a 5×5 grid without its four corners: 21 points. Sixteen lines — rows, columns and diagonals — join them, and pieces move only along the lines. Files are a–e from left to right and rows 1–5 from bottom to top, as Red sees it.";
    PiecesText => "红方的兵刻着“兵”，黑方的兵刻着“卒”；金色的宝箱刻着“宝”。", "Red's soldiers are marked 兵 (bīng), Black's soldiers 卒 (zú), and the gold treasure chest 宝 (bǎo).";
    SetupText => "红方七个兵占下面两行，黑方七个兵占上面两行，每方前排正中的点空着。宝箱放在中心点 c3。中间一行开局时除宝箱外全空。", "Red's seven soldiers fill the bottom two rows and Black's the top two, leaving the middle point of each front row empty. The treasure starts on the centre point c3; the rest of the middle row is empty.";
    MovingTitle => "走子", "Moving";
    MovingText => "轮到你时必须走一步：把自己的一个兵或宝箱沿线移到相邻的空点。不能跳过棋子，不能走到有子的点。宝箱不属于任何一方，双方都可以走它。", "Every turn you must move: one of your soldiers or the treasure goes one step along a line to an adjacent empty point. Pieces never jump and never share a point. The treasure belongs to no one: either player may move it.";
    LockTitle => "宝箱锁定", "The treasure lock";
    LockText => "不论哪一方走了宝箱，宝箱随即锁定：下一步双方都不能再走它，直到有一方走了一个兵才解锁。因超时而跳过的一步不会解锁。锁定时宝箱上显示一把小锁。", "Once anyone moves the treasure, it is locked: on the next move neither player may move it. It stays locked until a soldier moves. A turn skipped by the clock does not unlock it. A small padlock shows on the treasure while it is locked.";
    CaptureTitle => "夹吃", "Capturing by sandwich";
    CaptureText => "走完一步后，查看经过这枚棋子起点或终点的每一条线。若某条线上恰好只有三枚棋子，它们连在三个相邻的点上，两端是你的兵，中间是对方的兵或宝箱，中间这枚就被吃掉。所有线一起判断，被夹住的棋子同时拿走，所以一步可以吃掉好几枚。", "After your move, look at every line through the point your piece left or the point it reached. If such a line holds exactly three pieces, on three neighbouring points, with your soldiers at both ends and an enemy soldier or the treasure in the middle, the middle piece is captured. All lines are judged together and every captured piece is removed at once, so one move can capture several.";
    CaptureBlockedText => "这条线上只要还有第四枚棋子——不论是谁的，包括宝箱——就吃不成。", "Any other piece anywhere on that line — of either side, or the treasure — prevents the capture.";
    CaptureMoverText => "只有走棋的一方能吃子，而且只在这步棋经过的线上。自己走进对方两个兵之间是安全的；已经摆在棋盘上的夹形不会自动吃子，除非以后有一步棋又经过这条线。把挡在线上的棋子移开，也能在它离开的那条线上吃子。", "Only the player who moves captures, and only on lines the move touched. Stepping between two enemy soldiers is safe, and a sandwich left standing is not taken later unless a move touches that line again. Moving a blocking piece away can capture on the line it left.";
    CaptureTreasureText => "宝箱可以被夹吃，但宝箱永远不能充当夹吃两端的棋子。", "The treasure can be captured like a soldier, but it never counts as one of the two sandwiching pieces.";
    SelfDeliveryText => "把宝箱走到自己两个兵之间（线上没有别的棋子），也算你夹住了它：你吃掉宝箱，直接获胜。", "Moving the treasure between two of your own soldiers, on an otherwise empty line, captures it for you: you win at once.";
    WinTitle => "胜负", "Winning";
    WinIntro => "每走一步并吃子之后，按以下顺序判断：", "Right after each move and its captures, check in this order:";
    WinTreasure => "夺宝：你吃掉了宝箱，你赢。", "Treasure: you captured the treasure — you win.";
    WinAnnihilation => "全歼：对方一个兵也没有了，你赢。", "Annihilation: your opponent has no soldiers left — you win.";
    WinBlockade => "困毙：轮到对方走，但对方无棋可走（兵都走不动，宝箱也已锁定或无路可走），你赢。", "Blockade: your opponent, now to move, has no legal move (no soldier can move and the treasure is locked or blocked) — you win.";
    TimeTitle => "计时", "The turn clock";
    TimeText => "每步限时 60 秒。时间用完，这一步就被跳过（棋谱中记作“超时”），轮到对方走；棋盘、宝箱锁定和双方的兵都不变。", "Each turn has 60 seconds. When they run out, the turn is skipped (written pass in the move list) and the other side moves; the board, the treasure lock and the soldiers stay as they were.";
    TimeSetting => "本应用补充：限时可在设置中改为 15、30、60（默认）或 120 秒，也可以关闭。电脑每步的思考时间远少于限时。", "Added by this app: in Settings the turn time can be 15, 30, 60 (the default) or 120 seconds, or off. The computer thinks for far less than the turn time.";
    DrawsTitle => "和棋（本应用补充的规则）", "Draws (rules added by this app)";
    DrawsIntro => "原始规则没有和棋。为了让每盘棋都能结束，本应用补充了两条：", "The original rules have no draws. So that every game ends, this app adds two:";
    DrawRepetition => "重复局面：同一局面（同样的棋子在同样的点上、同一方走棋、宝箱锁定状态相同）第三次出现时，判和。", "Repetition: when the same position — the same pieces on the same points, the same side to move, the same treasure lock — occurs for the third time, the game is drawn.";
    DrawQuiet => "百步无吃：双方合计连续 100 步没有任何吃子（超时跳过也算一步），判和。", "Quiet limit: 100 moves in a row without a capture, counting both sides' moves and skipped turns, draw the game.";
    EndingsTitle => "认输与议和（本应用补充的规则）", "Resigning and agreed draws (rules added by this app)";
    EndingsText => "轮到你走时，可以认输，对方获胜；和朋友对弈时，也可以提和，对方在下一步时选择同意或拒绝，同意即为和棋。", "On your turn you may resign, and the other side wins. Between friends you may also offer a draw: the other side accepts or declines on their turn, and a draw accepted ends the game.";
    SwapTitle => "交换规则（本应用补充的可选规则）", "The swap rule (an optional rule added by this app)";
    SwapText => "这个游戏已被完全解出：红方第一步走 c3c2，之后无论黑方怎么应对，红方都能在 21 步之内（双方的步数合计）夺宝获胜。为了让对局公平，可以在设置中打开交换规则：红方走完第一步后，黑方可以选择交换，接手红方和这一步，原来的红方改执黑方，接着走黑方的第一步；黑方也可以不交换，照常应着。这样先手一方就不会走一步必胜的棋，因为对方会把它接过去。交换只有在从开局布局开始的对局里、黑方的第一步时才能选择。默认关闭。", "The game is solved: Red's first move c3c2 wins by force, taking the treasure within 21 moves (both sides counted) whatever Black does. For fair games, turn on the swap rule in Settings: after Red's first move, Black may swap, taking over Red and that move, while the first player takes Black and makes Black's first move; or Black answers as usual. The first player then has no reason to open with a winning move, since the opponent would take it over. The swap is offered only on Black's first turn of a game from the starting position. It is off by default.";
    FirstMovesText => "红方每一种第一步的结果都已解出（从开局算起，双方步数合计）：c3c2 在 21 步内取胜；a2a3、e2e3 在 25 步内取胜；其余十种都会落败——b2c2、d2c2 在 8 步内，c1c2 在 10 步内，c3c4 在 12 步内，c3b3、c3d3 在 20 步内，b2b3、d2d3 在 26 步内，b2a3、d2e3 在 30 步内。所以打开交换规则后，双方都不失误时后手获胜；不过对 b2a3 或 d2e3，黑方要走出一条长达 29 步的取胜路线。", "Every first move of Red's is solved (moves counted for both sides, from the start): c3c2 wins within 21; a2a3 and e2e3 win within 25; the other ten lose: b2c2 and d2c2 within 8, c1c2 within 10, c3c4 within 12, c3b3 and c3d3 within 20, b2b3 and d2d3 within 26, b2a3 and d2e3 within 30. So with the swap rule the second player wins with perfect play, though after b2a3 or d2e3 Black must find a win 29 moves long.";
    NotationTitle => "记谱", "Notation";
    NotationText => "棋谱中每步写作起点加终点，例如 c1c2；超时跳过的一步记作“超时”；吃子时在后面加 x 和被吃的点，例如 d2c2x(b2)。", "The move list writes each move as origin then destination, such as c1c2; a skipped turn is pass; a capture adds x and the captured points, such as d2c2x(b2).";
    DiagramStart => "开局布局", "The starting position";
    DiagramCapture => "红方 d2 走到 c2，夹吃 b2 上的黑卒", "Red moves d2 to c2 and sandwiches the black soldier on b2";
    DiagramBlocked => "同样一步，但 e2 上还有一个黑卒：这一行有四枚棋子，吃不成", "The same move, but a black soldier also stands on e2: four pieces on the row, no capture";
    DiagramLock => "红方刚把宝箱走到 c2：黑方这一步不能走宝箱", "Red has just moved the treasure to c2: Black may not move it this turn";
    DiagramSelfDelivery => "红方把宝箱从 c4 走到 c3，落在自己两个兵之间：红方夺宝获胜", "Red moves the treasure from c4 to c3, between two red soldiers: Red wins the treasure";
    DiagramCaptured => "被吃", "captured";
    ByLinkText => "远程对弈不计时，没有提示，也不能悔棋或提和；认输和走棋一样要发给好友，对方打开链接就能看到结果。", "Games with a friend by link have no clock, no hints, no undo and no draw offers; a resignation is sent like a move, and your friend sees the result on opening the link.";
}

/// The text for `key` in `lang`.
pub fn text(lang: Lang, key: impl Text) -> &'static str {
    let (zh, en) = key.texts();
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Of a text written once for each side (`RedTimedOut`, `BlackTimedOut`), `color`'s.
pub const fn side_key(color: Color, red: Key, black: Key) -> Key {
    match color {
        Color::Red => red,
        Color::Black => black,
    }
}

pub const fn color_key(color: Color) -> Key {
    side_key(color, Key::Red, Key::Black)
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

/// The text for `key` with `{0}`, `{1}`, … replaced by `values` in order.
pub fn fill(lang: Lang, key: impl Text, values: &[&str]) -> String {
    values
        .iter()
        .enumerate()
        .fold(text(lang, key).to_string(), |filled, (index, value)| {
            filled.replace(&format!("{{{index}}}"), value)
        })
}

/// "1 move", "3 moves": a count of one side's moves.
pub fn moves_count(lang: Lang, moves: u32) -> String {
    match moves {
        1 => text(lang, Key::MovesOne).to_string(),
        n => fill(lang, Key::MovesMany, &[&n.to_string()]),
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

    /// Whether `pair` names a point of the board, such as `c3`.
    fn is_point(pair: &[u8]) -> bool {
        matches!(pair, [b'a'..=b'e', b'1'..=b'5'])
    }

    /// Whether `word`, a run of Latin letters and digits in a Chinese text, is board notation:
    /// `pass`, the capture mark `x`, a file (`a–e`), or points and moves (`c3`, `d2c2x`).
    fn is_notation(word: &str) -> bool {
        let points = word.strip_suffix('x').unwrap_or(word).as_bytes();
        // An odd letter or digit at the end makes a chunk of one, which is no point.
        matches!(word, "x" | "a" | "b" | "c" | "d" | "e")
            || (!points.is_empty() && points.chunks(2).all(is_point))
    }

    /// The board points that `text` names (`b2`, and both points of a move such as `d2c2`),
    /// sorted.
    fn points_named(text: &str) -> Vec<&str> {
        let bytes = text.as_bytes();
        let mut points: Vec<&str> = (0..bytes.len().saturating_sub(1))
            .filter(|&i| is_point(&bytes[i..i + 2]))
            .filter(|&i| i == 0 || !bytes[i - 1].is_ascii_alphabetic())
            .filter(|&i| !bytes.get(i + 2).is_some_and(u8::is_ascii_digit))
            .map(|i| &text[i..i + 2])
            .collect();
        points.sort_unstable();
        points
    }

    /// Every table's rows, each key by its name, its texts read as the app reads them.
    fn rows() -> Vec<(String, &'static str, &'static str)> {
        fn named(key: impl Text + std::fmt::Debug) -> (String, &'static str, &'static str) {
            let (zh, en) = key.texts();
            (format!("{key:?}"), zh, en)
        }
        let main = Key::ALL.iter().map(|&key| named(key));
        let rules = RulesText::ALL.iter().map(|&key| named(key));
        let players = PlayersText::ALL.iter().map(|&key| named(key));
        main.chain(rules).chain(players).collect()
    }

    #[test]
    fn every_key_has_a_text_in_both_languages() {
        for (key, zh, en) in rows() {
            assert!(!zh.trim().is_empty(), "{key:?} lacks Chinese");
            assert!(!en.trim().is_empty(), "{key:?} lacks English");
        }
    }

    #[test]
    fn chinese_texts_are_chinese_and_english_texts_are_english() {
        let has_cjk = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        for (key, zh, en) in rows() {
            let separators = [
                Key::ListSeparator,
                Key::TitleSeparator,
                Key::Enumeration,
                Key::SentenceBreak,
            ];
            if !separators
                .iter()
                .any(|separator| format!("{separator:?}") == key)
            {
                assert!(has_cjk(zh), "{key:?}: {zh:?} is not Chinese");
            }
            for word in zh.split(|c: char| !c.is_ascii_alphanumeric()) {
                let latin = word.chars().any(|c| c.is_ascii_alphabetic());
                assert!(!latin || is_notation(word), "{key:?}: {word:?} in {zh:?}");
            }
            // The pieces' glyphs are named in English too: they are what the player sees.
            let en_words = en.replace(['兵', '卒', '宝'], "");
            assert!(!has_cjk(&en_words), "{key:?}: {en:?} is not English");
        }
    }

    /// The game's terms, one word each per language (docs/RULES.md, section 1).
    /// By key name, in whichever table holds it.
    const GLOSSARY: &[(&str, &str, &str)] = &[
        ("Red", "红方", "Red"),
        ("Black", "黑方", "Black"),
        ("RedSoldier", "红兵", "red soldier"),
        ("BlackSoldier", "黑卒", "black soldier"),
        ("Treasure", "宝箱", "treasure"),
        ("CaptureTitle", "夹吃", "Capturing by sandwich"),
        ("LessonBlockadeTitle", "困毙", "Blockade"),
        ("Draw", "和棋", "Draw"),
        ("PassNotation", "超时", "pass"),
    ];

    /// Words that would say a glossary term another way, and the term to use instead. A count
    /// of moves is written "100 步" / "100 moves" (either side's move counts as one).
    const NOT_IN_CHINESE: &[(&str, &str)] = &[
        ("夹子", "夹吃 or 夹形"),
        ("宝物", "宝箱"),
        ("宝盒", "宝箱"),
        ("红棋", "红方"),
        ("黑棋", "黑方"),
        ("和局", "和棋"),
        ("平局", "和棋"),
        ("全灭", "全歼"),
        ("pass", "超时"),
        ("一百步", "100 步"),
        ("回合", "步"),
        ("震动", "振动"),
    ];
    const NOT_IN_ENGLISH: &[(&str, &str)] = &[
        (" plies", "moves"),
        (" ply ", "move"),
        ("100 turns", "100 moves"),
    ];

    #[test]
    fn the_glossary_terms_are_the_only_words_for_them() {
        let rows = rows();
        for &(key, zh, en) in GLOSSARY {
            let found = rows.iter().find(|(name, ..)| name == key);
            assert_eq!(found.map(|&(_, zh, en)| (zh, en)), Some((zh, en)), "{key}");
        }
        for (key, zh, en) in rows {
            for (variant, term) in NOT_IN_CHINESE {
                assert!(
                    !zh.contains(variant),
                    "{key:?}: {variant} in {zh:?}, say {term}"
                );
            }
            for (variant, term) in NOT_IN_ENGLISH {
                assert!(
                    !en.contains(variant),
                    "{key:?}: {variant} in {en:?}, say {term}"
                );
            }
            // Two passives in one clause read as a translation.
            for clause in zh.split(['，', '。', '：', '；']) {
                assert!(clause.matches('被').count() < 2, "{key:?}: {clause:?}");
            }
        }
    }

    #[test]
    fn both_languages_name_the_same_board_points() {
        for (key, zh, en) in rows() {
            assert_eq!(points_named(zh), points_named(en), "{key:?}");
        }
    }

    #[test]
    fn the_notation_checks_tell_notation_from_words() {
        for notation in ["x", "a", "c3", "d2c2x"] {
            assert!(is_notation(notation), "{notation}");
        }
        for word in ["Red", "pass", "bad", "f3", "c6", "c3c"] {
            assert!(!is_notation(word), "{word}");
        }
        assert_eq!(
            points_named("d2c2x(b2), c3 a–e 5×5"),
            ["b2", "c2", "c3", "d2"]
        );
        assert_eq!(points_named("Level2, e12, a"), Vec::<&str>::new());
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
    fn fill_puts_values_in_place_and_counts_read_correctly() {
        assert_eq!(fill(Lang::En, Key::WinIn, &["3 moves"]), "Win in 3 moves");
        assert_eq!(moves_count(Lang::En, 1), "1 move");
        assert_eq!(moves_count(Lang::En, 4), "4 moves");
        assert_eq!(moves_count(Lang::Zh, 4), "4 步");
        let zh = fill(
            Lang::Zh,
            Key::NowWinsByForce,
            &["黑方", &moves_count(Lang::Zh, 4), "b4b3 c3b2"],
        );
        assert_eq!(zh, "黑方现在可以强制取胜，4 步之内：b4b3 c3b2");
        for (key, zh, en) in rows() {
            for index in 0..4 {
                let slot = format!("{{{index}}}");
                assert_eq!(zh.contains(&slot), en.contains(&slot), "{key:?} {slot}");
            }
        }
    }

    #[test]
    fn language_codes_round_trip() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(Lang::from_code(lang.tag()), Some(lang));
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            assert_eq!(lang.other().other(), lang);
        }
        assert_eq!(Lang::from_code("fr"), None);
    }

    /// The web page shows the home screen's title before the app has loaded, and the installed
    /// web app is named in each language: those words are this table's.
    #[test]
    fn the_web_page_and_the_installed_app_use_the_tables_words() {
        let page = include_str!("../index.html");
        let manifests = [
            (
                Lang::Zh,
                include_str!("../assets/web/manifest.zh.webmanifest"),
            ),
            (
                Lang::En,
                include_str!("../assets/web/manifest.en.webmanifest"),
            ),
        ];
        for (lang, manifest) in manifests {
            let tag = lang.tag();
            for (element, key) in [("h1", Key::AppTitle), ("p class=\"tagline\"", Key::Tagline)] {
                let shown = format!("<{element} lang=\"{tag}\">{}<", text(lang, key));
                assert!(page.contains(&shown), "index.html lacks {shown}");
            }
            let short_name = serde_json::to_string(text(lang, Key::AppShortName)).unwrap();
            assert!(page.contains(&short_name), "index.html lacks {short_name}");
            let manifest: serde_json::Value = serde_json::from_str(manifest).unwrap();
            assert_eq!(manifest["name"], text(lang, Key::AppTitle));
            assert_eq!(manifest["short_name"], text(lang, Key::AppShortName));
            assert_eq!(manifest["lang"], tag);
            assert_eq!(manifest["id"], "/", "both manifests describe one app");
        }
    }
}
