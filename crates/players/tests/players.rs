//! The rules of names, in both scripts, and the rating's behaviour as a table of cases.

use duobao_players::{
    BadName, Name, Outcome, Rating, DEFAULT_DEVIATION, MAX_VOLATILITY, MIN_DEVIATION,
};

const DAY: i64 = 86_400_000;

#[test]
fn names_accepted_in_any_script() {
    for name in [
        "小明",
        "Wang_Lei",
        "ab",
        "李-2",
        "Игрок",
        "チェス名人",
        "player-007",
        "象棋爱好者二十",
        "一二三四五六七八九十一二三四五六七八九十",
    ] {
        assert_eq!(
            Name::parse(name).map(|n| n.to_string()),
            Ok(name.to_string())
        );
    }
}

#[test]
fn names_refused_with_their_reason_in_both_scripts() {
    let cases = [
        ("a", BadName::TooShort),
        ("小", BadName::TooShort),
        ("", BadName::TooShort),
        ("abcdefghijklmnopqrstu", BadName::TooLong),
        (
            "一二三四五六七八九十一二三四五六七八九十一",
            BadName::TooLong,
        ),
        (" 小明", BadName::SpacesAtEnds),
        ("Wang ", BadName::SpacesAtEnds),
        ("小\u{7}明", BadName::Control),
        ("Wang\nLei", BadName::Control),
        ("<b>hi</b>", BadName::Markup),
        ("a&b", BadName::Markup),
        ("小 明", BadName::Character(' ')),
        ("王·磊", BadName::Character('·')),
        ("😀😀", BadName::Character('😀')),
        ("１２", BadName::Character('１')),
        ("Admin", BadName::Reserved),
        ("SYSTEM", BadName::Reserved),
        ("duobao_fan", BadName::Reserved),
        ("管理员", BadName::Reserved),
        ("我是官方", BadName::Reserved),
        ("ME", BadName::Reserved),
        ("Sign-In", BadName::Reserved),
        ("七兵高手", BadName::Reserved),
    ];
    for (name, reason) in cases {
        assert_eq!(Name::parse(name), Err(reason.clone()), "{name:?}");
        assert!(!reason.code().is_empty() && !reason.to_string().is_empty());
    }
}

#[test]
fn a_name_is_unique_ignoring_case() {
    let upper = Name::parse("WangLei").unwrap();
    let lower = Name::parse("wanglei").unwrap();
    assert_eq!(upper.key(), lower.key());
    assert_ne!(
        upper.as_str(),
        lower.as_str(),
        "the name is shown as it was chosen"
    );
    assert_eq!(
        Name::parse("Ωmega").unwrap().key(),
        Name::parse("ωMEGA").unwrap().key()
    );
}

fn settled(rating: f64, deviation: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility: 0.06,
        games: 50,
        last_played: Some(0),
    }
}

#[test]
fn a_newcomer_is_provisional_and_moves_most() {
    assert!(Rating::NEW.is_provisional_at(0));
    assert_eq!(Rating::NEW.deviation, DEFAULT_DEVIATION);
    let (winner, loser) = Rating::NEW.rate_game(Rating::NEW, Outcome::Win, 0);
    assert!(
        winner.points() > 150.0 && winner.points() < 300.0,
        "{winner:?}"
    );
    assert!(
        (winner.points() + loser.points()).abs() < 1e-9,
        "equal players: symmetric"
    );
    assert!(winner.after.deviation < DEFAULT_DEVIATION);
    assert_eq!((winner.after.games, winner.after.last_played), (1, Some(0)));
}

#[test]
fn a_settled_rating_moves_little_and_less_against_a_weaker_opponent() {
    let (even, _) = settled(1800.0, 60.0).rate_game(settled(1800.0, 60.0), Outcome::Win, DAY);
    let (weaker, _) = settled(1800.0, 60.0).rate_game(settled(1500.0, 60.0), Outcome::Win, DAY);
    let (upset, _) = settled(1500.0, 60.0).rate_game(settled(1800.0, 60.0), Outcome::Win, DAY);
    assert!(even.points() > 3.0 && even.points() < 15.0, "{even:?}");
    assert!(weaker.points() > 0.0 && weaker.points() < even.points());
    assert!(upset.points() > even.points());
    assert!(!even.after.is_provisional_at(DAY));
}

#[test]
fn a_draw_between_equals_keeps_the_rating() {
    let (red, black) = settled(1600.0, 80.0).rate_game(settled(1600.0, 80.0), Outcome::Draw, DAY);
    assert!(red.points().abs() < 1e-9 && black.points().abs() < 1e-9);
}

#[test]
fn the_colour_counts_for_nothing() {
    // Whichever side a player had, the same result against the same opponent moves them alike:
    // the update takes no colour at all, and is the same from either player's side.
    let a = settled(1700.0, 90.0);
    let b = settled(1550.0, 120.0);
    let (a_wins, b_loses) = a.rate_game(b, Outcome::Win, DAY);
    let (b_loses_too, a_wins_too) = b.rate_game(a, Outcome::Loss, DAY);
    assert_eq!(a_wins, a_wins_too);
    assert_eq!(b_loses, b_loses_too);
}

#[test]
fn the_deviation_grows_with_time_away_as_lichess_has_it() {
    let player = settled(1800.0, 60.0);
    let year_later = player.deviation_at(365 * DAY);
    assert!(
        (105.0..115.0).contains(&year_later),
        "60 -> {year_later} in a year"
    );
    assert!(player.is_provisional_at(400 * DAY));
    assert!(!player.is_provisional_at(30 * DAY));
    assert!((player.deviation_at(0) - 60.0).abs() < 1e-9);
    assert!(player.deviation_at(100_000 * DAY) <= DEFAULT_DEVIATION);
}

#[test]
fn the_deviation_and_volatility_stay_in_bounds() {
    let mut player = Rating::NEW;
    let opponent = settled(1500.0, 45.0);
    for game in 0..400 {
        let outcome = [Outcome::Win, Outcome::Loss, Outcome::Draw][game % 3];
        player = player
            .rate_game(opponent, outcome, game as i64 * 60_000)
            .0
            .after;
        assert!(player.deviation >= MIN_DEVIATION && player.volatility <= MAX_VOLATILITY);
    }
    // A steady player's deviation would fall below the floor: it stops there.
    let mut steady = Rating {
        volatility: 0.001,
        ..settled(1500.0, 50.0)
    };
    for game in 0..50 {
        steady = steady
            .rate_game(opponent, Outcome::Draw, game * DAY)
            .0
            .after;
    }
    assert_eq!(steady.deviation, MIN_DEVIATION);
    // A streak of upsets against far stronger players: the volatility is capped.
    let mut streak = settled(1200.0, 60.0);
    for game in 0..30 {
        streak = streak
            .rate_game(settled(2400.0, 45.0), Outcome::Win, game * DAY)
            .0
            .after;
        assert!(streak.volatility <= MAX_VOLATILITY);
    }
}
