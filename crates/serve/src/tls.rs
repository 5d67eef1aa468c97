//! HTTPS for a phone on the LAN, where a service worker (and so offline play and installing the
//! app) needs a secure context: a certificate made at start-up for this machine's names, served
//! by rustls with the ring provider.

use std::sync::Arc;

use rcgen::{
    CertificateParams, DistinguishedName, DnType, ExtendedKeyUsagePurpose, KeyPair, KeyUsagePurpose,
};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::ServerConfig;
use time::{Duration, OffsetDateTime};

/// A self-signed certificate and its private key.
pub struct Certificate {
    /// The certificate, DER-encoded; a client that should trust this server trusts it.
    pub der: CertificateDer<'static>,
    key: PrivatePkcs8KeyDer<'static>,
}

/// Makes a certificate for `names` (host names or IP addresses). It is valid from a day ago, in
/// case this machine's clock is a little ahead of the phone's, for 30 days: Apple's devices
/// refuse server certificates valid for longer than 825 days, and one is made at each start
/// anyway. It declares itself a TLS server's, which Apple's devices also require.
pub fn self_signed(names: Vec<String>) -> Result<Certificate, rcgen::Error> {
    let mut params = CertificateParams::new(names)?;
    let mut subject = DistinguishedName::new();
    subject.push(DnType::CommonName, "Seven Soldiers on this computer");
    params.distinguished_name = subject;
    let now = OffsetDateTime::now_utc();
    params.not_before = now - Duration::days(1);
    params.not_after = now + Duration::days(30);
    params.key_usages = vec![KeyUsagePurpose::DigitalSignature];
    params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
    let key = KeyPair::generate()?;
    let certificate = params.self_signed(&key)?;
    Ok(Certificate {
        der: certificate.der().clone(),
        key: PrivatePkcs8KeyDer::from(key.serialize_der()),
    })
}

/// The TLS settings of a server presenting `certificate`: rustls' safe defaults with the ring
/// provider named here rather than a process-wide default, and ALPN offering HTTP/2 first.
pub fn server_config(certificate: &Certificate) -> Result<Arc<ServerConfig>, rustls::Error> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(
            vec![certificate.der.clone()],
            PrivateKeyDer::Pkcs8(certificate.key.clone_key()),
        )?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}
