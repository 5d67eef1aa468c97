//! iOS, through UIKit (objc2-ui-kit). Both calls need the main thread, where Dioxus runs the
//! app's code on iOS (tao's event loop); elsewhere they report once and do nothing.
//!
//! Not compiled on this project's Linux machines (the iOS build needs Xcode): checked against
//! objc2-ui-kit 0.3.2's generated bindings (`UIApplication::sharedApplication`,
//! `setIdleTimerDisabled`, `UIImpactFeedbackGenerator::initWithStyle`, `impactOccurred`,
//! `keyWindow`, `UIView::setOverrideUserInterfaceStyle`).

use objc2::{MainThreadMarker, MainThreadOnly};
use objc2_ui_kit::{
    UIApplication, UIImpactFeedbackGenerator, UIImpactFeedbackStyle, UIUserInterfaceStyle,
};

use super::{log_once, Haptic, Problem};

pub fn keep_awake(on: bool) {
    let Some(mtm) = MainThreadMarker::new() else {
        return log_once(Problem::WakeLock, "not on the main thread");
    };
    UIApplication::sharedApplication(mtm).setIdleTimerDisabled(on);
}

/// The status bar's style is `UIStatusBarStyleDefault` (ios/Info.plist), which draws dark text
/// in the light appearance and light text in the dark one: the window's appearance is set to
/// the page's scheme, or left to the system's when the page follows it (the WebView's
/// `prefers-color-scheme` is the window's appearance, so a set one would hide the system's
/// changes from the page). The background behind the bar is the WebView's own.
pub fn show_scheme(light: bool, follows_system: bool, _background: (u8, u8, u8)) {
    let Some(mtm) = MainThreadMarker::new() else {
        return log_once(Problem::StatusBar, "not on the main thread");
    };
    // The app has one window; `keyWindow` is deprecated only for apps with several scenes.
    #[allow(deprecated)]
    let Some(window) = UIApplication::sharedApplication(mtm).keyWindow() else {
        return log_once(Problem::StatusBar, "no window yet");
    };
    window.setOverrideUserInterfaceStyle(match (follows_system, light) {
        (true, _) => UIUserInterfaceStyle::Unspecified,
        (false, true) => UIUserInterfaceStyle::Light,
        (false, false) => UIUserInterfaceStyle::Dark,
    });
}

pub fn haptic(kind: Haptic) {
    let Some(mtm) = MainThreadMarker::new() else {
        return log_once(Problem::Vibration, "not on the main thread");
    };
    let style = match kind {
        Haptic::Light => UIImpactFeedbackStyle::Light,
        Haptic::Strong => UIImpactFeedbackStyle::Heavy,
    };
    // `initWithStyle:` is deprecated from iOS 17.5 in favour of generators attached to a view,
    // but works on every iOS version the app runs on and needs no view.
    #[allow(deprecated)]
    let generator =
        UIImpactFeedbackGenerator::initWithStyle(UIImpactFeedbackGenerator::alloc(mtm), style);
    // Devices without a Taptic Engine simply do nothing.
    generator.impactOccurred();
}
