//! The Shapley value calculator page.

mod formula;
mod players;
mod results;
pub mod state;
mod table;

use cloudecon::Scenario;
use yew::prelude::*;

use crate::components::{RunStatus, ScenarioToolbar};
use crate::hooks::{use_document, use_run, Document};
use formula::FormulaPanel;
use players::PlayersEditor;
use results::{Explanation, ShapleyResults};
use state::{Action, ShapleyState};
use table::CoalitionTable;

#[component]
pub fn ShapleyPage() -> Html {
    let (state, scenario) = use_document::<ShapleyState>();
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
    let ontitle = dispatch
        .reform(|e: InputEvent| Action::SetTitle(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()));
    let onnotes = dispatch
        .reform(|e: InputEvent| Action::SetNotes(e.target_unchecked_into::<web_sys::HtmlTextAreaElement>().value()));

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
