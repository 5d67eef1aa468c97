//! Where a browser finds the server: the addresses to print and to put in the certificate.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// This machine's IPv4 addresses that another device on the network can reach: not loopback,
/// not link-local (169.254.x.x, which no router hands out), not a container or VM bridge
/// (docker0, br-…, veth…, virbr…), which a phone cannot reach. A phone is given an IPv4
/// address to type, not an IPv6 one.
pub fn lan_ipv4() -> Vec<Ipv4Addr> {
    let Ok(interfaces) = if_addrs::get_if_addrs() else {
        return Vec::new();
    };
    let mut addresses: Vec<Ipv4Addr> = interfaces
        .into_iter()
        .filter(|interface| !is_virtual_bridge(&interface.name))
        .filter_map(|interface| match interface.ip() {
            IpAddr::V4(ip) if !ip.is_loopback() && !ip.is_link_local() => Some(ip),
            _ => None,
        })
        .collect();
    addresses.sort_unstable();
    addresses.dedup();
    addresses
}

fn is_virtual_bridge(name: &str) -> bool {
    ["docker", "br-", "veth", "virbr"]
        .iter()
        .any(|prefix| name.starts_with(prefix))
}

/// The machine's host name, when it is one a certificate can name (ASCII letters, digits, `-`
/// and `.`): a phone on the same network may reach it as that or as `NAME.local`.
pub fn host_name() -> Option<String> {
    let name = hostname::get().ok()?.into_string().ok()?;
    let usable = !name.is_empty()
        && name
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'.');
    usable.then_some(name)
}

/// The names the self-made certificate is for: every way this machine is opened, from itself
/// (localhost, 127.0.0.1, ::1) and from the network (its LAN addresses, its host name and the
/// `.local` name that multicast DNS gives it).
pub fn certificate_names(lan: &[Ipv4Addr], host: Option<&str>) -> Vec<String> {
    let mut names = vec![
        "localhost".to_owned(),
        "127.0.0.1".to_owned(),
        "::1".to_owned(),
    ];
    names.extend(lan.iter().map(Ipv4Addr::to_string));
    if let Some(host) = host.filter(|host| *host != "localhost") {
        names.push(host.to_owned());
        if !host.contains('.') {
            names.push(format!("{host}.local"));
        }
    }
    names
}

/// The addresses to open the site at, this machine's own first: the bound address itself, or,
/// for a server bound to every interface, the loopback address and then each LAN address.
pub fn site_urls(bound: SocketAddr, https: bool, lan: &[Ipv4Addr]) -> Vec<String> {
    let scheme = if https { "https" } else { "http" };
    let port = bound.port();
    let url = |ip: IpAddr| format!("{scheme}://{}/", SocketAddr::new(ip, port));
    match bound.ip() {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED) => std::iter::once(url(Ipv4Addr::LOCALHOST.into()))
            .chain(lan.iter().map(|&ip| url(ip.into())))
            .collect(),
        IpAddr::V6(Ipv6Addr::UNSPECIFIED) => std::iter::once(url(Ipv6Addr::LOCALHOST.into()))
            .chain(lan.iter().map(|&ip| url(ip.into())))
            .collect(),
        ip => vec![url(ip)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAN: [Ipv4Addr; 2] = [Ipv4Addr::new(10, 0, 0, 7), Ipv4Addr::new(192, 168, 1, 20)];

    #[test]
    fn a_loopback_server_is_opened_at_its_address() {
        let bound = SocketAddr::from((Ipv4Addr::LOCALHOST, 8080));
        assert_eq!(site_urls(bound, false, &LAN), ["http://127.0.0.1:8080/"]);
    }

    #[test]
    fn a_server_on_every_interface_lists_the_lan_addresses() {
        let bound = SocketAddr::from((Ipv4Addr::UNSPECIFIED, 8443));
        assert_eq!(
            site_urls(bound, true, &LAN),
            [
                "https://127.0.0.1:8443/",
                "https://10.0.0.7:8443/",
                "https://192.168.1.20:8443/"
            ]
        );
        let bound = SocketAddr::from((Ipv6Addr::UNSPECIFIED, 8080));
        assert_eq!(
            site_urls(bound, false, &LAN[..1]),
            ["http://[::1]:8080/", "http://10.0.0.7:8080/"]
        );
    }

    #[test]
    fn the_certificate_names_every_way_in() {
        assert_eq!(
            certificate_names(&LAN, Some("studio")),
            [
                "localhost",
                "127.0.0.1",
                "::1",
                "10.0.0.7",
                "192.168.1.20",
                "studio",
                "studio.local"
            ]
        );
        assert_eq!(
            certificate_names(&[], Some("studio.example.org")),
            ["localhost", "127.0.0.1", "::1", "studio.example.org"]
        );
        assert_eq!(
            certificate_names(&[], None),
            ["localhost", "127.0.0.1", "::1"]
        );
    }

    #[test]
    fn container_bridges_are_not_the_lan() {
        assert!(is_virtual_bridge("docker0"));
        assert!(is_virtual_bridge("br-3f2a"));
        assert!(!is_virtual_bridge("wlan0"));
        assert!(!is_virtual_bridge("eth0"));
    }
}
