//! The Shapley value calculator page.

mod formula;
mod players;
mod results;
pub mod state;
mod table;

use yew::prelude::*;

use crate::components::{
    use_exercise, use_field_errors, FieldErrorsProvider, ResultsFrame, RunStatus, ScenarioToolbar,
};
use crate::hooks::use_run;
use crate::pages::document::{use_document, DocumentFields};
use formula::FormulaPanel;
use players::PlayersEditor;
use results::{Explanation, ShapleyResults};
use state::ShapleyState;
use table::CoalitionTable;

#[component]
pub fn ShapleyPage() -> Html {
    let doc = use_document::<ShapleyState>();
    let run = use_run(&doc.scenario);
    let exercise = use_exercise(doc.exercise_doc(), &run);
    let run = exercise.gate(run);

    let field_errors = use_field_errors(&run, &doc.scenario);
    html! {
        <section class="page shapley">
            <h1>{ "Shapley value calculator" }</h1>
            <p class="lead">
                { "Enter a cooperative game — what every coalition of players can earn on its own — and get each \
                   player's fair share: its average marginal contribution over all orders in which the grand \
                   coalition can form. CloudShare uses it as the fairness reference for federated clouds." }
            </p>
            <div class="toolbar">{ doc.presets_and_undo() }</div>
            { exercise.panel }
            <FieldErrorsProvider errors={field_errors}><div class="columns">
                <div class="editor">
                    <DocumentFields<ShapleyState> title={doc.title.clone()} notes={doc.notes.clone()} seed={doc.seed} dispatch={doc.dispatch.clone()} />
                    <PlayersEditor players={doc.state.players.clone()} blocked={doc.state.add_blocked().map(AttrValue::from)} dispatch={doc.edit.clone()} />
                    <FormulaPanel state={doc.state.clone()} dispatch={doc.edit.clone()} />
                    <CoalitionTable state={doc.state.clone()} seed={doc.seed} dispatch={doc.edit.clone()} />
                </div>
                <div class="results-column">
                    <ScenarioToolbar scenario={(*doc.scenario).clone()} onload={doc.load.clone()} onreset={doc.reset.clone()} />
                    <RunStatus run={run.clone()} />
                    if let Some(out) = run.last.clone() {
                        <ResultsFrame stale={run.stale()}><ShapleyResults output={out} /></ResultsFrame>
                    }
                    <Explanation />
                </div>
            </div></FieldErrorsProvider>
        </section>
    }
}
