//! The socket of a game played online, beside the game screen: connects (and connects again
//! when it drops, at once when the network comes back), says hello with the last version
//! applied, hands the server's messages to the controller and sends what the controller queued:
//! the moves, a move not yet acknowledged again, the choices. The page never waits on it.

use std::time::Duration;

use dioxus::prelude::*;
use futures_util::{FutureExt, StreamExt};

use crate::game::controller::{Connection, Controller, Heard};
use crate::online_service::{ClientFrame, Failure, Socket, SocketEvent};
use crate::platform::sleep;
use crate::server_address::ServerAddress;
use crate::session::OnlineSeat;

/// How long the link waits before connecting again: short at first, then longer.
const RETRY: [Duration; 5] = [
    Duration::from_millis(300),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
    Duration::from_secs(8),
];

/// How often the link asks the server for the clock while connected (the server's pings keep
/// the socket itself alive): the countdown shown stays within a network delay of the server's.
const CLOCK_CHECK: Duration = Duration::from_secs(10);

/// Runs the socket of the game on screen while it is played online.
pub fn use_game_socket(controller: Signal<Controller>) {
    let wake = use_coroutine(move |mut wakes: UnboundedReceiver<()>| async move {
        let mut failures = 0_usize;
        loop {
            let Some(seat) = controller.peek().online_seat().cloned() else {
                // Not online: wait for a word that it is.
                if wakes.next().await.is_none() {
                    return;
                }
                continue;
            };
            if controller
                .peek()
                .online()
                .is_some_and(|online| online.lost().is_some())
            {
                if wakes.next().await.is_none() {
                    return;
                }
                continue;
            }
            let address = ServerAddress::parse(&seat.server).unwrap_or_default();
            match Socket::open(&address, &seat.id) {
                Ok(socket) => {
                    let heard = talk(controller, socket, &seat, &mut wakes).await;
                    failures = if heard { 0 } else { failures + 1 };
                }
                Err(failure) => {
                    failures += 1;
                    set_connection(
                        controller,
                        match failure {
                            Failure::Offline | Failure::NoServer => Connection::Offline,
                            _ => Connection::Reconnecting,
                        },
                    );
                }
            }
            if !same_game(controller, &seat) {
                continue;
            }
            let pause = RETRY[failures.min(RETRY.len() - 1)];
            // A word from the screen (a move played, the network back) tries again at once.
            futures_util::select! {
                _ = sleep(pause).fuse() => {}
                _ = wakes.next() => {}
            }
        }
    });
    // Whatever the controller queues for the socket wakes it, once.
    let waiting = use_memo(move || {
        controller
            .read()
            .online()
            .map_or(0, |online| online.waiting_to_send())
    });
    use_effect(move || {
        if waiting() > 0 {
            wake.send(());
        }
    });
    // Another game on the screen (a rematch, a game continued) wakes it too.
    let game_id = use_memo(move || controller.read().online_seat().map(|seat| seat.id.clone()));
    use_effect(move || {
        game_id.read();
        wake.send(());
    });
}

/// Tells the screen how the socket is, when that changed.
fn set_connection(mut controller: Signal<Controller>, connection: Connection) {
    let known = controller.peek().online().map(|online| online.connection());
    if known.is_some_and(|known| known != connection) {
        controller.write().set_connection(connection);
    }
}

/// Whether the game on screen is still the one the socket was for.
fn same_game(controller: Signal<Controller>, seat: &OnlineSeat) -> bool {
    controller
        .peek()
        .online_seat()
        .is_some_and(|now| now.id == seat.id)
}

/// One socket's life: hello, then messages both ways until it closes or the game on screen
/// changes. True when the server answered.
async fn talk(
    mut controller: Signal<Controller>,
    mut socket: Socket,
    seat: &OnlineSeat,
    wakes: &mut UnboundedReceiver<()>,
) -> bool {
    set_connection(controller, Connection::Connecting);
    let mut heard = false;
    loop {
        let event = futures_util::select! {
            event = socket.next().fuse() => Some(event),
            _ = wakes.next() => None,
            _ = sleep(CLOCK_CHECK).fuse() => {
                socket.send(&ClientFrame::Ping);
                None
            }
        };
        if !same_game(controller, seat) {
            return heard;
        }
        match event {
            Some(SocketEvent::Open) => {
                let hello = controller.peek().online().map(|online| online.hello());
                if let Some(hello) = hello {
                    socket.send(&hello);
                }
                // The move sent and never acknowledged, sent again: acknowledged once, played
                // once, whatever became of it.
                let unacked = controller
                    .peek()
                    .online_seat()
                    .and_then(|s| s.unacked.clone());
                if let Some((ply, notation)) = unacked {
                    socket.send(&ClientFrame::Move {
                        ply: ply as u32,
                        notation,
                    });
                }
            }
            Some(SocketEvent::Message(message)) => {
                if !heard {
                    heard = true;
                    set_connection(controller, Connection::Live);
                }
                let answer = controller.write().hear(message);
                if answer == Heard::Missed {
                    // Say hello again: the server sends what was missed.
                    return heard;
                }
            }
            Some(SocketEvent::Closed) => {
                set_connection(controller, Connection::Reconnecting);
                return heard;
            }
            None => {}
        }
        let waiting = controller
            .peek()
            .online()
            .is_some_and(|online| online.waiting_to_send() > 0);
        if heard && waiting {
            let queued = controller.write().take_outbox();
            for message in &queued {
                socket.send(message);
            }
        }
    }
}
