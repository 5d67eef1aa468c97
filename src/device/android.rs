//! Android, through JNI on the activity that `ndk_context` holds (wry's `WryActivity`, our
//! `android/MainActivity.kt`).
//!
//! - Keeping the screen awake is the window flag `FLAG_KEEP_SCREEN_ON`, which only the UI thread
//!   may change, while the app's Rust code runs on tao's thread. Posting a `Runnable` to the UI
//!   thread needs a Java class, so `MainActivity.keepScreenOn(boolean)` does the `runOnUiThread`;
//!   it is called as an instance method of the activity object, which needs no class loader
//!   lookup (a thread attached from native code only finds system classes by name). The status
//!   bar's colours are the UI thread's too: `MainActivity.showScheme(boolean, int)`.
//! - Sharing is `MainActivity.shareText(String, String)`: an `ACTION_SEND` chooser, started on the
//!   UI thread.
//! - Vibrating is `Vibrator` (thread-safe): `VibrationEffect.createOneShot` from API 26,
//!   `vibrate(long)` before; the `VIBRATE` permission is in `android/AndroidManifest.xml`.
//!
//! Every call runs in its own local reference frame (the Rust thread never returns to Java, so
//! local references would otherwise pile up), and a Java exception is described in logcat,
//! cleared and reported once.

use jni::objects::{JObject, JValue};
use jni::JNIEnv;
use jni::JavaVM;

use super::{log_once, Haptic, Problem};

/// `VibrationEffect.DEFAULT_AMPLITUDE`.
const DEFAULT_AMPLITUDE: i32 = -1;
/// The strongest amplitude, for captures and the end of a game.
const FULL_AMPLITUDE: i32 = 255;

pub fn keep_awake(on: bool) {
    with_activity(Problem::WakeLock, |env, activity| {
        env.call_method(activity, "keepScreenOn", "(Z)V", &[JValue::Bool(on.into())])?;
        Ok(())
    });
}

pub fn show_scheme(light: bool, _follows_system: bool, (r, g, b): (u8, u8, u8)) {
    let argb = i32::from_be_bytes([0xff, r, g, b]);
    with_activity(Problem::StatusBar, |env, activity| {
        env.call_method(
            activity,
            "showScheme",
            "(ZI)V",
            &[JValue::Bool(light.into()), JValue::Int(argb)],
        )?;
        Ok(())
    });
}

/// Whether the share sheet was asked for (its own failure is logged once).
pub fn share(title: &str, text: &str) -> bool {
    let mut asked = false;
    with_activity(Problem::Share, |env, activity| {
        let title = env.new_string(title)?;
        let text = env.new_string(text)?;
        env.call_method(
            activity,
            "shareText",
            "(Ljava/lang/String;Ljava/lang/String;)V",
            &[JValue::Object(&title), JValue::Object(&text)],
        )?;
        asked = true;
        Ok(())
    });
    asked
}

pub fn haptic(kind: Haptic) {
    with_activity(Problem::Vibration, |env, activity| {
        let name = env.new_string("vibrator")?;
        let vibrator = env
            .call_method(
                activity,
                "getSystemService",
                "(Ljava/lang/String;)Ljava/lang/Object;",
                &[JValue::Object(&name)],
            )?
            .l()?;
        if vibrator.is_null() {
            return Err(Failure::Missing("no vibrator service"));
        }
        if !env.call_method(&vibrator, "hasVibrator", "()Z", &[])?.z()? {
            return Err(Failure::Missing("the device has no vibrator"));
        }
        let millis = i64::from(kind.millis());
        let sdk = env
            .get_static_field("android/os/Build$VERSION", "SDK_INT", "I")?
            .i()?;
        if sdk >= 26 {
            let amplitude = match kind {
                Haptic::Light => DEFAULT_AMPLITUDE,
                Haptic::Strong => FULL_AMPLITUDE,
            };
            let effect = env
                .call_static_method(
                    "android/os/VibrationEffect",
                    "createOneShot",
                    "(JI)Landroid/os/VibrationEffect;",
                    &[JValue::Long(millis), JValue::Int(amplitude)],
                )?
                .l()?;
            env.call_method(
                &vibrator,
                "vibrate",
                "(Landroid/os/VibrationEffect;)V",
                &[JValue::Object(&effect)],
            )?;
        } else {
            env.call_method(&vibrator, "vibrate", "(J)V", &[JValue::Long(millis)])?;
        }
        Ok(())
    });
}

enum Failure {
    Jni(jni::errors::Error),
    Missing(&'static str),
}

impl From<jni::errors::Error> for Failure {
    fn from(error: jni::errors::Error) -> Failure {
        Failure::Jni(error)
    }
}

/// Runs `body` with the JNI environment and the activity, in a local frame; reports a failure
/// of `kind` once and leaves no Java exception pending.
fn with_activity(kind: Problem, body: impl FnOnce(&mut JNIEnv, &JObject) -> Result<(), Failure>) {
    let context = ndk_context::android_context();
    if context.vm().is_null() || context.context().is_null() {
        log_once(kind, "no Android activity");
        return;
    }
    // SAFETY: the pointers come from the running activity (tao keeps a global reference to it),
    // which outlives the app's UI.
    let vm = match unsafe { JavaVM::from_raw(context.vm().cast()) } {
        Ok(vm) => vm,
        Err(error) => return log_once(kind, &format!("no Java VM: {error}")),
    };
    let mut env = match vm.attach_current_thread() {
        Ok(env) => env,
        Err(error) => return log_once(kind, &format!("cannot attach to the Java VM: {error}")),
    };
    // SAFETY: see above; the reference is borrowed, never deleted here.
    let activity = unsafe { JObject::from_raw(context.context().cast()) };
    let outcome = env.with_local_frame(16, |env| {
        let outcome = body(env, &activity);
        if outcome.is_err() && env.exception_check().unwrap_or(false) {
            let _ = env.exception_describe();
            let _ = env.exception_clear();
        }
        Ok::<_, jni::errors::Error>(outcome)
    });
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(Failure::Missing(what))) => log_once(kind, what),
        Ok(Err(Failure::Jni(error))) => log_once(kind, &format!("JNI: {error}")),
        Err(error) => {
            if env.exception_check().unwrap_or(false) {
                let _ = env.exception_clear();
            }
            log_once(kind, &format!("JNI frame: {error}"));
        }
    }
}
