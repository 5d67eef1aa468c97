//! Every JSON example of docs/PROTOCOL.md read through the shared types: a frame by its `t` (a
//! client's or the server's: the server's events carry `v`, a client's frames never), a body
//! by its fields. Each must read, and every field it shows must be one its type writes back, so
//! that a field renamed in the types or in the document fails here.

use std::collections::BTreeSet;

use duobao_protocol::{
    Account, ClientFrame, CreateGame, Created, GameView, JoinGame, LeaderboardEntry, NewPlayer,
    NewSeek, PlayerGame, Profile, RatingChanges, Refusal, SeatPlayer, Seated, SeekKey, ServerFrame,
    SignIn, SignInCode, Waiting,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

const DOC: &str = include_str!("../../../docs/PROTOCOL.md");

/// What stands for the game in an abridged `full` frame, as the document says.
const ELIDED_GAME: &str = "{…}";

/// Every JSON object the document shows, with the heading it is under: each `{` that opens an
/// object (followed by a quote or a line break) to its matching `}`, braces inside strings left
/// alone.
fn examples() -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut heading = String::new();
    let bytes = DOC.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if (at == 0 || bytes[at - 1] == b'\n') && bytes[at] == b'#' {
            let end = DOC[at..].find('\n').map_or(DOC.len(), |n| at + n);
            heading = DOC[at..end].trim_start_matches('#').trim().to_string();
        }
        let opens = bytes[at] == b'{' && matches!(bytes.get(at + 1), Some(b'"') | Some(b'\n'));
        if !opens {
            at += 1;
            continue;
        }
        let end = closing(&DOC[at..]).map(|n| at + n + 1);
        let end = end.unwrap_or_else(|| panic!("an example under {heading} is not closed"));
        found.push((heading.clone(), DOC[at..end].to_string()));
        at = end;
    }
    found
}

/// Where the object `text` opens with closes.
fn closing(text: &str) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '{' if !in_string => depth += 1,
            '}' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The game the document shows under *The game*.
fn the_game() -> String {
    examples()
        .into_iter()
        .find(|(heading, _)| heading == "The game")
        .map(|(_, text)| text)
        .expect("the document shows the game")
}

/// Every key of `shown` (and of the objects in it) is one of `written`'s, at the same place.
fn keys_written(shown: &Value, written: &Value, path: &str) -> Result<(), String> {
    if let (Value::Object(shown), Value::Object(written)) = (shown, written) {
        for (key, value) in shown {
            let Some(back) = written.get(key) else {
                return Err(format!("`{path}{key}` is no field the types write"));
            };
            keys_written(value, back, &format!("{path}{key}."))?;
        }
    }
    Ok(())
}

/// `shown` read as `T`, and its fields found again in what `T` writes.
fn reads_as<T: DeserializeOwned + Serialize>(shown: &Value) -> Result<(), String> {
    let read: T = serde_json::from_value(shown.clone()).map_err(|e| e.to_string())?;
    keys_written(shown, &serde_json::to_value(read).unwrap(), "")
}

fn keys(object: &Map<String, Value>) -> BTreeSet<&str> {
    object.keys().map(String::as_str).collect()
}

/// Reads one example through the type it is of.
fn check(shown: &Value) -> Result<&'static str, String> {
    let Value::Object(object) = shown else {
        return Err("not an object".into());
    };
    if let Some(kind) = object.get("t").and_then(Value::as_str) {
        let from_server = match kind {
            "hello" | "resign" | "draw" | "abort" | "claim" | "ping" => false,
            "move" | "rematch" => object.contains_key("v"),
            _ => true,
        };
        if !from_server {
            let frame: ClientFrame =
                serde_json::from_value(shown.clone()).map_err(|e| e.to_string())?;
            keys_written(shown, &serde_json::to_value(frame).unwrap(), "")?;
            return Ok("a client frame");
        }
        let frame = ServerFrame::read(&shown.to_string()).map_err(|e| e.0)?;
        if let ServerFrame::Error { error, .. } = &frame {
            if error != "<code>" && Refusal::from_code(error).is_none() {
                return Err(format!("`{error}` is no refusal code"));
            }
        }
        keys_written(shown, &serde_json::to_value(&frame).unwrap(), "")?;
        return Ok("a server frame");
    }
    let fields = keys(object);
    let has = |names: &[&str]| names.iter().all(|name| fields.contains(name));
    let only = |names: &[&str]| fields.iter().all(|field| names.contains(field));
    if has(&["id", "status"]) {
        reads_as::<GameView>(shown).map(|()| "the game")
    } else if has(&["id", "turn_seconds", "seat"]) {
        reads_as::<PlayerGame>(shown).map(|()| "a player's game")
    } else if has(&["token"]) {
        reads_as::<Account>(shown).map(|()| "an account")
    } else if has(&["name", "ratings"]) {
        reads_as::<Profile>(shown).map(|()| "a profile")
    } else if has(&["name", "provisional"]) {
        reads_as::<SeatPlayer>(shown).map(|()| "a seat's player")
    } else if has(&["name", "rd"]) {
        reads_as::<LeaderboardEntry>(shown).map(|()| "a leaderboard entry")
    } else if only(&["name"]) {
        reads_as::<NewPlayer>(shown).map(|()| "a registration")
    } else if has(&["code", "expires_at"]) {
        reads_as::<SignInCode>(shown).map(|()| "a sign-in code")
    } else if only(&["code"]) {
        reads_as::<SignIn>(shown).map(|()| "a sign-in request")
    } else if has(&["red", "black"]) {
        reads_as::<RatingChanges>(shown).map(|()| "a rated game's changes")
    } else if has(&["side"]) {
        reads_as::<CreateGame>(shown).map(|()| "a create request")
    } else if has(&["invite", "seat"]) {
        reads_as::<Created>(shown).map(|()| "a created answer")
    } else if has(&["invite"]) {
        reads_as::<JoinGame>(shown).map(|()| "a join request")
    } else if has(&["seat"]) {
        reads_as::<Seated>(shown).map(|()| "a seated answer")
    } else if has(&["seek"]) {
        reads_as::<Waiting>(shown).map(|()| "a waiting seek")
    } else if only(&["turn_seconds"]) {
        reads_as::<NewSeek>(shown).map(|()| "a seek request")
    } else if only(&["secret"]) {
        reads_as::<SeekKey>(shown).map(|()| "a seek's key")
    } else {
        Err(format!("no body of the protocol has the fields {fields:?}"))
    }
}

