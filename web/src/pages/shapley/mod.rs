//! The Shapley value calculator page.

mod formula;
mod players;
mod results;
pub mod state;
mod table;

use cloudecon::{MechanismKind, Scenario};
use yew::prelude::*;

use crate::components::{RunStatus, ScenarioToolbar};
use crate::hooks::{use_errors, use_run};
use crate::services::{share, storage};
use formula::FormulaPanel;
use players::PlayersEditor;
use results::{Explanation, ShapleyResults};
use state::{Action, ShapleyState};
use table::CoalitionTable;

/// Where the first scenario comes from: a share link, else the autosave, else the example.
fn initial_state() -> (ShapleyState, Option<String>) {
    let window = web_sys::window();
    let hash = window.as_ref().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    if let Some(body) = share::fragment_body(&hash) {
        // The scenario now lives in the page state (and the autosave); drop it from the URL so a
        // reload keeps later edits.
        if let Some(w) = &window {
            let path = w.location().pathname().unwrap_or_default();
            let _ = w.history().and_then(|h| h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path)));
        }
        return match share::decode(body) {
            Ok(s) => match ShapleyState::from_scenario(&s) {
                Some(state) => (state, None),
                None => (ShapleyState::default(), Some(format!("That link holds a {:?} scenario, not a Shapley game.", s.kind().tag()))),
            },
            Err(e) => (ShapleyState::default(), Some(format!("Could not open the shared link: {e}. Showing the example scenario instead."))),
        };
    }
    let saved = storage::load(MechanismKind::Shapley).and_then(|s| ShapleyState::from_scenario(&s));
    (saved.unwrap_or_default(), None)
}

#[component]
pub fn ShapleyPage() -> Html {
    let init = use_memo((), |_| initial_state());
    let state = {
        let init = init.clone();
        use_reducer_eq(move || init.0.clone())
    };
    let errors = use_errors();
    {
        let errors = errors.clone();
        use_effect_with((), move |_| {
            if let (Some(msg), Some(errors)) = (&init.1, errors) {
                errors.report(msg.clone());
            }
        });
    }
    let scenario = use_memo((*state).clone(), |s| s.to_scenario());
    {
        // Autosave every change.
        let errors = errors.clone();
        use_effect_with(scenario.clone(), move |s| {
            if let (Err(e), Some(errors)) = (storage::save(s), errors) {
                errors.report(e);
            }
        });
    }
    let run = use_run(&scenario);

    let dispatch = {
        let state = state.clone();
        Callback::from(move |a: Action| state.dispatch(a))
    };
    let onload = {
        let dispatch = dispatch.clone();
        Callback::from(move |s: Scenario| {
            if let Some(st) = ShapleyState::from_scenario(&s) {
                dispatch.emit(Action::Load(st));
            }
        })
    };
    let onreset = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.emit(Action::Load(ShapleyState::default())))
    };
    let ontitle = dispatch.reform(|e: InputEvent| Action::SetTitle(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()));
    let onnotes = dispatch.reform(|e: InputEvent| Action::SetNotes(e.target_unchecked_into::<web_sys::HtmlTextAreaElement>().value()));

    html! {
        <section class="page shapley">
            <h1>{ "Shapley value calculator" }</h1>
            <p class="lead">
                { "Enter a cooperative game — what every coalition of players can earn on its own — and get each \
                   player's fair share: its average marginal contribution over all orders in which the grand \
                   coalition can form. CloudShare uses it as the fairness reference for federated clouds." }
            </p>
            <div class="columns">
                <div class="editor">
                    <div class="field-row">
                        <label for="title">{ "Title" }</label>
                        <input id="title" type="text" value={state.title.clone()} oninput={ontitle} placeholder="Untitled game" />
                    </div>
                    <div class="field-row">
                        <label for="notes">{ "Notes" }</label>
                        <textarea id="notes" value={state.notes.clone()} oninput={onnotes} rows="2" placeholder="Shown as plain text" />
                    </div>
                    <PlayersEditor players={state.players.clone()} dispatch={dispatch.clone()} />
                    <FormulaPanel state={(*state).clone()} dispatch={dispatch.clone()} />
                    <CoalitionTable state={(*state).clone()} dispatch={dispatch.clone()} />
                </div>
                <div class="results-column">
                    <ScenarioToolbar scenario={(*scenario).clone()} {onload} {onreset} />
                    <RunStatus run={run.clone()} />
                    if let Some(out) = run.last.clone() {
                        <ShapleyResults output={out} />
                    }
                    <Explanation />
                </div>
            </div>
        </section>
    }
}
