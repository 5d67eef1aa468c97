//! The server's endgame tables beside the analysis board, as Lichess's tablebase panel shows
//! them: for a position beyond the tables the app carries, the tablebase service's verdict and
//! every move with its value, best first; a tap on a move plays it. Asked a moment after the
//! position settles (stepping through a game asks only where it stops); while it is asked, out
//! of reach or answering nonsense, the board works as without it and says so.
//!
//! While the next position is asked about, the panel keeps the last answer, dimmed and not
//! tappable, as Lichess's does: collapsing to a line and growing again on every step moved
//! everything below it (the move list, the switches, the buttons) twice per move, under the
//! player's finger. A service that is not there keeps the panel away for the next positions too,
//! rather than flashing "asking" on each.

use std::time::Duration;

use dioxus::prelude::*;
use duobao_engine::CancelToken;
use duobao_rules::{Color, Game, Move, Position};

use crate::endgames::carries;
use crate::engine_task::{use_engine_task, Answers, EngineJob};
use crate::i18n::{color_key, fill, moves_count, text, Key, Lang};
use crate::platform::sleep;
use crate::prefs::Prefs;
use crate::server_address::ServerAddress;
use crate::tablebase_service::{ask, Category, MoveValue, Reply, TableAnswer};

/// How long the position must stay before the service is asked.
const SETTLE: Duration = Duration::from_millis(250);

/// The longest wait for the service: past it, the service counts as out of reach.
const WAIT: Duration = Duration::from_secs(8);

/// A question for the service, run as the engine's jobs are (the same hook stops it when the
/// position changes or the panel goes), though it is the service, not the engine, that answers.
#[derive(Clone, PartialEq)]
struct Question {
    position: Position,
    service: ServerAddress,
}

impl EngineJob for Question {
    type Key = Question;
    /// The reply with the question it answers.
    type Answer = (Question, Reply);

    fn key(&self) -> Question {
        self.clone()
    }

    async fn run(self, _cancel: CancelToken, answers: Answers<(Question, Reply)>) {
        sleep(SETTLE).await;
        let reply = ask(&self.service, &self.position, WAIT).await;
        answers.send((self, reply));
    }
}

/// The service's answer for `game`'s position (none for a finished game, or one the app's own
/// tables hold); a tap on a move hands it to `on_play`.
#[component]
pub fn ServerTables(game: Memo<Game>, on_play: EventHandler<Move>) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let address: Signal<ServerAddress> = use_context();
    // The last reply and the question it answers, kept while the next one is asked.
    let mut reply = use_signal(|| None::<(Question, Reply)>);
    // The position to ask about: none for a finished game or one the app's own tables hold.
    let asked = use_memo(move || {
        let game = game.read();
        let position = *game.position();
        (!game.is_over() && !carries(&position)).then_some(position)
    });
    let question = move || {
        Some(Question {
            position: asked()?,
            service: address(),
        })
    };
    use_engine_task(question, move |answer| reply.set(Some(answer)));
    let Some(current) = question() else {
        return rsx! {};
    };
    let reply = reply.read().clone();
    // An answer to an earlier question, shown until this one's comes.
    let stale = reply
        .as_ref()
        .is_some_and(|(answered, _)| *answered != current);
    let (state, said) = match &reply {
        None => ("asking", Some(text(lang, Key::TablebaseAsking).to_string())),
        Some((_, Reply::NoService)) => return rsx! {},
        // Where the site the app came from has no service, there is nothing to say.
        Some((answered, Reply::Absent)) if answered.service == ServerAddress::ThisSite => {
            return rsx! {}
        }
        Some((_, Reply::Absent)) => ("absent", Some(text(lang, Key::TablebaseAbsent).to_string())),
        Some((_, Reply::Unreachable)) => (
            "unreachable",
            Some(text(lang, Key::TablebaseUnreachable).to_string()),
        ),
        Some((_, Reply::Nonsense)) => (
            "nonsense",
            Some(text(lang, Key::TablebaseNonsense).to_string()),
        ),
        Some((_, Reply::Answer(_))) => ("answer", None),
    };
    let state = if stale { "asking" } else { state };

    rsx! {
        section {
            class: if stale { "tablebase-panel {state} stale" } else { "tablebase-panel {state}" },
            aria_label: text(lang, Key::TablebaseTitle),
            aria_busy: stale,
            "data-testid": "tablebase-panel",
            "data-state": state,
            h3 { {text(lang, Key::TablebaseTitle)} }
            if let Some(said) = said {
                p { class: "tablebase-note", role: "status", "data-testid": "tablebase-note", "{said}" }
            }
            if let Some((answered, Reply::Answer(answer))) = reply {
                Answered { answer, turn: answered.position.turn(), lang, stale, on_play }
            }
        }
    }
}

