//! What a client sends on a game's socket.

use serde::{Deserialize, Serialize};

use crate::Refusal;

/// A frame a client sends on a game's socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientFrame {
    /// The first frame: the seat's secret (none to watch) and the last version the client has
    /// applied, 0 for none.
    Hello {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<String>,
        #[serde(default)]
        v: u64,
    },
    /// Move `notation` (`b2c2`) as ply `ply` (the number of plies before it).
    Move {
        ply: u32,
        #[serde(rename = "move")]
        notation: String,
    },
    Resign,
    /// Offer or accept a draw (`yes`), or decline or take back.
    Draw {
        yes: bool,
    },
    Abort,
    Claim,
    /// After the end: offer or accept a rematch (`yes`), or decline or take back.
    Rematch {
        yes: bool,
    },
    Ping,
}

impl ClientFrame {
    /// The frame's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a text frame; `bad_request` when it is not one of the protocol's.
    pub fn read(text: &str) -> Result<ClientFrame, Refusal> {
        serde_json::from_str(text).map_err(|_| Refusal::BadRequest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_frame_reads_back_as_written() {
        for (frame, text) in [
            (
                ClientFrame::Hello {
                    secret: Some("SR".into()),
                    v: 7,
                },
                r#"{"t":"hello","secret":"SR","v":7}"#,
            ),
            (
                ClientFrame::Hello { secret: None, v: 0 },
                r#"{"t":"hello","v":0}"#,
            ),
            (
                ClientFrame::Move {
                    ply: 0,
                    notation: "c3c2".into(),
                },
                r#"{"t":"move","ply":0,"move":"c3c2"}"#,
            ),
            (ClientFrame::Resign, r#"{"t":"resign"}"#),
            (
                ClientFrame::Draw { yes: true },
                r#"{"t":"draw","yes":true}"#,
            ),
            (
                ClientFrame::Draw { yes: false },
                r#"{"t":"draw","yes":false}"#,
            ),
            (ClientFrame::Abort, r#"{"t":"abort"}"#),
            (ClientFrame::Claim, r#"{"t":"claim"}"#),
            (
                ClientFrame::Rematch { yes: true },
                r#"{"t":"rematch","yes":true}"#,
            ),
            (ClientFrame::Ping, r#"{"t":"ping"}"#),
        ] {
            assert_eq!(frame.to_json(), text);
            assert_eq!(ClientFrame::read(text), Ok(frame));
        }
    }

    #[test]
    fn a_frame_that_is_not_the_protocols_is_not_read() {
        for bad in [
            r#"{"t":"move","ply":-1,"move":"c3c2"}"#,
            r#"{"t":"move","ply":0}"#,
            r#"{"t":"launch"}"#,
            r#"{"t":"move","ply":0,"move":"c3c2","extra":1}"#,
            r#"["t","resign"]"#,
            "",
        ] {
            assert_eq!(ClientFrame::read(bad), Err(Refusal::BadRequest), "{bad}");
        }
    }
}
