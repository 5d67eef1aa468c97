//! The binary as the script runs it: what it prints, its exit codes, and stopping on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_duobao-serve");

/// The server without online games: these tests are about the site (one below keeps them).
fn server() -> Command {
    let mut command = Command::new(BIN);
    command.arg("--no-online").env_remove("DATABASE_URL");
    command
}

fn run(args: &[&str]) -> Output {
    server().args(args).output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn bad_arguments_exit_with_2() {
    let missing = run(&["--dir", "/nonexistent/web/public"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("is not a folder"),
        "{}",
        stderr(&missing)
    );
    assert!(missing.stdout.is_empty());

    for args in [
        &[][..],
        &["--dir", ".", "--port", "eighty"],
        &["--dir", ".", "--bind", "localhost:80"],
        &["--dir", ".", "--unknown"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn a_port_in_use_exits_with_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = run(&["--dir", dir.path().to_str().unwrap(), "--port", &port]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(
        message.contains(&format!("port {port} is already in use")),
        "{message}"
    );
    assert!(!message.contains("panicked"), "{message}");
}

#[cfg(unix)]
#[test]
fn it_says_where_to_open_it_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let mut server = server()
        .args(["--dir", dir.path().to_str().unwrap(), "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let (_, url) = line
        .split_once(" at http://")
        .expect("an address in the first line");
    let authority = url.split('/').next().unwrap();
    assert!(authority.starts_with("127.0.0.1:"), "{line}");
    assert!(line.trim_end().ends_with("(Ctrl-C stops it)"), "{line}");

    let mut stream = TcpStream::connect(authority).unwrap();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200 OK\r\n"), "{reply}");

    let errors = stop(server);
    assert!(errors.is_empty(), "{errors}");
}

#[test]
fn a_cert_dir_is_for_https_only() {
    let output = run(&["--dir", ".", "--cert-dir", "/tmp"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--https"), "{}", stderr(&output));
}

#[test]
fn a_damaged_local_ca_exits_with_1_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let certs = tempfile::tempdir().unwrap();
    let ca = certs.path().join("duobao-local-ca.crt");
    std::fs::write(&ca, "-----BEGIN CERTIFICATE-----\nbroken\n").unwrap();
    std::fs::write(certs.path().join("duobao-local-ca.key"), "").unwrap();
    let output = run(&[
        "--dir",
        dir.path().to_str().unwrap(),
        "--port",
        "0",
        "--https",
        "--cert-dir",
        certs.path().to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.contains(&ca.display().to_string()), "{message}");
    assert!(message.contains("Delete it to make a new one"), "{message}");
    assert!(!message.contains("panicked"), "{message}");
    assert!(output.stdout.is_empty());
}

/// The lines a server started with `args` prints before it serves, then stops it.
/// Stops the server as a system would (SIGTERM), requires a clean exit and returns what it wrote
/// to stderr (empty when stderr was not piped).
#[cfg(unix)]
fn stop(mut server: std::process::Child) -> String {
    let killed = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = server.wait().unwrap();
    assert!(status.success(), "{status}");
    let mut errors = String::new();
    if let Some(mut stderr) = server.stderr.take() {
        stderr.read_to_string(&mut errors).unwrap();
    }
    errors
}

#[cfg(unix)]
fn start_up_lines(args: &[&str]) -> Vec<String> {
    let mut server = server()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(server.stdout.take().unwrap());
    let mut lines = Vec::new();
    for line in stdout.lines() {
        let line = line.unwrap();
        let last = line.contains("choose to proceed") || line.contains("Add to Home Screen");
        lines.push(line);
        if last {
            break;
        }
    }
    stop(server);
    lines
}

#[cfg(unix)]
#[test]
fn https_makes_the_local_ca_once_and_says_how_a_phone_trusts_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let certs = tempfile::tempdir().unwrap();
    let ca = certs.path().join("duobao-local-ca.crt");
    let dir = dir.path().to_str().unwrap();
    let cert_dir = certs.path().to_str().unwrap();
    let args = |bind| {
        [
            "--dir",
            dir,
            "--port",
            "0",
            "--bind",
            bind,
            "--https",
            "--cert-dir",
            cert_dir,
        ]
    };

    let first = start_up_lines(&args("127.0.0.1"));
    assert!(first[0].contains(" at https://127.0.0.1:"), "{first:?}");
    assert_eq!(
        first[1],
        format!(
            "Made a local certificate authority (CA) for HTTPS, kept in {}",
            ca.display()
        )
    );
    assert!(first[2].contains(&ca.display().to_string()), "{first:?}");
    let kept = std::fs::read(&ca).unwrap();

    let again = start_up_lines(&args("0.0.0.0"));
    assert!(
        !again.iter().any(|line| line.starts_with("Made")),
        "{again:?}"
    );
    assert_eq!(std::fs::read(&ca).unwrap(), kept);
    // A phone's steps when this machine has a LAN address to give it.
    if let Some((_, phone)) = again[0].split_once("on a phone on this network ") {
        let phone = phone.split([' ', '/']).nth(2).unwrap();
        let text = again.join("\n");
        assert!(
            text.contains(&format!(
                "open https://{phone}/duobao-local-ca.crt on the phone"
            )),
            "{text}"
        );
        assert!(text.contains("Android: Settings"), "{text}");
        assert!(text.contains("iPhone:"), "{text}");
        assert!(text.contains("Add to Home Screen"), "{text}");
    } else {
        assert!(again[1].contains("choose to proceed"), "{again:?}");
    }
}

#[test]
fn a_cert_dir_inside_the_served_folder_exits_with_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let certs = dir.path().join("certs");
    let output = run(&[
        "--dir",
        dir.path().to_str().unwrap(),
        "--port",
        "0",
        "--https",
        "--cert-dir",
        certs.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.contains("inside the served folder"), "{message}");
    assert!(message.contains("--cert-dir"), "{message}");
    assert!(!certs.exists());
}

#[cfg(unix)]
#[test]
fn an_unconstrained_local_ca_is_replaced_saying_so() {
    use rcgen::{BasicConstraints, CertificateParams, IsCa, KeyPair, KeyUsagePurpose};
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let certs = tempfile::tempdir().unwrap();
    let mut params = CertificateParams::default();
    params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
    params.key_usages = vec![KeyUsagePurpose::KeyCertSign];
    let key = KeyPair::generate().unwrap();
    let old = params.self_signed(&key).unwrap();
    let ca = certs.path().join("duobao-local-ca.crt");
    std::fs::write(&ca, old.pem()).unwrap();
    std::fs::write(
        certs.path().join("duobao-local-ca.key"),
        key.serialize_pem(),
    )
    .unwrap();

    let mut server = server()
        .args([
            "--dir",
            dir.path().to_str().unwrap(),
            "--port",
            "0",
            "--https",
            "--cert-dir",
            certs.path().to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Kept open until the server has stopped: its later lines would otherwise meet a closed pipe.
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.contains(" at https://"), "{first}");
    let errors = stop(server);
    drop(stdout);
    assert!(errors.contains(&ca.display().to_string()), "{errors}");
    assert!(errors.contains("could vouch for any site"), "{errors}");
    assert!(errors.contains("must install the new one"), "{errors}");
    assert_ne!(std::fs::read_to_string(&ca).unwrap(), old.pem());
}

/// With no setting, online games are served from SQLite in the local data folder.
#[cfg(unix)]
#[test]
fn online_games_are_kept_in_the_local_data_folder_by_default() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut server = Command::new(BIN)
        .args(["--dir", dir.path().to_str().unwrap(), "--port", "0"])
        .env("XDG_DATA_HOME", data.path())
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    let (mut first, mut second) = (String::new(), String::new());
    stdout.read_line(&mut first).unwrap();
    stdout.read_line(&mut second).unwrap();
    let file = data.path().join("duobao-serve").join("online.sqlite");
    assert_eq!(
        second.trim_end(),
        format!(
            "Online games at /api/online, kept in sqlite:{}",
            file.display()
        )
    );
    assert!(file.is_file());
    let authority = first
        .split_once(" at http://")
        .and_then(|(_, url)| url.split('/').next())
        .unwrap()
        .to_string();
    let mut stream = TcpStream::connect(&authority).unwrap();
    let body = r#"{"side":"red","turn_seconds":60}"#;
    let request = format!(
        "POST /api/online/games HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 201 Created\r\n"), "{reply}");
    assert!(reply.contains(r#""invite":""#), "{reply}");
    let errors = stop(server);
    assert!(errors.is_empty(), "{errors}");
}
