//! The rating over time, as the profile draws it: one point a rated game, oldest first, from
//! each game's rating before it and its change, drawn as an SVG polyline (no chart crate).

use crate::online_service::{PlayerGame, Speed};

/// The chart's drawing box, in SVG units.
pub const WIDTH: f64 = 300.0;
pub const HEIGHT: f64 = 100.0;
/// Room kept at the top and the bottom, so that the line's stroke is never cut.
const MARGIN: f64 = 6.0;

/// The ratings at `speed`, oldest first: the rating before the first rated game, then after
/// each. `games` come newest first, as the server lists them.
pub fn ratings_over_time(games: &[PlayerGame], speed: Speed) -> Vec<f64> {
    let mut ratings = Vec::new();
    for game in games.iter().rev() {
        let (Some(before), Some(change)) = (game.rating_before, game.change) else {
            continue;
        };
        if !game.rated || Speed::of_turn(game.turn_seconds) != speed {
            continue;
        }
        if ratings.is_empty() {
            ratings.push(before);
        }
        ratings.push(before + change);
    }
    ratings
}

/// The polyline's points (`x,y x,y …`) for `ratings`: spread across the width, the lowest at
/// the bottom and the highest at the top (a flat line in the middle when they are all equal);
/// `None` for fewer than two.
pub fn polyline(ratings: &[f64]) -> Option<String> {
    if ratings.len() < 2 {
        return None;
    }
    let low = ratings.iter().copied().fold(f64::INFINITY, f64::min);
    let high = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let step = WIDTH / (ratings.len() - 1) as f64;
    let usable = HEIGHT - 2.0 * MARGIN;
    let points: Vec<String> = ratings
        .iter()
        .enumerate()
        .map(|(index, rating)| {
            let y = if high > low {
                MARGIN + (high - rating) / (high - low) * usable
            } else {
                HEIGHT / 2.0
            };
            format!("{:.1},{:.1}", index as f64 * step, y)
        })
        .collect();
    Some(points.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::Color;

    fn game(turn_seconds: u32, rated: bool, before: f64, change: f64) -> PlayerGame {
        PlayerGame {
            id: "g".into(),
            turn_seconds,
            rated,
            seat: Color::Red,
            opponent: None,
            result: Some("red treasure".into()),
            created_at: 0,
            ended_at: Some(1),
            rating_before: rated.then_some(before),
            change: rated.then_some(change),
        }
    }

    #[test]
    fn the_ratings_run_oldest_first_at_one_speed_from_rated_games_only() {
        // Newest first, as the server lists them.
        let games = [
            game(60, true, 1520.0, -8.0),
            game(15, true, 1500.0, 30.0),
            game(60, false, 0.0, 0.0),
            game(120, true, 1500.0, 20.0),
        ];
        assert_eq!(
            ratings_over_time(&games, Speed::Standard),
            vec![1500.0, 1520.0, 1512.0]
        );
        assert_eq!(ratings_over_time(&games, Speed::Fast), vec![1500.0, 1530.0]);
        assert!(ratings_over_time(&games[2..3], Speed::Standard).is_empty());
    }

    #[test]
    fn the_line_spans_the_box_highest_at_the_top() {
        assert_eq!(polyline(&[1500.0]), None);
        assert_eq!(
            polyline(&[1500.0, 1520.0, 1510.0]).as_deref(),
            Some("0.0,94.0 150.0,6.0 300.0,50.0")
        );
        assert_eq!(
            polyline(&[1500.0, 1500.0]).as_deref(),
            Some("0.0,50.0 300.0,50.0")
        );
    }
}
