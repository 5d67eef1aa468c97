//! Values as files in the app's data folder, one file a key. A write goes to a temporary file
//! of its own (named after the process and a counter, so two instances of the app never write
//! into the same one), which is flushed to disk and then renamed over the old file; the folder
//! is flushed too, so that the rename itself survives a power cut. A crash or a full disk in
//! the middle of a save leaves the previous value whole, and a failed write removes its
//! temporary file. A damaged value is renamed to `<key>.corrupt`, byte for byte.

use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::store::{aside_key, SaveError, Store};

pub struct FileStore {
    folder: PathBuf,
}

impl FileStore {
    /// A store in `folder`, created if needed.
    pub fn open(folder: PathBuf) -> Option<FileStore> {
        fs::create_dir_all(&folder).ok()?;
        Some(FileStore { folder })
    }

    /// The store in this app's data folder on this platform.
    pub fn open_app_folder() -> Option<FileStore> {
        FileStore::open(app_data_folder()?)
    }

    /// The file of `key`: its characters that are not safe in a file name become `_`.
    fn file_name(key: &str) -> String {
        key.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    }

    fn path(&self, key: &str) -> PathBuf {
        self.folder
            .join(format!("{}.json", FileStore::file_name(key)))
    }

    /// Where a damaged value of `key` is kept: `duobao.v1.game.corrupt`.
    fn aside_path(&self, key: &str) -> PathBuf {
        self.folder.join(FileStore::file_name(&aside_key(key)))
    }

    fn describe(&self, what: &str, key: &str, error: std::io::Error) -> SaveError {
        SaveError(format!(
            "cannot {what} {} in {}: {error}",
            key,
            self.folder.display()
        ))
    }
}

/// A temporary file name no other write uses: not in this process (the counter), not in
/// another instance of the app (the process id).
fn temporary_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(".{name}.{}.{count}.tmp", std::process::id()))
}

fn write_atomically(path: &Path, value: &str) -> std::io::Result<()> {
    let temporary = temporary_path(path);
    // `create_new`: a file left by a crashed instance that had this process id is never
    // written into, nor removed (this write fails instead; the next takes another number).
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)?;
    let written = file
        .write_all(value.as_bytes())
        .and_then(|()| file.sync_all())
        .and_then(|()| fs::rename(&temporary, path));
    drop(file);
    if written.is_err() {
        // Nothing may be left behind.
        let _ = fs::remove_file(&temporary);
    }
    written?;
    sync_folder(path)
}

/// Flushes the folder holding `path`, so that a rename or removal in it is on disk. Folders
/// cannot be opened for this everywhere (Windows, some file systems), which is no failure.
fn sync_folder(path: &Path) -> std::io::Result<()> {
    let Some(folder) = path.parent() else {
        return Ok(());
    };
    if cfg!(windows) {
        return Ok(());
    }
    match fs::File::open(folder).and_then(|folder| folder.sync_all()) {
        Err(e) if matches!(e.kind(), ErrorKind::InvalidInput | ErrorKind::Unsupported) => Ok(()),
        synced => synced,
    }
}

impl Store for FileStore {
    /// The value's text; bytes that are not UTF-8 read as U+FFFD, so that such a value shows
    /// as damaged (and is set aside whole) rather than as missing.
    fn read(&self, key: &str) -> Option<String> {
        let bytes = fs::read(self.path(key)).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }

    fn write(&self, key: &str, value: &str) -> Result<(), SaveError> {
        write_atomically(&self.path(key), value).map_err(|e| self.describe("save", key, e))
    }

    fn remove(&self, key: &str) -> Result<(), SaveError> {
        let path = self.path(key);
        match fs::remove_file(&path) {
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(self.describe("remove", key, e)),
            Ok(()) => sync_folder(&path).map_err(|e| self.describe("remove", key, e)),
        }
    }

    /// Renames the damaged file, so that its bytes are kept exactly as they were.
    fn set_aside(&self, key: &str) -> Result<(), SaveError> {
        let path = self.path(key);
        match fs::rename(&path, self.aside_path(key)) {
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(self.describe("set aside", key, e)),
            Ok(()) => sync_folder(&path).map_err(|e| self.describe("set aside", key, e)),
        }
    }
}

/// Android has no home-relative data folder: the app's private files folder comes from its
/// `Context` through JNI.
#[cfg(target_os = "android")]
fn app_data_folder() -> Option<PathBuf> {
    use jni::objects::{JObject, JString};
    use jni::JavaVM;

    let context = ndk_context::android_context();
    // SAFETY: the pointers come from the running activity, which outlives the app's UI.
    let vm = unsafe { JavaVM::from_raw(context.vm().cast()) }.ok()?;
    let mut env = vm.attach_current_thread().ok()?;
    let activity = unsafe { JObject::from_raw(context.context().cast()) };
    let folder = env
        .call_method(&activity, "getFilesDir", "()Ljava/io/File;", &[])
        .and_then(|v| v.l())
        .ok()?;
    let path = env
        .call_method(&folder, "getAbsolutePath", "()Ljava/lang/String;", &[])
        .and_then(|v| v.l())
        .ok()?;
    let path: String = env.get_string(&JString::from(path)).ok()?.into();
    Some(PathBuf::from(path))
}

