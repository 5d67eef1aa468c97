//! A rating and its change as the app writes them: whole, "?" after a provisional rating
//! (`1500?`), a change signed with a true minus sign (`+12`, `−9`). The player bars, the
//! game's end, Profile, the leaderboard and the games on the server write them so.

/// A rating as the app shows it: whole, with "?" while provisional (`1500?`).
pub fn rating_text(rating: f64, provisional: bool) -> String {
    format!(
        "{}{}",
        rating.round() as i64,
        if provisional { "?" } else { "" }
    )
}

/// A rating's change as the app shows it: signed, whole, with a true minus sign (`+12`, `−9`).
pub fn change_text(change: f64) -> String {
    let whole = change.round() as i64;
    match whole {
        0 => "±0".into(),
        w if w > 0 => format!("+{w}"),
        w => format!("\u{2212}{}", -w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_and_changes_are_written_whole_with_their_marks() {
        assert_eq!(rating_text(1500.0, true), "1500?");
        assert_eq!(rating_text(1612.49, false), "1612");
        assert_eq!(rating_text(1612.5, false), "1613");
        assert_eq!(change_text(11.6), "+12");
        assert_eq!(change_text(-9.2), "\u{2212}9");
        assert_eq!(change_text(0.3), "±0");
    }
}
