//! A moment as the app writes it — when a game was kept, the date on a shared game:
//! `2026-12-01 14:05`, the same in both languages, in the device's time zone.

use dioxus::prelude::*;

const MS_PER_MINUTE: i64 = 60_000;
const MINUTES_PER_DAY: i64 = 24 * 60;

/// The civil date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `ms` since 1970 (UTC) as the local date and time, `offset_minutes` ahead of UTC.
pub fn local_time(ms: u64, offset_minutes: i32) -> String {
    let minutes = ms as i64 / MS_PER_MINUTE + i64::from(offset_minutes);
    let (year, month, day) = civil_from_days(minutes.div_euclid(MINUTES_PER_DAY));
    let in_day = minutes.rem_euclid(MINUTES_PER_DAY);
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02}",
        in_day / 60,
        in_day % 60
    )
}

/// The device's offset from UTC in minutes, asked of the page (a webview natively too); UTC
/// until it answers.
pub fn use_local_offset() -> Signal<i32> {
    let mut offset = use_signal(|| 0);
    use_hook(move || {
        spawn(async move {
            let mut asked = document::eval("dioxus.send(-new Date().getTimezoneOffset())");
            if let Ok(minutes) = asked.recv::<i32>().await {
                offset.set(minutes);
            }
        })
    });
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_the_local_clock_said() {
        assert_eq!(local_time(0, 0), "1970-01-01 00:00");
        // 2026-12-01 13:56 UTC, in Beijing and in New York.
        let ms = 1_796_133_360_000;
        assert_eq!(local_time(ms, 0), "2026-12-01 13:56");
        assert_eq!(local_time(ms, 480), "2026-12-01 21:56");
        assert_eq!(local_time(ms, -300), "2026-12-01 08:56");
        assert_eq!(local_time(ms + 11 * 3_600_000, 0), "2026-12-02 00:56");
        // A leap day.
        assert_eq!(local_time(1_709_164_800_000, 0), "2024-02-29 00:00");
    }
}