#[component]
fn Answered(
    answer: TableAnswer,
    turn: Color,
    lang: Lang,
    /// Whether the answer is for an earlier position: its moves are then not played.
    stale: bool,
    on_play: EventHandler<Move>,
) -> Element {
    let verdict = verdict(lang, turn, answer.category, answer.plies);
    rsx! {
        p {
            class: "tablebase-verdict {answer.category.code()}",
            role: "status",
            "data-testid": "tablebase-verdict",
            "data-category": answer.category.code(),
            "data-plies": answer.plies,
            "{verdict}"
        }
        if answer.known() && !answer.moves.is_empty() {
            ol { class: "tablebase-moves", aria_label: text(lang, Key::TablebaseMoves),
                for value in answer.moves {
                    {
                        let label = move_value(lang, &value);
                        let m = value.m;
                        rsx! {
                            li { key: "{m}",
                                button {
                                    class: "tablebase-move {value.category.code()}",
                                    r#type: "button",
                                    disabled: stale,
                                    "data-testid": "tablebase-move",
                                    "data-move": "{m}",
                                    "data-category": value.category.code(),
                                    "data-plies": value.plies,
                                    aria_label: fill(lang, Key::TablebaseMovePlay, &[&m.to_string(), &label]),
                                    onclick: move |_| on_play.call(m),
                                    span { class: "move", "{m}" }
                                    span { class: "value", "{label}" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The position's value for `turn`, the side to move, in words.
fn verdict(lang: Lang, turn: Color, category: Category, plies: Option<u32>) -> String {
    let side = |color: Color| text(lang, color_key(color));
    match (category, plies) {
        (Category::Win | Category::Loss, Some(plies)) => {
            // A win in k plies takes ⌈k/2⌉ of the winner's moves from its own turn, ⌊k/2⌋ from
            // the loser's.
            let (winner, moves) = if category == Category::Win {
                (turn, plies.div_ceil(2))
            } else {
                (turn.other(), plies / 2)
            };
            fill(
                lang,
                Key::VerdictWinsByForce,
                &[side(winner), &moves_count(lang, moves), &plies.to_string()],
            )
        }
        (Category::Draw, _) => text(lang, Key::TablebaseDraw).to_string(),
        (Category::WinOrDraw, _) | (Category::Win, None) => {
            fill(lang, Key::TablebaseWinUnlessQuiet, &[side(turn)])
        }
        (Category::LossOrDraw, _) | (Category::Loss, None) => {
            fill(lang, Key::TablebaseWinUnlessQuiet, &[side(turn.other())])
        }
        (Category::Unknown, _) => text(lang, Key::TablebaseUnknown).to_string(),
    }
}

/// A move's value for the side playing it, short: "win in 5", "draw".
fn move_value(lang: Lang, value: &MoveValue) -> String {
    match (value.category, value.plies) {
        (Category::Win, Some(plies)) => fill(lang, Key::TablebaseMoveWin, &[&plies.to_string()]),
        (Category::Loss, Some(plies)) => fill(lang, Key::TablebaseMoveLoss, &[&plies.to_string()]),
        (Category::Draw, _) => text(lang, Key::TablebaseMoveDraw).to_string(),
        (Category::WinOrDraw | Category::Win, _) => text(lang, Key::TablebaseMoveWinOrDraw).into(),
        (Category::LossOrDraw | Category::Loss, _) => {
            text(lang, Key::TablebaseMoveLossOrDraw).into()
        }
        (Category::Unknown, _) => text(lang, Key::TablebaseMoveUnknown).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_name_the_winner_and_count_both_sides() {
        assert_eq!(
            verdict(Lang::En, Color::Red, Category::Win, Some(5)),
            "Red wins by force in 3 moves (5 moves in all, both sides counted)"
        );
        assert_eq!(
            verdict(Lang::En, Color::Red, Category::Loss, Some(4)),
            "Black wins by force in 2 moves (4 moves in all, both sides counted)"
        );
        assert_eq!(
            verdict(Lang::Zh, Color::Black, Category::LossOrDraw, None),
            "红方可以取胜，除非先到百步无吃而和棋"
        );
        assert_eq!(
            verdict(Lang::Zh, Color::Red, Category::Unknown, None),
            "服务器的残局库里没有这个局面"
        );
    }

    #[test]
    fn moves_read_short() {
        let value = |category, plies| MoveValue {
            m: "c3c2".parse().unwrap(),
            category,
            plies,
        };
        assert_eq!(
            move_value(Lang::En, &value(Category::Win, Some(5))),
            "win in 5"
        );
        assert_eq!(
            move_value(Lang::Zh, &value(Category::Loss, Some(8))),
            "负（8 步）"
        );
        assert_eq!(move_value(Lang::Zh, &value(Category::Draw, None)), "和棋");
    }
}
