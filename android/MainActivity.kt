// 夺宝棋兵 · 七兵 — the Android activity, used by dx instead of its generated one
// (Dioxus.toml: [application] android_main_activity = "android/MainActivity.kt"; dx 0.7.10 copies it
// verbatim into the gradle project, src/build/android.rs 279-294).
//
// dx's own (assets/android/MainActivity.kt.hbs) is the first three lines below: wry's WryActivity does
// all the work. Added: keep the page out from under the status bar, the navigation bar and a display
// cutout. Apps that target API 35+ are drawn edge to edge on Android 15+ (and cannot opt out when
// they target 36), where the theme's statusBarColor / navigationBarColor are ignored and the WebView
// would lie under the clock and the gesture bar. Padding the content view by those insets leaves
// the bars over the window background, the table colour of Theme.Qibing (res/values/themes_qibing.xml).
// On older Android the system already keeps content out of the bars, the insets arrive as 0 and this
// does nothing.
// Also added: keepScreenOn, which the Rust side (src/device/android.rs) calls through JNI while a
// turn clock runs; the window flag may only change on the UI thread, and a Runnable needs Java code.
// And showScheme, which the Rust side (src/appearance) calls when the page shows the light or the
// dark theme: the window behind the bars takes the page's colour, the bar icons a colour that
// reads on it. And shareText, which the share sheet (src/share/view.rs) calls: Android's own share
// sheet (an ACTION_SEND chooser), which the WebView does not offer through the Web Share API.
package dev.dioxus.main

import android.content.Intent
import android.graphics.drawable.ColorDrawable
import android.os.Bundle
import android.view.View
import android.view.WindowManager
import androidx.annotation.Keep
import androidx.core.view.ViewCompat
import androidx.core.view.WindowCompat
import androidx.core.view.WindowInsetsCompat

// Must name the gradle namespace, i.e. Dioxus.toml [bundle] identifier (wry's Kotlin uses BuildConfig).
typealias BuildConfig = io.github.duobao.qibing.BuildConfig

class MainActivity : WryActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        // wry later puts the WebView into this view with setContentView; the listener stays on it.
        val content = findViewById<View>(android.R.id.content)
        ViewCompat.setOnApplyWindowInsetsListener(content) { view, insets ->
            val bars = insets.getInsets(
                WindowInsetsCompat.Type.systemBars() or WindowInsetsCompat.Type.displayCutout()
            )
            view.setPadding(bars.left, bars.top, bars.right, bars.bottom)
            WindowInsetsCompat.CONSUMED
        }
    }

    /// Keeps the screen on (or lets it dim again) while this activity is in front. Called from
    /// Rust on its own thread through JNI (by name: @Keep, so that R8 neither drops nor renames it).
    @Keep
    fun keepScreenOn(on: Boolean) {
        runOnUiThread {
            if (on) {
                window.addFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
            } else {
                window.clearFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
            }
        }
    }

    /// Shows the page's theme in the window behind the status and navigation bars: `light` for
    /// the light theme (dark icons), `argb` the page's background. Called from Rust through JNI
    /// like keepScreenOn.
    @Keep
    fun showScheme(light: Boolean, argb: Int) {
        runOnUiThread {
            window.setBackgroundDrawable(ColorDrawable(argb))
            WindowCompat.getInsetsController(window, window.decorView).apply {
                isAppearanceLightStatusBars = light
                isAppearanceLightNavigationBars = light
            }
        }
    }

    /// Opens Android's share sheet with `text` (a link, or a game as text) under `title`. Called
    /// from Rust through JNI like keepScreenOn.
    @Keep
    fun shareText(title: String, text: String) {
        runOnUiThread {
            val send = Intent(Intent.ACTION_SEND).apply {
                type = "text/plain"
                putExtra(Intent.EXTRA_TEXT, text)
                putExtra(Intent.EXTRA_TITLE, title)
            }
            startActivity(Intent.createChooser(send, title))
        }
    }
}
