//! The few things that differ between the browser and native shells.

use std::time::Duration;

use crate::i18n::Lang;

pub async fn sleep(duration: Duration) {
    futures_timer::Delay::new(duration).await;
}

/// Resolves once the next frame has been painted: in a browser, in a task queued after the next
/// animation frame's callbacks (which run just before that frame is painted) and after one
/// more turn of the event loop, so that what those callbacks queued for after the paint comes
/// first; natively, after a frame's time, the shells having no such callback.
pub async fn after_next_paint() {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::{closure::Closure, JsCast, JsValue};
        let painted = js_sys::Promise::new(&mut |resolve, _reject| {
            let window = web_sys::window();
            let queue_after = {
                let resolve = resolve.clone();
                Closure::once_into_js(move || {
                    let queued = web_sys::window()
                        .map(|window| window.set_timeout_with_callback(resolve.unchecked_ref()));
                    if !matches!(queued, Some(Ok(_))) {
                        let _ = resolve.call0(&JsValue::NULL);
                    }
                })
            };
            let asked =
                window.map(|window| window.request_animation_frame(queue_after.unchecked_ref()));
            if !matches!(asked, Some(Ok(_))) {
                let _ = resolve.call0(&JsValue::NULL);
            }
        });
        let _ = wasm_bindgen_futures::JsFuture::from(painted).await;
        sleep(Duration::ZERO).await;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        sleep(Duration::from_millis(16)).await;
    }
}

/// Milliseconds since 1970 (UTC), by the device's clock.
pub fn now_ms() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64)
}

/// The address a shared link opens the app at: this page's own on the web; natively the public
/// address the app was built with (`DUOBAO_PUBLIC_URL`), if any, since an app has none.
pub fn share_base() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window()?.location();
        Some(format!(
            "{}{}",
            location.origin().ok()?,
            location.pathname().ok()?
        ))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        option_env!("DUOBAO_PUBLIC_URL").map(String::from)
    }
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

/// Whether the device says it has a network (the browser's `navigator.onLine`); natively the
/// shells do not say, and the server's answer tells.
pub fn is_online() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().is_none_or(|window| window.navigator().on_line())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        true
    }
}

/// The page address's fragment (`#…`); native apps have none.
pub fn page_fragment() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|window| window.location().hash().ok())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}

/// Takes the fragment out of the page's address, so that a reload does not open its link again
/// (an invitation is used once).
pub fn forget_page_fragment() {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(window) = web_sys::window() else {
            return;
        };
        let location = window.location();
        let without = format!(
            "{}{}",
            location.pathname().unwrap_or_default(),
            location.search().unwrap_or_default()
        );
        if let Ok(history) = window.history() {
            let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
            let _ = history.replace_state_with_url(&state, "", Some(&without));
        }
    }
}

/// The language the browser or the system asks for, if it is one the app speaks.
pub fn preferred_lang() -> Option<Lang> {
    #[cfg(target_arch = "wasm32")]
    let tag = web_sys::window()?.navigator().language()?;
    #[cfg(not(target_arch = "wasm32"))]
    let tag = sys_locale::get_locale()?;
    lang_of_tag(&tag)
}

/// The app's language for a BCP 47 tag (`en-US`, `zh-Hans-CN`) or a POSIX locale (`zh_CN.UTF-8`):
/// only the primary language counts.
fn lang_of_tag(tag: &str) -> Option<Lang> {
    let primary = tag
        .split(['-', '_', '.'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    Lang::from_code(&primary)
}

/// Whether the app runs on a phone, which two players can lay flat between them: a touch screen
/// whose shorter side is a phone's. Native builds for Android and iOS are handheld (a tablet
/// included: it lies on a table just as well); desktop builds are not.
pub fn is_handheld() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        const PHONE: &str = "(pointer: coarse) and (max-width: 600px), \
                             (pointer: coarse) and (max-height: 600px)";
        web_sys::window()
            .and_then(|window| window.match_media(PHONE).ok().flatten())
            .is_some_and(|query| query.matches())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        cfg!(any(target_os = "android", target_os = "ios"))
    }
}

/// A script for `document::eval` that sends `true` when the page or app goes to the background
/// or is left (a reload, another address, the tab or app closed) and `false` when it returns.
/// Webviews on desktop and mobile fire the same `visibilitychange` event as browsers, so one
/// script serves every platform; `pagehide` covers leaving where `visibilitychange` would come
/// too late, and `pageshow` a page the browser brings back from its cache.
pub const VISIBILITY_SCRIPT: &str = r#"
    const report = () => dioxus.send(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", report);
    window.addEventListener("pagehide", () => dioxus.send(true));
    window.addEventListener("pageshow", report);
    report();
    await new Promise(() => {});
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primary_language_decides() {
        assert_eq!(lang_of_tag("en-US"), Some(Lang::En));
        assert_eq!(lang_of_tag("zh-Hans-CN"), Some(Lang::Zh));
        assert_eq!(lang_of_tag("ZH_TW.UTF-8"), Some(Lang::Zh));
        assert_eq!(lang_of_tag("fr-FR"), None);
        assert_eq!(lang_of_tag(""), None);
    }
}
