//! The app's folders and top-level modules stack in floors: each imports only from the floors
//! below it, so no two of them import each other, directly or round a longer circle (tests
//! included). This test reads `src/` as text — every `crate::<module>` outside comments — and
//! fails naming the circle it finds, so a new import that runs back up is caught where it is made.
//! It also fails on a feature that imports another feature where `docs/ARCHITECTURE.md`'s table
//! "Feature imports" does not allow it, and on a room of a folder that imports another room of
//! it where the folder's table "The rooms of `folder/`" does not allow it (`game/`'s model, tasks
//! and views), or on a room that table leaves out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Which top-level module of `src/` imports which others, with one place each import is made.
type Imports = BTreeMap<String, BTreeMap<String, String>>;

#[test]
fn the_apps_modules_form_no_import_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let imports = imports_of(&src);
    assert!(
        imports.len() > 10,
        "found only {} modules in {}",
        imports.len(),
        src.display()
    );
    let cycles = cycles(&imports);
    assert!(
        cycles.is_empty(),
        "modules of src/ that import each other (each arrow with one place it is made):\n{}",
        cycles
            .iter()
            .map(|cycle| describe(cycle, &imports))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn a_cycle_is_found_and_an_import_in_a_comment_is_not() {
    let mut imports = Imports::new();
    let mut add = |file: &str, text: &str| {
        let module = file.split('/').next().unwrap().trim_end_matches(".rs");
        record(&mut imports, module, file, text);
    };
    add("game/view.rs", "use crate::share::Link;\n");
    add(
        "share/link.rs",
        "use crate::storage::Store;\n/// see [`crate::game`]\n",
    );
    add("storage/mod.rs", "fn f() { crate::game::start(); }\n");
    add("words.rs", "//! [`crate::game`]\nuse crate::storage;\n");
    let cycles = cycles(&imports);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    let members: BTreeSet<&str> = cycles[0].iter().map(String::as_str).collect();
    assert_eq!(members, BTreeSet::from(["game", "share", "storage"]));
    assert!(
        !imports["share"].contains_key("game"),
        "a doc link is not an import"
    );
    assert!(
        !imports["words"].contains_key("game"),
        "a doc link is not an import"
    );
}

/// The heading of the table that names every feature and the features each may import.
const FEATURE_IMPORTS: &str = "### Feature imports";

#[test]
fn features_import_only_the_features_the_architecture_allows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let allowed = allowed_feature_imports(&doc);
    assert!(
        allowed.len() > 5,
        "docs/ARCHITECTURE.md's \"{FEATURE_IMPORTS}\" lists only {} features",
        allowed.len()
    );
    for feature in allowed.keys() {
        assert!(
            root.join("src").join(feature).is_dir(),
            "\"{FEATURE_IMPORTS}\" names {feature}/, which is no folder of src/"
        );
    }
    let unlisted = unlisted_feature_imports(&imports_of(&root.join("src")), &allowed);
    assert!(
        unlisted.is_empty(),
        "features that import another feature where docs/ARCHITECTURE.md's \"{FEATURE_IMPORTS}\" \
         does not allow it (what several screens show belongs in widgets/, a way to another \
         screen in the navigator):\n{}",
        unlisted.join("\n")
    );
}

#[test]
fn a_feature_import_is_allowed_only_where_the_table_lists_it() {
    let doc = "## The app\n\n### Feature imports\n\n| feature | may import | for |\n\
               |---|---|---|\n| `home/` | `stats/` | the lessons |\n| `stats/` | — | |\n\
               | `rules/` | | |\n\n### `game/`\n\n| `game/` | `rules/` | |\n";
    let allowed = allowed_feature_imports(doc);
    assert_eq!(
        allowed.keys().map(String::as_str).collect::<Vec<_>>(),
        ["home", "rules", "stats"]
    );
    let mut imports = Imports::new();
    record(
        &mut imports,
        "home",
        "home/view.rs",
        "use crate::stats::Stats;\n",
    );
    record(
        &mut imports,
        "stats",
        "stats/view.rs",
        "use crate::home::X;\nuse crate::widgets::Y;\n",
    );
    record(
        &mut imports,
        "game",
        "game/view.rs",
        "use crate::rules::Z;\n",
    );
    assert_eq!(
        unlisted_feature_imports(&imports, &allowed),
        ["stats/ imports home/ (stats/view.rs:1)"]
    );
}

/// Each feature the table under [`FEATURE_IMPORTS`] names (its first column) with the features
/// it may import (its second), by module name.
fn allowed_feature_imports(doc: &str) -> BTreeMap<String, BTreeSet<String>> {
    let folders = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .filter_map(|span| span.strip_suffix('/'))
            .map(str::to_string)
            .collect()
    };
    doc.lines()
        .skip_while(|line| line.trim() != FEATURE_IMPORTS)
        .skip(1)
        .take_while(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim().strip_prefix('|')?.split('|').collect();
            let feature = folders(cells.first()?).into_iter().next()?;
            let may: BTreeSet<String> = folders(cells.get(1).copied().unwrap_or(""))
                .into_iter()
                .collect();
            Some((feature, may))
        })
        .collect()
}

