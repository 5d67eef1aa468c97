//! The server in this process over a small web build, answering plain HTTP/1.1 requests written
//! by hand, so that what is checked is exactly what goes over the wire.

use std::fs;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use duobao_serve::{Config, Site, StartError};
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
    certificate: Option<CertificateDer<'static>>,
    stop: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

fn start(dir: &Path, https: bool) -> Running {
    let site = Site::bind(Config {
        dir: dir.to_owned(),
        addr: "127.0.0.1:0".parse().unwrap(),
        https,
    })
    .unwrap();
    let addr = site.local_addr();
    let certificate = site.certificate().cloned();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(site.run(async {
        let _ = stopped.await;
    }));
    Running {
        addr,
        certificate,
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
    let server = start(dir.path(), false);
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
    let server = start(dir.path(), false);
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
    let server = start(dir.path(), false);
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
    let server = start(dir.path(), false);
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
    let server = start(dir.path(), false);
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
    let server = start(dir.path(), false);
    let Err(problem) = Site::bind(Config {
        dir: dir.path().to_owned(),
        addr: server.addr,
        https: false,
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
    let server = start(dir.path(), false);
    assert_eq!(get(server.addr, "/", None).await.status, 200);
    server.stop.send(()).unwrap();
    let stopped = tokio::time::timeout(Duration::from_secs(10), server.task).await;
    stopped.expect("stopped in time").unwrap().unwrap();
    assert!(TcpStream::connect(server.addr).await.is_err());
}

#[tokio::test]
async fn https_with_the_made_certificate() {
    let dir = web_build();
    let server = start(dir.path(), true);
    let mut roots = RootCertStore::empty();
    roots.add(server.certificate.clone().unwrap()).unwrap();
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let client = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = TlsConnector::from(Arc::new(client));
    // By name and by address: the certificate names both.
    for name in ["localhost", "127.0.0.1"] {
        let tcp = TcpStream::connect(server.addr).await.unwrap();
        let name = ServerName::try_from(name).unwrap();
        let tls = connector.connect(name, tcp).await.unwrap();
        let reply = exchange(tls, "/", Some("br")).await;
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
