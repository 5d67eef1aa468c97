//! A game read back from its moves, as the bots and the tests check what the server says.

use duobao_rules::{Game, PlayError, Ply};

/// A game's moves (`c3c2`, `pass`) played from the start: the position, or what is wrong with
/// the moves.
pub fn replay(moves: &[String]) -> Result<Game, String> {
    let mut game = Game::new();
    for (ply, text) in moves.iter().enumerate() {
        let parsed: Ply = text
            .parse()
            .map_err(|e| format!("ply {ply}: {text} unreadable ({e})"))?;
        game.play(parsed)
            .map_err(|e: PlayError| format!("ply {ply}: {text} not playable ({e})"))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_names_the_first_bad_ply() {
        let moves = |list: &[&str]| list.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let game = replay(&moves(&["pass", "pass"])).unwrap();
        assert_eq!(game.plies().len(), 2);
        let first = Game::new().position().legal_moves()[0].to_string();
        assert!(replay(&moves(&[&first, "zz"]))
            .unwrap_err()
            .starts_with("ply 1: zz"));
    }
}
