//! A test-only page, linked from nowhere: `/__test/panic` panics on purpose once rendered, so that
//! an end-to-end test sees the app's own panic banner (Yew's default hook would only log);
//! `/__test/panic?worker=1` asks a run worker to panic and shows what the page heard from the
//! worker's hook.

use yew::prelude::*;

use crate::hooks::{RunState, WorkerContext};

#[component]
pub fn TestPanicPage() -> Html {
    let worker = web_sys::window().and_then(|w| w.location().search().ok()).is_some_and(|q| q.contains("worker=1"));
    let state = use_state(|| RunState::Idle);
    let workers = use_context::<WorkerContext>().unwrap_or_default();
    {
        let setter = state.setter();
        use_effect_with((), move |_| {
            if worker {
                workers.link("test-panic").panic_on_purpose(setter);
            } else {
                panic!("deliberate panic for the end-to-end test");
            }
        });
    }
    let heard = match &*state {
        RunState::Failed(m) => m.show(),
        _ => "waiting for the worker…".to_string(),
    };
    html! {
        <section class="page">
            <h1>{ "Test: a deliberate panic" }</h1>
            <p>{ "This page exists for the end-to-end tests: it checks that a panic shows the playground's own message." }</p>
            <p id="worker-panic" role="status">{ heard }</p>
        </section>
    }
}
