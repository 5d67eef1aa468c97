//! The local certificate authority: made once and kept, so that a phone told to trust it once
//! trusts every certificate this server signs with it afterwards, across restarts and changes
//! of address. Clicking through a certificate warning is not enough to install the app: a
//! browser registers a service worker (offline play) only on a page whose certificate it trusts.
//!
//! A phone that trusts a CA trusts it for every site, so this one carries X.509 name
//! constraints (critical), which browsers and TLS libraries enforce (webpki, as rustls uses,
//! among them): it can vouch only for names and addresses of a home network ([`HOME_DOMAINS`],
//! [`HOME_NETWORKS`], and this computer's host name when it has a domain). Its key, if stolen,
//! cannot make a certificate for a bank's site that the phone accepts. A kept CA made before
//! (without constraints) is replaced at the next start, with a [`CaNotice`] that the phone must
//! install the new one and remove the old one.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rcgen::{
    BasicConstraints, CertificateParams, CidrSubnet, DistinguishedName, DnType, GeneralSubtree,
    IsCa, Issuer, KeyPair, KeyUsagePurpose, NameConstraints,
};
use rustls::client::danger::ServerCertVerifier;
use rustls::client::WebPkiServerVerifier;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, RootCertStore};
use time::{Duration, OffsetDateTime};
use x509_parser::certificate::X509Certificate;
use x509_parser::extensions::GeneralName;

use crate::addresses;

/// The CA certificate's file name in the folder, the name a phone downloads it by too.
const CERTIFICATE_FILE: &str = "duobao-local-ca.crt";
/// The CA's private key, readable by this user only: whoever has it can make certificates that
/// a phone trusting the CA accepts for the names and addresses of a home network (a fake of
/// this server, or of a router's page).
const KEY_FILE: &str = "duobao-local-ca.key";
/// Ten years: long enough that a phone installs it once and for good.
const VALID_DAYS: i64 = 3653;

/// The names the CA may vouch for, each with every name under it (`local` covers
/// `studio.local`): this computer by name, multicast DNS names (RFC 6762), and the domain
/// reserved for home networks (RFC 8375).
pub const HOME_DOMAINS: [&str; 3] = ["localhost", "local", "home.arpa"];

/// The addresses the CA may vouch for, with their prefix lengths: loopback, the private
/// ranges (RFC 1918, RFC 4193) and link-local, for IPv4 and IPv6.
pub const HOME_NETWORKS: [(IpAddr, u8); 8] = [
    (IpAddr::V4(Ipv4Addr::new(127, 0, 0, 0)), 8),
    (IpAddr::V4(Ipv4Addr::new(10, 0, 0, 0)), 8),
    (IpAddr::V4(Ipv4Addr::new(172, 16, 0, 0)), 12),
    (IpAddr::V4(Ipv4Addr::new(192, 168, 0, 0)), 16),
    (IpAddr::V4(Ipv4Addr::new(169, 254, 0, 0)), 16),
    (IpAddr::V6(Ipv6Addr::LOCALHOST), 128),
    (IpAddr::V6(Ipv6Addr::new(0xfc00, 0, 0, 0, 0, 0, 0, 0)), 7),
    (IpAddr::V6(Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 0)), 10),
];

/// The subtrees a new CA is limited to: [`HOME_DOMAINS`], [`HOME_NETWORKS`] and `host`, this
/// computer's name, when it has a domain (`studio.fritz.box`). A name of one label is left to
/// `NAME.local`: as a constraint it would cover every name under it, and `studio`, `dev` or
/// `app` is a top-level domain of the internet.
fn home_subtrees(host: Option<&str>) -> Vec<GeneralSubtree> {
    let host = host
        .map(str::to_ascii_lowercase)
        .filter(|host| host.contains('.') && !within_home_domains(host));
    HOME_DOMAINS
        .iter()
        .map(|domain| (*domain).to_owned())
        .chain(host)
        .map(GeneralSubtree::DnsName)
        .chain(HOME_NETWORKS.iter().map(|&(ip, prefix)| {
            GeneralSubtree::IpAddress(CidrSubnet::from_addr_prefix(ip, prefix))
        }))
        .collect()
}

