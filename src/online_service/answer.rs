//! A request's answer as a screen holds it: asked when the screen opens and again whenever a
//! signal read while asking changes; the answer of a request outdated meanwhile is dropped.
//! A lighter `use_resource`, which would add some 17 KB to the download for this alone.

use std::future::Future;

use dioxus::prelude::*;

/// `ask` reads the signals it depends on (which subscribes to them) and returns the request;
/// the answer is `None` until the first one comes.
pub fn use_answer<T: 'static, F: Future<Output = T> + 'static>(
    mut ask: impl FnMut() -> F + 'static,
) -> Signal<Option<T>> {
    let mut answer = use_signal(|| None);
    let mut asked = use_signal(|| 0_u64);
    use_effect(move || {
        let request = ask();
        let generation = *asked.peek() + 1;
        asked.set(generation);
        spawn(async move {
            let got = request.await;
            if *asked.peek() == generation {
                answer.set(Some(got));
            }
        });
    });
    answer
}
