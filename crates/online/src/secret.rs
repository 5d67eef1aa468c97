//! Seats' secrets, invitations and ids: drawn from the operating system's generator (through
//! rand's thread generator, a CSPRNG seeded by it), kept only as their SHA-256, compared in
//! constant time so that the time of a refusal says nothing about how close a guess was.

use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// URL-safe base64's alphabet: 6 bits a character.
const KEY_ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/// 32 characters: 192 random bits.
pub const KEY_LENGTH: usize = 32;
/// A game's id: 10 characters of 36, about 52 bits — public, only to be unique.
const ID_ALPHABET: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";
const ID_LENGTH: usize = 10;

fn draw(alphabet: &[u8], length: usize) -> String {
    let mut rng = rand::rng();
    (0..length)
        .map(|_| char::from(alphabet[rng.random_range(0..alphabet.len())]))
        .collect()
}

/// A sign-in code's letters: capitals and digits, without those read for one another (0 and O,
/// 1 and I and L): 31 of them, almost 5 bits a character.
const CODE_ALPHABET: &[u8; 31] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// 10 characters: 49 bits, for a code that lives 10 minutes, is spent by its first use, and
/// whose wrong guesses count against the guesser's address.
pub const CODE_LENGTH: usize = 10;

/// A new sign-in code, to be typed or scanned on another device.
pub fn new_code() -> String {
    draw(CODE_ALPHABET, CODE_LENGTH)
}

/// A code as typed: in capitals, without the spaces and dashes a person may put in it; `None`
/// if it cannot be a code.
pub fn typed_code(text: &str) -> Option<String> {
    let code: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// A new seat secret, invitation, seek secret or device token.
pub fn new_key() -> String {
    draw(KEY_ALPHABET, KEY_LENGTH)
}

/// A new game or seek id.
pub fn new_id() -> String {
    draw(ID_ALPHABET, ID_LENGTH)
}

/// Whether `text` has a key's form (a secret a client drew itself must).
pub fn is_key(text: &str) -> bool {
    text.len() == KEY_LENGTH && text.bytes().all(|b| KEY_ALPHABET.contains(&b))
}

/// Whether `text` could be an id (checked before any database look-up).
pub fn is_id(text: &str) -> bool {
    text.len() == ID_LENGTH && text.bytes().all(|b| ID_ALPHABET.contains(&b))
}

/// What is stored of a key: its SHA-256, in hex.
pub fn hash(key: &str) -> String {
    Sha256::digest(key.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Whether `key` is the one `stored` is the hash of, in time independent of where they differ.
pub fn opens(key: &str, stored: &str) -> bool {
    key.len() == KEY_LENGTH && hashes_match(stored, &hash(key))
}

/// Whether two stored hashes are the same, in time independent of where they differ.
pub fn hashes_match(stored: &str, other: &str) -> bool {
    bool::from(stored.as_bytes().ct_eq(other.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_long_random_and_kept_as_hashes() {
        let key = new_key();
        assert_eq!(key.len(), KEY_LENGTH);
        assert_ne!(key, new_key());
        let stored = hash(&key);
        assert_eq!(stored.len(), 64);
        assert!(!stored.contains(&key));
        assert!(opens(&key, &stored));
        assert!(!opens(&new_key(), &stored));
        assert!(!opens("", &stored));
        assert!(
            !opens(&key[1..], &hash(&key[1..])),
            "a short key opens nothing"
        );
        assert!(is_key(&key) && !is_key(&key[1..]) && !is_key(&"!".repeat(KEY_LENGTH)));
        let id = new_id();
        assert!(is_id(&id));
        assert!(!is_id("ABC"));
        assert!(!is_id("../../etc1"));
    }

    #[test]
    fn sign_in_codes_are_read_as_typed() {
        let code = new_code();
        assert_eq!(code.len(), CODE_LENGTH);
        assert_ne!(code, new_code());
        assert_eq!(typed_code(&code), Some(code.clone()));
        let spaced = format!(" {}-{} ", &code[..5].to_lowercase(), &code[5..]);
        assert_eq!(typed_code(&spaced), Some(code.clone()));
        assert_eq!(typed_code(&code[1..]), None);
        assert_eq!(typed_code("0000000000"), None, "0 is no code letter");
    }
}
