//! The local CA can vouch only for a home network: a real TLS client that trusts it (rustls'
//! WebPKI verifier, as a browser checks name constraints) refuses a certificate it signed for
//! any other site. And what a start does with a kept CA that is not what it should be.

use std::fs;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use duobao_serve::{CaError, CaNotice, LocalCa};
use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::rustls::pki_types::{
    CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName,
};
use tokio_rustls::rustls::{ClientConfig, RootCertStore, ServerConfig};
use tokio_rustls::{TlsAcceptor, TlsConnector};

const CA_FILE: &str = "duobao-local-ca.crt";
const KEY_FILE: &str = "duobao-local-ca.key";

/// A certificate for `name` signed with the CA kept in `dir`, as whoever had its key could
/// make one, and its key.
fn signed_with_kept_ca(
    dir: &Path,
    name: &str,
) -> (CertificateDer<'static>, PrivateKeyDer<'static>) {
    let ca_pem = fs::read_to_string(dir.join(CA_FILE)).unwrap();
    let ca_key = KeyPair::from_pem(&fs::read_to_string(dir.join(KEY_FILE)).unwrap()).unwrap();
    let issuer = Issuer::from_ca_cert_pem(&ca_pem, ca_key).unwrap();
    let params = CertificateParams::new(vec![name.to_owned()]).unwrap();
    let key = KeyPair::generate().unwrap();
    let certificate = params.signed_by(&key, &issuer).unwrap();
    (
        certificate.der().clone(),
        PrivatePkcs8KeyDer::from(key.serialize_der()).into(),
    )
}

/// Serves one TLS handshake with `certificate` on a free port.
async fn tls_server(
    certificate: CertificateDer<'static>,
    key: PrivateKeyDer<'static>,
) -> SocketAddr {
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![certificate], key)
        .unwrap();
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let (tcp, _) = listener.accept().await.unwrap();
        if let Ok(mut tls) = acceptor.accept(tcp).await {
            let _ = tls.write_all(b"hello").await;
            let _ = tls.shutdown().await;
        }
    });
    addr
}

/// Connects to `addr` as `name` with a client that trusts `ca` only; what it read, or the
/// handshake's error.
async fn connect_trusting(
    ca: &CertificateDer<'static>,
    addr: SocketAddr,
    name: &str,
) -> Result<Vec<u8>, String> {
    let mut roots = RootCertStore::empty();
    roots.add(ca.clone()).unwrap();
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let client = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let tcp = TcpStream::connect(addr).await.unwrap();
    let name = ServerName::try_from(name.to_owned()).unwrap();
    let mut tls = TlsConnector::from(Arc::new(client))
        .connect(name, tcp)
        .await
        .map_err(|problem| problem.to_string())?;
    let mut read = Vec::new();
    tls.read_to_end(&mut read)
        .await
        .map_err(|problem| problem.to_string())?;
    Ok(read)
}

#[tokio::test]
async fn the_local_ca_vouches_for_a_home_network_only() {
    let certs = tempfile::tempdir().unwrap();
    let ca = LocalCa::load_or_make(certs.path()).unwrap();
    for name in [
        "example.com",
        "bank.example",
        "localhost.example.com",
        "8.8.8.8",
        "100.64.0.1",
        "2001:db8::1",
    ] {
        assert!(!ca.permits(name), "{name}");
        let (certificate, key) = signed_with_kept_ca(certs.path(), name);
        let addr = tls_server(certificate, key).await;
        let refused = connect_trusting(ca.certificate(), addr, name).await;
        let problem = refused.expect_err(name);
        assert!(problem.contains("NameConstraint"), "{name}: {problem}");
    }
    for name in [
        "localhost",
        "myhost.local",
        "printer.home.arpa",
        "127.0.0.1",
        "192.168.1.20",
        "10.1.2.3",
        "172.31.255.254",
        "169.254.10.20",
        "::1",
        "fd12:3456::1",
        "fe80::1",
    ] {
        assert!(ca.permits(name), "{name}");
        let (certificate, key) = signed_with_kept_ca(certs.path(), name);
        let addr = tls_server(certificate, key).await;
        let read = connect_trusting(ca.certificate(), addr, name).await;
        assert_eq!(read.as_deref(), Ok(&b"hello"[..]), "{name}");
    }
}

