//! Builds the endgame tables the app carries (src/endgames.rs) into assets/tables/, where the
//! `asset!` macro bundles them: every slice of up to 4 soldiers, as packed files (`1v2.dtp`,
//! `duobao_tablebase::file::pack`): 3.9 MB, 511 KB with brotli (756 KB gzipped). They take
//! seconds to build, so they are made here rather than kept in git, and they always match the
//! rules and the tables' format of the build.

use std::path::Path;

use duobao_tablebase::{file, Tablebase};

/// The most soldiers of the slices carried: all of 5 would be 4.8 MB with brotli, packed, beyond
/// the 2 MB the download may grow by (docs/SOLVING.md, "What the app carries").
const CARRIED_SOLDIERS: u32 = 4;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("assets/tables");
    std::fs::create_dir_all(&dir).expect("assets/tables can be made");
    let tables = Tablebase::build(CARRIED_SOLDIERS, |_| {}).expect("the tables build");
    println!("cargo::rerun-if-changed=build.rs");
    for table in tables.tables() {
        let slice = table.slice();
        let path = dir.join(file::packed_file_name(slice));
        let bytes = file::pack(table);
        // What the app will read is what was built (the app's tests cannot build the tables).
        assert!(
            file::unpack(&bytes, slice).as_ref() == Ok(table),
            "{slice} unpacks to the table built"
        );
        // Written only when changed: a file written during the run would look changed to Cargo,
        // which would then run this script again on every build.
        if std::fs::read(&path).ok().as_deref() != Some(bytes.as_slice()) {
            std::fs::write(&path, &bytes).expect("assets/tables can be written");
        }
        // A file deleted (a clean checkout, `git clean`) is made again.
        println!("cargo::rerun-if-changed={}", path.display());
    }
}
