//! The player's account on this device: the name and token the server gave (`POST
//! /api/players`, or signing in with a code), kept in the device's store beside the settings, or
//! the player's choice to play without a name; the token sent only as `Authorization: Bearer`
//! (`online_service`). A token the server no longer knows (401) is forgotten, and the player is
//! asked again. The sheet that asks is `sheet.rs`.
//!
//! Below the features: it imports the store, the server's address and the online service.

mod sheet;

use dioxus::prelude::*;
use serde::{Deserialize, Serialize};

pub use sheet::NameSheet;

use crate::online_service::{Account, Failure};
use crate::storage::{forget, load, save, DeviceStore};

/// The key in the device's store.
const KEY: &str = "account";

/// Who plays online from this device.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Not asked yet: the first game online or Profile asks for a name.
    #[default]
    Unknown,
    /// The player chose to play without a name (invitations, anonymous pairing).
    Anonymous,
    Named(Account),
}

impl Player {
    /// The token to send, if signed in.
    pub fn token(&self) -> Option<&str> {
        match self {
            Player::Named(account) => Some(&account.token),
            _ => None,
        }
    }

    pub fn name(&self) -> Option<&str> {
        match self {
            Player::Named(account) => Some(&account.name),
            _ => None,
        }
    }
}

/// The device's player as every screen holds it (a copy of the handle in the context): read
/// it, choose another, forget one the server no longer knows.
#[derive(Clone, Copy)]
pub struct Players {
    player: Signal<Player>,
    store: CopyValue<DeviceStore>,
}

impl Players {
    /// The player now (a read that subscribes the caller).
    pub fn read(&self) -> Player {
        self.player.read().clone()
    }

    /// The player now, without subscribing.
    pub fn peek(&self) -> Player {
        self.player.peek().clone()
    }

    /// Makes `chosen` this device's player, now and after a restart.
    pub fn choose(mut self, chosen: Player) {
        self.store.read().write(|device| match &chosen {
            Player::Unknown => forget(device, KEY),
            kept => save(device, KEY, kept),
        });
        self.player.set(chosen);
    }

    /// Whether `failure` says the token is not the server's any more (401): the device then
    /// forgets the account, and the next game online or Profile asks again.
    pub fn forget_if_unknown(self, failure: &Failure) -> bool {
        let unknown = matches!(failure, Failure::Refused { code, .. } if code == "unauthorized");
        if unknown {
            self.choose(Player::Unknown);
        }
        unknown
    }
}

/// Provides the device's player to the app ([`Players`] in the context), as kept.
pub fn use_players(store: DeviceStore) -> Players {
    use_context_provider(|| {
        let kept = store.read(|device| load::<Player>(device, KEY).unwrap_or_default());
        Players {
            player: Signal::new(kept),
            store: CopyValue::new(store),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{full_key, MemoryStore, Store};

    #[test]
    fn the_player_is_kept_and_a_damaged_one_is_asked_again() {
        let device = MemoryStore::default();
        let named = Player::Named(Account {
            id: "p1".into(),
            name: "小明".into(),
            token: "t".repeat(32),
        });
        save(&device, KEY, &named).unwrap();
        assert_eq!(load::<Player>(&device, KEY), Some(named));
        save(&device, KEY, &"anonymous").unwrap();
        assert_eq!(load::<Player>(&device, KEY), Some(Player::Anonymous));
        device.write(&full_key(KEY), "{nonsense").unwrap();
        assert_eq!(load::<Player>(&device, KEY), None);
    }
}
