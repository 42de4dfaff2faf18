//! The CloudShare page (Pacholczyk et al., CrossCloud 2018; DirectContr): edit the organizations, the jobs (a table,
//! a generator or a window of a workload log), the algorithms, unit splitting, the Shapley method,
//! the federation block and the scoring over windows; see each algorithm's schedule (Figs. 2–3),
//! the waits against the Shapley-fair waits, unfairness, the coalition values and Table 1's scores.

mod charts;
mod explain;
mod fields;
mod jobs;
mod kinds;
mod options;
mod orgs;
mod results;
pub mod state;
mod swf;

use std::rc::Rc;

use cloudecon::cloudshare::workload::JobsSpec;
use cloudecon::{Problem, RunOutput};
use yew::prelude::*;

use crate::components::{
    use_exercise, use_field_errors, FieldErrorsProvider, ResultDownloads, ResultsFrame, RunStatus, ScenarioToolbar,
};
use crate::hooks::{use_run, RunState};
use crate::pages::document::{use_document, DocumentFields};
use explain::Explanations;
use jobs::JobsEditor;
use options::{FederationEditor, OptionsEditor};
use orgs::OrgsEditor;
use results::{AlgorithmsTable, Coalitions, FairnessCharts, Headline, Schedules, Scores, WaitsTable};
use state::CloudShareState;

/// Rows of the jobs and runs tables shown at once.
const ROWS_PER_PAGE: usize = 50;

#[component]
pub fn CloudSharePage() -> Html {
    let doc = use_document::<CloudShareState>();
    let run = use_run(&doc.scenario);
    let exercise = use_exercise(doc.exercise_doc(), &run);
    let run = exercise.gate(run);
    let dispatch = doc.edit.clone();
    let spec = &doc.state.spec;
    let problems: Rc<Vec<Problem>> = Rc::new(match &run.state {
        RunState::Invalid(e) => e.problems.clone(),
        _ => Vec::new(),
    });
    let result = run.last.as_deref().and_then(|o| match o {
        RunOutput::CloudShare(r) => Some(Rc::new(r.clone())),
        _ => None,
    });

    let field_errors = use_field_errors(&run, &doc.scenario);
    html! {
        <section class="page cloudshare">
            <h1>{ "CloudShare: fair non-monetary scheduling in federated clouds" }</h1>
            <p class="lead">
                { "Providers pool their processors and run each other's jobs, with no money changing hands. Is the sharing fair? \
                   The reference is the Shapley value: each provider's average effect on the federation's total wait. \
                   DirectContr serves next the provider whose contribution most exceeds what it received; FairShare and round \
                   robin are the baselines. Edit anything: small scenarios recompute as you type. (Pacholczyk et al., CrossCloud 2018.)" }
            </p>
            <div class="toolbar">
                { doc.presets_and_undo() }
            </div>
            { exercise.panel }
            <FieldErrorsProvider errors={field_errors}><div class="columns">
                <div class="editor">
                    <DocumentFields<CloudShareState> title={doc.title.clone()} notes={doc.notes.clone()} seed={doc.seed} dispatch={doc.dispatch.clone()} />
                    <OrgsEditor orgs={spec.organizations.clone()} problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                    <JobsEditor jobs={spec.jobs.clone()} orgs={spec.organizations.len()} problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                    <OptionsEditor algorithms={spec.algorithm_list()} listed={spec.algorithms.is_some()} split_unit={spec.split_unit} shapley={spec.shapley}
                        problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                    <FederationEditor federation={spec.federation.clone()} runs={spec.runs} log={matches!(spec.jobs, JobsSpec::Swf(_))}
                        problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                </div>
                <div class="results-column">
                    <ScenarioToolbar scenario={(*doc.scenario).clone()} onload={doc.load.clone()} onreset={doc.reset.clone()} />
                    <RunStatus run={run.clone()} />
                    if let (Some(r), Some(out)) = (&result, run.last.clone()) {
                        <ResultsFrame stale={run.stale()}><div class="results" id="cloudshare-results">
                            <Headline result={Rc::clone(r)} />
                            <ResultDownloads output={out} />
                            <AlgorithmsTable result={Rc::clone(r)} />
                            <WaitsTable result={Rc::clone(r)} />
                            <Schedules result={Rc::clone(r)} />
                            <FairnessCharts result={Rc::clone(r)} />
                            <Scores result={Rc::clone(r)} />
                            <Coalitions result={Rc::clone(r)} />
                        </div></ResultsFrame>
                    }
                    <Explanations split_unit={spec.split_unit} />
                </div>
            </div></FieldErrorsProvider>
        </section>
    }
}