fn within_home_domains(name: &str) -> bool {
    HOME_DOMAINS.iter().any(|domain| dns_within(name, domain))
}

/// Whether `name` is `domain` or a name under it, as webpki reads a DNS name constraint.
fn dns_within(name: &str, domain: &str) -> bool {
    let (name, domain) = (name.to_ascii_lowercase(), domain.to_ascii_lowercase());
    match domain.strip_prefix('.') {
        Some(_) => name.ends_with(&domain),
        None => name == domain || name.ends_with(&format!(".{domain}")),
    }
}

/// A permitted subtree of a kept CA, as read back from its certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Permitted {
    Dns(String),
    /// An address and its mask, both 4 bytes or both 16.
    Ip(Vec<u8>, Vec<u8>),
}

impl Permitted {
    fn covers(&self, name: &str) -> bool {
        match (self, name.parse::<IpAddr>()) {
            (Permitted::Dns(domain), Err(_)) => dns_within(name, domain),
            (Permitted::Ip(base, mask), Ok(ip)) => {
                let octets = match ip {
                    IpAddr::V4(ip) => ip.octets().to_vec(),
                    IpAddr::V6(ip) => ip.octets().to_vec(),
                };
                octets.len() == base.len()
                    && octets
                        .iter()
                        .zip(base)
                        .zip(mask)
                        .all(|((byte, base), mask)| byte & mask == base & mask)
            }
            _ => false,
        }
    }
}

/// The permitted subtrees of a certificate's name constraints, `None` if it has none.
fn permitted_subtrees(certificate: &X509Certificate<'_>) -> Option<Vec<Permitted>> {
    let constraints = certificate.name_constraints().ok()??;
    let permitted: Vec<Permitted> = constraints
        .value
        .permitted_subtrees
        .as_ref()?
        .iter()
        .filter_map(|subtree| match subtree.base {
            GeneralName::DNSName(domain) => Some(Permitted::Dns(domain.to_owned())),
            GeneralName::IPAddress(bytes) if bytes.len() == 8 || bytes.len() == 32 => {
                let (base, mask) = bytes.split_at(bytes.len() / 2);
                Some(Permitted::Ip(base.to_vec(), mask.to_vec()))
            }
            _ => None,
        })
        .collect();
    (!permitted.is_empty()).then_some(permitted)
}

/// What a start did to the kept CA that its user must know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaNotice {
    /// The kept CA had no name constraints, so it could vouch for any site: it was replaced
    /// by a new one, which a phone must install in its place.
    Replaced { path: PathBuf },
    /// The key was readable by other users (its former mode given); it was made readable by
    /// its owner only.
    KeyMadePrivate { path: PathBuf, mode: u32 },
}

impl fmt::Display for CaNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaNotice::Replaced { path } => write!(
                f,
                "the local certificate authority (CA) in {} could vouch for any site (it was made before CAs were limited to home networks), so it was replaced by a new one that vouches only for names and addresses of a home network. A phone that trusts the old CA must install the new one once ({CERTIFICATE_FILE} from this server, as the first time) and remove the old one (Android: Settings → Security → Encryption & credentials → User credentials; iPhone: Settings → General → VPN & Device Management)",
                path.display()
            ),
            CaNotice::KeyMadePrivate { path, mode } => write!(
                f,
                "the local certificate authority's key {} was readable by other users (mode {mode:o}): made it readable by you only (600). Whoever read it could make certificates that a phone trusting the CA accepts: if others use this computer, delete it to make a new CA",
                path.display()
            ),
        }
    }
}

/// The certificate authority kept in a folder, ready to sign this start's server certificate.
pub struct LocalCa {
    pem: String,
    der: CertificateDer<'static>,
    issuer: Issuer<'static, KeyPair>,
    not_after: OffsetDateTime,
    permitted: Vec<Permitted>,
    path: PathBuf,
    made_now: bool,
    notices: Vec<CaNotice>,
}

/// A kept CA as read: usable, or one to replace.
enum Kept {
    Usable(Box<LocalCa>),
    Unconstrained,
}

