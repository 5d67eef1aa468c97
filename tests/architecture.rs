//! Keeps `docs/ARCHITECTURE.md` and the README's layout true to the tree, and the docs' links to
//! their targets.
//!
//! The convention it checks, stated at the top of ARCHITECTURE.md too: every module is named in
//! backticks in its row — a crate's modules by module name (`tt`, `a::b` for `src/a/b.rs`) in
//! the row of *The crates* whose folder cell is the crate's folder (`crates/engine`), the app's
//! top-level files and folders in the first cell of a row of *The app* (`shell.rs`, `game/`),
//! and each file or folder inside an app folder by its path from that folder or from `src/`
//! in that folder's row (`feedback.rs` or `game/feedback.rs` in the `game/` row). A crate's
//! `lib.rs` and a folder's `mod.rs` are the crate and the folder themselves, a crate's `main.rs`
//! is the module `main`; test-only modules count like any other. A table under a `### ` heading
//! that names a crate's folder or an app folder in backticks counts as that crate's or folder's
//! row (one row a module, `` ### `game/` `` then `| `controller.rs` | … |`). Every workspace member has its row, and every path named in backticks
//! anywhere in the page (a span of path characters with a `/` or a file extension, `*` standing
//! for any one folder) exists, read from the row's folders, then `src/`, then the root. And its
//! table rows stay readable: none longer than `MAX_ROW` characters.
//!
//! It also checks that the README's *Layout* names every file of `scripts/` (as `scripts/NAME`)
//! and only paths that exist (read from the root, or from a folder its row's first cell names),
//! and that every relative link of `README.md` and `docs/*.md` points to a file that exists and,
//! with a `#fragment`, to a heading of it.
//!
//! It reads files only: it imports nothing from the app.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const ARCHITECTURE: &str = "docs/ARCHITECTURE.md";
const CRATES_SECTION: &str = "The crates";
const APP_SECTION: &str = "The app";
const README_LAYOUT: &str = "Layout";
/// The longest table row `docs/ARCHITECTURE.md` may have, in characters: a row is one module
/// told in a sentence or two, and what takes longer goes to the prose below its table.
const MAX_ROW: usize = 300;

/// File extensions that make a backticked span a path even without a `/`.
const EXTENSIONS: &[&str] = &[
    "rs", "sh", "py", "mjs", "js", "md", "html", "css", "toml", "txt", "proof", "json", "kt",
    "plist", "lock",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The spans between backticks.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// One line of the page, with the section (`## ` heading) and the subsection (`### ` heading,
/// empty before the first) it is in and, for a table row, its cells.
struct Line<'a> {
    number: usize,
    text: &'a str,
    section: &'a str,
    subsection: &'a str,
    cells: Option<Vec<&'a str>>,
}

fn lines(doc: &str) -> Vec<Line<'_>> {
    let mut section = "";
    let mut subsection = "";
    let mut out = Vec::new();
    for (i, text) in doc.lines().enumerate() {
        if let Some(heading) = text.strip_prefix("## ") {
            section = heading.trim();
            subsection = "";
        }
        if let Some(heading) = text.strip_prefix("### ") {
            subsection = heading.trim();
        }
        let cells = text.trim_start().strip_prefix('|').map(split_cells);
        out.push(Line {
            number: i + 1,
            text,
            section,
            subsection,
            cells,
        });
    }
    out
}