/// Every import of one feature by another that `allowed` does not list, with where it is made.
fn unlisted_feature_imports(
    imports: &Imports,
    allowed: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut unlisted = Vec::new();
    for (feature, may) in allowed {
        for (imported, place) in imports.get(feature).into_iter().flatten() {
            if allowed.contains_key(imported) && !may.contains(imported) {
                unlisted.push(format!("{feature}/ imports {imported}/ ({place})"));
            }
        }
    }
    unlisted
}

/// The heading of a table that names every room of a folder (its files and folders) and the
/// rooms each may import: `### The rooms of `game/``.
const ROOMS: &str = "### The rooms of `";

#[test]
fn rooms_import_only_the_rooms_the_architecture_allows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let folders = roomed_folders(&doc);
    assert!(
        folders.contains_key("game"),
        "docs/ARCHITECTURE.md has no \"{ROOMS}game/`\" table"
    );
    for (folder, allowed) in &folders {
        let src = root.join("src");
        let mut problems = Vec::new();
        for entry in fs::read_dir(src.join(folder)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            let room = name.trim_end_matches(".rs");
            if name != "mod.rs" && !name.starts_with('.') && !allowed.contains_key(room) {
                problems.push(format!(
                    "{folder}/{name} is in no room: add its row to \"{ROOMS}{folder}/`\""
                ));
            }
        }
        let imports = room_imports(&src, folder);
        problems.extend(unlisted_feature_imports(&imports, allowed));
        problems.extend(
            cycles(&imports)
                .iter()
                .map(|cycle| describe(cycle, &imports)),
        );
        assert!(
            problems.is_empty(),
            "the rooms of src/{folder}/ break docs/ARCHITECTURE.md's \"{ROOMS}{folder}/`\" \
             (a room imports another as `crate::{folder}::<room>`):\n{}",
            problems.join("\n")
        );
    }
}

#[test]
fn a_room_import_is_read_from_the_files_own_module() {
    let doc = "### The rooms of `game/`\n\n| room | may import | what |\n|---|---|---|\n\
               | `controller/` | — | |\n| `tasks/` | `controller/` | |\n\
               | `views/` | `controller/`, `handle.rs` | |\n\
               | `handle.rs` | `controller/` | |\n\n## Next\n";
    let folders = roomed_folders(doc);
    assert_eq!(
        folders["game"]["views"],
        BTreeSet::from(["controller".to_string(), "handle".to_string()])
    );
    let mut imports = Imports::new();
    let mut add = |file: &str, text: &str| record_rooms(&mut imports, "game", file, text);
    add("game/handle.rs", "use super::controller::Controller;\n");
    add(
        "game/views/menu.rs",
        "use super::dialogs::Dialogs;\nuse crate::game::{handle::X, tasks::y};\n",
    );
    add(
        "game/controller/mod.rs",
        "// crate::game::views\nmod tests { use super::*; }\n",
    );
    add("game/controller/clock.rs", "use super::super::views::Z;\n");
    assert_eq!(
        imports["handle"].keys().collect::<Vec<_>>(),
        ["controller"],
        "super:: of a file at the folder's top is the folder"
    );
    assert_eq!(
        imports["views"].keys().collect::<Vec<_>>(),
        ["handle", "tasks"],
        "super:: of a room's file is its own room"
    );
    assert_eq!(
        imports["controller"].keys().collect::<Vec<_>>(),
        ["views"],
        "super::super:: climbs out of the room; a comment is no import"
    );
    assert_eq!(
        unlisted_feature_imports(&imports, &folders["game"]),
        [
            "controller/ imports views/ (game/controller/clock.rs:1)",
            "views/ imports tasks/ (game/views/menu.rs:2)"
        ]
    );
}

/// Each folder a table under [`ROOMS`] divides, with its rooms (by module name) and the rooms
/// each may import.
fn roomed_folders(doc: &str) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let module = |span: &str| -> Option<String> {
        let name = span
            .strip_suffix('/')
            .or_else(|| span.strip_suffix(".rs"))?;
        Some(name.to_string())
    };
    let mut folders = BTreeMap::new();
    let mut lines = doc.lines();
    while let Some(heading) = lines.next() {
        let Some(folder) = heading.strip_prefix(ROOMS) else {
            continue;
        };
        let folder = folder.trim_end_matches(['`', '/']).to_string();
        let rooms: BTreeMap<String, BTreeSet<String>> = lines
            .by_ref()
            .take_while(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let cells: Vec<&str> = line.trim().strip_prefix('|')?.split('|').collect();
                let spans = |cell: &str| -> Vec<String> {
                    cell.split('`')
                        .skip(1)
                        .step_by(2)
                        .filter_map(module)
                        .collect()
                };
                let room = spans(cells.first()?).into_iter().next()?;
                let may = spans(cells.get(1).copied().unwrap_or(""));
                Some((room, may.into_iter().collect()))
            })
            .collect();
        folders.insert(folder, rooms);
    }
    folders
}

