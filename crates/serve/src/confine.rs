//! Only the site: the server answers with the regular files inside the served folder and
//! nothing else, since on a home network anyone on the Wi-Fi can ask it for anything.
//!
//! ServeDir already refuses a way out by `..` (plain, percent-encoded or not UTF-8), but it
//! follows symbolic links wherever they point, serves dotfiles (`/.git/config`, `/.env`) and, for
//! a folder asked without its slash, answers a redirect built from the path, which for `//sub`
//! is `Location: //sub/`, another site. So each request is checked before ServeDir opens
//! anything: every segment of its path must be a plain name (not empty, not starting with `.`,
//! no backslash), and every file ServeDir could open for it (the file, a folder's
//! `index.html`, their `.br` and `.gz` siblings) must, with every link resolved, be a regular
//! file inside the folder. Anything else is the site's plain 404, the answer for a file that
//! is not there, so that nothing outside is even confirmed to exist.
//!
//! The check and the open are not one step: a link changed between them is not caught. That
//! takes someone who can already write in the served folder.

use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::RANGE;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;

/// The body of every 404.
pub const NOT_FOUND: &str = "Not found\n";

/// The precompressed siblings ServeDir may send instead of a file.
const SIBLINGS: [&str; 2] = ["br", "gz"];

/// Answers 404 for a request outside the site (see the module's docs) and passes the rest on,
/// a request for several byte ranges as one for the whole file (see [`one_range_at_most`]).
/// `root` is the served folder, canonical.
pub async fn only_the_site(
    State(root): State<Arc<Path>>,
    mut request: Request,
    next: Next,
) -> Response {
    let Some(segments) = site_segments(request.uri().path()) else {
        return not_found();
    };
    let inside = tokio::task::spawn_blocking(move || stays_inside(&root, &segments))
        .await
        .unwrap_or(false);
    if !inside {
        return not_found();
    }
    one_range_at_most(&mut request);
    next.run(request).await
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, NOT_FOUND).into_response()
}

/// ServeDir answers a request for several byte ranges (`bytes=0-1,5-6`) with 416, as if the
/// file could not satisfy it; a server may instead ignore `Range` and send the whole file with
/// 200, which every client takes (RFC 9110, 14.2), as static-web-server and Caddy do with
/// ranges they do not serve.
fn one_range_at_most(request: &mut Request) {
    let several = request
        .headers()
        .get(RANGE)
        .is_some_and(|value| value.as_bytes().contains(&b','));
    if several {
        request.headers_mut().remove(RANGE);
    }
}

/// The path's segments, percent-decoded as ServeDir decodes them, if each is a plain name: not
/// empty (`//sub`), not `.`, `..` or a dotfile, without a backslash (a way up on Windows, and a
/// way to another site in a browser's `/\host`) or NUL. A trailing slash (a folder) is allowed.
fn site_segments(path: &str) -> Option<Vec<String>> {
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    let inner = decoded.strip_prefix('/')?;
    let mut segments: Vec<&str> = inner.split('/').collect();
    if segments.last() == Some(&"") {
        segments.pop();
    }
    let plain = |segment: &&str| {
        !segment.is_empty() && !segment.starts_with('.') && !segment.contains(['\\', '\0'])
    };
    segments
        .iter()
        .all(plain)
        .then(|| segments.iter().map(|s| (*s).to_owned()).collect())
}

/// Whether every file ServeDir could open for these segments is a regular file under `root`
/// once links are resolved; what is not there passes, for ServeDir to answer 404.
fn stays_inside(root: &Path, segments: &[String]) -> bool {
    let target = segments
        .iter()
        .fold(root.to_path_buf(), |path, s| path.join(s));
    let file = match resolve(root, &target) {
        Ok(Some(real)) if real.is_dir() => target.join("index.html"),
        Ok(Some(real)) if real.is_file() => target,
        Ok(None) => target,
        _ => return false,
    };
    let sibling = |extension: &str| {
        let mut name = file.clone().into_os_string();
        name.push(".");
        name.push(extension);
        PathBuf::from(name)
    };
    std::iter::once(file.clone())
        .chain(SIBLINGS.map(sibling))
        .all(|candidate| match resolve(root, &candidate) {
            Ok(Some(real)) => real.is_file(),
            Ok(None) => true,
            Err(_) => false,
        })
}

/// `path` with every link resolved, `None` if nothing is there (a dangling link included); an
/// error for a path that resolves outside `root` or cannot be looked at.
fn resolve(root: &Path, path: &Path) -> io::Result<Option<PathBuf>> {
    match path.canonicalize() {
        Ok(real) if real.starts_with(root) => Ok(Some(real)),
        Ok(_) => Err(io::Error::from(io::ErrorKind::PermissionDenied)),
        Err(problem) if problem.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(problem) => Err(problem),
    }
}

/// `path` made absolute with every link resolved, as far as it exists; the rest, not there yet,
/// is appended as written (`..` taking off the last name), as it will be when made.
pub fn resolve_partly(path: &Path) -> io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    let components: Vec<Component> = absolute.components().collect();
    for existing in (1..=components.len()).rev() {
        let prefix: PathBuf = components[..existing].iter().collect();
        let Ok(mut real) = prefix.canonicalize() else {
            continue;
        };
        for component in &components[existing..] {
            match component {
                Component::ParentDir => {
                    real.pop();
                }
                Component::Normal(name) => real.push(name),
                Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
            }
        }
        return Ok(real);
    }
    Err(io::Error::from(io::ErrorKind::NotFound))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_segments() {
        assert_eq!(site_segments("/"), Some(vec![]));
        assert_eq!(
            site_segments("/assets/app.wasm"),
            Some(vec!["assets".to_owned(), "app.wasm".to_owned()])
        );
        assert_eq!(site_segments("/assets/"), Some(vec!["assets".to_owned()]));
        assert_eq!(site_segments("/a%20b"), Some(vec!["a b".to_owned()]));
        for refused in [
            "//sub",
            "//",
            "/assets//app.wasm",
            "/%2F%2Fsub",
            "/.git/config",
            "/.env",
            "/assets/.hidden",
            "/%2egit/config",
            "/..",
            "/%2e%2e/etc/passwd",
            "/./index.html",
            "/\\evil.example",
            "/%5cevil.example",
            "/a%00b",
            "/%c0%ae%c0%ae/etc/passwd",
            "relative",
        ] {
            assert_eq!(site_segments(refused), None, "{refused}");
        }
    }

    #[test]
    fn a_path_not_there_yet_resolves_through_what_is() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().canonicalize().unwrap();
        assert_eq!(resolve_partly(dir.path()).unwrap(), real);
        assert_eq!(
            resolve_partly(&dir.path().join("new/../other/certs")).unwrap(),
            real.join("other/certs")
        );
    }
}
