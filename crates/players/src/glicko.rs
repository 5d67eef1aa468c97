//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) as Lichess runs it: each rated
//! game is a rating period of its own, time away widens the deviation before the game, the
//! deviation is kept within its bounds and the volatility below its cap, and there is no term
//! for the colour a player had.

use std::f64::consts::PI;

use crate::constants::{
    CONVERGENCE_TOLERANCE, DAYS_PER_RATING_PERIOD, DEFAULT_DEVIATION, DEFAULT_RATING,
    DEFAULT_VOLATILITY, GLICKO2_SCALE, MAX_DEVIATION, MAX_ITERATIONS, MAX_VOLATILITY,
    MIN_DEVIATION, PROVISIONAL_DEVIATION, TAU,
};

const MILLIS_PER_DAY: f64 = 86_400_000.0;

/// How a game ended for the player rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// The same game's outcome for the opponent.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// A player's rating at one speed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played at this speed.
    pub games: u32,
    /// When the last of them ended, in milliseconds since the Unix epoch.
    pub last_played: Option<i64>,
}

/// What one rated game did to one player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub before: Rating,
    pub after: Rating,
}

impl RatingChange {
    /// The points won (or lost, negative), as the game-over sheet shows them.
    pub fn points(&self) -> f64 {
        self.after.rating - self.before.rating
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW
    }
}

impl Rating {
    /// A player who has not played at this speed.
    pub const NEW: Rating = Rating {
        rating: DEFAULT_RATING,
        deviation: DEFAULT_DEVIATION,
        volatility: DEFAULT_VOLATILITY,
        games: 0,
        last_played: None,
    };

    /// The deviation at `now`, widened by the time since the last game (one rating period for
    /// every `DAYS_PER_RATING_PERIOD` days), within its bounds.
    pub fn deviation_at(&self, now: i64) -> f64 {
        let days = self
            .last_played
            .map_or(0.0, |last| (now - last).max(0) as f64 / MILLIS_PER_DAY);
        let phi = self.deviation / GLICKO2_SCALE;
        let widened =
            (phi * phi + self.volatility * self.volatility * days / DAYS_PER_RATING_PERIOD).sqrt()
                * GLICKO2_SCALE;
        widened.clamp(MIN_DEVIATION, MAX_DEVIATION)
    }

    /// Whether the rating is still provisional at `now` (shown with "?").
    pub fn is_provisional_at(&self, now: i64) -> bool {
        self.deviation_at(now) >= PROVISIONAL_DEVIATION
    }

    /// The ratings of the two players of one rated game that ended at `now` with `outcome` for
    /// `self`: each updated from both as they were before the game.
    pub fn rate_game(
        self,
        opponent: Rating,
        outcome: Outcome,
        now: i64,
    ) -> (RatingChange, RatingChange) {
        let ours = self.widened_to(now);
        let theirs = opponent.widened_to(now);
        let after_ours = ours.after_period(&[(theirs, outcome)], now);
        let after_theirs = theirs.after_period(&[(ours, outcome.reversed())], now);
        (
            RatingChange {
                before: self,
                after: after_ours,
            },
            RatingChange {
                before: opponent,
                after: after_theirs,
            },
        )
    }

    fn widened_to(self, now: i64) -> Rating {
        Rating {
            deviation: self.deviation_at(now),
            ..self
        }
    }

    /// Glickman's steps 2 to 8 for one rating period with `results` against opponents rated
    /// as they were at its start: the rating after it, its deviation within bounds and its
    /// volatility capped. The period ends at `now`.
    pub fn after_period(self, results: &[(Rating, Outcome)], now: i64) -> Rating {
        self.after_period_with(results, now, TAU)
    }

    fn after_period_with(self, results: &[(Rating, Outcome)], now: i64, tau: f64) -> Rating {
        if results.is_empty() {
            return self;
        }
        let mu = (self.rating - DEFAULT_RATING) / GLICKO2_SCALE;
        let phi = self.deviation / GLICKO2_SCALE;
        // Step 3 and 4: the estimated variance from the results, and the improvement.
        let mut inverse_v = 0.0;
        let mut improvement = 0.0;
        for (opponent, outcome) in results {
            let opponent_mu = (opponent.rating - DEFAULT_RATING) / GLICKO2_SCALE;
            let g = g(opponent.deviation / GLICKO2_SCALE);
            let expected = 1.0 / (1.0 + (-g * (mu - opponent_mu)).exp());
            inverse_v += g * g * expected * (1.0 - expected);
            improvement += g * (outcome.score() - expected);
        }
        let v = 1.0 / inverse_v;
        let delta = v * improvement;
        // Step 5: the new volatility (the Illinois algorithm).
        let sigma = new_volatility(phi, self.volatility, v, delta, tau);
        // Steps 6 and 7: one period's widening, then the results.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu + new_phi * new_phi * improvement;
        Rating {
            rating: new_mu * GLICKO2_SCALE + DEFAULT_RATING,
            deviation: (new_phi * GLICKO2_SCALE).clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: sigma.min(MAX_VOLATILITY),
            games: self.games + results.len() as u32,
            last_played: Some(now),
        }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// Step 5: the volatility σ' that solves Glickman's f(x) = 0 for x = ln σ'², by the Illinois
/// algorithm, with the system constant `tau`. Where it does not converge (it always does for ratings in bounds), σ stays.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let denominator = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * denominator * denominator)
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut iterations = 0;
    while (big_b - big_a).abs() > CONVERGENCE_TOLERANCE {
        iterations += 1;
        if iterations > MAX_ITERATIONS {
            return sigma;
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
            games: 10,
            last_played: None,
        }
    }

    /// Glickman's worked example: a 1500 (RD 200, σ 0.06) player beats a 1400 (RD 30) and
    /// loses to a 1550 (RD 100) and a 1700 (RD 300) in one period, τ = 0.5: 1464.06, RD 151.52,
    /// σ 0.05999.
    #[test]
    fn glickmans_published_example() {
        let player = rated(1500.0, 200.0);
        let results = [
            (rated(1400.0, 30.0), Outcome::Win),
            (rated(1550.0, 100.0), Outcome::Loss),
            (rated(1700.0, 300.0), Outcome::Loss),
        ];
        let after = player.after_period_with(&results, 0, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        assert_eq!(after.games, 13);
    }
}