/// A CA as this server made them before name constraints, or any certificate authority.
fn unconstrained_ca() -> (String, String) {
    let mut params = CertificateParams::default();
    params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
    params.key_usages = vec![KeyUsagePurpose::KeyCertSign];
    let now = time::OffsetDateTime::now_utc();
    params.not_before = now - time::Duration::days(1);
    params.not_after = now + time::Duration::days(3653);
    let key = KeyPair::generate().unwrap();
    let certificate = params.self_signed(&key).unwrap();
    (certificate.pem(), key.serialize_pem())
}

#[test]
fn an_unconstrained_kept_ca_is_replaced_with_a_notice() {
    let certs = tempfile::tempdir().unwrap();
    let (old_pem, old_key) = unconstrained_ca();
    let ca_file = certs.path().join(CA_FILE);
    fs::write(&ca_file, &old_pem).unwrap();
    fs::write(certs.path().join(KEY_FILE), &old_key).unwrap();

    let ca = LocalCa::load_or_make(certs.path()).unwrap();
    assert!(ca.is_new());
    assert_eq!(
        ca.notices(),
        [CaNotice::Replaced {
            path: ca_file.clone()
        }]
    );
    let notice = ca.notices()[0].to_string();
    assert!(notice.contains(&ca_file.display().to_string()), "{notice}");
    assert!(notice.contains("must install the new one"), "{notice}");
    assert!(notice.contains("remove the old one"), "{notice}");
    assert_ne!(fs::read_to_string(&ca_file).unwrap(), old_pem);
    assert_ne!(
        fs::read_to_string(certs.path().join(KEY_FILE)).unwrap(),
        old_key
    );
    assert!(!ca.permits("example.com"));

    // The new one is kept, without a notice.
    let again = LocalCa::load_or_make(certs.path()).unwrap();
    assert!(!again.is_new());
    assert!(again.notices().is_empty());
    assert_eq!(again.certificate(), ca.certificate());
}

#[test]
fn a_kept_certificate_that_is_no_ca_is_refused_naming_it() {
    let certs = tempfile::tempdir().unwrap();
    let key = KeyPair::generate().unwrap();
    let leaf = CertificateParams::new(vec!["localhost".to_owned()])
        .unwrap()
        .self_signed(&key)
        .unwrap();
    let ca_file = certs.path().join(CA_FILE);
    fs::write(&ca_file, leaf.pem()).unwrap();
    fs::write(certs.path().join(KEY_FILE), key.serialize_pem()).unwrap();
    let Err(problem) = LocalCa::load_or_make(certs.path()) else {
        panic!("a leaf certificate was taken for the CA");
    };
    assert!(
        matches!(&problem, CaError::Unusable { path, .. } if *path == ca_file),
        "{problem:?}"
    );
    let message = problem.to_string();
    assert!(
        message.contains(&ca_file.display().to_string()),
        "{message}"
    );
    assert!(message.contains("not a certificate authority"), "{message}");
    assert!(message.contains("Delete it"), "{message}");
    // Left for its user to delete.
    assert_eq!(fs::read_to_string(&ca_file).unwrap(), leaf.pem());
}

#[cfg(unix)]
#[test]
fn a_key_others_can_read_is_made_private() {
    use std::os::unix::fs::PermissionsExt;
    let certs = tempfile::tempdir().unwrap();
    let made = LocalCa::load_or_make(certs.path()).unwrap();
    let key_file = certs.path().join(KEY_FILE);
    fs::set_permissions(&key_file, fs::Permissions::from_mode(0o644)).unwrap();

    let ca = LocalCa::load_or_make(certs.path()).unwrap();
    assert!(!ca.is_new());
    assert_eq!(ca.certificate(), made.certificate());
    assert_eq!(
        ca.notices(),
        [CaNotice::KeyMadePrivate {
            path: key_file.clone(),
            mode: 0o644
        }]
    );
    let mode = fs::metadata(&key_file).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    let notice = ca.notices()[0].to_string();
    assert!(notice.contains(&key_file.display().to_string()), "{notice}");
}
