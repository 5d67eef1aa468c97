//! Where the tablebase service is asked: the setting, read and checked, kept on the device.

use dioxus::prelude::*;

use crate::storage::{load_with, save, DeviceStore};

/// The setting's key in the device's store, beside the other settings.
const KEY: &str = "prefs.tablebase_service";

/// The longest address taken.
const MAX_LEN: usize = 200;

/// The service's path on its site, as `duobao-serve` answers it.
const PATH: &str = "/api/tablebase";

/// Where the tablebase service is.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub enum ServiceAddress {
    /// The site the app was served from; natively, where there is none, no service.
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

impl ServiceAddress {
    /// The address the player typed: empty for this site.
    pub fn parse(typed: &str) -> Result<ServiceAddress, AddressError> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Ok(ServiceAddress::ThisSite);
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
        Ok(ServiceAddress::At(typed.trim_end_matches('/').to_string()))
    }

    /// As the settings field shows it: empty for this site.
    pub fn written(&self) -> &str {
        match self {
            ServiceAddress::ThisSite => "",
            ServiceAddress::At(address) => address,
        }
    }

    /// The service's URL, without its query; `None` natively for this site, which does not
    /// exist there.
    pub fn endpoint(&self) -> Option<String> {
        match self {
            ServiceAddress::ThisSite => cfg!(target_arch = "wasm32").then(|| PATH.to_string()),
            ServiceAddress::At(address) => Some(format!("{address}{PATH}")),
        }
    }
}

/// The address kept on the device; this site when none was chosen or what was kept is
/// unusable (set aside, as a damaged setting is).
fn load_address(store: &DeviceStore) -> ServiceAddress {
    store.read(|device| {
        load_with(device, KEY, |text| {
            let typed: String = serde_json::from_str(text).ok()?;
            ServiceAddress::parse(&typed).ok()
        })
        .unwrap_or_default()
    })
}

/// Provides the service's address to the app, as kept on the device.
pub fn use_service_address(store: DeviceStore) -> Signal<ServiceAddress> {
    use_context_provider(|| Signal::new(load_address(&store)))
}

/// Makes `chosen` the service's address, now and after a restart.
pub fn choose_address(
    store: &DeviceStore,
    mut address: Signal<ServiceAddress>,
    chosen: ServiceAddress,
) {
    store.write(|device| save(device, KEY, &chosen.written()));
    address.set(chosen);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_or_refused_with_a_reason() {
        assert_eq!(ServiceAddress::parse("  "), Ok(ServiceAddress::ThisSite));
        assert_eq!(
            ServiceAddress::parse(" https://tables.example.org/ "),
            Ok(ServiceAddress::At("https://tables.example.org".into()))
        );
        assert_eq!(
            ServiceAddress::parse("http://192.168.1.20:8080/duobao//"),
            Ok(ServiceAddress::At("http://192.168.1.20:8080/duobao".into()))
        );
        assert_eq!(
            ServiceAddress::parse("HTTP://Example.org"),
            Ok(ServiceAddress::At("HTTP://Example.org".into()))
        );
        assert_eq!(
            ServiceAddress::parse("tables.example.org"),
            Err(AddressError::NotWeb)
        );
        assert_eq!(
            ServiceAddress::parse("ftp://example.org"),
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
                ServiceAddress::parse(malformed),
                Err(AddressError::Malformed),
                "{malformed}"
            );
        }
        let long = format!("https://{}.org", "a".repeat(MAX_LEN));
        assert_eq!(ServiceAddress::parse(&long), Err(AddressError::TooLong));
    }

    #[test]
    fn the_endpoint_is_the_api_path_on_the_site() {
        assert_eq!(
            ServiceAddress::At("http://127.0.0.1:8080".into()).endpoint(),
            Some("http://127.0.0.1:8080/api/tablebase".into())
        );
        // Natively (where the tests run) the app has no site of its own.
        assert_eq!(ServiceAddress::ThisSite.endpoint(), None);
    }

    #[test]
    fn a_written_address_reads_back_the_same() {
        for typed in ["", "https://tables.example.org", "http://10.0.0.2:9000/x"] {
            let address = ServiceAddress::parse(typed).unwrap();
            assert_eq!(ServiceAddress::parse(address.written()), Ok(address));
        }
    }
}
