//! The server in this process over a small web build, answering plain HTTP/1.1 requests written
//! by hand, so that what is checked is exactly what goes over the wire.

use std::fs;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use duobao_online::{Online, APP_SHELL_ORIGINS};
use duobao_rules::Position;
use duobao_serve::{CaError, Config, Limits, Site, StartError, LOCAL_CA_PATH, TABLEBASE_PATH};
use duobao_tablebase::{file, Tablebase};
use tempfile::TempDir;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{ClientConfig, RootCertStore};
use tokio_rustls::TlsConnector;

const INDEX: &str = "<!doctype html><title>Seven Soldiers</title>";
/// The precompressed siblings hold markers rather than real brotli or gzip: the server never
/// decodes them, and a marker shows which file was sent.
const INDEX_BR: &str = "index.html as brotli";
const INDEX_GZ: &str = "index.html as gzip";
const WASM: &[u8] = b"\0asm\x01\0\0\0";
const WASM_BR: &str = "wasm as brotli";
const HASHED_WASM: &str = "/assets/app-dxh0123abcd.wasm";

/// A folder laid out as the web build is.
fn web_build() -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, content: &[u8]| {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, content).unwrap();
    };
    write("index.html", INDEX.as_bytes());
    write("index.html.br", INDEX_BR.as_bytes());
    write("index.html.gz", INDEX_GZ.as_bytes());
    write("assets/app-dxh0123abcd.wasm", WASM);
    write("assets/app-dxh0123abcd.wasm.br", WASM_BR.as_bytes());
    write("manifest.webmanifest", br#"{"name":"Seven Soldiers"}"#);
    write("sw.js", b"self.addEventListener('fetch', () => {});");
    dir
}

