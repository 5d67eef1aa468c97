//! Showing the chosen look: the look script of `index.html` sets the page's attributes and the
//! browser's theme colour; natively the shell's window, WebView and status bar take the scheme
//! the page shows, from the first frame and whenever the choice or the system's appearance
//! changes.

use dioxus::prelude::*;

use super::model::Look;

/// Tells the look script the player's look whenever it changes; natively also colours the shell
/// with the scheme the page reports. A memo, so that only a change of the look itself (not of
/// the level, say) runs the script.
pub fn use_look(look: Memo<Look>) {
    use_effect(move || {
        document::eval(&look().script_call());
    });
    #[cfg(any(feature = "desktop", feature = "mobile"))]
    use_future(move || async move {
        let mut reports = document::eval(
            "window.duobaoLookListen((scheme) => dioxus.send(scheme)); await new Promise(() => {});",
        );
        while let Ok(code) = reports.recv::<String>().await {
            if let Some(scheme) = super::model::Scheme::from_code(&code) {
                native::show(scheme, look.peek().theme == super::model::Theme::System);
            }
        }
    });
}

/// The native shell's look at launch, from the saved settings: the colour of the window and the
/// WebView before the page paints, and the page's head, which runs the look script before the
/// first paint as `index.html` does in a browser. A theme that follows the system starts dark,
/// the app's first look, until the page reports what the system is (the Android and iOS launch
/// screens already follow the system themselves).
#[cfg(any(test, feature = "desktop", feature = "mobile"))]
pub fn launch_look(look: Look) -> ((u8, u8, u8), String) {
    use super::model::Scheme;
    let scheme = look.theme.scheme(Scheme::Dark);
    let head = format!(
        "<script>{}\n{};</script>",
        look_script(),
        look.script_call()
    );
    (scheme.background(), head)
}

/// The look script, as `index.html` has it (one script for every platform).
#[cfg(any(test, feature = "desktop", feature = "mobile"))]
fn look_script() -> &'static str {
    const INDEX: &str = include_str!("../../index.html");
    const START: &str = "<script id=\"look\">";
    let body = INDEX.split_once(START).map_or("", |(_, rest)| rest);
    body.split_once("</script>")
        .map_or("", |(script, _)| script)
}

#[cfg(any(feature = "desktop", feature = "mobile"))]
mod native {
    use super::super::model::Scheme;

    /// Colours the window (where the WebView has not painted yet, or shows through) and the
    /// status bar's icons with `scheme`, which is the system's when `follows_system`.
    pub fn show(scheme: Scheme, follows_system: bool) {
        crate::device::show_scheme(scheme == Scheme::Light, follows_system, scheme.background());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::appearance::model::tests::stylesheet_table;
    use crate::appearance::model::{BoardStyle, PieceSet, Scheme, Theme};
    use crate::choice::Choice;

    #[test]
    fn the_native_head_runs_the_pages_look_script_with_the_saved_look() {
        let look = Look {
            theme: Theme::Light,
            board: BoardStyle::Contrast,
            pieces: PieceSet::Flat,
        };
        let (background, head) = launch_look(look);
        assert_eq!(background, Scheme::Light.background());
        assert!(head.contains("window.duobaoLook = function"));
        assert!(head.contains("board: 'contrast'"));
        assert!(head.starts_with("<script>") && head.ends_with("</script>"));
        assert!(!head["<script>".len()..].contains("<script"));
    }

    /// The native window starts in the table colour the stylesheet paints for the saved theme,
    /// and its page is told the same theme; one that follows the system starts in the dark
    /// table, the root's own (the app's first look), until the page reports the system's.
    #[test]
    fn the_window_starts_in_the_saved_themes_table() {
        for (theme, shown) in [
            (Theme::System, "dark"),
            (Theme::Light, "light"),
            (Theme::Dark, "dark"),
        ] {
            let look = Look {
                theme,
                ..Look::default()
            };
            let (background, head) = launch_look(look);
            assert_eq!(background, stylesheet_table(shown), "{theme:?}");
            let told = format!("theme: '{}'", theme.code());
            assert!(head.contains(&told), "{theme:?}: {head}");
        }
    }
}
