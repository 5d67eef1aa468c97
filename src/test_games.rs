//! Games, points and moves from their notation, for the tests of every part of the app.

use duobao_rules::{Game, Move, Point};

/// The game from `fen` after `plies` in notation.
pub fn game_from(fen: &str, plies: &[&str]) -> Game {
    let mut game = Game::from_fen(fen).unwrap();
    for ply in plies {
        game.play(ply.parse().unwrap()).unwrap();
    }
    game
}

pub fn point(name: &str) -> Point {
    name.parse().unwrap()
}

pub fn mv(text: &str) -> Move {
    text.parse().unwrap()
}
