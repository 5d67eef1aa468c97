//! Sharing a game: as a link that opens its review on any device, drawn as a QR code too, and
//! through the system's share sheet where there is one.

mod text;
mod view;

use dioxus::prelude::*;

use crate::screen_chunk::split_screens;
use view::{
    CodeDialog, CodeDialogProps, InviteDialog, InviteDialogProps, ShareDialog, ShareDialogProps,
};

split_screens! {
    /// The share sheet and the online invitation, with their QR code, in a chunk of their own:
    /// the game, the study screens and Your games all open them, and a chunk of screens would
    /// otherwise each carry a copy (src/screen_chunk.rs).
    pub enum Sharing in share_sheets as Sheet {
        ShareSheet(ShareDialogProps) => ShareDialog,
        InviteSheet(InviteDialogProps) => InviteDialog,
        SignInCodeSheet(CodeDialogProps) => CodeDialog,
    }
}
