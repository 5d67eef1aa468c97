//! iOS, through UIKit (objc2-ui-kit). Both calls need the main thread, where Dioxus runs the
//! app's code on iOS (tao's event loop); elsewhere they report once and do nothing.
//!
//! Not compiled on this project's Linux machines (the iOS build needs Xcode): checked against
//! objc2-ui-kit 0.3.2's generated bindings (`UIApplication::sharedApplication`,
//! `setIdleTimerDisabled`, `UIImpactFeedbackGenerator::initWithStyle`, `impactOccurred`).

use objc2::{MainThreadMarker, MainThreadOnly};
use objc2_ui_kit::{UIApplication, UIImpactFeedbackGenerator, UIImpactFeedbackStyle};

use super::{log_once, Haptic, Problem};

pub fn keep_awake(on: bool) {
    let Some(mtm) = MainThreadMarker::new() else {
        return log_once(Problem::WakeLock, "not on the main thread");
    };
    UIApplication::sharedApplication(mtm).setIdleTimerDisabled(on);
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
