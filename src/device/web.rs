//! The browser: the Screen Wake Lock API and `navigator.vibrate`, both looked up at run time
//! (web-sys binds `WakeLock` only under `web_sys_unstable_apis`, and calling a binding that the
//! browser lacks — Safari has no `vibrate` — would throw), so a browser without them, or one
//! that refuses, only gets a line in the console.
//!
//! The browser drops a wake lock whenever the page is hidden. The game screen pauses its clock
//! then (`PauseReason::Hidden`), so it asks `keep_awake(false)` on hiding and `keep_awake(true)`
//! on coming back, which requests a new lock; a sentinel the browser already released is
//! forgotten, never reused.

use std::cell::RefCell;

use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};

use super::{log_once, Haptic, Problem};

#[derive(Default)]
struct Lock {
    wanted: bool,
    /// A request is on its way; its sentinel is kept or released when it comes.
    pending: bool,
    sentinel: Option<JsValue>,
}

thread_local! {
    static LOCK: RefCell<Lock> = RefCell::default();
}

pub fn keep_awake(on: bool) {
    let request = LOCK.with_borrow_mut(|lock| {
        lock.wanted = on;
        // The browser releases the lock by itself when the page is hidden.
        if lock.sentinel.as_ref().is_some_and(is_released) {
            lock.sentinel = None;
        }
        if !on {
            if let Some(sentinel) = lock.sentinel.take() {
                release(&sentinel);
            }
            return false;
        }
        let request = lock.sentinel.is_none() && !lock.pending;
        lock.pending |= request;
        request
    });
    if request {
        match request_lock() {
            Ok(promise) => spawn_local(async move {
                let answer = JsFuture::from(promise).await;
                LOCK.with_borrow_mut(|lock| {
                    lock.pending = false;
                    match answer {
                        Ok(sentinel) if lock.wanted => lock.sentinel = Some(sentinel),
                        Ok(sentinel) => release(&sentinel),
                        Err(error) => log_once(Problem::WakeLock, &describe(&error)),
                    }
                });
            }),
            Err(error) => {
                LOCK.with_borrow_mut(|lock| lock.pending = false);
                log_once(Problem::WakeLock, &describe(&error));
            }
        }
    }
}

/// `navigator.wakeLock.request("screen")`.
fn request_lock() -> Result<js_sys::Promise, JsValue> {
    let navigator = navigator()?;
    let wake_lock = Reflect::get(&navigator, &"wakeLock".into())?;
    if wake_lock.is_undefined() || wake_lock.is_null() {
        return Err("this browser has no Screen Wake Lock API".into());
    }
    let promise = method(&wake_lock, "request")?.call1(&wake_lock, &"screen".into())?;
    promise
        .dyn_into::<js_sys::Promise>()
        .map_err(|_| "wakeLock.request did not return a promise".into())
}

fn is_released(sentinel: &JsValue) -> bool {
    Reflect::get(sentinel, &"released".into()).is_ok_and(|released| released.is_truthy())
}

fn release(sentinel: &JsValue) {
    let released = method(sentinel, "release").and_then(|release| release.call0(sentinel));
    match released.map(|promise| promise.dyn_into::<js_sys::Promise>()) {
        Ok(Ok(promise)) => spawn_local(async move {
            if let Err(error) = JsFuture::from(promise).await {
                log_once(Problem::WakeLock, &describe(&error));
            }
        }),
        Ok(Err(_)) => {}
        Err(error) => log_once(Problem::WakeLock, &describe(&error)),
    }
}

pub fn haptic(kind: Haptic) {
    let vibrated = navigator().and_then(|navigator| {
        // Before the page's first tap (the computer's opening move in a fresh page) Chromium
        // refuses and logs an intervention as an error: nothing to feel, so nothing is asked.
        if !has_been_tapped(&navigator) {
            return Ok(JsValue::TRUE);
        }
        let vibrate = Reflect::get(&navigator, &"vibrate".into())?;
        let Some(vibrate) = vibrate.dyn_ref::<Function>() else {
            return Err("this browser cannot vibrate".into());
        };
        vibrate.call1(&navigator, &kind.millis().into())
    });
    match vibrated {
        // `false`: the browser declined (no user gesture yet, or vibration disabled).
        Ok(accepted) if accepted.is_falsy() => {
            log_once(Problem::Vibration, "navigator.vibrate declined")
        }
        Ok(_) => {}
        Err(error) => log_once(Problem::Vibration, &describe(&error)),
    }
}

/// `navigator.userActivation.hasBeenActive`; true where the browser does not say.
fn has_been_tapped(navigator: &JsValue) -> bool {
    Reflect::get(navigator, &"userActivation".into())
        .ok()
        .filter(|activation| activation.is_object())
        .and_then(|activation| Reflect::get(&activation, &"hasBeenActive".into()).ok())
        .is_none_or(|active| active.is_truthy())
}

fn navigator() -> Result<JsValue, JsValue> {
    Ok(web_sys::window()
        .ok_or_else(|| JsValue::from("no window"))?
        .navigator()
        .into())
}

fn method(target: &JsValue, name: &str) -> Result<Function, JsValue> {
    Reflect::get(target, &name.into())?
        .dyn_into::<Function>()
        .map_err(|_| format!("no {name} function").into())
}

fn describe(error: &JsValue) -> String {
    error
        .as_string()
        .or_else(|| {
            error
                .dyn_ref::<js_sys::Error>()
                .map(|error| String::from(error.message()))
        })
        .unwrap_or_else(|| format!("{error:?}"))
}
