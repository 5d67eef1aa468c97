//! A game played online, in the page address's fragment: `#online=ID.INVITE` seats the friend
//! invited, `#online=ID` opens the game to watch. The fragment, unlike the query, never reaches a
//! server (and so no server's log): the invitation is a key.

/// A game on the server a link opens.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct OnlineLink {
    pub id: String,
    /// The one-time key that seats the friend invited; none to watch.
    pub invite: Option<String>,
}

/// The longest id or key read: the server's are 10 and 32 characters.
const MAX_PART: usize = 64;

/// Whether `part` is written as the server writes ids and keys (URL-safe base64 letters).
fn well_formed(part: &str) -> bool {
    !part.is_empty()
        && part.len() <= MAX_PART
        && part
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The game the fragment (`#…`, with or without its `#`) names, if it names one well formed.
pub fn online_link(fragment: &str) -> Option<OnlineLink> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let value = fragment.strip_prefix("online=")?;
    let (id, invite) = match value.split_once('.') {
        Some((id, invite)) => (id, Some(invite)),
        None => (value, None),
    };
    if !well_formed(id) || !invite.is_none_or(well_formed) {
        return None;
    }
    Some(OnlineLink {
        id: id.to_string(),
        invite: invite.map(String::from),
    })
}

/// The fragment of a link to game `id`: with `invite`, the friend's seat; without, to watch.
pub fn online_fragment(id: &str, invite: Option<&str>) -> String {
    match invite {
        Some(invite) => format!("#online={id}.{invite}"),
        None => format!("#online={id}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invitation_and_a_game_to_watch_read_back() {
        let invite = "AbC-_0123456789abcdefghijklmnopq";
        let link = online_link(&online_fragment("k3w9x2mq7d", Some(invite))).unwrap();
        assert_eq!(link.id, "k3w9x2mq7d");
        assert_eq!(link.invite.as_deref(), Some(invite));
        let watch = online_link(&online_fragment("k3w9x2mq7d", None)).unwrap();
        assert_eq!(watch.invite, None);
        assert_eq!(online_link("online=k3w9x2mq7d").unwrap().id, "k3w9x2mq7d");
    }

    #[test]
    fn anything_else_opens_nothing() {
        for bad in [
            "",
            "#",
            "#top",
            "#online=",
            "#online=.abc",
            "#online=abc.",
            "#online=a b",
            "#online=abc.de/f",
            "#online=<script>",
            &format!("#online={}", "a".repeat(65)),
        ] {
            assert_eq!(online_link(bad), None, "{bad:?}");
        }
    }
}
