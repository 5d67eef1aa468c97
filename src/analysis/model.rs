//! The analysis board's state, free of any UI: the position it started from, the tree of moves
//! tried since, where the board stands in it, the piece picked up, and the move list's layout
//! (the main line with its variations, as a game's notation writes them).

use duobao_rules::{Color, Game, Move, Ply, Position};

use super::tree::{MoveTree, NodeId};
use crate::i18n::Lang;
use crate::move_list::ply_text;

#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    start: Position,
    tree: MoveTree,
    at: NodeId,
    /// The game at `at`, kept so that reading it costs no replay.
    game: Game,
}

impl Analysis {
    /// `game`'s moves as the main line from its start, the board after the first `at` plies.
    pub fn new(game: &Game, at: usize) -> Analysis {
        let (tree, ids) = MoveTree::with_line(game.plies().iter().copied());
        let at = match at.min(ids.len()) {
            0 => MoveTree::ROOT,
            plies => ids[plies - 1],
        };
        let mut analysis = Analysis {
            start: *game.start_position(),
            tree,
            at,
            game: Game::from_position(*game.start_position()),
        };
        analysis.go(at);
        analysis
    }

    /// A fresh analysis of `position`.
    #[cfg(test)]
    pub fn of_position(position: Position) -> Analysis {
        Analysis::new(&Game::from_position(position), 0)
    }

    #[cfg(test)]
    fn tree(&self) -> &MoveTree {
        &self.tree
    }

    /// The game from the start to where the board stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays `m` where the board stands: into the move already there, or as a new one (a
    /// variation when another move was tried here first). Not a legal move: nothing happens.
    pub fn play(&mut self, m: Move) {
        let mut next = self.game.clone();
        if let Ok(played) = next.play(Ply::Move(m)) {
            self.at = self.tree.add(self.at, played);
            self.game = next;
        }
    }

    /// The board goes to `node` (one of this tree's).
    pub fn go(&mut self, node: NodeId) {
        if !self.tree.contains(node) {
            return;
        }
        let mut game = Game::from_position(self.start);
        for played in self.tree.plies_to(node) {
            game.play(played.ply)
                .expect("the tree holds only plies that were legal where they were played");
        }
        self.at = node;
        self.game = game;
    }

    pub fn can_go_back(&self) -> bool {
        self.tree.parent(self.at).is_some()
    }

    pub fn can_go_forward(&self) -> bool {
        self.tree.main_child(self.at).is_some()
    }

    pub fn first(&mut self) {
        self.go(MoveTree::ROOT);
    }

    pub fn back(&mut self) {
        if let Some(parent) = self.tree.parent(self.at) {
            self.go(parent);
        }
    }

    /// One move on, along the line the board is in.
    pub fn forward(&mut self) {
        if let Some(next) = self.tree.main_child(self.at) {
            self.go(next);
        }
    }

    /// To the end of the line the board is in.
    pub fn last(&mut self) {
        self.go(self.tree.line_end(self.at));
    }

    /// Whether the board stands in a variation, which can be promoted.
    pub fn in_variation(&self) -> bool {
        !self.tree.is_on_main_line(self.at)
    }

    /// Promotes the variation the board stands in by one level.
    pub fn promote(&mut self) {
        self.tree.promote(self.at);
    }

    /// Deletes the move the board stands on and all after it; the board goes back one.
    pub fn delete(&mut self) {
        if let Some(parent) = self.tree.delete(self.at) {
            self.go(parent);
        }
    }

    /// The move list: the main line and its variations as runs of moves, in reading order.
    pub fn runs(&self, lang: Lang) -> Vec<Run> {
        let mut runs = Vec::new();
        self.line(&mut runs, 0, Vec::new(), MoveTree::ROOT, lang);
        runs
    }

    /// The line that goes on from `from` (whose own move, if any, is `run`'s last cell) onto
    /// `runs` at `depth`: each move in turn, and after a move with alternatives a run of its
    /// own for each, a level deeper, before the line goes on (as "1. b2c2 b4b3 (1… d4d3) 2. …").
    fn line(
        &self,
        runs: &mut Vec<Run>,
        depth: usize,
        mut run: Vec<Cell>,
        from: NodeId,
        lang: Lang,
    ) {
        let mut at = from;
        while let Some((&main, variations)) = self.tree.children(at).split_first() {
            let starts = run.is_empty();
            run.push(self.cell(main, starts, lang));
            if !variations.is_empty() {
                runs.push(Run {
                    depth,
                    cells: std::mem::take(&mut run),
                });
                for &variation in variations {
                    let first = vec![self.cell(variation, true, lang)];
                    self.line(runs, depth + 1, first, variation, lang);
                }
            }
            at = main;
        }
        if !run.is_empty() {
            runs.push(Run { depth, cells: run });
        }
    }