/// Which room of `src/<folder>/` imports which others, each with one place it is made.
fn room_imports(src: &Path, folder: &str) -> Imports {
    let mut imports = Imports::new();
    for file in rust_files(&src.join(folder)) {
        let relative = file
            .strip_prefix(src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = fs::read_to_string(&file).unwrap();
        record_rooms(&mut imports, folder, &relative, &text);
    }
    imports
}

/// Adds the rooms of `folder` that `text` (the file `file`, its path from `src/`) names, comments
/// left out: as `crate::<folder>::<room>`, or through `super::`, read from the file's own module
/// (`super::` in `game/handle.rs` is `game`, in `game/views/menu.rs` the room `views`).
fn record_rooms(imports: &mut Imports, folder: &str, file: &str, text: &str) {
    let mut module: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    if module.last() == Some(&"mod") {
        module.pop();
    }
    let Some(&room) = module.get(1) else {
        return; // the folder's own mod.rs
    };
    let named = imports.entry(room.to_string()).or_default();
    let mut add = |names: Vec<String>, line: usize| {
        for name in names {
            if name != room {
                named
                    .entry(name)
                    .or_insert_with(|| format!("{file}:{}", line + 1));
            }
        }
    };
    let in_folder = format!("crate::{folder}::");
    for (number, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap();
        for (at, _) in code.match_indices(&in_folder) {
            add(names_after(&code[at + in_folder.len()..]), number);
        }
        for (at, _) in code.match_indices("super::") {
            if code[..at].ends_with("super::") {
                continue; // inside a chain counted from its start
            }
            let mut rest = &code[at..];
            let mut up = 0;
            while let Some(after) = rest.strip_prefix("super::") {
                rest = after;
                up += 1;
            }
            let Some(base) = module.len().checked_sub(up) else {
                continue;
            };
            match base {
                1 => add(names_after(rest), number),
                2.. => add(vec![module[1].to_string()], number),
                0 => {}
            }
        }
    }
}

fn imports_of(src: &Path) -> Imports {
    let mut imports = Imports::new();
    for file in rust_files(src) {
        let relative = file
            .strip_prefix(src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let module = relative
            .split('/')
            .next()
            .unwrap()
            .trim_end_matches(".rs")
            .to_string();
        let text = fs::read_to_string(&file).unwrap();
        record(&mut imports, &module, &relative, &text);
    }
    imports
}

/// Adds the modules `text` (the file `file` of `module`) names as `crate::<name>`, comments left
/// out; `use crate::{a, b::c}` names `a` and `b`.
fn record(imports: &mut Imports, module: &str, file: &str, text: &str) {
    let named = imports.entry(module.to_string()).or_default();
    for (number, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap();
        for (at, _) in code.match_indices("crate::") {
            for name in names_after(&code[at + "crate::".len()..]) {
                if name != module {
                    named
                        .entry(name)
                        .or_insert_with(|| format!("{file}:{}", number + 1));
                }
            }
        }
    }
}

/// The module names at the start of `rest`: one identifier, or each first identifier of a
/// `{…}` group.
fn names_after(rest: &str) -> Vec<String> {
    let identifier = |text: &str| -> String {
        text.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    match rest.strip_prefix('{') {
        None => vec![identifier(rest)],
        Some(group) => {
            let mut names = Vec::new();
            let mut depth = 0;
            let mut item_start = true;
            for (index, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        item_start = false;
                        names.push(identifier(&group[index..]));
                    }
                    _ => {}
                }
            }
            names
        }
    }
    .into_iter()
    .filter(|name| !name.is_empty() && name != "self")
    .collect()
}

fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files
}

/// The strongly connected groups of more than one module (Tarjan's algorithm), each a circle.
fn cycles(imports: &Imports) -> Vec<Vec<String>> {
    struct Walk<'a> {
        imports: &'a Imports,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        groups: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, module: &'a str) {
            let number = self.index.len();
            self.index.insert(module, number);
            self.low.insert(module, number);
            self.stack.push(module);
            self.on_stack.insert(module);
            let imports = self.imports;
            for next in imports
                .get(module)
                .into_iter()
                .flat_map(|named| named.keys())
            {
                if !imports.contains_key(next.as_str()) {
                    continue;
                }
                if !self.index.contains_key(next.as_str()) {
                    self.visit(next);
                    let low = self.low[module].min(self.low[next.as_str()]);
                    self.low.insert(module, low);
                } else if self.on_stack.contains(next.as_str()) {
                    let low = self.low[module].min(self.index[next.as_str()]);
                    self.low.insert(module, low);
                }
            }
            if self.low[module] == self.index[module] {
                let mut group = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    group.push(member.to_string());
                    if member == module {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.groups.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        imports,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for module in imports.keys() {
        if !walk.index.contains_key(module.as_str()) {
            walk.visit(module);
        }
    }
    walk.groups
}

fn describe(group: &[String], imports: &Imports) -> String {
    let mut arrows = Vec::new();
    for from in group {
        for (to, place) in &imports[from] {
            if group.contains(to) {
                arrows.push(format!("  {from} → {to} ({place})"));
            }
        }
    }
    format!("{}:\n{}", group.join(", "), arrows.join("\n"))
}
