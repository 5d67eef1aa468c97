//! Duobao Qi Bing · Seven Soldiers (夺宝棋兵 · 七兵): the app.

mod app;
mod game;
mod home;
mod i18n;
mod navigation;
mod persistence;
mod platform;
mod prefs;
mod puzzles;
mod review;
mod rules;
mod session;
mod settings;
mod storage;
mod url_options;
mod widgets;

fn main() {
    dioxus::launch(app::App);
}
