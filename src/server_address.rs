//! The app's server: where online games are played (`/api/online`) and the endgame table service
//! is asked (`/api/tablebase`). A setting, read and checked, kept on the device: by default the
//! site the app was served from, which natively does not exist, so that the native shells have a
//! server only once the player gives its address. And one request to it, by the page's own
//! `fetch` (the WebView's natively), with a time limit, which both services send.
//!
//! Below the features: it imports only the storage.

use std::time::Duration;

use dioxus::prelude::*;

use crate::storage::{load_with, save, DeviceStore};

/// The setting's key in the device's store, beside the other settings. It was the endgame
/// table service's address first, and keeps its key so that the players keep their setting.
const KEY: &str = "prefs.tablebase_service";

/// The longest address taken.
const MAX_LEN: usize = 200;

/// Where the app's server is.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub enum ServerAddress {
    /// The site the app was served from; natively, where there is none, no server.
    #[default]
    ThisSite,
    /// Another site: `http://` or `https://`, a host, perhaps a port and a path, no trailing
    /// slash.
    At(String),
}

/// Why a typed address cannot be used.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum AddressError {
    /// Not `http://…` or `https://…`.
    NotWeb,
    /// No host after the scheme, or spaces, a query or a fragment in it.
    Malformed,
    TooLong,
}

impl ServerAddress {
    /// The address the player typed: empty for this site.
    pub fn parse(typed: &str) -> Result<ServerAddress, AddressError> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Ok(ServerAddress::ThisSite);
        }
        if typed.len() > MAX_LEN {
            return Err(AddressError::TooLong);
        }
        let lower = typed.to_ascii_lowercase();
        let rest = ["http://", "https://"]
            .iter()
            .find_map(|scheme| lower.strip_prefix(scheme))
            .ok_or(AddressError::NotWeb)?;
        let host = rest.split('/').next().unwrap_or_default();
        let unusable = |c: char| c.is_whitespace() || c.is_control() || "?#\\\"'<>".contains(c);
        if host.is_empty() || host.starts_with(':') || typed.chars().any(unusable) {
            return Err(AddressError::Malformed);
        }
        Ok(ServerAddress::At(typed.trim_end_matches('/').to_string()))
    }

    /// As the settings field shows it: empty for this site.
    pub fn written(&self) -> &str {
        match self {
            ServerAddress::ThisSite => "",
            ServerAddress::At(address) => address,
        }
    }

    /// The URL of the API path `path` (`/api/…`, without a query) on the server: for this site
    /// the path alone, which the page reads from its own address; `None` natively for this site,
    /// which does not exist there.
    pub fn endpoint(&self, path: &str) -> Option<String> {
        match self {
            ServerAddress::ThisSite => cfg!(target_arch = "wasm32").then(|| path.to_string()),
            ServerAddress::At(address) => Some(format!("{address}{path}")),
        }
    }

    /// The URL of the WebSocket at `path`: `ws://` or `wss://` on the server's host for an
    /// address, the path alone for this site (the page's script makes it `ws:` or `wss:` as the
    /// page is `http:` or `https:`); `None` natively for this site.
    pub fn socket_endpoint(&self, path: &str) -> Option<String> {
        let url = self.endpoint(path)?;
        if *self == ServerAddress::ThisSite {
            return Some(url);
        }
        // `parse` let only `http://` and `https://` in, in either case.
        let (scheme, rest) = url.split_once("://")?;
        let secure = scheme.eq_ignore_ascii_case("https");
        Some(format!("{}://{rest}", if secure { "wss" } else { "ws" }))
    }
}

/// The address kept on the device; this site when none was chosen or what was kept is
/// unusable (set aside, as a damaged setting is).
fn load_address(store: &DeviceStore) -> ServerAddress {
    store.read(|device| {
        load_with(device, KEY, |text| {
            let typed: String = serde_json::from_str(text).ok()?;
            ServerAddress::parse(&typed).ok()
        })
        .unwrap_or_default()
    })
}

/// Provides the server's address to the app (a `Signal<ServerAddress>` in the context), as kept
/// on the device.
pub fn use_server_address(store: DeviceStore) -> Signal<ServerAddress> {
    use_context_provider(|| Signal::new(load_address(&store)))
}

/// Makes `chosen` the server's address, now and after a restart.
pub fn choose_address(
    store: &DeviceStore,
    mut address: Signal<ServerAddress>,
    chosen: ServerAddress,
) {
    store.write(|device| save(device, KEY, &chosen.written()));
    address.set(chosen);
}

