//! Duobao Qi Bing · Seven Soldiers (夺宝棋兵 · 七兵): the app.

mod app;
mod game;
mod i18n;
mod new_game;
mod platform;
mod prefs;
mod url_options;
mod widgets;

fn main() {
    dioxus::launch(app::App);
}
