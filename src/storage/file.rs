//! Values as files in the app's data folder, one file a key. A write goes to a temporary file
//! that is flushed to disk and then renamed over the old one, so a crash or a full disk in the
//! middle of a save leaves the previous value whole.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::store::{SaveError, Store};

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

    fn path(&self, key: &str) -> PathBuf {
        let name: String = key
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.folder.join(format!("{name}.json"))
    }
}

fn write_atomically(path: &Path, value: &str) -> std::io::Result<()> {
    let temporary = path.with_extension("json.tmp");
    let mut file = fs::File::create(&temporary)?;
    file.write_all(value.as_bytes())?;
    file.sync_all()?;
    fs::rename(&temporary, path)
}

impl Store for FileStore {
    fn read(&self, key: &str) -> Option<String> {
        fs::read_to_string(self.path(key)).ok()
    }

    fn write(&self, key: &str, value: &str) -> Result<(), SaveError> {
        let path = self.path(key);
        write_atomically(&path, value)
            .map_err(|e| SaveError(format!("cannot save {}: {e}", path.display())))
    }

    fn remove(&self, key: &str) -> Result<(), SaveError> {
        match fs::remove_file(self.path(key)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(SaveError(e.to_string())),
            _ => Ok(()),
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

    fn scratch_folder(name: &str) -> PathBuf {
        let folder =
            std::env::temp_dir().join(format!("duobao-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        folder
    }

    #[test]
    fn writes_replace_whole_values_and_leave_no_temporary_files() {
        let folder = scratch_folder("replace");
        let store = FileStore::open(folder.clone()).unwrap();
        store.write("duobao.v1.game", "first").unwrap();
        store.write("duobao.v1.game", "second").unwrap();
        assert_eq!(store.read("duobao.v1.game").as_deref(), Some("second"));
        let names: Vec<_> = fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("duobao.v1.game.json")]);
        store.remove("duobao.v1.game").unwrap();
        store.remove("duobao.v1.game").unwrap();
        assert_eq!(store.read("duobao.v1.game"), None);
        fs::remove_dir_all(folder).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_value() {
        let folder = scratch_folder("fail");
        let store = FileStore::open(folder.clone()).unwrap();
        store.write("duobao.v1.lang", "\"en\"").unwrap();
        // A folder where the temporary file should go makes the write fail midway.
        fs::create_dir(folder.join("duobao.v1.lang.json.tmp")).unwrap();
        assert!(store.write("duobao.v1.lang", "\"zh\"").is_err());
        assert_eq!(store.read("duobao.v1.lang").as_deref(), Some("\"en\""));
        fs::remove_dir_all(folder).unwrap();
    }
}