/// Sends one request and sends back `[status, body]`: status -1 when the device is offline, 0
/// when the server is out of reach or out of time (the request is then aborted). A body goes as
/// JSON, `Content-Type: application/json`, the only body the server takes (a page of another
/// site could send it text without asking); from a native shell's page, where the server is
/// another origin, that makes the browser ask first (a preflight), which the server answers.
/// A player's token goes in the `Authorization` header, never in the URL.
const FETCH_SCRIPT: &str = r#"
    const [method, url, body, token, ms] = await dioxus.recv();
    if (!navigator.onLine) {
        dioxus.send([-1, ""]);
    } else {
        const stop = new AbortController();
        const timer = setTimeout(() => stop.abort(), ms);
        try {
            const asked = {
                method,
                signal: stop.signal,
                cache: "no-store",
                headers: { accept: "application/json" },
            };
            if (token !== null) {
                asked.headers.authorization = "Bearer " + token;
            }
            if (body !== null) {
                asked.body = body;
                asked.headers["content-type"] = "application/json";
            }
            const response = await fetch(url, asked);
            dioxus.send([response.status, await response.text()]);
        } catch (error) {
            dioxus.send([0, ""]);
        } finally {
            clearTimeout(timer);
        }
    }
"#;

/// What one request to the server came to.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Reply {
    /// The device says it is offline: nothing was sent.
    Offline,
    /// No answer: the network failed or the time ran out.
    Unreachable,
    /// The server's answer, whatever its status.
    Answered { status: u16, body: String },
}

/// Sends `method` to `url` (an [`ServerAddress::endpoint`]) with `body`, if any, as the player
/// whose `token` it is, if any, and waits at most `wait` for the answer.
pub async fn request(
    method: &str,
    url: &str,
    body: Option<&str>,
    token: Option<&str>,
    wait: Duration,
) -> Reply {
    let mut asking = document::eval(FETCH_SCRIPT);
    if asking
        .send((method, url, body, token, wait.as_millis() as u64))
        .is_err()
    {
        return Reply::Unreachable;
    }
    match asking.recv::<(i32, String)>().await {
        Ok((-1, _)) => Reply::Offline,
        Ok((status, body)) => match u16::try_from(status) {
            Ok(status) if status > 0 => Reply::Answered { status, body },
            _ => Reply::Unreachable,
        },
        Err(_) => Reply::Unreachable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_or_refused_with_a_reason() {
        assert_eq!(ServerAddress::parse("  "), Ok(ServerAddress::ThisSite));
        assert_eq!(
            ServerAddress::parse(" https://duobao.example.org/ "),
            Ok(ServerAddress::At("https://duobao.example.org".into()))
        );
        assert_eq!(
            ServerAddress::parse("http://192.168.1.20:8080/duobao//"),
            Ok(ServerAddress::At("http://192.168.1.20:8080/duobao".into()))
        );
        assert_eq!(
            ServerAddress::parse("HTTP://Example.org"),
            Ok(ServerAddress::At("HTTP://Example.org".into()))
        );
        assert_eq!(
            ServerAddress::parse("duobao.example.org"),
            Err(AddressError::NotWeb)
        );
        assert_eq!(
            ServerAddress::parse("ftp://example.org"),
            Err(AddressError::NotWeb)
        );
        assert_eq!(
            ServerAddress::parse("ws://example.org"),
            Err(AddressError::NotWeb)
        );
        for malformed in [
            "http://",
            "https:///path",
            "http://:8080",
            "http://exa mple.org",
            "http://example.org/?fen=x",
            "http://example.org/#top",
            "http://example.org/\"><script>",
        ] {
            assert_eq!(
                ServerAddress::parse(malformed),
                Err(AddressError::Malformed),
                "{malformed}"
            );
        }
        let long = format!("https://{}.org", "a".repeat(MAX_LEN));
        assert_eq!(ServerAddress::parse(&long), Err(AddressError::TooLong));
    }

    #[test]
    fn an_endpoint_is_the_api_path_on_the_server() {
        let at = ServerAddress::At("http://127.0.0.1:8080".into());
        assert_eq!(
            at.endpoint("/api/tablebase"),
            Some("http://127.0.0.1:8080/api/tablebase".into())
        );
        assert_eq!(
            ServerAddress::parse("https://example.org/duobao/")
                .unwrap()
                .endpoint("/api/online/games"),
            Some("https://example.org/duobao/api/online/games".into())
        );
        // Natively (where the tests run) the app has no site of its own.
        assert_eq!(ServerAddress::ThisSite.endpoint("/api/tablebase"), None);
        assert_eq!(ServerAddress::ThisSite.socket_endpoint("/api/x"), None);
    }

    #[test]
    fn a_socket_is_ws_or_wss_as_the_server_is_http_or_https() {
        let socket = |typed: &str| {
            ServerAddress::parse(typed)
                .unwrap()
                .socket_endpoint("/api/online/games/g/socket")
        };
        assert_eq!(
            socket("http://192.168.1.20:8080"),
            Some("ws://192.168.1.20:8080/api/online/games/g/socket".into())
        );
        assert_eq!(
            socket("https://example.org/duobao"),
            Some("wss://example.org/duobao/api/online/games/g/socket".into())
        );
        assert_eq!(
            socket("HTTPS://Example.org"),
            Some("wss://Example.org/api/online/games/g/socket".into())
        );
    }

    #[test]
    fn a_written_address_reads_back_the_same() {
        for typed in ["", "https://duobao.example.org", "http://10.0.0.2:9000/x"] {
            let address = ServerAddress::parse(typed).unwrap();
            assert_eq!(ServerAddress::parse(address.written()), Ok(address));
        }
    }
}