/// A running server; dropping the sender (or sending) asks it to stop.
struct Running {
    addr: SocketAddr,
    /// For HTTPS, the local CA's certificate.
    ca: Option<CertificateDer<'static>>,
    stop: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

/// The settings of a server on a free port, over HTTPS with the CA in `cert_dir` when given.
fn config(dir: &Path, cert_dir: Option<&Path>) -> Config {
    Config {
        dir: dir.to_owned(),
        addr: "127.0.0.1:0".parse().unwrap(),
        https: cert_dir.is_some(),
        cert_dir: cert_dir.map(Path::to_owned),
        limits: Limits::default(),
        tables: None,
        online: None,
    }
}

fn start(dir: &Path, cert_dir: Option<&Path>) -> Running {
    serve(config(dir, cert_dir))
}

/// A server started with `config`.
fn serve(config: Config) -> Running {
    let site = Site::bind(config).unwrap();
    let addr = site.local_addr();
    let ca = site.local_ca().map(|ca| ca.certificate().clone());
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(site.run(async {
        let _ = stopped.await;
    }));
    Running {
        addr,
        ca,
        stop,
        task,
    }
}

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// Sends one GET over `stream` and reads the reply to the end (the request asks the server to
/// close the connection after it).
async fn exchange(
    mut stream: impl AsyncRead + AsyncWrite + Unpin,
    path: &str,
    accept_encoding: Option<&str>,
) -> Reply {
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    if let Some(encodings) = accept_encoding {
        request.push_str(&format!("Accept-Encoding: {encodings}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    parse(&raw)
}

fn parse(raw: &[u8]) -> Reply {
    let end = raw
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("a complete head");
    let head = std::str::from_utf8(&raw[..end]).unwrap();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    assert!(status_line.starts_with("HTTP/1.1 "), "{status_line}");
    let status = status_line[9..12].parse().unwrap();
    let headers = lines
        .map(|line| {
            let (name, value) = line.split_once(':').unwrap();
            (name.trim().to_owned(), value.trim().to_owned())
        })
        .collect();
    Reply {
        status,
        headers,
        body: raw[end + 4..].to_vec(),
    }
}

async fn get(addr: SocketAddr, path: &str, accept_encoding: Option<&str>) -> Reply {
    exchange(
        TcpStream::connect(addr).await.unwrap(),
        path,
        accept_encoding,
    )
    .await
}

/// What browsers send today.
const BROWSER_ENCODINGS: &str = "gzip, deflate, br, zstd";

#[tokio::test]
async fn the_root_is_the_page_and_it_is_revalidated() {
    let dir = web_build();
    let server = start(dir.path(), None);
    for path in ["/", "/index.html", "/?game=new"] {
        let reply = get(server.addr, path, None).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(
            reply.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(reply.header("content-encoding"), None);
        assert_eq!(reply.header("vary"), Some("accept-encoding"));
        assert_eq!(reply.header("cache-control"), Some("no-cache"));
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(reply.body, INDEX.as_bytes());
    }
}

#[tokio::test]
async fn a_precompressed_sibling_keeps_the_files_type() {
    let dir = web_build();
    let server = start(dir.path(), None);
    for (encodings, encoding, body) in [
        (BROWSER_ENCODINGS, "br", INDEX_BR),
        ("br", "br", INDEX_BR),
        ("gzip", "gzip", INDEX_GZ),
    ] {
        let reply = get(server.addr, "/", Some(encodings)).await;
        assert_eq!(reply.status, 200, "{encodings}");
        assert_eq!(
            reply.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(reply.header("content-encoding"), Some(encoding));
        assert_eq!(reply.header("vary"), Some("accept-encoding"));
        assert_eq!(reply.body, body.as_bytes());
    }
    let reply = get(server.addr, "/", Some("identity")).await;
    assert_eq!(reply.header("content-encoding"), None);
    assert_eq!(reply.body, INDEX.as_bytes());
}

#[tokio::test]
async fn a_hashed_file_is_kept_for_a_year() {
    let dir = web_build();
    let server = start(dir.path(), None);
    let immutable = Some("public, max-age=31536000, immutable");

    let reply = get(server.addr, HASHED_WASM, Some(BROWSER_ENCODINGS)).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("application/wasm"));
    assert_eq!(reply.header("content-encoding"), Some("br"));
    assert_eq!(reply.header("cache-control"), immutable);
    assert_eq!(reply.body, WASM_BR.as_bytes());

    // No gzip sibling: the file itself.
    let reply = get(server.addr, HASHED_WASM, Some("gzip")).await;
    assert_eq!(reply.header("content-type"), Some("application/wasm"));
    assert_eq!(reply.header("content-encoding"), None);
    assert_eq!(reply.header("cache-control"), immutable);
    assert_eq!(reply.body, WASM);
}

#[tokio::test]
async fn the_manifest_and_the_service_worker_are_revalidated() {
    let dir = web_build();
    let server = start(dir.path(), None);
    for (path, content_type) in [
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/sw.js", "text/javascript; charset=utf-8"),
    ] {
        let reply = get(server.addr, path, Some(BROWSER_ENCODINGS)).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.header("content-type"), Some(content_type), "{path}");
        assert_eq!(reply.header("content-encoding"), None, "{path}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
    }
}

#[tokio::test]
async fn a_missing_file_is_a_plain_404_that_is_not_kept() {
    let dir = web_build();
    let server = start(dir.path(), None);
    // A folder without an index.html, and a way out of the folder, are missing files too.
    for path in [
        "/missing.js",
        "/assets/gone-dxh0123abcd.wasm",
        "/assets/",
        "/../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
    ] {
        let reply = get(server.addr, path, Some(BROWSER_ENCODINGS)).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(
            reply.header("content-type"),
            Some("text/plain; charset=utf-8")
        );
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
        assert_eq!(reply.body, b"Not found\n");
    }
}

#[tokio::test]
async fn a_port_in_use_is_reported() {
    let dir = web_build();
    let server = start(dir.path(), None);
    let Err(problem) = Site::bind(Config {
        addr: server.addr,
        ..config(dir.path(), None)
    }) else {
        panic!("a second server on {} started", server.addr);
    };
    assert!(matches!(problem, StartError::Listen { .. }));
    let message = problem.to_string();
    assert!(message.contains("already in use"), "{message}");
    assert!(message.contains("--port"), "{message}");
}

#[tokio::test]
async fn it_stops_when_asked() {
    let dir = web_build();
    let server = start(dir.path(), None);
    assert_eq!(get(server.addr, "/", None).await.status, 200);
    server.stop.send(()).unwrap();
    let stopped = tokio::time::timeout(Duration::from_secs(10), server.task).await;
    stopped.expect("stopped in time").unwrap().unwrap();
    assert!(TcpStream::connect(server.addr).await.is_err());
}

/// A TLS client that trusts `ca` and nothing else, verifying as browsers do (rustls' WebPKI
/// verifier, no custom one).
fn trusting(ca: &CertificateDer<'static>) -> TlsConnector {
    let mut roots = RootCertStore::empty();
    roots.add(ca.clone()).unwrap();
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let client = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    TlsConnector::from(Arc::new(client))
}

async fn get_https(
    connector: &TlsConnector,
    addr: SocketAddr,
    name: &str,
    path: &str,
    accept_encoding: Option<&str>,
) -> Reply {
    let tcp = TcpStream::connect(addr).await.unwrap();
    let name = ServerName::try_from(name.to_owned()).unwrap();
    let tls = connector.connect(name, tcp).await.unwrap();
    exchange(tls, path, accept_encoding).await
}

#[tokio::test]
async fn https_with_a_certificate_the_local_ca_signed() {
    let dir = web_build();
    let certs = tempfile::tempdir().unwrap();
    let server = start(dir.path(), Some(certs.path()));
    let connector = trusting(server.ca.as_ref().unwrap());
    // By name and by address: the certificate names both.
    for name in ["localhost", "127.0.0.1"] {
        let reply = get_https(&connector, server.addr, name, "/", Some("br")).await;
        assert_eq!(reply.status, 200);
        assert_eq!(
            reply.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(reply.header("content-encoding"), Some("br"));
        assert_eq!(reply.body, INDEX_BR.as_bytes());
    }
    // Plain HTTP on the HTTPS port gets no page.
    let mut plain = TcpStream::connect(server.addr).await.unwrap();
    plain
        .write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut raw = Vec::new();
    let _ = plain.read_to_end(&mut raw).await;
    assert!(!raw
        .windows(INDEX.len())
        .any(|window| window == INDEX.as_bytes()));
}

#[tokio::test]
async fn the_local_ca_is_made_once_and_kept() {
    let dir = web_build();
    let certs = tempfile::tempdir().unwrap();
    let ca_file = certs.path().join("duobao-local-ca.crt");
    let key_file = certs.path().join("duobao-local-ca.key");

    let first = Site::bind(config(dir.path(), Some(certs.path()))).unwrap();
    let made = first.local_ca().unwrap();
    assert!(made.is_new());
    assert_eq!(made.path(), ca_file);
    let kept = fs::read(&ca_file).unwrap();
    assert_eq!(kept, made.pem().as_bytes());
    assert!(made.pem().starts_with("-----BEGIN CERTIFICATE-----"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&key_file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    }
    let first_ca = made.certificate().clone();
    drop(first);

    let key = fs::read(&key_file).unwrap();
    let server = start(dir.path(), Some(certs.path()));
    assert_eq!(server.ca.as_ref(), Some(&first_ca));
    assert_eq!(fs::read(&ca_file).unwrap(), kept);
    assert_eq!(fs::read(&key_file).unwrap(), key);
    // The second start's certificate, new, is trusted through the CA a phone installed at the
    // first.
    let connector = trusting(&first_ca);
    let reply = get_https(&connector, server.addr, "localhost", "/", None).await;
    assert_eq!(reply.status, 200);
}

#[tokio::test]
async fn the_local_ca_is_offered_over_https_only() {
    let dir = web_build();
    let certs = tempfile::tempdir().unwrap();
    let secure = start(dir.path(), Some(certs.path()));
    let connector = trusting(secure.ca.as_ref().unwrap());
    let reply = get_https(&connector, secure.addr, "127.0.0.1", LOCAL_CA_PATH, None).await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-type"),
        Some("application/x-x509-ca-cert")
    );
    assert_eq!(reply.header("cache-control"), Some("no-cache"));
    assert_eq!(
        reply.body,
        fs::read(certs.path().join("duobao-local-ca.crt")).unwrap()
    );
    // Only that one extra path.
    let reply = get_https(
        &connector,
        secure.addr,
        "127.0.0.1",
        "/duobao-local-ca.key",
        None,
    )
    .await;
    assert_eq!(reply.status, 404);

    let plain = start(dir.path(), None);
    let reply = get(plain.addr, LOCAL_CA_PATH, None).await;
    assert_eq!(reply.status, 404);
    assert_eq!(reply.body, b"Not found\n");
}

/// The error of a start over HTTPS with the CA in `certs`.
fn https_start_error(certs: &Path) -> StartError {
    let dir = web_build();
    match Site::bind(config(dir.path(), Some(certs))) {
        Ok(_) => panic!("started with the CA in {}", certs.display()),
        Err(problem) => problem,
    }
}

#[test]
fn a_damaged_local_ca_is_named_with_the_fix() {
    let made = tempfile::tempdir().unwrap();
    drop(Site::bind(config(web_build().path(), Some(made.path()))).unwrap());
    let ca_file = made.path().join("duobao-local-ca.crt");
    let key_file = made.path().join("duobao-local-ca.key");
    let good_ca = fs::read(&ca_file).unwrap();
    let good_key = fs::read(&key_file).unwrap();

    let other = tempfile::tempdir().unwrap();
    drop(Site::bind(config(web_build().path(), Some(other.path()))).unwrap());
    let other_key = fs::read(other.path().join("duobao-local-ca.key")).unwrap();

    let certs = tempfile::tempdir().unwrap();
    let ca = certs.path().join("duobao-local-ca.crt");
    let key = certs.path().join("duobao-local-ca.key");
    let mut truncated = good_ca.clone();
    truncated.truncate(good_ca.len() / 2);
    for (ca_bytes, key_bytes, blamed, why) in [
        (&b"not a certificate"[..], &good_key[..], &ca, "damaged"),
        (&truncated[..], &good_key[..], &ca, "damaged"),
        (&[0xff, 0xfe, 0x00][..], &good_key[..], &ca, "damaged"),
        (
            &good_ca[..],
            &b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"[..],
            &key,
            "damaged",
        ),
        (
            &good_ca[..],
            &other_key[..],
            &ca,
            "does not belong with the key",
        ),
    ] {
        fs::write(&ca, ca_bytes).unwrap();
        fs::write(&key, key_bytes).unwrap();
        let problem = https_start_error(certs.path());
        assert!(
            matches!(&problem, StartError::LocalCa(CaError::Unusable { path, .. }) if path == blamed),
            "{problem:?}"
        );
        let message = problem.to_string();
        assert!(message.contains(&blamed.display().to_string()), "{message}");
        assert!(message.contains(why), "{message}");
        assert!(message.contains("Delete it to make a new one"), "{message}");
        // Nothing was overwritten: the fix is the user's to choose.
        assert_eq!(fs::read(&ca).unwrap(), ca_bytes);
    }

    // Deleting the file named makes a new CA.
    fs::remove_file(&ca).unwrap();
    let dir = web_build();
    let site = Site::bind(config(dir.path(), Some(certs.path()))).unwrap();
    let ca = site.local_ca().unwrap();
    assert!(ca.is_new());
    assert_ne!(ca.pem().as_bytes(), good_ca);
}

#[test]
fn an_expired_local_ca_is_reported() {
    use rcgen::{BasicConstraints, CertificateParams, IsCa, KeyPair, KeyUsagePurpose};
    let mut params = CertificateParams::default();
    params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
    params.key_usages = vec![KeyUsagePurpose::KeyCertSign];
    params.not_before = rcgen::date_time_ymd(2014, 1, 1);
    params.not_after = rcgen::date_time_ymd(2024, 1, 1);
    let key = KeyPair::generate().unwrap();
    let certificate = params.self_signed(&key).unwrap();
    let certs = tempfile::tempdir().unwrap();
    fs::write(certs.path().join("duobao-local-ca.crt"), certificate.pem()).unwrap();
    fs::write(
        certs.path().join("duobao-local-ca.key"),
        key.serialize_pem(),
    )
    .unwrap();
    let message = https_start_error(certs.path()).to_string();
    assert!(message.contains("it has expired"), "{message}");
    assert!(message.contains("Delete it to make a new one"), "{message}");
}

/// Sends `request` as written and reads the reply to the end.
async fn raw_exchange(addr: SocketAddr, request: &str) -> Reply {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    parse(&raw)
}

#[tokio::test]
async fn only_regular_files_inside_the_folder_are_served() {
    let dir = web_build();
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.txt");
    fs::write(&secret, "secret outside the site").unwrap();
    let site = dir.path();
    fs::write(site.join(".env"), "TOKEN=1").unwrap();
    fs::create_dir_all(site.join(".git")).unwrap();
    fs::write(site.join(".git/config"), "[core]").unwrap();
    fs::create_dir_all(site.join("sub")).unwrap();
    fs::write(site.join("sub/index.html"), INDEX).unwrap();
    fs::write(site.join("page.html"), INDEX).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink("/etc/passwd", site.join("passwd")).unwrap();
        symlink(&secret, site.join("secret.txt")).unwrap();
        symlink(outside.path(), site.join("elsewhere")).unwrap();
        // A precompressed sibling is opened instead of the file it belongs to.
        symlink(&secret, site.join("page.html.br")).unwrap();
        // A link that stays inside is followed.
        symlink(site.join("sw.js"), site.join("worker.js")).unwrap();
        // A named pipe would hold the response forever.
        let made = std::process::Command::new("mkfifo")
            .arg(site.join("pipe.txt"))
            .status();
        assert!(made.is_ok_and(|status| status.success()));
    }
    let server = start(site, None);
    for path in [
        "/.env",
        "/.git/config",
        "/%2egit/config",
        "/assets/.hidden",
        "/passwd",
        "/secret.txt",
        "/elsewhere/secret.txt",
        "/page.html",
        "/pipe.txt",
        "//sub",
        "//sub/",
        "/%2F%2Fsub",
        "/assets//app-dxh0123abcd.wasm",
        "/..",
        "/../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/%252e%252e/%252e%252e/etc/passwd",
        "/..%5c..%5cetc/passwd",
        "/\\sub",
        "/%c0%ae%c0%ae/etc/passwd",
    ] {
        let reply = get(server.addr, path, Some(BROWSER_ENCODINGS)).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.header("location"), None, "{path}");
        assert_eq!(reply.body, b"Not found\n", "{path}");
    }
    // A folder asked without its slash is sent on to it, on this site.
    let reply = get(server.addr, "/sub", None).await;
    assert_eq!(reply.status / 100, 3);
    assert_eq!(reply.header("location"), Some("/sub/"));
    for path in ["/sub/", "/worker.js"] {
        assert_eq!(get(server.addr, path, None).await.status, 200, "{path}");
    }
}

#[test]
fn a_cert_dir_inside_the_folder_is_refused() {
    let dir = web_build();
    for inside in [dir.path().to_owned(), dir.path().join("certs/ca")] {
        let Err(problem) = Site::bind(config(dir.path(), Some(&inside))) else {
            panic!("started with the CA in {}", inside.display());
        };
        assert!(
            matches!(&problem, StartError::CertDirInSite { cert_dir, .. } if *cert_dir == inside),
            "{problem:?}"
        );
        let message = problem.to_string();
        assert!(message.contains("inside the served folder"), "{message}");
        assert!(message.contains("--cert-dir"), "{message}");
    }
    assert!(!dir.path().join("certs").exists());
    assert!(!dir.path().join("duobao-local-ca.key").exists());
}

#[tokio::test]
async fn several_ranges_get_the_whole_file() {
    let dir = web_build();
    let server = start(dir.path(), None);
    let ranged = |range: &str| {
        format!("GET /index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nRange: {range}\r\n\r\n")
    };
    let reply = raw_exchange(server.addr, &ranged("bytes=0-1,5-6")).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-range"), None);
    assert_eq!(reply.body, INDEX.as_bytes());
    // One range is still served as asked.
    let reply = raw_exchange(server.addr, &ranged("bytes=0-1")).await;
    assert_eq!(reply.status, 206);
    assert_eq!(reply.body, &INDEX.as_bytes()[..2]);
}

#[tokio::test]
async fn the_security_headers_are_on_every_response() {
    let dir = web_build();
    let server = start(dir.path(), None);
    for (path, status) in [("/", 200), ("/missing.js", 404), ("/.env", 404)] {
        let reply = get(server.addr, path, None).await;
        assert_eq!(reply.status, status, "{path}");
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(reply.header("referrer-policy"), Some("no-referrer"));
        assert_eq!(reply.header("x-frame-options"), Some("DENY"));
        assert_eq!(
            reply.header("content-security-policy"),
            Some("frame-ancestors 'none'")
        );
        let policy = reply.header("permissions-policy").unwrap();
        for denied in [
            "camera=()",
            "microphone=()",
            "geolocation=()",
            "payment=()",
            "usb=()",
        ] {
            assert!(policy.contains(denied), "{policy}");
        }
        // What the game uses stays allowed.
        for used in [
            "web-share",
            "clipboard-write",
            "screen-wake-lock",
            "fullscreen",
            "autoplay",
        ] {
            assert!(!policy.contains(used), "{policy}");
        }
        assert_eq!(reply.header("cache-control"), Some("no-cache"));
    }
}

/// Every response, the page's, its files' (precompressed or not), an error's and the
/// tablebase's, carries the headers that make the page cross-origin isolated, so that its
/// workers may share memory: a page or a worker script without them would not be.
#[tokio::test]
async fn every_response_keeps_the_page_cross_origin_isolated() {
    let (dir, tables) = (web_build(), table_files());
    let server = start_with_tables(dir.path(), tables.path());
    for (path, encoding, status) in [
        ("/", None, 200),
        ("/sw.js", None, 200),
        ("/assets/app-dxh0123abcd.wasm", Some("br"), 200),
        ("/assets/app-dxh0123abcd.wasm", None, 200),
        ("/missing.js", None, 404),
        ("/.env", None, 404),
        (&query(RED_WINS_IN_1), None, 200),
    ] {
        let reply = get(server.addr, path, encoding).await;
        assert_eq!(reply.status, status, "{path}");
        assert_eq!(
            reply.header("content-encoding"),
            encoding,
            "{path} {encoding:?}"
        );
        assert_eq!(
            reply.header("cross-origin-opener-policy"),
            Some("same-origin"),
            "{path} {encoding:?}"
        );
        assert_eq!(
            reply.header("cross-origin-embedder-policy"),
            Some("require-corp"),
            "{path} {encoding:?}"
        );
    }
}

/// A server on a free port with these limits, serving plain HTTP.
fn start_limited(dir: &Path, limits: Limits) -> Running {
    serve(Config {
        limits,
        ..config(dir, None)
    })
}

/// Short timeouts, and no cap per address: every client here is 127.0.0.1.
const SHORT: Limits = Limits {
    header_read_timeout: Duration::from_secs(1),
    idle_timeout: Duration::from_secs(60),
    max_connections: None,
    connections_per_address: None,
};

/// Reads until the server closes the connection, and how long that took; `None` if it has not
/// within `patience`.
async fn closed_within(stream: &mut TcpStream, patience: Duration) -> Option<Duration> {
    let began = std::time::Instant::now();
    let mut sink = Vec::new();
    tokio::time::timeout(patience, stream.read_to_end(&mut sink))
        .await
        .ok()
        .map(|_| began.elapsed())
}

#[tokio::test]
async fn a_half_sent_request_is_dropped_in_time() {
    let dir = web_build();
    let server = start_limited(dir.path(), SHORT);
    let mut half = TcpStream::connect(server.addr).await.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    for stream in [&mut half, &mut silent] {
        let took = closed_within(stream, Duration::from_secs(5)).await;
        let took = took.expect("dropped within 5 s");
        assert!(took < Duration::from_secs(3), "{took:?}");
    }
    // A connection kept open after a response, with no new request, is dropped as soon.
    let mut kept = TcpStream::connect(server.addr).await.unwrap();
    kept.write_all(b"GET /sw.js HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let took = closed_within(&mut kept, Duration::from_secs(5)).await;
    assert!(
        took.is_some_and(|took| took < Duration::from_secs(3)),
        "{took:?}"
    );
}

#[tokio::test]
async fn a_connection_where_nothing_moves_is_closed() {
    let dir = web_build();
    let server = start_limited(
        dir.path(),
        Limits {
            header_read_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(1),
            ..SHORT
        },
    );
    let mut stalled = TcpStream::connect(server.addr).await.unwrap();
    stalled.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
    let took = closed_within(&mut stalled, Duration::from_secs(10)).await;
    assert!(
        took.is_some_and(|took| took < Duration::from_secs(5)),
        "{took:?}"
    );
}

/// `count` connections each holding half a request.
async fn slow_clients(addr: SocketAddr, count: usize) -> Vec<TcpStream> {
    let mut held = Vec::with_capacity(count);
    for _ in 0..count {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
            .await
            .unwrap();
        held.push(stream);
    }
    held
}

#[tokio::test]
async fn a_request_is_answered_while_300_slow_clients_hold_connections() {
    let dir = web_build();
    let server = start_limited(
        dir.path(),
        Limits {
            header_read_timeout: Duration::from_secs(5),
            max_connections: Some(400),
            ..SHORT
        },
    );
    let held = slow_clients(server.addr, 300).await;
    let began = std::time::Instant::now();
    let reply = tokio::time::timeout(Duration::from_secs(4), get(server.addr, "/", None)).await;
    assert_eq!(reply.expect("answered at once").status, 200);
    assert!(
        began.elapsed() < Duration::from_secs(2),
        "{:?}",
        began.elapsed()
    );
    drop(held);
}

#[tokio::test]
async fn over_the_cap_a_connection_waits_for_a_free_slot() {
    let dir = web_build();
    let server = start_limited(
        dir.path(),
        Limits {
            max_connections: Some(20),
            ..SHORT
        },
    );
    let _held = slow_clients(server.addr, 20).await;
    let began = std::time::Instant::now();
    // Waits in the listen backlog until the slow ones are dropped (1 s), then is answered.
    let reply = tokio::time::timeout(Duration::from_secs(5), get(server.addr, "/", None)).await;
    assert_eq!(reply.expect("answered once a slot is free").status, 200);
    let took = began.elapsed();
    assert!(
        took > Duration::from_millis(700),
        "answered over the cap: {took:?}"
    );
}

#[tokio::test]
async fn one_address_cannot_take_every_connection() {
    let dir = web_build();
    let server = start_limited(
        dir.path(),
        Limits {
            header_read_timeout: Duration::from_secs(5),
            ..Limits::default()
        },
    );
    let _held = slow_clients(server.addr, 128).await;
    // The 129th from the same address is closed at once, not kept waiting.
    let mut over = TcpStream::connect(server.addr).await.unwrap();
    let _ = over.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").await;
    let took = closed_within(&mut over, Duration::from_secs(3)).await;
    assert!(
        took.is_some_and(|took| took < Duration::from_secs(2)),
        "{took:?}"
    );
    // Another address is answered.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
    let mut other = socket.connect(server.addr).await.unwrap();
    other
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(4), other.read_to_end(&mut answer))
        .await
        .expect("answered")
        .unwrap();
    assert!(answer.starts_with(b"HTTP/1.1 200"), "{answer:?}");
}

/// The tables of every slice with at most 4 soldiers (built once), in files in a folder of
/// their own.
fn table_files() -> TempDir {
    static TABLES: OnceLock<Tablebase> = OnceLock::new();
    let tables = TABLES.get_or_init(|| Tablebase::build(4, |_| {}).unwrap());
    let dir = tempfile::tempdir().unwrap();
    file::save(tables, dir.path()).unwrap();
    dir
}

fn start_with_tables(dir: &Path, tables: &Path) -> Running {
    serve(Config {
        tables: Some(tables.to_owned()),
        ..config(dir, None)
    })
}

fn json_of(reply: &Reply) -> serde_json::Value {
    assert_eq!(reply.header("content-type"), Some("application/json"));
    serde_json::from_slice(&reply.body).unwrap()
}

/// Red wins at once with c4d4 or b2c2, either taking the treasure (4 soldiers).
const RED_WINS_IN_1: &str = "B.B/..R../..T../.R.../... r - 0";

fn query(fen: &str) -> String {
    format!(
        "{TABLEBASE_PATH}?fen={}",
        fen.replace(' ', "%20").replace('/', "%2F")
    )
}

#[tokio::test]
async fn the_tablebase_answers_a_position_and_each_move_best_first() {
    let (dir, tables) = (web_build(), table_files());
    let server = start_with_tables(dir.path(), tables.path());
    let reply = get(server.addr, &query(RED_WINS_IN_1), None).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("cache-control"), Some("public, max-age=86400"));
    assert_eq!(reply.header("access-control-allow-origin"), Some("*"));
    assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
    let answer = json_of(&reply);
    assert_eq!(answer["category"], "win");
    assert_eq!(answer["plies"], 1);
    assert_eq!(answer["game_over"], false);
    assert_eq!(answer["fen"], RED_WINS_IN_1);

    // Every legal move, each with the value the tables give the position after it (for the
    // side then to move), ordered from the quickest win to the quickest loss.
    let position = Position::from_fen(RED_WINS_IN_1).unwrap();
    let probing = file::load(tables.path()).unwrap();
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), position.legal_moves().len());
    // Both c4d4 and b2c2 take the treasure, ending the game: the opponent is lost in 0.
    let winning: Vec<_> = moves
        .iter()
        .take_while(|m| m["category"] == "loss" && m["plies"] == 0)
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(winning.len(), 2, "{moves:?}");
    assert!(
        winning.contains(&"c4d4") && winning.contains(&"b2c2"),
        "{moves:?}"
    );
    let mut ranks = Vec::new();
    for listed in moves {
        let m = position
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.to_string() == listed["uci"])
            .expect("a legal move");
        let mut after = position;
        after.play_unchecked(m);
        let probe = probing.probe(&after).unwrap();
        assert_eq!(listed["category"], probe.category(), "{listed}");
        assert_eq!(
            listed["plies"].as_u64(),
            probe.plies().map(u64::from),
            "{listed}"
        );
        ranks.push(probe.rank_for_mover());
    }
    assert!(ranks.is_sorted(), "{moves:?}");
}

