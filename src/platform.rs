//! The few things that differ between the browser and native shells.

use std::time::Duration;

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

/// Reports `true` when the page or app goes to the background and `false` when it returns, for
/// as long as the returned receiver is polled. Webviews on desktop and mobile fire the same
/// `visibilitychange` event as browsers, so one script serves every platform.
pub const VISIBILITY_SCRIPT: &str = r#"
    const report = () => dioxus.send(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", report);
    report();
    await new Promise(() => {});
"#;
