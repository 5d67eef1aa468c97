//! What the `duobao` binary's test files share: running it, and a folder of table files.

use std::path::PathBuf;
use std::process::{Command, Output};

pub fn duobao(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duobao"))
        .args(args)
        .output()
        .expect("duobao runs")
}

/// A directory of its own for a test's table files, removed when dropped.
pub struct TableDir(pub PathBuf);

impl TableDir {
    /// `prefix` names the test file, `name` the test: tests run at once in one process.
    pub fn new(prefix: &str, name: &str) -> TableDir {
        let dir =
            std::env::temp_dir().join(format!("duobao-{prefix}-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TableDir(dir)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }

    /// `duobao tablebase build --max-soldiers <soldiers>` into the directory.
    pub fn build(&self, soldiers: &str) -> Output {
        duobao(&[
            "tablebase",
            "build",
            "--max-soldiers",
            soldiers,
            "--out",
            self.path(),
        ])
    }

    /// A new directory with the tables of up to `soldiers` built in it.
    pub fn built(prefix: &str, name: &str, soldiers: &str) -> TableDir {
        let dir = TableDir::new(prefix, name);
        let output = dir.build(soldiers);
        assert!(output.status.success(), "{output:?}");
        dir
    }
}

impl Drop for TableDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