#[tokio::test]
async fn outside_the_tables_the_answer_is_unknown_and_not_kept() {
    let (dir, tables) = (web_build(), table_files());
    let server = start_with_tables(dir.path(), tables.path());
    let start = Position::start();
    let reply = get(server.addr, &query(&start.to_fen()), None).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("cache-control"), Some("no-cache"));
    let answer = json_of(&reply);
    assert_eq!(answer["category"], "unknown");
    assert_eq!(answer["plies"], serde_json::Value::Null);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), start.legal_moves().len());
    assert!(moves.iter().all(|m| m["category"] == "unknown"));
}

#[tokio::test]
async fn a_bad_fen_is_refused_with_its_reason() {
    let (dir, tables) = (web_build(), table_files());
    let server = start_with_tables(dir.path(), tables.path());
    for (path, reason) in [
        (query("B.B/..R../..T../.R.../... x - 0"), "bad FEN"),
        (query("nonsense"), "bad FEN 'nonsense'"),
        (TABLEBASE_PATH.to_string(), "missing the fen parameter"),
        (query(&"B".repeat(500)), "too long"),
    ] {
        let reply = get(server.addr, &path, None).await;
        assert_eq!(reply.status, 400, "{path}");
        assert_eq!(reply.header("cache-control"), Some("no-store"), "{path}");
        let error = json_of(&reply)["error"].as_str().unwrap().to_owned();
        assert!(error.contains(reason), "{path}: {error}");
    }
}

