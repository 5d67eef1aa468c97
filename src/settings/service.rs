//! The app's server's address (online games, the endgame table service): typed in, checked,
//! saved with a tap (read from the field when saved rather than on every keystroke, as the
//! import sheet does, for the download's sake), its error said in the player's words. The
//! field's test ids are those it had as the endgame table service's address.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;
use crate::server_address::{choose_address, AddressError, ServerAddress};
use crate::storage::DeviceStore;

const TYPED_SCRIPT: &str = r#"dioxus.send(document.querySelector('[data-testid="tablebase-service-address"]')?.value ?? "");"#;

/// What the last tap on Save did.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Saved {
    Done,
    Refused(AddressError),
}

fn error_key(error: AddressError) -> Key {
    match error {
        AddressError::NotWeb => Key::AddressNotWeb,
        AddressError::Malformed => Key::AddressMalformed,
        AddressError::TooLong => Key::AddressTooLong,
    }
}

#[component]
pub fn ServerAddressField() -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let store: DeviceStore = use_context();
    let address: Signal<ServerAddress> = use_context();
    let mut saved = use_signal(|| None::<Saved>);
    let current = address.read().written().to_string();
    rsx! {
        div { class: "service-address",
            label { class: "choice-label", r#for: "tablebase-service-address",
                {text(lang, Key::ServerAddressSetting)}
            }
            input {
                id: "tablebase-service-address",
                class: "address-field",
                r#type: "url",
                inputmode: "url",
                autocomplete: "off",
                spellcheck: "false",
                placeholder: text(lang, Key::ServerAddressPlaceholder),
                "data-testid": "tablebase-service-address",
                initial_value: "{current}",
            }
            button {
                r#type: "button",
                "data-testid": "tablebase-service-save",
                onclick: move |_| {
                    let store = store.clone();
                    spawn(async move {
                        let mut typed = document::eval(TYPED_SCRIPT);
                        let typed = typed.recv::<String>().await.unwrap_or_default();
                        saved.set(Some(match ServerAddress::parse(&typed) {
                            Ok(chosen) => {
                                choose_address(&store, address, chosen);
                                Saved::Done
                            }
                            Err(error) => Saved::Refused(error),
                        }));
                    });
                },
                {text(lang, Key::ServerAddressSave)}
            }
            match saved() {
                Some(Saved::Done) => rsx! {
                    p { class: "address-status", role: "status", "data-testid": "tablebase-service-status",
                        {text(lang, Key::ServerAddressSaved)}
                    }
                },
                Some(Saved::Refused(error)) => rsx! {
                    p { class: "address-status refused", role: "alert", "data-testid": "tablebase-service-status",
                        {text(lang, error_key(error))}
                    }
                },
                None => rsx! {},
            }
        }
        p { class: "hint", {text(lang, Key::ServerAddressHint)} }
    }
}