#[cfg(not(target_os = "android"))]
fn app_data_folder() -> Option<PathBuf> {
    Some(dirs::data_dir()?.join("duobao-qibing"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::store::load;

    /// An empty folder of its own for one test, removed when the test ends.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let folder =
                std::env::temp_dir().join(format!("duobao-store-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&folder);
            fs::create_dir_all(&folder).unwrap();
            Scratch(folder)
        }

        fn names(&self) -> Vec<String> {
            let mut names: Vec<String> = fs::read_dir(&self.0)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn writes_replace_whole_values_and_leave_no_temporary_files() {
        let folder = Scratch::new("replace");
        let store = FileStore::open(folder.0.clone()).unwrap();
        store.write("duobao.v1.game", "first").unwrap();
        store.write("duobao.v1.game", "second").unwrap();
        assert_eq!(store.read("duobao.v1.game").as_deref(), Some("second"));
        assert_eq!(folder.names(), ["duobao.v1.game.json"]);
        store.remove("duobao.v1.game").unwrap();
        store.remove("duobao.v1.game").unwrap();
        assert_eq!(store.read("duobao.v1.game"), None);
        assert!(folder.names().is_empty());
    }

    #[test]
    fn temporary_names_are_unique_to_the_process_and_the_write() {
        let path = Path::new("/data/duobao.v1.game.json");
        let first = temporary_path(path);
        let second = temporary_path(path);
        assert_ne!(first, second);
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with(".duobao.v1.game.json."), "{name}");
        assert!(
            name.contains(&format!(".{}.", std::process::id())),
            "{name}"
        );
        assert_eq!(first.parent(), path.parent());
    }

    #[test]
    fn a_failed_write_keeps_the_old_value_and_removes_its_temporary_file() {
        let folder = Scratch::new("fail");
        let store = FileStore::open(folder.0.clone()).unwrap();
        store.write("duobao.v1.lang", "\"en\"").unwrap();
        // A folder in the file's place makes the rename fail after the temporary file is
        // written.
        fs::create_dir_all(folder.0.join("duobao.v1.game.json").join("inside")).unwrap();
        let error = store.write("duobao.v1.game", "{}").unwrap_err();
        assert!(error.0.contains("cannot save duobao.v1.game"), "{error}");
        assert_eq!(store.read("duobao.v1.lang").as_deref(), Some("\"en\""));
        assert_eq!(
            folder.names(),
            ["duobao.v1.game.json", "duobao.v1.lang.json"]
        );
    }

    #[test]
    fn a_folder_that_is_gone_or_a_file_fails_to_save_without_leftovers() {
        let folder = Scratch::new("gone");
        let store = FileStore::open(folder.0.join("data")).unwrap();
        fs::remove_dir(folder.0.join("data")).unwrap();
        // Where the folder was, a plain file: nothing can be created in it.
        fs::write(folder.0.join("data"), "not a folder").unwrap();
        assert!(store.write("duobao.v1.lang", "\"en\"").is_err());
        assert!(store.remove("duobao.v1.lang").is_err());
        assert_eq!(store.read("duobao.v1.lang"), None);
        assert_eq!(folder.names(), ["data"]);
        assert!(FileStore::open(folder.0.join("data")).is_none());
    }

    #[test]
    fn a_damaged_value_is_renamed_aside_byte_for_byte() {
        let folder = Scratch::new("aside");
        let store = FileStore::open(folder.0.clone()).unwrap();
        let damaged = b"{\"mode\": \xff\xfe";
        fs::write(folder.0.join("duobao.v1.game.json"), damaged).unwrap();
        assert_eq!(load::<u8>(&store, "game"), None);
        assert_eq!(folder.names(), ["duobao.v1.game.corrupt"]);
        assert_eq!(
            fs::read(folder.0.join("duobao.v1.game.corrupt")).unwrap(),
            damaged
        );
        // The default can then be written in its place; a later damage replaces the copy.
        store.write("duobao.v1.game", "7").unwrap();
        assert_eq!(load::<u8>(&store, "game"), Some(7));
        store.write("duobao.v1.game", "[").unwrap();
        assert_eq!(load::<u8>(&store, "game"), None);
        assert_eq!(
            fs::read_to_string(folder.0.join("duobao.v1.game.corrupt")).unwrap(),
            "["
        );
        assert_eq!(
            store.set_aside("duobao.v1.game"),
            Ok(()),
            "nothing to set aside"
        );
    }

    #[test]
    fn a_damaged_value_that_cannot_be_set_aside_stays() {
        let folder = Scratch::new("aside-fail");
        let store = FileStore::open(folder.0.clone()).unwrap();
        fs::write(folder.0.join("duobao.v1.lang.json"), "klingon").unwrap();
        // A non-empty folder where the copy should go makes the rename fail.
        fs::create_dir_all(folder.0.join("duobao.v1.lang.corrupt").join("x")).unwrap();
        assert!(store.set_aside("duobao.v1.lang").is_err());
        assert_eq!(store.read("duobao.v1.lang").as_deref(), Some("klingon"));
    }
}