    /// `node`'s move in the list, numbered when it is Red's or `starts` a run.
    fn cell(&self, node: NodeId, starts: bool, lang: Lang) -> Cell {
        let played = self
            .tree
            .played(node)
            .expect("only the start has no move, and it is never a cell");
        let plies = self.tree.path(node).len();
        // Move 1 is Red's first and Black's reply; a start with Black to move begins at 1….
        let black_first = usize::from(self.start.turn() == Color::Black);
        let number = (plies - 1 + black_first) / 2 + 1;
        let prefix = match played.mover {
            Color::Red => Some(format!("{number}.")),
            Color::Black if starts => Some(format!("{number}…")),
            Color::Black => None,
        };
        Cell {
            node,
            prefix,
            text: ply_text(lang, &played),
            mover: played.mover,
            current: node == self.at,
        }
    }
}

/// Moves read in a row: the main line's (depth 0) or a variation's.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub depth: usize,
    pub cells: Vec<Cell>,
}

/// A move in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub node: NodeId,
    /// `3.` before Red's move, `3…` before Black's at the start of a run.
    pub prefix: Option<String>,
    pub text: String,
    pub mover: Color,
    /// The board stands on it.
    pub current: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::mv;

    /// The list as text: a run a line, its depth as indentation, `*` on the current move.
    fn listing(analysis: &Analysis) -> String {
        analysis
            .runs(Lang::En)
            .iter()
            .map(|run| {
                let cells: Vec<String> = run
                    .cells
                    .iter()
                    .map(|cell| {
                        let mark = if cell.current { "*" } else { "" };
                        match &cell.prefix {
                            Some(prefix) => format!("{prefix} {}{mark}", cell.text),
                            None => format!("{}{mark}", cell.text),
                        }
                    })
                    .collect();
                format!("{}{}", "  ".repeat(run.depth), cells.join(" "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn played(moves: &[&str]) -> Analysis {
        let mut analysis = Analysis::of_position(Position::start());
        for m in moves {
            analysis.play(mv(m));
        }
        analysis
    }

    #[test]
    fn both_sides_move_and_a_move_not_legal_there_changes_nothing() {
        let mut analysis = Analysis::of_position(Position::start());
        analysis.play(mv("b2c2"));
        analysis.play(mv("c2b2"));
        analysis.play(mv("b4b3"));
        assert_eq!(
            listing(&analysis),
            "1. b2c2 b4b3*",
            "Red's soldier, Black to move"
        );
        assert_eq!(analysis.game().plies().len(), 2);
    }

    #[test]
    fn going_back_and_playing_another_move_keeps_both_lines() {
        let mut analysis = played(&["b2c2", "b4b3"]);
        analysis.back();
        analysis.play(mv("d4d3"));
        assert_eq!(listing(&analysis), "1. b2c2 b4b3\n  1… d4d3*");
        assert!(analysis.in_variation());
        analysis.play(mv("b1b2"));
        analysis.first();
        analysis.forward();
        analysis.last();
        assert_eq!(
            listing(&analysis),
            "1. b2c2 b4b3*\n  1… d4d3 2. b1b2",
            "forward follows the main line"
        );
    }

    #[test]
    fn the_main_line_goes_on_after_its_variations() {
        let mut analysis = played(&["b2c2", "b4b3", "b1b2"]);
        analysis.first();
        analysis.play(mv("d2d3"));
        analysis.go(analysis
            .tree()
            .path(analysis.tree().line_end(MoveTree::ROOT))[0]);
        analysis.play(mv("d4d3"));
        assert_eq!(
            listing(&analysis),
            "1. b2c2\n  1. d2d3\n1… b4b3\n  1… d4d3*\n2. b1b2"
        );
    }

    #[test]
    fn promoting_and_deleting_a_variation() {
        let mut analysis = played(&["b2c2", "b4b3"]);
        analysis.back();
        analysis.play(mv("d4d3"));
        analysis.promote();
        assert!(!analysis.in_variation());
        assert_eq!(listing(&analysis), "1. b2c2 d4d3*\n  1… b4b3");
        analysis.delete();
        assert_eq!(listing(&analysis), "1. b2c2* b4b3");
        assert_eq!(analysis.game().plies().len(), 1, "the board goes back one");
    }

    #[test]
    fn a_game_opens_at_its_ply_and_black_to_move_numbers_from_one() {
        let mut game = Game::new();
        for m in ["b2c2", "b4b3", "b1b2"] {
            game.play(Ply::Move(mv(m))).unwrap();
        }
        let analysis = Analysis::new(&game, 1);
        assert_eq!(listing(&analysis), "1. b2c2* b4b3 2. b1b2");
        let black = Position::from_fen("BBB/BB.BB/..T../RR.RR/RRR b - 0").unwrap();
        let mut analysis = Analysis::of_position(black);
        analysis.play(mv("b4b3"));
        analysis.play(mv("b2c2"));
        assert_eq!(listing(&analysis), "1… b4b3 2. b2c2*");
    }

    #[test]
    fn an_illegal_move_changes_nothing() {
        let mut analysis = played(&["b2c2"]);
        let before = analysis.clone();
        analysis.play(mv("b2c2"));
        assert_eq!(analysis, before);
    }
}
