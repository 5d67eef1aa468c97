//! Warnings for whoever looks into a problem: the browser's console on the web, the platform's
//! log natively (dioxus' logger: the terminal, Android's logcat). The web build leaves dioxus'
//! log framework out, which keeps the download smaller.

/// Logs a warning, formatted as `format!` does.
macro_rules! warning {
    ($($arg:tt)*) => {
        $crate::log::warn(&format!($($arg)*))
    };
}
pub(crate) use warning;

pub fn warn(message: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::warn_1(&message.into());
    #[cfg(not(target_arch = "wasm32"))]
    tracing::warn!("{message}");
}

/// Logs what went as it should, when it is worth knowing (how long a load took), formatted as
/// `format!` does.
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::log::info(&format!($($arg)*))
    };
}
pub(crate) use note;

pub fn info(message: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::info_1(&message.into());
    #[cfg(not(target_arch = "wasm32"))]
    tracing::info!("{message}");
}
