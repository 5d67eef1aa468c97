//! The game screen: a pure controller and clock, and the views that show them.

pub mod board;
pub mod clock;
pub mod controller;
mod game_over;
mod menu;
mod move_list;
mod sound;
mod status_bar;
pub mod tokens;
mod view;

pub use view::GameView;

/// The game from `fen` after `plies` in notation, for tests.
#[cfg(test)]
pub(crate) fn game_from(fen: &str, plies: &[&str]) -> duobao_rules::Game {
    let mut game = duobao_rules::Game::from_fen(fen).unwrap();
    for ply in plies {
        game.play(ply.parse().unwrap()).unwrap();
    }
    game
}