#[test]
fn every_json_example_of_the_protocol_reads_through_the_shared_types() {
    let game = the_game();
    let examples = examples();
    let mut kinds = BTreeSet::new();
    let mut wrong = Vec::new();
    for (heading, text) in &examples {
        let whole = text.replace(ELIDED_GAME, &game);
        let outcome = serde_json::from_str::<Value>(&whole)
            .map_err(|e| format!("not JSON: {e}"))
            .and_then(|shown| check(&shown));
        match outcome {
            Ok(kind) => {
                kinds.insert(kind);
            }
            Err(why) => wrong.push(format!("under {heading}: {text}\n    {why}")),
        }
    }
    assert!(
        wrong.is_empty(),
        "examples that do not read:\n{}",
        wrong.join("\n")
    );
    // The document shows every kind of message and body at least once.
    let every_kind = BTreeSet::from([
        "a client frame",
        "a leaderboard entry",
        "a player's game",
        "a rated game's changes",
        "a profile",
        "a registration",
        "a seat's player",
        "a sign-in code",
        "a sign-in request",
        "an account",
        "a create request",
        "a created answer",
        "a join request",
        "a seated answer",
        "a seek request",
        "a seek's key",
        "a server frame",
        "a waiting seek",
        "the game",
    ]);
    assert_eq!(kinds, every_kind, "of {} examples", examples.len());
}

#[test]
fn an_example_with_a_wrong_field_does_not_read() {
    for wrong in [
        r#"{"t":"move","ply":0,"mov":"c3c2"}"#,
        r#"{"t":"ack","ply":0,"by":"red"}"#,
        r#"{"t":"move","v":2,"ply":0,"move":"c3c2","by":"red","at":1,"turn":"black","ms":1}"#,
        r#"{"t":"error","error":"no_such_code","reason":"…"}"#,
        r#"{"side":"red","turn_secs":60}"#,
        r#"{"id":"g","seat":"red","secret":"s","invitation":"i"}"#,
        r#"{"seat":"black","secret":"…","seek":"x"}"#,
        r#"{"secret":"…","extra":1}"#,
        r#"{"name":"Lin","nick":"L"}"#,
        r#"{"id":"p","name":"Lin","tokn":"t"}"#,
        r#"{"id":"p","name":"Lin","token":"t","admin":true}"#,
        r#"{"code":"c","expires":1}"#,
        r#"{"code":"c","device":"phone"}"#,
        r#"{"name":"Lin","rating":1500,"rd":500,"rank":1}"#,
        r#"{"name":"Lin","rating":1500,"provisional":true,"delta":3.2}"#,
        r#"{"side":"red","turn_seconds":60,"ranked":true}"#,
        r#"{"t":"end","v":9,"at":1,"result":"red treasure","changes":{"red":8.4,"blak":-8.6}}"#,
        r#"{"t":"end","v":9,"at":1,"result":"red treasure","change":{"red":8.4,"black":-8.6}}"#,
        r#"{"t":"error","error":"no_account","reason":"…"}"#,
        r#"{"red":8.4,"black":-8.6,"white":0.2}"#,
        r#"{"id":"g","turn_seconds":60,"rated":true,"seat":"red","opponent":null,"result":null,"created_at":1,"ended_at":null,"rating_before":null,"change":null,"rating_after":null}"#,
    ] {
        let shown: Value = serde_json::from_str(wrong).unwrap();
        assert!(check(&shown).is_err(), "{wrong}");
    }
}

/// The document's profile, with a field of a speed's rating and then of the results renamed,
/// no longer reads: a wrong field deep inside an example fails too.
#[test]
fn a_profile_with_a_wrong_inner_field_does_not_read() {
    let profile = examples()
        .into_iter()
        .map(|(_, text)| text)
        .find(|text| text.contains("\"ratings\""))
        .expect("the document shows a profile");
    let shown: Value = serde_json::from_str(&profile).unwrap();
    assert_eq!(check(&shown), Ok("a profile"));
    for (right, wrong) in [("\"volatility\"", "\"sigma\""), ("\"drawn\"", "\"draws\"")] {
        let renamed = profile.replace(right, wrong);
        let shown: Value = serde_json::from_str(&renamed).unwrap();
        assert!(check(&shown).is_err(), "{renamed}");
    }
}
