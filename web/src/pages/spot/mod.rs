//! The spot page ("On-demand, Spot, or Both", Menache et al., ICAC 2014): edit the market (spot
//! price model with a live preview, on-demand price), the jobs (generator, table or workload
//! log), the policy set, how the policies count the time left, and the learner; see every
//! policy's payoff, the learner's weights and its regret, read like the paper's figures.

mod ec2;
mod editors;
mod explain;
pub mod fields;
mod jobs;
mod policies;
mod prices;
mod results;
pub mod state;

use std::rc::Rc;

use cloudecon::spot::run::jobs_and_prices;
use cloudecon::RunOutput;
use yew::prelude::*;

use crate::components::{concerns, ResultDownloads, ResultsFrame};
use crate::i18n::{t, use_lang};
use crate::pages::document::{use_page_run, Frame};
use editors::{LearnerEditor, MarketEditor, RemainingUnitEditor};
use explain::Explanations;
use jobs::JobsEditor;
use policies::PoliciesEditor;
use results::{BestPolicies, Headline, RunCharts};
use state::SpotState;

/// Rows of the jobs and policies tables shown at once.
const ROWS_PER_PAGE: usize = 50;

/// The JSON pointer of a dotted path (`spot_price.switches[0].model` → `/spot_price/switches/0/model`).
fn pointer(path: &str) -> String {
    format!("/{}", path.replace(['.', '['], "/").replace(']', ""))
}

/// The fields the prices depend on (the preview is drawn when none of them has a problem).
const PRICE_FIELDS: [&str; 4] = ["slot_minutes", "on_demand_price", "spot_price", "jobs"];

#[component]
pub fn SpotPage() -> Html {
    use_lang();
    let page = use_page_run::<SpotState>();
    let (run, dispatch, problems) = (&page.run, page.doc.edit.clone(), page.problems());
    let spec = Rc::new(page.doc.state.spec.clone());
    let prices_ok = !problems.iter().any(|p| PRICE_FIELDS.iter().any(|f| concerns(&p.path, f, true)));
    // The slot prices of the run, for the preview (only from fields without problems).
    let prices = use_memo(
        (spec.slot_minutes, spec.on_demand_price, spec.spot_price.clone(), spec.jobs.clone(), prices_ok),
        |_| prices_ok.then(|| jobs_and_prices(&spec).ok().map(|(_, p)| Rc::new(p))).flatten(),
    );
    let result = run.last.as_deref().and_then(|o| match o {
        RunOutput::Spot(r) => Some(Rc::new(r.clone())),
        _ => None,
    });
    page.frame(Frame {
        class: "spot",
        title: t("spot-title"),
        lead: t("spot-lead"),
        toolbar: Html::default(),
        editors: html! {
            <>
                <MarketEditor spec={Rc::clone(&spec)} problems={Rc::clone(&problems)} prices={(*prices).clone()} dispatch={dispatch.clone()} />
                <JobsEditor jobs={spec.jobs.clone()} problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                <PoliciesEditor policies={spec.policies.clone()} problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                <RemainingUnitEditor unit={spec.remaining_unit} slot_minutes={spec.slot_minutes} problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                <LearnerEditor delay={spec.delay} step_size={spec.step_size} payoff_scale={spec.payoff_scale}
                    snapshots={spec.snapshots.clone()} problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
            </>
        },
        results: html! {
            <>
                if let (Some(r), Some(out)) = (&result, run.last.clone()) {
                    <ResultsFrame stale={run.stale()}><div class="results" id="spot-results">
                        <Headline result={Rc::clone(r)} />
                        <ResultDownloads output={out} />
                        <BestPolicies result={Rc::clone(r)} />
                        <RunCharts result={Rc::clone(r)} />
                    </div></ResultsFrame>
                }
                <Explanations />
            </>
        },
    })
}
