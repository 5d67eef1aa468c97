//! Which browser pages may use the online games: the server's own, and the pages of the app's
//! native shells, which live at origins of their own that no website can have. A client that
//! sends no `Origin` is not a browser (the bots, a native client): it could send any header it
//! liked, so it is let in as it is.
//!
//! The HTTP API answers CORS ([`cors`]) for the app shells only: the server's own pages need
//! none, and another site's page is refused by the browser, which finds no
//! `Access-Control-Allow-Origin` in the answer. The server refuses it too
//! ([`from_allowed_page`]): a request a browser sends without asking (a text or a form posted)
//! is never carried out, and the socket, WebSockets knowing no CORS, is not opened.

use std::time::Duration;

use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method};
use tower_http::cors::{AllowOrigin, AllowPrivateNetwork, CorsLayer, MaxAge};

/// The origins of the app's pages in the Dioxus 0.7 native shells (dioxus-desktop, which is
/// also `dioxus::mobile`). dioxus-desktop serves the page through wry's custom protocol
/// `dioxus` at `dioxus://index.html/` (dioxus-desktop 0.7.10 `src/webview.rs`, `with_url`, and
/// `src/protocol.rs`, `BASE_URI` per platform), which each WebView turns into an origin of its
/// own (wry 0.53 `src/lib.rs`, `with_custom_protocol`'s "different Origin on different
/// platforms"):
///
/// - Linux (WebKitGTK), macOS and iOS (WKWebView): the scheme itself, `dioxus://index.html`
///   (seen sent by WebKitGTK 2.50 on a fetch's preflight, the fetch and a socket's handshake);
/// - Windows (WebView2): `http://dioxus.index.html`, which wry's `src/webview2/mod.rs` loads
///   for the custom scheme (plain `http`: dioxus-desktop leaves `with_https_scheme` off);
/// - Android: `https://dioxus.index.html` (wry's `src/android/mod.rs` rewrites `dioxus://` so;
///   dioxus-desktop turns `with_https_scheme` on for Android).
///
/// Safe to let in, because no website can be at them: `dioxus:` is no scheme a browser loads
/// from the network, and `html` is no top-level domain, so `dioxus.index.html` resolves nowhere
/// (the WebViews answer it themselves, never asking the network). A page at one of them is a
/// Dioxus app installed on the player's own device, which could as well connect without an
/// `Origin` at all; and every seat still needs its secret.
pub const APP_SHELL_ORIGINS: [&str; 3] = [
    "dioxus://index.html",
    "http://dioxus.index.html",
    "https://dioxus.index.html",
];

/// Whether `origin` (an `Origin` header's value) is the page of one of the app's native shells
/// ([`APP_SHELL_ORIGINS`]). Browsers write origins in lower case; any case is taken, hosts
/// being case-blind.
pub fn is_app_shell(origin: &[u8]) -> bool {
    APP_SHELL_ORIGINS
        .iter()
        .any(|shell| shell.as_bytes().eq_ignore_ascii_case(origin))
}

/// Whether a browser's `Origin` is this server's own (by the `Host` it asked for); a client with
/// no `Origin` is not a browser, which cannot be made to call here from another site's page.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get("origin") else {
        return true;
    };
    let host = headers.get("host").and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// Whether a request with these headers, the socket's handshake among them, may use the games:
/// no `Origin` (not a browser), this server's own pages, or the app's native shells.
pub fn from_allowed_page(headers: &HeaderMap) -> bool {
    same_origin(headers)
        || headers
            .get("origin")
            .is_some_and(|origin| is_app_shell(origin.as_bytes()))
}

/// How long a browser may keep a preflight's answer: Chromium keeps it 2 hours at most, WebKit
/// 10 minutes, Firefox a day.
const PREFLIGHT_KEPT: Duration = Duration::from_secs(2 * 60 * 60);

/// CORS for the app's native shells ([`APP_SHELL_ORIGINS`]) and nobody else: their pages post
/// JSON (`Content-Type: application/json`, which needs a preflight), delete seeks and accounts,
/// and send a signed-in player's token (`Authorization`, which needs one too). A
/// preflight from the shell's page is answered with its origin, the methods, the header and how
/// long to keep all that; every other answer to it, refusals too, carries its origin. Another
/// origin's preflight gets no `Access-Control-Allow-Origin`, so its browser sends nothing.
///
/// The server is often on the home network (a phone on the Wi-Fi), and the Chromium WebViews
/// (Android's, Windows' WebView2) may take the shell's page for a public one and ask in the
/// preflight whether it may reach a private address (Private Network Access): the answer,
/// `Access-Control-Allow-Private-Network: true`, is given to the shells only.
pub fn cors() -> CorsLayer {
    fn shell(origin: &HeaderValue, _: &Parts) -> bool {
        is_app_shell(origin.as_bytes())
    }
    CorsLayer::new()
        .allow_origin(AllowOrigin::predicate(shell))
        .allow_private_network(AllowPrivateNetwork::predicate(shell))
        .allow_methods([Method::GET, Method::POST, Method::DELETE])
        .allow_headers([CONTENT_TYPE, AUTHORIZATION])
        .max_age(MaxAge::exact(PREFLIGHT_KEPT))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn only_the_servers_own_pages_are_its_own() {
        assert!(same_origin(&headers(&[("host", "127.0.0.1:8080")])));
        assert!(same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080")
        ])));
        assert!(same_origin(&headers(&[
            ("host", "Game.example"),
            ("origin", "https://game.example")
        ])));
        assert!(!same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://evil.example")
        ])));
        assert!(!same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8081")
        ])));
        assert!(!same_origin(&headers(&[(
            "origin",
            "http://127.0.0.1:8080"
        )])));
        assert!(!same_origin(&headers(&[("host", "a"), ("origin", "null")])));
    }

    #[test]
    fn the_native_shells_pages_are_the_apps() {
        for origin in [
            "dioxus://index.html",
            "http://dioxus.index.html",
            "https://dioxus.index.html",
            "HTTPS://Dioxus.Index.HTML",
        ] {
            assert!(is_app_shell(origin.as_bytes()), "{origin}");
        }
        for origin in [
            "https://evil.example",
            "null",
            "",
            "dioxus://index.html/",
            "dioxus://index.html.evil.example",
            "https://dioxus.index.html.evil.example",
            "https://evil.example/dioxus.index.html",
            "https://dioxus.index.html:8443",
            "http://dioxus.index.html:80",
            "wry://index.html",
            "tauri://localhost",
            "http://localhost",
            "file://",
        ] {
            assert!(!is_app_shell(origin.as_bytes()), "{origin}");
        }
    }

    #[test]
    fn requests_from_the_servers_pages_and_the_shells_only() {
        let at = |origin| headers(&[("host", "game.example"), ("origin", origin)]);
        assert!(from_allowed_page(&headers(&[("host", "game.example")])));
        assert!(from_allowed_page(&at("https://game.example")));
        for shell in APP_SHELL_ORIGINS {
            assert!(from_allowed_page(&at(shell)), "{shell}");
        }
        assert!(!from_allowed_page(&at("https://evil.example")));
        assert!(!from_allowed_page(&at("null")));
        assert!(!from_allowed_page(&at(
            "https://dioxus.index.html.evil.example"
        )));
    }
}
