//! The local certificate authority: made once and kept, so that a phone told to trust it once
//! trusts every certificate this server signs with it afterwards, across restarts and changes
//! of address. Clicking through a certificate warning is not enough to install the app: a
//! browser registers a service worker (offline play) only on a page whose certificate it trusts.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rcgen::{
    BasicConstraints, CertificateParams, DistinguishedName, DnType, IsCa, Issuer, KeyPair,
    KeyUsagePurpose,
};
use rustls::client::danger::ServerCertVerifier;
use rustls::client::WebPkiServerVerifier;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, RootCertStore};
use time::{Duration, OffsetDateTime};

/// The CA certificate's file name in the folder, the name a phone downloads it by too.
const CERTIFICATE_FILE: &str = "duobao-local-ca.crt";
/// The CA's private key, readable by this user only: whoever has it can make certificates that
/// a phone trusting the CA accepts for any site.
const KEY_FILE: &str = "duobao-local-ca.key";
/// Ten years: long enough that a phone installs it once and for good.
const VALID_DAYS: i64 = 3653;

/// The certificate authority kept in a folder, ready to sign this start's server certificate.
pub struct LocalCa {
    pem: String,
    der: CertificateDer<'static>,
    issuer: Issuer<'static, KeyPair>,
    not_after: OffsetDateTime,
    path: PathBuf,
    made_now: bool,
}

impl LocalCa {
    /// Reads the CA kept in `dir`, or, when its certificate or key is not there (the first
    /// start, or one of them deleted to start afresh), makes a new one and keeps it there.
    pub fn load_or_make(dir: &Path) -> Result<Self, CaError> {
        let path = dir.join(CERTIFICATE_FILE);
        let key_path = dir.join(KEY_FILE);
        match (read_kept(&path)?, read_kept(&key_path)?) {
            (Some(pem), Some(key_pem)) => Self::load(path, pem, &key_path, &key_pem),
            _ => Self::make(dir, path, &key_path),
        }
    }

    fn load(path: PathBuf, pem: String, key_path: &Path, key_pem: &str) -> Result<Self, CaError> {
        let der = CertificateDer::from_pem_slice(pem.as_bytes())
            .map_err(|_| CaError::unusable(&path, "it holds no PEM certificate (it is damaged)"))?;
        let key = KeyPair::from_pem(key_pem).map_err(|_| {
            CaError::unusable(key_path, "it holds no usable private key (it is damaged)")
        })?;
        let damaged = || CaError::unusable(&path, "its certificate cannot be read (it is damaged)");
        let (_, parsed) = x509_parser::parse_x509_certificate(&der).map_err(|_| damaged())?;
        let validity = parsed.validity();
        let (not_before, not_after) = (
            validity.not_before.to_datetime(),
            validity.not_after.to_datetime(),
        );
        // A TLS client takes a root it trusts as it is, valid or not, but a phone may not.
        let now = OffsetDateTime::now_utc();
        if now > not_after {
            return Err(CaError::unusable(&path, "it has expired"));
        }
        if now < not_before {
            return Err(CaError::unusable(
                &path,
                "it is not valid yet (is this computer's clock right?)",
            ));
        }
        let issuer = Issuer::from_ca_cert_der(&der, key).map_err(|_| damaged())?;
        Ok(LocalCa {
            pem,
            der,
            issuer,
            not_after,
            path,
            made_now: false,
        })
    }

    fn make(dir: &Path, path: PathBuf, key_path: &Path) -> Result<Self, CaError> {
        let mut params = CertificateParams::default();
        let mut subject = DistinguishedName::new();
        subject.push(DnType::CommonName, "Duobao Qi Bing local CA");
        params.distinguished_name = subject;
        // It signs server certificates only, never another CA.
        params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let now = OffsetDateTime::now_utc();
        // A day back, in case this computer's clock is a little ahead of the phone's.
        params.not_before = now - Duration::days(1);
        params.not_after = now + Duration::days(VALID_DAYS);
        let key = KeyPair::generate().map_err(CaError::Make)?;
        let certificate = params.self_signed(&key).map_err(CaError::Make)?;
        let pem = certificate.pem();
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
            path,
            made_now: true,
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
