//! Keeping small values on the device: `localStorage` on the web, small
//! files in the app's data folder elsewhere. Each value lives under its own key, so a damaged
//! value costs only itself: readers fall back to a default for that key and keep the rest, and
//! the damaged value is kept aside under `<key>.corrupt` first.

mod device;
#[cfg(not(target_arch = "wasm32"))]
mod file;
mod store;
#[cfg(target_arch = "wasm32")]
mod web;

pub use device::DeviceStore;
#[cfg(test)]
pub use store::aside_key;
pub use store::{forget, full_key, load, load_with, save, MemoryStore, SaveError, Store, Watched};

/// The device's own store: `localStorage` in a browser, files in the app's data folder on
/// desktop and mobile. When neither can be had (private browsing, no data folder) the app still
/// runs, keeping its values in memory for the session. Its first failed write is kept for the
/// app to tell the player once.
pub fn device_store() -> Watched<dyn Store> {
    #[cfg(target_arch = "wasm32")]
    let store = web::LocalStore::open().map(|s| Box::new(s) as Box<dyn Store>);
    #[cfg(not(target_arch = "wasm32"))]
    let store = file::FileStore::open_app_folder().map(|s| Box::new(s) as Box<dyn Store>);
    Watched::new(store.unwrap_or_else(|| Box::new(MemoryStore::default())))
}
