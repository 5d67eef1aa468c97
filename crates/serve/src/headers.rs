//! The response headers that make the folder behave like the deployed site: how long a browser
//! may keep each file, content types a browser reads as meant, and the few headers a careful
//! static site sends so that another site cannot frame the game, learn where a player came from,
//! or reach device features the game never uses.

use axum::extract::Request;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

/// For a file whose name changes whenever its content does: the browser never needs to ask
/// again, so a returning player loads the app without a request per file.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// For everything a new release replaces under the same name (the page, the service worker, the
/// manifest, icons, puzzles): the browser may keep it but asks each time whether it changed, so
/// a deployment is seen at once.
const NO_CACHE: &str = "no-cache";

/// The headers every response carries, whatever its status, beside the cache policy:
///
/// - `X-Content-Type-Options: nosniff`: a browser keeps to the declared types.
/// - `Referrer-Policy: no-referrer`: a link out of the game tells the other site nothing of it.
/// - `X-Frame-Options: DENY` and `Content-Security-Policy: frame-ancestors 'none'`: no other
///   page can frame the game (click-jacking); the first for old browsers, the second for the
///   rest. Only that directive, which a page cannot give itself: the policy for what the page
///   runs is in the page (a `<meta>` with its inline scripts' hashes, web/finish-build.mjs).
/// - `Permissions-Policy`: the device features the game never uses are off, for it and any
///   frame. Left on: what it uses (vibration and audio, which no policy gates; sharing and
///   copying, `web-share` and `clipboard-write`; keeping the screen awake, `screen-wake-lock`)
///   and fullscreen. Only names Chromium knows: it reports an unknown one as an error.
pub const SECURITY_HEADERS: [(HeaderName, &str); 5] = [
    (X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (REFERRER_POLICY, "no-referrer"),
    (X_FRAME_OPTIONS, "DENY"),
    (CONTENT_SECURITY_POLICY, "frame-ancestors 'none'"),
    (PERMISSIONS_POLICY, DENIED_FEATURES),
];

const PERMISSIONS_POLICY: HeaderName = HeaderName::from_static("permissions-policy");

/// The headers every response carries so that the page is cross-origin isolated
/// (`crossOriginIsolated` is true), which the browser requires before it lets the engine's
/// worker share memory with more threads: the page keeps no window of another site in its
/// group (`Cross-Origin-Opener-Policy: same-origin`), and loads nothing another site has not
/// agreed to (`Cross-Origin-Embedder-Policy: require-corp`), which costs nothing, the site
/// loading only its own files. On every response, not the page's alone: the engine's worker
/// script needs the embedder policy too, and the service worker keeps them with the files it
/// precaches, so that the installed app is isolated offline as well.
pub const ISOLATION_HEADERS: [(HeaderName, &str); 2] = [
    (CROSS_ORIGIN_OPENER_POLICY, "same-origin"),
    (CROSS_ORIGIN_EMBEDDER_POLICY, "require-corp"),
];

const CROSS_ORIGIN_OPENER_POLICY: HeaderName =
    HeaderName::from_static("cross-origin-opener-policy");

const CROSS_ORIGIN_EMBEDDER_POLICY: HeaderName =
    HeaderName::from_static("cross-origin-embedder-policy");

const DENIED_FEATURES: &str = "accelerometer=(), camera=(), display-capture=(), \
encrypted-media=(), geolocation=(), gyroscope=(), hid=(), idle-detection=(), magnetometer=(), \
microphone=(), midi=(), payment=(), publickey-credentials-get=(), serial=(), usb=(), \
xr-spatial-tracking=()";

/// Whether the path names content that never changes under that name: one of its segments
/// carries a content hash, as dx writes it (`main-dxh1a2b3c.css`, `app_bg-dxh0123abcd.wasm`,
/// or a hashed folder `icons-dxh99ab`) or as workbox names its runtime (`workbox-e3490c72.js`).
///
/// dx appends `-dxh` and the hash's bytes in lower-case hex (8 to 16 digits) to the file's stem,
/// before the extension; workbox puts 8 hex digits after `workbox-`.
pub fn is_content_hashed(path: &str) -> bool {
    path.split('/')
        .any(|segment| has_dx_hash(segment) || has_workbox_hash(segment))
}

/// `…-dxh<hex>` at the end of the segment or before a `.`.
fn has_dx_hash(segment: &str) -> bool {
    segment.match_indices("-dxh").any(|(at, marker)| {
        let rest = &segment[at + marker.len()..];
        let digits = hex_prefix_len(rest);
        digits > 0 && (digits == rest.len() || rest[digits..].starts_with('.'))
    })
}

/// `workbox-<8 hex>.…`
fn has_workbox_hash(segment: &str) -> bool {
    segment
        .strip_prefix("workbox-")
        .is_some_and(|rest| hex_prefix_len(rest) == 8 && rest[8..].starts_with('.'))
}

/// How many lower-case hex digits `text` starts with (both tools write lower case).
fn hex_prefix_len(text: &str) -> usize {
    text.bytes()
        .take_while(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'))
        .count()
}

/// The content type with `charset=utf-8` added where a browser would otherwise guess the text's
/// encoding (the page, scripts, styles, the puzzles' text), which could garble the Chinese in
/// them; `None` when the type is right as it is. The types themselves are mime_guess's, as
/// ServeDir sends them for the file's own name even when it sends its `.br` or `.gz` sibling.
pub fn with_utf8_charset(content_type: &str) -> Option<HeaderValue> {
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    let textual = essence.starts_with("text/") || essence == "application/javascript";
    (textual && !content_type.contains("charset="))
        .then(|| HeaderValue::from_str(&format!("{essence}; charset=utf-8")).ok())
        .flatten()
}

/// Adds the site's headers to every response: the cache policy by [`is_content_hashed`] (a
/// hashed name that is missing, or any error, is not cached for a year) unless it has one, the
/// charset by [`with_utf8_charset`], the [`SECURITY_HEADERS`] and the [`ISOLATION_HEADERS`].
pub async fn site_headers(request: Request, next: Next) -> Response {
    let hashed = is_content_hashed(request.uri().path());
    let mut response = next.run(request).await;
    let status = response.status();
    let lasting = hashed && (status.is_success() || status == StatusCode::NOT_MODIFIED);
    let headers = response.headers_mut();
    let cache = if lasting { IMMUTABLE } else { NO_CACHE };
    // A response that says how long it may be kept (the tablebase's answers) keeps its own.
    headers
        .entry(CACHE_CONTROL)
        .or_insert(HeaderValue::from_static(cache));
    for (name, value) in SECURITY_HEADERS.into_iter().chain(ISOLATION_HEADERS) {
        headers.insert(name, HeaderValue::from_static(value));
    }
    let charset = headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(with_utf8_charset);
    if let Some(content_type) = charset {
        headers.insert(CONTENT_TYPE, content_type);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dx_and_workbox_hashed_names_are_immutable() {
        for path in [
            "/assets/duobao-app_bg-dxh1a2b3c.wasm",
            "/assets/main-dxhabc123.css",
            "/assets/duobao-app-dxh0123456789abcdef.js",
            "/assets/move-dxh9f8e7d6c.wav",
            "/assets/duobao-app-dxh0123abcd.js.map",
            "/assets/icons-dxh99ab/icon-32.png",
            "/assets/data-dxhbeef",
            "/workbox-e3490c72.js",
            "/workbox-e3490c72.js.map",
            "/a-dxhx-dxh12.txt",
        ] {
            assert!(is_content_hashed(path), "{path}");
        }
    }

    #[test]
    fn names_a_release_replaces_are_not() {
        for path in [
            "/",
            "/index.html",
            "/sw.js",
            "/manifest.webmanifest",
            "/icons/icon-512.png",
            "/favicon.ico",
            "/assets/puzzles.txt",
            "/assets/main.css",
            "/assets/main-dxh.css",
            "/assets/main-dxhxyz.css",
            "/assets/main-dxh12ab-old.css",
            "/assets/main-dxh12AB.css",
            "/workbox-e3490c7.js",
            "/workbox-e3490c72a.js",
            "/workbox-e3490c72",
            "/workbox-sw.js",
        ] {
            assert!(!is_content_hashed(path), "{path}");
        }
    }

    /// The content type a response carries for a file of that name: mime_guess's, which
    /// ServeDir sends, with the charset this module adds.
    fn served_type(file: &str) -> String {
        let guessed = mime_guess::from_path(file).first_raw().unwrap_or_default();
        with_utf8_charset(guessed)
            .map(|value| value.to_str().unwrap().to_owned())
            .unwrap_or_else(|| guessed.to_owned())
    }

    #[test]
    fn each_kind_of_file_gets_its_type() {
        for (file, expected) in [
            ("index.html", "text/html; charset=utf-8"),
            ("app_bg-dxh0123abcd.wasm", "application/wasm"),
            ("app-dxh0123abcd.js", "text/javascript; charset=utf-8"),
            ("sw.js", "text/javascript; charset=utf-8"),
            ("module.mjs", "application/javascript; charset=utf-8"),
            ("main-dxh0123abcd.css", "text/css; charset=utf-8"),
            ("manifest.webmanifest", "application/manifest+json"),
            ("icon.svg", "image/svg+xml"),
            ("icon-512.png", "image/png"),
            ("favicon.ico", "image/x-icon"),
            ("puzzles.txt", "text/plain; charset=utf-8"),
            ("move.wav", "audio/wav"),
            ("data.json", "application/json"),
        ] {
            assert_eq!(served_type(file), expected, "{file}");
        }
    }

    #[test]
    fn a_declared_charset_is_kept() {
        assert_eq!(with_utf8_charset("text/html; charset=iso-8859-1"), None);
        assert_eq!(with_utf8_charset("application/wasm"), None);
    }
}
