//! Duobao Qi Bing · Seven Soldiers (夺宝棋兵 · 七兵): the app.

mod account;
mod analysis;
mod app;
mod app_notice;
mod appearance;
mod board;
mod by_link;
mod choice;
mod device;
mod editor;
mod endgames;
mod engine;
mod engine_task;
mod feedback;
mod game;
mod history;
mod home;
mod i18n;
mod learn;
mod link;
mod lobby;
mod local_time;
mod log;
mod move_list;
mod navigation;
mod online_service;
mod platform;
mod players;
mod prefs;
mod puzzles;
mod rating_words;
mod result_words;
mod review;
mod rules;
mod screen_chunk;
mod screens;
mod server_address;
mod session;
mod settings;
mod share;
mod shell;
mod shortcuts;
mod start_up;
mod stats;
mod storage;
#[cfg(test)]
mod storage_fuzz;
mod subscribers;
mod tablebase_service;
#[cfg(test)]
mod test_games;
#[cfg(test)]
mod test_screen;
mod widgets;

fn main() {
    shell::launch(app::App);
}