#[tokio::test]
async fn without_tables_there_is_no_tablebase_and_a_bad_folder_stops_the_start() {
    let dir = web_build();
    let server = start(dir.path(), None);
    let reply = get(server.addr, &query(RED_WINS_IN_1), None).await;
    assert_eq!(reply.status, 404);

    let empty = tempfile::tempdir().unwrap();
    let Err(problem) = Site::bind(Config {
        tables: Some(empty.path().to_owned()),
        ..config(dir.path(), None)
    }) else {
        panic!("started without tables");
    };
    assert!(matches!(problem, StartError::Tables(_)));
    assert!(problem.to_string().contains("no table files"), "{problem}");
}

/// The online games merged into the site answer CORS to the app's native shells (their pages
/// post JSON from an origin of their own) beside the site's own headers, and to nobody else;
/// the site's files stay its own.
#[tokio::test]
async fn the_online_games_answer_the_app_shells_and_the_files_stay_the_sites() {
    let dir = web_build();
    let database = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", database.path().join("online.sqlite").display());
    let online = Online::start(
        duobao_online::open_database(&url).await.unwrap(),
        Default::default(),
    )
    .await
    .unwrap();
    let server = serve(Config {
        online: Some(online),
        ..config(dir.path(), None)
    });
    let preflight = |path: &str, origin: &str| {
        format!(
            "OPTIONS {path} HTTP/1.1\r\nHost: localhost\r\nOrigin: {origin}\r\n\
             Access-Control-Request-Method: POST\r\n\
             Access-Control-Request-Headers: content-type\r\nConnection: close\r\n\r\n"
        )
    };
    for origin in APP_SHELL_ORIGINS {
        let reply = raw_exchange(server.addr, &preflight("/api/online/games", origin)).await;
        assert_eq!(reply.status, 200, "{origin}");
        assert_eq!(reply.header("access-control-allow-origin"), Some(origin));
        assert!(reply
            .header("access-control-allow-methods")
            .is_some_and(|methods| methods.contains("POST") && methods.contains("DELETE")));
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(
            reply.header("cross-origin-embedder-policy"),
            Some("require-corp")
        );

        let refused = raw_exchange(
            server.addr,
            &format!(
                "GET /api/online/games/nosuchgame HTTP/1.1\r\nHost: localhost\r\n\
                 Origin: {origin}\r\nConnection: close\r\n\r\n"
            ),
        )
        .await;
        assert_eq!(refused.status, 404);
        assert_eq!(refused.header("access-control-allow-origin"), Some(origin));
        assert_eq!(refused.header("cache-control"), Some("no-store"));

        // The players' routes are the online service's too, a signed-in player's token allowed.
        let signed_in = raw_exchange(
            server.addr,
            &format!(
                "OPTIONS /api/players/me HTTP/1.1\r\nHost: localhost\r\nOrigin: {origin}\r\n\
                 Access-Control-Request-Method: GET\r\n\
                 Access-Control-Request-Headers: authorization\r\nConnection: close\r\n\r\n"
            ),
        )
        .await;
        assert_eq!(signed_in.status, 200, "{origin}");
        assert!(signed_in
            .header("access-control-allow-headers")
            .is_some_and(|headers| headers.to_ascii_lowercase().contains("authorization")));
        let nobody = raw_exchange(
            server.addr,
            &format!(
                "GET /api/players/nobody HTTP/1.1\r\nHost: localhost\r\n\
                 Origin: {origin}\r\nConnection: close\r\n\r\n"
            ),
        )
        .await;
        assert_eq!(nobody.status, 404);
        assert_eq!(nobody.header("access-control-allow-origin"), Some(origin));

        let page = raw_exchange(
            server.addr,
            &format!("GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: {origin}\r\nConnection: close\r\n\r\n"),
        )
        .await;
        assert_eq!(page.status, 200);
        assert_eq!(page.header("access-control-allow-origin"), None);
        let file = raw_exchange(server.addr, &preflight("/index.html", origin)).await;
        assert_eq!(file.header("access-control-allow-origin"), None);
    }
    let evil = raw_exchange(
        server.addr,
        &preflight("/api/online/games", "https://evil.example"),
    )
    .await;
    assert_eq!(evil.header("access-control-allow-origin"), None);
}
