//! Games for the tests of the game screen's parts.

/// The game from `fen` after `plies` in notation.
pub fn game_from(fen: &str, plies: &[&str]) -> duobao_rules::Game {
    let mut game = duobao_rules::Game::from_fen(fen).unwrap();
    for ply in plies {
        game.play(ply.parse().unwrap()).unwrap();
    }
    game
}
