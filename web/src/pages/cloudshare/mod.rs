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
use cloudecon::RunOutput;
use yew::prelude::*;

use crate::components::{ResultDownloads, ResultsFrame};
use crate::i18n::{t, use_lang};
use crate::pages::document::{use_page_run, Frame};
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
    use_lang();
    let page = use_page_run::<CloudShareState>();
    let (run, dispatch, problems) = (&page.run, page.doc.edit.clone(), page.problems());
    let spec = &page.doc.state.spec;
    let result = run.last.as_deref().and_then(|o| match o {
        RunOutput::CloudShare(r) => Some(Rc::new(r.clone())),
        _ => None,
    });
    page.frame(Frame {
        class: "cloudshare",
        title: t("cloudshare-title"),
        lead: t("cloudshare-lead"),
        toolbar: Html::default(),
        editors: html! {
            <>
                <OrgsEditor orgs={spec.organizations.clone()} problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                <JobsEditor jobs={spec.jobs.clone()} orgs={spec.organizations.len()} problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                <OptionsEditor algorithms={spec.algorithm_list()} listed={spec.algorithms.is_some()} split_unit={spec.split_unit} shapley={spec.shapley}
                    problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
                <FederationEditor federation={spec.federation.clone()} runs={spec.runs} log={matches!(spec.jobs, JobsSpec::Swf(_))}
                    problems={Rc::clone(&problems)} dispatch={dispatch.clone()} />
            </>
        },
        results: html! {
            <>
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
            </>
        },
    })
}