impl LocalCa {
    /// Reads the CA kept in `dir`, or, when its certificate or key is not there (the first
    /// start, or one of them deleted to start afresh), makes a new one and keeps it there. A
    /// kept CA without name constraints is replaced, a key others can read is made private,
    /// each with a [notice](Self::notices); a kept certificate that is no CA's, expired or
    /// damaged is an error naming the file, which is left for its user to delete.
    pub fn load_or_make(dir: &Path) -> Result<Self, CaError> {
        let path = dir.join(CERTIFICATE_FILE);
        let key_path = dir.join(KEY_FILE);
        // Before anything else, so that no error leaves it readable; a key replaced below is
        // written private anyway, and its notice would be noise.
        let made_private = keep_private(&key_path)?;
        let (mut ca, notices) = match (read_kept(&path)?, read_kept(&key_path)?) {
            (Some(pem), Some(key_pem)) => match Self::load(&path, pem, &key_path, &key_pem)? {
                Kept::Usable(ca) => (*ca, made_private.into_iter().collect()),
                Kept::Unconstrained => {
                    let notice = CaNotice::Replaced { path: path.clone() };
                    (Self::make(dir, path, &key_path)?, vec![notice])
                }
            },
            _ => (Self::make(dir, path, &key_path)?, Vec::new()),
        };
        ca.notices = notices;
        Ok(ca)
    }

    fn load(path: &Path, pem: String, key_path: &Path, key_pem: &str) -> Result<Kept, CaError> {
        let der = CertificateDer::from_pem_slice(pem.as_bytes())
            .map_err(|_| CaError::unusable(path, "it holds no PEM certificate (it is damaged)"))?;
        let damaged = || CaError::unusable(path, "its certificate cannot be read (it is damaged)");
        let (_, parsed) = x509_parser::parse_x509_certificate(&der).map_err(|_| damaged())?;
        let is_ca = parsed
            .basic_constraints()
            .map_err(|_| damaged())?
            .is_some_and(|constraints| constraints.value.ca);
        if !is_ca {
            return Err(CaError::unusable(
                path,
                "it is not a certificate authority's certificate (no CA:TRUE basic constraint)",
            ));
        }
        let validity = parsed.validity();
        let (not_before, not_after) = (
            validity.not_before.to_datetime(),
            validity.not_after.to_datetime(),
        );
        // A TLS client takes a root it trusts as it is, valid or not, but a phone may not.
        let now = OffsetDateTime::now_utc();
        if now > not_after {
            return Err(CaError::unusable(path, "it has expired"));
        }
        if now < not_before {
            return Err(CaError::unusable(
                path,
                "it is not valid yet (is this computer's clock right?)",
            ));
        }
        let Some(permitted) = permitted_subtrees(&parsed) else {
            return Ok(Kept::Unconstrained);
        };
        let key = KeyPair::from_pem(key_pem).map_err(|_| {
            CaError::unusable(key_path, "it holds no usable private key (it is damaged)")
        })?;
        let issuer = Issuer::from_ca_cert_der(&der, key).map_err(|_| damaged())?;
        Ok(Kept::Usable(Box::new(LocalCa {
            pem,
            der,
            issuer,
            not_after,
            permitted,
            path: path.to_owned(),
            made_now: false,
            notices: Vec::new(),
        })))
    }

    fn make(dir: &Path, path: PathBuf, key_path: &Path) -> Result<Self, CaError> {
        let mut params = CertificateParams::default();
        let mut subject = DistinguishedName::new();
        subject.push(DnType::CommonName, "Duobao Qi Bing local CA");
        params.distinguished_name = subject;
        // It signs server certificates only, never another CA.
        params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        // rcgen marks the extension critical.
        params.name_constraints = Some(NameConstraints {
            permitted_subtrees: home_subtrees(addresses::host_name().as_deref()),
            excluded_subtrees: Vec::new(),
        });
        let now = OffsetDateTime::now_utc();
        // A day back, in case this computer's clock is a little ahead of the phone's.
        params.not_before = now - Duration::days(1);
        params.not_after = now + Duration::days(VALID_DAYS);
        let key = KeyPair::generate().map_err(CaError::Make)?;
        let certificate = params.self_signed(&key).map_err(CaError::Make)?;
        let pem = certificate.pem();
        let permitted = x509_parser::parse_x509_certificate(certificate.der())
            .ok()
            .and_then(|(_, parsed)| permitted_subtrees(&parsed))
            .unwrap_or_default();
        make_folder(dir).map_err(|source| CaError::Write {
            path: dir.to_owned(),
            source,
        })?;
        // The key first: a start that stops between the two finds the certificate missing and
        // makes a new pair rather than pairing the old certificate with a new key.
        keep(key_path, &key.serialize_pem(), true)?;
        keep(&path, &pem, false)?;
        Ok(LocalCa {
            pem,
            der: certificate.der().clone(),
            not_after: params.not_after,
            issuer: Issuer::new(params, key),
            permitted,
            path,
            made_now: true,
            notices: Vec::new(),
        })
    }

