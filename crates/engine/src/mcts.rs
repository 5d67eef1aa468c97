//! A plain Monte-Carlo tree search player (UCT with uniformly random playouts), sharing nothing
//! with the alpha-beta search but the rules: an independent yardstick for the levels.

use duobao_rules::{Color, Game, Move, Position, QUIET_LIMIT};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The exploration constant of UCT, for rewards in [0, 1].
const EXPLORATION: f64 = 1.4;
/// Playouts stop here and count as a draw (the quiet limit usually comes first).
const MAX_PLAYOUT_PLIES: u32 = 200;

struct Node {
    position: Position,
    children: Vec<usize>,
    /// Moves not yet expanded into children.
    untried: Vec<Move>,
    /// The move that led here (unused at the root).
    mv: Option<Move>,
    parent: usize,
    visits: u32,
    /// Total reward for the side that moved into this node.
    reward: f64,
}

impl Node {
    fn new(position: Position, mv: Option<Move>, parent: usize) -> Node {
        let untried = if position.quiet_plies() >= QUIET_LIMIT {
            Vec::new()
        } else {
            position.legal_moves().to_vec()
        };
        Node {
            position,
            children: Vec::new(),
            untried,
            mv,
            parent,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// A UCT player running a fixed number of playouts a move. Its tree grows by a node a playout.
pub struct Mcts {
    playouts: u32,
    rng: SmallRng,
}

impl Mcts {
    /// The most playouts a move: the tree then takes about 150 MB (a node of some 150 bytes a
    /// playout) and a move some seconds.
    pub const MAX_PLAYOUTS: u32 = 1_000_000;

    /// A player running `playouts` a move, at least one and at most [`Mcts::MAX_PLAYOUTS`].
    pub fn new(playouts: u32, seed: u64) -> Mcts {
        Mcts {
            playouts: playouts.clamp(1, Mcts::MAX_PLAYOUTS),
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    /// The most visited move after the playouts; `None` when the game is over.
    pub fn choose(&mut self, game: &Game) -> Option<Move> {
        if game.is_over() {
            return None;
        }
        let mut tree = vec![Node::new(*game.position(), None, 0)];
        for _ in 0..self.playouts {
            let leaf = self.select_and_expand(&mut tree);
            let winner = self.playout(tree[leaf].position);
            backpropagate(&mut tree, leaf, winner);
        }
        tree[0]
            .children
            .iter()
            .max_by_key(|&&child| tree[child].visits)
            .and_then(|&child| tree[child].mv)
    }

    fn select_and_expand(&mut self, tree: &mut Vec<Node>) -> usize {
        let mut node = 0;
        while tree[node].untried.is_empty() && !tree[node].children.is_empty() {
            let log_visits = f64::from(tree[node].visits).ln();
            node = *tree[node]
                .children
                .iter()
                .max_by(|&&a, &&b| uct(&tree[a], log_visits).total_cmp(&uct(&tree[b], log_visits)))
                .expect("children is not empty");
        }
        if tree[node].untried.is_empty() {
            return node;
        }
        let pick = self.rng.random_range(0..tree[node].untried.len());
        let m = tree[node].untried.swap_remove(pick);
        let mut position = tree[node].position;
        position.play_unchecked(m);
        tree.push(Node::new(position, Some(m), node));
        let child = tree.len() - 1;
        tree[node].children.push(child);
        child
    }

    /// Plays random moves to the end; the winner, or `None` for a draw.
    fn playout(&mut self, mut position: Position) -> Option<Color> {
        for _ in 0..MAX_PLAYOUT_PLIES {
            if position.quiet_plies() >= QUIET_LIMIT {
                return None;
            }
            let moves = position.legal_moves();
            if moves.is_empty() {
                return Some(position.turn().other());
            }
            position.play_unchecked(moves[self.rng.random_range(0..moves.len())]);
        }
        None
    }
}

fn uct(node: &Node, parent_log_visits: f64) -> f64 {
    let visits = f64::from(node.visits);
    node.reward / visits + EXPLORATION * (parent_log_visits / visits).sqrt()
}

fn backpropagate(tree: &mut [Node], leaf: usize, winner: Option<Color>) {
    let mut node = leaf;
    loop {
        let mover = tree[node].position.turn().other();
        tree[node].visits += 1;
        tree[node].reward += match winner {
            None => 0.5,
            Some(color) if color == mover => 1.0,
            Some(_) => 0.0,
        };
        if node == 0 {
            break;
        }
        node = tree[node].parent;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_a_legal_move_and_sees_a_one_move_win() {
        let game = Game::new();
        let m = Mcts::new(500, 1).choose(&game).unwrap();
        assert!(game.position().is_legal(m));
        let win = Game::from_fen("BB./B.R.B/..T../.R.../RR. r - 0").unwrap();
        let m = Mcts::new(3000, 1).choose(&win).unwrap();
        let mut child = *win.position();
        child.play_unchecked(m);
        assert!(child.treasure().is_none(), "played {m}");
    }

    #[test]
    fn a_drawn_game_has_no_move() {
        let drawn = Game::from_fen("BBB/BB.BB/..T../RR.RR/RRR r - 100").unwrap();
        assert_eq!(Mcts::new(100, 1).choose(&drawn), None);
    }
}