/// A table row's cells, split at the `|`s outside backticks.
fn split_cells(row: &str) -> Vec<&str> {
    let mut cells = Vec::new();
    let mut start = 0;
    let mut in_code = false;
    for (i, c) in row.char_indices() {
        match c {
            '`' => in_code = !in_code,
            '|' if !in_code && !row[..i].ends_with('\\') => {
                cells.push(row[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = row[start..].trim();
    if !last.is_empty() {
        cells.push(last);
    }
    cells
}

/// The workspace members, from the root `Cargo.toml`'s `members = [...]`.
fn workspace_members() -> Vec<String> {
    let manifest = read(&root().join("Cargo.toml"));
    let line = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .expect("Cargo.toml lists its workspace members on one line");
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// Every file and folder under `dir`, as paths relative to it with `/`, sorted; hidden ones (an
/// editor's `.#lock.rs`, `.DS_Store`) left out.
fn tree(dir: &Path) -> Vec<(String, bool)> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<(String, bool)>) {
        let entries =
            fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
        for entry in entries {
            let entry = entry.expect("a folder entry");
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let path = entry.path();
            let rel = path
                .strip_prefix(base)
                .expect("under its base")
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                out.push((rel, true));
                walk(base, &path, out);
            } else {
                out.push((rel, false));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The module path of a crate's source file (`a/b.rs` → `a::b`, `a/mod.rs` → `a`, a folder
/// `a` → `a`), or `None` for what is not a module (`lib.rs`, a file that is not Rust).
fn crate_module(rel: &str, is_dir: bool) -> Option<String> {
    let stem = if is_dir {
        rel
    } else {
        let stem = rel.strip_suffix(".rs")?;
        if stem == "lib" {
            return None;
        }
        stem.strip_suffix("/mod").unwrap_or(stem)
    };
    Some(stem.replace('/', "::"))
}

/// The backticked spans of the rows of `section` whose cells satisfy `owns`, or that stand under
/// a `### ` heading naming `owner` in backticks.
fn spans_of_rows<'a>(
    lines: &'a [Line<'a>],
    section: &str,
    owner: &str,
    owns: impl Fn(&[&str]) -> bool,
) -> Option<BTreeSet<&'a str>> {
    let rows: Vec<_> = lines
        .iter()
        .filter(|l| l.section.starts_with(section))
        .filter_map(|l| {
            let cells = l.cells.as_deref()?;
            (owns(cells) || code_spans(l.subsection).contains(&owner)).then_some(cells)
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    Some(
        rows.iter()
            .flat_map(|cells| cells.iter().flat_map(|c| code_spans(c)))
            .collect(),
    )
}

/// What the page fails to name, by the convention above.
fn unnamed_modules(lines: &[Line<'_>]) -> Vec<String> {
    let root = root();
    let mut problems = Vec::new();

    for member in workspace_members() {
        let folder = format!("`{member}`");
        let Some(named) = spans_of_rows(lines, CRATES_SECTION, &member, |cells| {
            cells.iter().any(|c| *c == folder)
        }) else {
            problems.push(format!(
                "workspace member `{member}` has no row in \"## {CRATES_SECTION}\" (a row with \
                 the cell `{member}`)"
            ));
            continue;
        };
        let src = root.join(&member).join("src");
        let modules: BTreeSet<String> = tree(&src)
            .into_iter()
            .filter_map(|(rel, is_dir)| crate_module(&rel, is_dir))
            .collect();
        for module in modules {
            if !named.contains(module.as_str()) {
                problems.push(format!(
                    "module `{module}` of {member}/src is not named: add a row for `{module}` \
                     to the table under `### ` … `{member}` in \"## {CRATES_SECTION}\""
                ));
            }
        }
    }

    let first_cell_spans: BTreeSet<&str> = lines
        .iter()
        .filter(|l| l.section.starts_with(APP_SECTION))
        .filter_map(|l| l.cells.as_ref()?.first().copied())
        .flat_map(code_spans)
        .collect();
    for (rel, is_dir) in tree(&root.join("src")) {
        let Some((folder, inner)) = rel.split_once('/') else {
            if !is_dir && !rel.ends_with(".rs") {
                continue;
            }
            let name = if is_dir {
                format!("{rel}/")
            } else {
                rel.clone()
            };
            if !first_cell_spans.contains(name.as_str()) {
                problems.push(format!(
                    "src/{name} is not named: add a row of \"## {APP_SECTION}\" whose first \
                     cell names `{name}`"
                ));
            }
            continue;
        };
        if (!is_dir && !inner.ends_with(".rs")) || inner == "mod.rs" {
            continue;
        }
        let owner = format!("{folder}/");
        let Some(named) = spans_of_rows(lines, APP_SECTION, &owner, |cells| {
            cells
                .first()
                .is_some_and(|c| code_spans(c).contains(&owner.as_str()))
        }) else {
            continue; // the folder itself is reported above
        };
        let (inner, full) = if is_dir {
            (format!("{inner}/"), format!("{rel}/"))
        } else {
            (inner.to_owned(), rel.clone())
        };
        if !named.contains(inner.as_str()) && !named.contains(full.as_str()) {
            problems.push(format!(
                "src/{full} is not named: add a row for `{inner}` to the table under \
                 `### `{owner}`` in \"## {APP_SECTION}\""
            ));
        }
    }
    problems
}

/// Whether a backticked span names a path: path characters only, and a `/` or a known file
/// extension.
fn is_path(span: &str) -> bool {
    let path_chars = !span.is_empty()
        && span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./*".contains(c));
    let stars_whole = span
        .split('/')
        .all(|part| part == "*" || !part.contains('*'));
    let extension = span
        .rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext));
    path_chars && stars_whole && !span.starts_with('/') && (span.contains('/') || extension)
}

/// Whether `path` (with `*` for any one folder entry) exists under `base`.
fn exists(base: &Path, path: &str) -> bool {
    let mut candidates = vec![base.to_path_buf()];
    for part in path.trim_end_matches('/').split('/') {
        candidates = candidates
            .iter()
            .flat_map(|dir| -> Vec<PathBuf> {
                if part == "*" {
                    fs::read_dir(dir)
                        .map(|entries| entries.filter_map(|e| Some(e.ok()?.path())).collect())
                        .unwrap_or_default()
                } else {
                    vec![dir.join(part)]
                }
            })
            .filter(|p| p.exists())
            .collect();
    }
    !candidates.is_empty() && (!path.ends_with('/') || candidates.iter().any(|p| p.is_dir()))
}

/// The folders a line's paths are read from before `src/` and the root: an app row's folders
/// (its first cell's `game/` is `src/game/`, or its `### ` heading's), a crate row's folder (in
/// a cell or its `### ` heading).
fn row_folders(line: &Line<'_>, members: &[String]) -> Vec<PathBuf> {
    let root = root();
    let Some(cells) = &line.cells else {
        return Vec::new();
    };
    let heading = code_spans(line.subsection);
    if line.section.starts_with(APP_SECTION) {
        let first = cells.first().map(|c| code_spans(c)).unwrap_or_default();
        first
            .into_iter()
            .chain(heading)
            .filter(|s| s.ends_with('/'))
            .map(|s| root.join("src").join(s))
            .collect()
    } else {
        cells
            .iter()
            .flat_map(|c| code_spans(c))
            .chain(heading)
            .filter(|s| members.iter().any(|m| m == s))
            .map(|s| root.join(s))
            .collect()
    }
}

/// The paths that `lines` of `page` name in backticks and that do not exist, each read from the
/// folders `bases_of` gives for its line.
fn missing_paths(
    page: &str,
    lines: &[Line<'_>],
    bases_of: impl Fn(&Line<'_>) -> Vec<PathBuf>,
) -> Vec<String> {
    let root = root();
    let mut problems = Vec::new();
    let mut in_fence = false;
    for line in lines {
        if line.text.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let bases = bases_of(line);
        for span in code_spans(line.text).into_iter().filter(|s| is_path(s)) {
            if !bases.iter().any(|base| exists(base, span)) {
                problems.push(format!(
                    "{page}:{} names `{span}`, which does not exist (read from {})",
                    line.number,
                    bases
                        .iter()
                        .map(|b| match b.strip_prefix(&root) {
                            Ok(rel) if rel.as_os_str().is_empty() => "the root".to_owned(),
                            Ok(rel) => format!("{}/", rel.display()),
                            Err(_) => b.display().to_string(),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
    }
    problems
}

fn fail_on(what: &str, problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{what} ({} problem{}; what is checked is told at the top of tests/architecture.rs, \
         and the naming convention at the top of {ARCHITECTURE}):\n  {}\n",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" },
        problems.join("\n  ")
    );
}

#[test]
fn architecture_names_every_module() {
    let doc = read(&root().join(ARCHITECTURE));
    fail_on(
        &format!("{ARCHITECTURE} leaves modules out"),
        &unnamed_modules(&lines(&doc)),
    );
}

#[test]
fn architecture_names_only_paths_that_exist() {
    let root = root();
    let members = workspace_members();
    let doc = read(&root.join(ARCHITECTURE));
    let problems = missing_paths(ARCHITECTURE, &lines(&doc), |line| {
        let mut bases = row_folders(line, &members);
        bases.push(root.join("src"));
        bases.push(root.clone());
        bases
    });
    fail_on(
        &format!("{ARCHITECTURE} names paths that do not exist"),
        &problems,
    );
}

#[test]
fn architecture_rows_are_short() {
    let doc = read(&root().join(ARCHITECTURE));
    let problems: Vec<String> = lines(&doc)
        .iter()
        .filter(|l| l.cells.is_some())
        .filter_map(|l| {
            let length = l.text.chars().count();
            (length > MAX_ROW).then(|| {
                format!(
                    "{ARCHITECTURE}:{} is a table row of {length} characters: keep it to \
                     {MAX_ROW}, one module in a sentence or two, and move the rest to the prose \
                     below the table",
                    l.number
                )
            })
        })
        .collect();
    fail_on(
        &format!("{ARCHITECTURE} has rows too long to read"),
        &problems,
    );
}

/// The README's *Layout* names every script and only paths that exist, each read from the root
/// or from a folder its row's first cell names (`assets/`).
#[test]
fn readme_layout_names_every_script_and_only_paths_that_exist() {
    let root = root();
    let readme = read(&root.join("README.md"));
    let all = lines(&readme);
    let layout: Vec<_> = all
        .into_iter()
        .filter(|l| l.section == README_LAYOUT)
        .collect();
    assert!(
        !layout.is_empty(),
        "README.md has no \"## {README_LAYOUT}\" section"
    );
    let named: BTreeSet<&str> = layout.iter().flat_map(|l| code_spans(l.text)).collect();
    let mut problems: Vec<String> = tree(&root.join("scripts"))
        .into_iter()
        .filter(|(rel, is_dir)| !is_dir && !rel.contains('/'))
        .map(|(rel, _)| format!("scripts/{rel}"))
        .filter(|script| !named.contains(script.as_str()))
        .map(|script| format!("`{script}` is not named: add a row for it to the scripts' table"))
        .collect();
    problems.extend(missing_paths("README.md", &layout, |line| {
        let first = line.cells.as_ref().and_then(|cells| cells.first().copied());
        let mut bases: Vec<PathBuf> = first
            .map(code_spans)
            .unwrap_or_default()
            .into_iter()
            .filter(|s| s.ends_with('/'))
            .map(|s| root.join(s))
            .collect();
        bases.push(root.clone());
        bases
    }));
    fail_on(
        &format!("README.md's \"## {README_LAYOUT}\" does not match the tree"),
        &problems,
    );
}

/// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces
/// made `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code fences), a repeated one numbered as
/// GitHub numbers it.
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || !line.starts_with('#') {
            continue;
        }
        let base = slug(line.trim_start_matches('#'));
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// The targets of a Markdown file's inline links `[text](target)`, with their line numbers,
/// outside code fences and code spans.
fn link_targets(markdown: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_fence = false;
    for (i, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join("``");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                out.push((i + 1, rest[..end].trim().to_owned()));
                rest = &rest[end..];
            }
        }
    }
    out
}

#[test]
fn docs_links_point_to_files_and_headings_that_exist() {
    let root = root();
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<_> = fs::read_dir(root.join("docs"))
        .expect("docs/ can be listed")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);

    let mut problems = Vec::new();
    for file in &files {
        let text = read(file);
        let shown = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        for (number, target) in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = match target.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (target.as_str(), None),
            };
            let linked = if path.is_empty() {
                file.clone()
            } else {
                file.parent().expect("a file's folder").join(path)
            };
            if !linked.exists() {
                problems.push(format!("{shown}:{number} links to {target}: no such file"));
                continue;
            }
            if let Some(fragment) = fragment {
                let has_heading = linked.extension().is_some_and(|e| e == "md")
                    && anchors(&read(&linked)).contains(fragment);
                if !has_heading {
                    problems.push(format!(
                        "{shown}:{number} links to {target}: no heading with that anchor"
                    ));
                }
            }
        }
    }
    fail_on("the docs have broken links", &problems);
}