    /// The CA certificate, for a client that should trust this server.
    pub fn certificate(&self) -> &CertificateDer<'static> {
        &self.der
    }

    /// The CA certificate as kept, in PEM, as a phone downloads it.
    pub fn pem(&self) -> &str {
        &self.pem
    }

    /// The file the CA certificate is kept in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether this start made the CA (so no phone trusts it yet).
    pub fn is_new(&self) -> bool {
        self.made_now
    }

    /// What this start did to the kept CA that its user must be told (on stderr).
    pub fn notices(&self) -> &[CaNotice] {
        &self.notices
    }

    /// Whether the CA may vouch for `name` (a host name or an IP address): a certificate that
    /// names anything else would be refused whole by a phone.
    pub fn permits(&self, name: &str) -> bool {
        self.permitted.iter().any(|subtree| subtree.covers(name))
    }

    pub(crate) fn issuer(&self) -> &Issuer<'static, KeyPair> {
        &self.issuer
    }

    /// The end of the CA's validity, past which no certificate it signs is valid either.
    pub(crate) fn not_after(&self) -> OffsetDateTime {
        self.not_after
    }

    /// Checks that a client trusting only this CA accepts `certificate` for 127.0.0.1, which
    /// every server certificate names: what fails here (a key that is not the certificate's, a
    /// certificate that is no CA's) would otherwise fail on the phone.
    pub fn check_accepted(&self, certificate: &CertificateDer<'_>) -> Result<(), CaError> {
        let mut roots = RootCertStore::empty();
        roots.add(self.der.clone()).map_err(|problem| {
            CaError::unusable(&self.path, format!("it is no CA certificate ({problem})"))
        })?;
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let verifier = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider)
            .build()
            .map_err(|problem| CaError::unusable(&self.path, problem.to_string()))?;
        let name = ServerName::from(IpAddr::V4(Ipv4Addr::LOCALHOST));
        match verifier.verify_server_cert(certificate, &[], &name, &[], UnixTime::now()) {
            Ok(_) => Ok(()),
            Err(rustls::Error::InvalidCertificate(problem)) => {
                Err(CaError::unusable(&self.path, rejection(&problem)))
            }
            Err(problem) => Err(CaError::unusable(&self.path, problem.to_string())),
        }
    }
}

/// Why a certificate this CA signed was refused, in the terms of the files.
fn rejection(problem: &CertificateError) -> String {
    match problem {
        CertificateError::BadSignature | CertificateError::UnknownIssuer => {
            format!("it does not belong with the key {KEY_FILE} beside it")
        }
        other => format!("a certificate it signs is refused ({other:?})"),
    }
}

/// The file's text, `None` if it is not there.
fn read_kept(path: &Path) -> Result<Option<String>, CaError> {
    match fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| CaError::unusable(path, "it is not a PEM file (it is damaged)")),
        Err(problem) if problem.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(problem) => Err(CaError::unusable(
            path,
            format!("cannot read it: {problem}"),
        )),
    }
}

