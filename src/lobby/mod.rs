//! The lobby: playing online before the game begins, Home → *Play online* (invite a friend, or
//! play someone now), and a game's link opened (seated, or watching). The game itself is the
//! game screen's.

mod arrival;
mod model;
mod view;

pub use arrival::{OnlineArrivalBody, OnlineArrivalBodyProps};
pub use view::PlayOnlineBody;
