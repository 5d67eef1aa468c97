//! HTTPS for a phone on the LAN, where a service worker (and so offline play and installing the
//! app) needs a secure context: a certificate made at each start for this machine's names,
//! signed by the [local CA](crate::LocalCa), served by rustls with the ring provider.

use std::sync::Arc;

use rcgen::{
    CertificateParams, DistinguishedName, DnType, ExtendedKeyUsagePurpose, KeyPair, KeyUsagePurpose,
};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::ServerConfig;
use time::{Duration, OffsetDateTime};

use crate::LocalCa;

/// How long a server certificate is valid, counted from its start a day back (and no longer than
/// the CA): Apple's devices refuse a server certificate valid for more than 398 days. A new one
/// is made at each start, so only a server left running for over a year would outlive it.
const VALID_DAYS: i64 = 397;

/// A server certificate and its private key.
pub struct Certificate {
    /// The certificate, DER-encoded.
    pub der: CertificateDer<'static>,
    key: PrivatePkcs8KeyDer<'static>,
}

/// Makes a certificate for `names` (host names or IP addresses) with a key of its own, signed
/// by `ca`. It is valid from a day ago, in case this machine's clock is a little ahead of the
/// phone's, and declares itself a TLS server's, which Apple's devices require.
pub fn signed_certificate(ca: &LocalCa, names: Vec<String>) -> Result<Certificate, rcgen::Error> {
    let mut params = CertificateParams::new(names)?;
    let mut subject = DistinguishedName::new();
    subject.push(DnType::CommonName, "Seven Soldiers on this computer");
    params.distinguished_name = subject;
    params.not_before = OffsetDateTime::now_utc() - Duration::days(1);
    params.not_after = ca
        .not_after()
        .min(params.not_before + Duration::days(VALID_DAYS));
    params.key_usages = vec![KeyUsagePurpose::DigitalSignature];
    params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
    params.use_authority_key_identifier_extension = true;
    let key = KeyPair::generate()?;
    let certificate = params.signed_by(&key, ca.issuer())?;
    Ok(Certificate {
        der: certificate.der().clone(),
        key: PrivatePkcs8KeyDer::from(key.serialize_der()),
    })
}

/// The TLS settings of a server presenting `certificate`: rustls' safe defaults with the ring
/// provider named here rather than a process-wide default, and ALPN offering HTTP/2 first.
/// Only the server's certificate is sent: a client that trusts the CA has it already.
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

#[cfg(test)]
mod tests {
    use super::*;
    use x509_parser::extensions::ParsedExtension;

    #[test]
    fn the_server_certificate_is_one_apple_accepts() {
        let certs = tempfile::tempdir().unwrap();
        let ca = LocalCa::load_or_make(certs.path()).unwrap();
        let lan = [std::net::Ipv4Addr::new(192, 168, 1, 20)];
        let names: Vec<String> = crate::addresses::certificate_names(&lan, Some("studio"))
            .into_iter()
            .filter(|name| ca.permits(name))
            .collect();
        // A host name of one label is reached as NAME.local only (see local_ca).
        assert_eq!(
            names,
            [
                "localhost",
                "127.0.0.1",
                "::1",
                "192.168.1.20",
                "studio.local"
            ]
        );
        let certificate = signed_certificate(&ca, names.clone()).unwrap();
        ca.check_accepted(&certificate.der).unwrap();

        let (_, ca_cert) = x509_parser::parse_x509_certificate(ca.certificate()).unwrap();
        let lasts = |validity: &x509_parser::certificate::Validity| {
            (validity.not_after.to_datetime() - validity.not_before.to_datetime()).whole_days()
        };
        assert!(lasts(ca_cert.validity()) >= 3650);
        assert_eq!(
            ca_cert
                .basic_constraints()
                .unwrap()
                .unwrap()
                .value
                .path_len_constraint,
            Some(0)
        );
        assert!(ca_cert.key_usage().unwrap().unwrap().value.key_cert_sign());

        let (_, server) = x509_parser::parse_x509_certificate(&certificate.der).unwrap();
        assert!(lasts(server.validity()) <= 397);
        assert_eq!(server.issuer(), ca_cert.subject());
        assert!(
            server
                .extended_key_usage()
                .unwrap()
                .unwrap()
                .value
                .server_auth
        );
        let alt_names = server.subject_alternative_name().unwrap().unwrap();
        assert_eq!(alt_names.value.general_names.len(), names.len());
        let is_ca = server.extensions().iter().any(|extension| {
            matches!(extension.parsed_extension(), ParsedExtension::BasicConstraints(c) if c.ca)
        });
        assert!(!is_ca);
    }
}