/// On Unix, makes the key at `path`, if it is there, readable by its owner only when others
/// could read it, with a notice saying so.
fn keep_private(path: &Path) -> Result<Option<CaNotice>, CaError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = match fs::metadata(path) {
            Ok(metadata) => metadata.permissions().mode() & 0o777,
            Err(problem) if problem.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(problem) => {
                return Err(CaError::unusable(
                    path,
                    format!("cannot read it: {problem}"),
                ))
            }
        };
        if mode & 0o077 == 0 {
            return Ok(None);
        }
        fs::set_permissions(path, fs::Permissions::from_mode(0o600)).map_err(|source| {
            CaError::Write {
                path: path.to_owned(),
                source,
            }
        })?;
        Ok(Some(CaNotice::KeyMadePrivate {
            path: path.to_owned(),
            mode,
        }))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(None)
    }
}

/// Makes the folder, on Unix readable by this user only when this makes it.
fn make_folder(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Writes `contents` to `path` whole or not at all (a file beside it, renamed over it once
/// written), so that a start interrupted while writing leaves no half file; a `private` one is
/// readable by this user only (on Unix) from the moment it exists.
fn keep(path: &Path, contents: &str, private: bool) -> Result<(), CaError> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let partial = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    let written = (|| {
        let _ = fs::remove_file(&partial);
        let mut options = fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        #[cfg(not(unix))]
        let _ = private;
        let mut file = options.open(&partial)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
        fs::rename(&partial, path)
    })();
    written.map_err(|source| {
        let _ = fs::remove_file(&partial);
        CaError::Write {
            path: path.to_owned(),
            source,
        }
    })
}

/// Why the local certificate authority cannot be used.
#[derive(Debug)]
pub enum CaError {
    /// No folder was given and this user has no data folder (no home folder) to keep it in.
    NoFolder,
    /// rcgen could not make the CA.
    Make(rcgen::Error),
    /// The folder or a file in it cannot be written.
    Write { path: PathBuf, source: io::Error },
    /// A kept file cannot be read or is not what it should be.
    Unusable { path: PathBuf, problem: String },
}

impl CaError {
    fn unusable(path: &Path, problem: impl Into<String>) -> Self {
        CaError::Unusable {
            path: path.to_owned(),
            problem: problem.into(),
        }
    }
}

impl fmt::Display for CaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaError::NoFolder => write!(
                f,
                "there is no data folder for this user to keep the local certificate authority in: choose a folder with --cert-dir"
            ),
            CaError::Make(problem) => {
                write!(f, "cannot make the local certificate authority: {problem}")
            }
            CaError::Write { path, source } => write!(
                f,
                "cannot write {}: {source}: choose another folder with --cert-dir",
                path.display()
            ),
            CaError::Unusable { path, problem } => write!(
                f,
                "the local certificate authority's file {} cannot be used: {problem}. Delete it to make a new one at the next start (a phone that trusts the old one must then install the new one)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for CaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CaError::Make(problem) => Some(problem),
            CaError::Write { source, .. } => Some(source),
            CaError::NoFolder | CaError::Unusable { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dns_subtrees(host: Option<&str>) -> Vec<String> {
        home_subtrees(host)
            .into_iter()
            .filter_map(|subtree| match subtree {
                GeneralSubtree::DnsName(name) => Some(name),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_host_name_is_a_constraint_only_with_a_domain() {
        let home = ["localhost", "local", "home.arpa"];
        assert_eq!(dns_subtrees(None), home);
        // One label: a top-level domain of the internet, perhaps (.studio, .dev, .app).
        assert_eq!(dns_subtrees(Some("studio")), home);
        assert_eq!(dns_subtrees(Some("studio.local")), home);
        assert_eq!(
            dns_subtrees(Some("Studio.Fritz.Box")),
            [&home[..], &["studio.fritz.box"]].concat()
        );
        assert_eq!(home_subtrees(None).len(), home.len() + HOME_NETWORKS.len());
    }

    #[test]
    fn a_dns_constraint_covers_the_name_and_those_under_it() {
        assert!(dns_within("local", "local"));
        assert!(dns_within("studio.local", "local"));
        assert!(dns_within("a.b.LOCAL", "local"));
        assert!(!dns_within("notlocal", "local"));
        assert!(!dns_within("local.example.com", "local"));
        assert!(dns_within("x.home.arpa", ".home.arpa"));
        assert!(!dns_within("home.arpa", ".home.arpa"));
    }
}
