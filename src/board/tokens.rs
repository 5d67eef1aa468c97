//! The pieces on the board as tokens with a lasting identity, found by replaying the game from
//! its start. A token keeps its id while it moves, so the board can slide the same element from
//! point to point; pieces captured by the last ply stay listed, marked as fading.

use duobao_rules::{Game, Piece, Ply, Point};

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Token {
    pub id: usize,
    pub piece: Piece,
    pub point: Point,
    /// Captured by the last ply: shown fading out.
    pub fading: bool,
}

/// The tokens to draw, in a stable order (by id).
pub fn tokens(game: &Game) -> Vec<Token> {
    let start = game.start_position();
    let mut tokens: Vec<Token> = Point::all()
        .filter_map(|point| start.piece_at(point).map(|piece| (point, piece)))
        .enumerate()
        .map(|(id, (point, piece))| Token {
            id,
            piece,
            point,
            fading: false,
        })
        .collect();
    let plies = game.plies();
    for (index, played) in plies.iter().enumerate() {
        tokens.retain(|token| !token.fading);
        if let Ply::Move(m) = played.ply {
            if let Some(token) = tokens.iter_mut().find(|token| token.point == m.from()) {
                token.point = m.to();
            }
        }
        let last = index + 1 == plies.len();
        tokens.retain_mut(|token| {
            if !played.captured.contains(token.point) {
                return true;
            }
            token.fading = true;
            last
        });
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::game_from as game;

    fn at(tokens: &[Token], name: &str) -> Option<Token> {
        let point: Point = name.parse().unwrap();
        tokens.iter().copied().find(|t| t.point == point)
    }

    #[test]
    fn the_start_has_fifteen_tokens() {
        let tokens = tokens(&Game::new());
        assert_eq!(tokens.len(), 15);
        assert_eq!(at(&tokens, "c3").unwrap().piece, Piece::Treasure);
        assert!(tokens.iter().all(|t| !t.fading));
    }

    #[test]
    fn a_moving_piece_keeps_its_id() {
        let before = at(&tokens(&Game::new()), "b2").unwrap();
        let after = tokens(&game(duobao_rules::START_FEN, &["b2b3", "b4c4", "b3a3"]));
        let moved = at(&after, "a3").unwrap();
        assert_eq!(moved.id, before.id);
        assert!(at(&after, "b2").is_none());
    }

    #[test]
    fn a_capture_fades_for_one_ply_then_is_gone() {
        let fen = "BBB/.B.B./..T../.RB../.R. r - 0";
        let captured = tokens(&game(fen, &["c1d2"]));
        assert!(at(&captured, "c2").unwrap().fading);
        let later = tokens(&game(fen, &["c1d2", "b4a4"]));
        assert!(at(&later, "c2").is_none());
        assert_eq!(later.len(), captured.len() - 1);
    }

    #[test]
    fn a_pass_moves_nothing() {
        let passed = tokens(&game(duobao_rules::START_FEN, &["pass"]));
        assert_eq!(passed, tokens(&Game::new()));
    }
}
