//! The Abacus page: edit the jobs' bids and watch the auction, explore incentives, run the
//! scheduler against FIFO and Fair.

mod editors;
mod explain;
mod results;
mod schedule;
pub mod state;
mod study;
mod sweep;

use cloudecon::RunOutput;
use yew::prelude::*;
use yew_router::prelude::Link;

use crate::components::{use_exercise, use_field_errors, ResultDownloads, ResultsFrame, RunStatus};
use crate::hooks::use_run_on;
use crate::i18n::{t, use_lang};
use crate::pages::document::{use_document, Frame, PageRun};
use crate::pages::Route;
use editors::{AuctionParams, JobsEditor, ResourcesEditor};
use explain::Explanations;
use results::AuctionResults;
use schedule::{ScheduleEditor, ScheduleView};
use state::{AbacusState, Action};
use study::ConvergenceStudy;
use sweep::{SweepEditor, SweepView};

/// Rows of the jobs and results tables shown at once (an imported workload may have 100,000).
const ROWS_PER_PAGE: usize = 50;

#[component]
pub fn AbacusPage() -> Html {
    use_lang();
    let doc = use_document::<AbacusState>();
    let auction_run = use_run_on("auction", Some(doc.auction_scenario()));
    let schedule_run = use_run_on("schedule", doc.schedule_scenario());
    let exercise = use_exercise(doc.exercise_doc(), &auction_run);
    let (auction_run, schedule_run) = (exercise.gate(auction_run), exercise.gate(schedule_run));
    // One callback for the page's lifetime, so unchanged editors are not re-rendered.
    let dispatch = doc.edit.clone();
    let spec = doc.state.spec.clone();
    let budgets: Vec<f64> = spec.jobs.iter().map(|j| j.budget).collect();
    let resources: Vec<String> = spec.resources.iter().map(|r| r.name.clone()).collect();
    let auction = auction_run.last.as_deref().and_then(|o| match o {
        RunOutput::Abacus(r) => Some(r.clone()),
        _ => None,
    });
    let schedule = schedule_run.last.as_deref().and_then(|o| match o {
        RunOutput::Abacus(r) => r.schedule_result.clone(),
        _ => None,
    });

    // The scheduler's problems (its users' utilities) at their fields too.
    let field_errors = use_field_errors(&auction_run, &doc.scenario);
    let schedule_errors = use_field_errors(&schedule_run, &doc.scenario);
    let field_errors = use_memo((field_errors, schedule_errors), |(a, s)| a.merged(s));
    let field_errors = (*field_errors).clone();
    let page = PageRun { doc, run: auction_run.clone(), panel: exercise.panel, field_errors };
    page.frame(Frame {
        class: "abacus",
        title: t("abacus-title"),
        lead: t("abacus-lead"),
        toolbar: html! { <Link<Route> to={Route::AbacusEstimate}>{ t("abacus-to-estimate") }</Link<Route>> },
        editors: html! {
            <>
                <AuctionParams alpha={spec.alpha} tolerance={spec.tolerance} max_iterations={spec.max_iterations} dispatch={dispatch.clone()} />
                <ResourcesEditor resources={spec.resources.clone()} dispatch={dispatch.clone()} />
                <JobsEditor jobs={spec.jobs.clone()} resources={spec.resources.clone()} dispatch={dispatch.clone()} />
                <SweepEditor jobs={spec.jobs.clone()} sweep={spec.sweep.clone()} dispatch={dispatch.clone()} />
                if let Some(s) = spec.schedule.clone() {
                    <ScheduleEditor schedule={s} resources={resources.clone()} dispatch={dispatch.clone()} />
                } else {
                    <fieldset class="schedule">
                        <legend>{ t("abacus-scheduler") }</legend>
                        <p class="hint">{ t("abacus-scheduler-off-hint") }</p>
                        <button id="schedule-on" onclick={dispatch.reform(|_: MouseEvent| Action::ScheduleOn(true))}>{ t("abacus-scheduler-add") }</button>
                    </fieldset>
                }
            </>
        },
        results: html! {
            <>
                if let (Some(r), Some(out)) = (&auction, auction_run.last.clone()) {
                    <ResultsFrame stale={auction_run.stale()}>
                        <AuctionResults result={r.clone()} budgets={budgets} formula={spec.jobs.iter().any(|j| j.utility.kind == cloudecon::abacus::UtilityKind::Formula)} />
                        <ResultDownloads output={out} />
                        if let Some(sw) = &r.sweep {
                            <SweepView sweep={sw.clone()} jobs={r.jobs.clone()} />
                        }
                    </ResultsFrame>
                }
                if spec.schedule.is_some() {
                    <h2>{ t("abacus-scheduler") }</h2>
                    <RunStatus run={schedule_run.clone()} id="schedule-status" />
                    if let Some(s) = schedule {
                        <ResultsFrame stale={schedule_run.stale()}><ScheduleView result={s} resources={resources} /></ResultsFrame>
                    }
                    if let Some(out) = schedule_run.last.clone() {
                        <ResultDownloads output={out} id="download-schedule" name="abacus-schedule" />
                    }
                }
                <ConvergenceStudy />
                <Explanations />
            </>
        },
    })
}
