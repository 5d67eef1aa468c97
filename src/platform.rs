//! The few things that differ between the browser and native shells.

use std::time::Duration;

use crate::i18n::Lang;

pub async fn sleep(duration: Duration) {
    futures_timer::Delay::new(duration).await;
}

/// The page address's query string (`?…`); native apps have none.
pub fn page_query() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|window| window.location().search().ok())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}

/// The language the browser asks for, if it is one the app speaks.
pub fn preferred_lang() -> Option<Lang> {
    #[cfg(target_arch = "wasm32")]
    {
        let tag = web_sys::window()?.navigator().language()?;
        let primary = tag
            .split('-')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Lang::from_code(&primary)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// A script for `document::eval` that sends `true` when the page or app goes to the background
/// and `false` when it returns. Webviews on desktop and mobile fire the same `visibilitychange`
/// event as browsers, so one script serves every platform.
pub const VISIBILITY_SCRIPT: &str = r#"
    const report = () => dioxus.send(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", report);
    report();
    await new Promise(() => {});
"#;
