//! Utility estimation (Abacus, Section V): fit a user's weights from its jobs' average shares and
//! measured utilities, by least squares or non-negative least squares (the paper's Fig. 10).

mod observations;
pub mod state;

use cloudecon::abacus::estimate::{EstimateKind, EstimateResult};
use cloudecon::abacus::observe::Measure;
use cloudecon::RunOutput;
use yew::prelude::*;

use crate::charts::{BarChart, BarSeries, Chart, LineChart, LineSeries};
use crate::components::{ResultDownloads, ResultsFrame};
use crate::pages::document::{use_page_run, Frame};
use observations::ObservationsEditor;
use state::{Action, EstimateState};

fn normalised(w: &[f64]) -> Vec<f64> {
    let total: f64 = w.iter().map(|x| x.abs()).sum();
    w.iter().map(|x| if total > 0.0 { x / total } else { 0.0 }).collect()
}

fn weights_chart(r: &EstimateResult, truth: Option<&Vec<f64>>) -> BarChart {
    let labels = (1..=r.weights.len()).map(|j| format!("resource {j}")).collect();
    let mut series = vec![BarSeries { name: "estimated".into(), values: normalised(&r.weights) }];
    if let Some(t) = truth.filter(|t| t.len() == r.weights.len()) {
        series.push(BarSeries { name: "true".into(), values: normalised(t) });
    }
    BarChart {
        title: "Weights, normalised to sum 1 (Fig. 10)".into(),
        y_label: "w_j / Σ w".into(),
        labels,
        series,
        stacked: false,
        reference: None,
    }
}

fn fit_chart(r: &EstimateResult, measured: &[f64]) -> LineChart {
    let pts = |v: &[f64]| v.iter().enumerate().map(|(l, &u)| ((l + 1) as f64, u)).collect();
    LineChart {
        title: "Measured and fitted utility per job".into(),
        x_label: "observation".into(),
        y_label: "utility".into(),
        series: vec![
            LineSeries { name: "measured".into(), points: pts(measured), intervals: Vec::new() },
            LineSeries { name: "fitted".into(), points: pts(&r.fitted), intervals: Vec::new() },
        ],
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    }
}

#[component]
pub fn EstimatePage() -> Html {
    let page = use_page_run::<EstimateState>();
    let (doc, run) = (&page.doc, &page.run);
    // One callback for the page's lifetime, so unchanged editors are not re-rendered.
    let d = doc.edit.clone();
    let spec = &doc.state.spec;
    let result = run.last.as_deref().and_then(|o| match o {
        RunOutput::AbacusEstimate(r) => Some(r.clone()),
        _ => None,
    });
    // With `from_schedule` the run makes the observations; they come back with the result.
    let made = result.as_ref().and_then(|r| r.observations.clone());
    let measured: Vec<f64> = match &made {
        Some(obs) => obs.iter().map(|o| o.utility).collect(),
        None => spec.observations.iter().map(|o| o.utility).collect(),
    };
    page.frame(Frame {
        class: "estimate",
        title: "Abacus: estimating a utility from finished jobs",
        lead: "A user who does not know its utility bids a default one; for each finished job the system records \
                                the job's average share of every resource and a measured utility (e.g. 1 / response time). \
                                Regression then recovers the weights (Section V).",
        toolbar: Html::default(),
        editors: html! {
            <>
                <fieldset>
                    <legend>{ "Fit" }</legend>
                    <div class="field-row">
                        <span class="pair">
                            <label for="estimate-kind">{ "Utility" }</label>
                            <select id="estimate-kind" data-pointer="/kind" onchange={d.reform(|e: Event| Action::Kind(if e.target_unchecked_into::<web_sys::HtmlSelectElement>().value() == "log" { EstimateKind::Log } else { EstimateKind::Linear }))}>
                                <option value="linear" selected={spec.kind == EstimateKind::Linear}>{ "linear: u = Σ w_j s̄_j" }</option>
                                <option value="log" selected={spec.kind == EstimateKind::Log}>{ "log: u = Σ w_j ln s̄_j" }</option>
                            </select>
                        </span>
                        <label class="check"><input type="checkbox" data-pointer="/non_negative" checked={spec.non_negative}
                            onchange={d.reform(|e: Event| Action::NonNegative(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} />
                            { "non-negative weights (NNLS)" }</label>
                    </div>
                </fieldset>
                if let Some(source) = &spec.from_schedule {
                    <fieldset id="from-schedule">
                        <legend>{ "Observations made by the scheduler" }</legend>
                        <p>{ format!("The run first schedules the {} users of its Abacus scenario under Abacus, with {} bidding the default utility (equal weights) \
                                      while its true utility stays hidden, and observes its first {} finished jobs: each job's average shares s̄ \
                                      and {}.", source.scenario.schedule.as_ref().map_or(0, |s| s.users.len()), source.user, source.jobs,
                                      match source.measure { Measure::InverseResponseTime => "1 / response time (the paper's measure)", Measure::HiddenUtility => "its hidden utility at s̄" }) }</p>
                        if let Some(obs) = &made {
                            <p class="hint">{ format!("This run observed {} jobs (first: shares {:?}, utility ", obs.len(), obs.first().map(|o| o.shares.clone()).unwrap_or_default()) }
                                <span data-result={(!obs.is_empty()).then_some("/observations/0/utility")}>{ format!("{:.4}", obs.first().map_or(0.0, |o| o.utility)) }</span>{ ")." }</p>
                        }
                    </fieldset>
                }
                <ObservationsEditor observations={spec.observations.clone()} true_weights={spec.true_weights.clone()} dispatch={d.clone()} />
            </>
        },
        results: html! {
            <>
                if let (Some(r), Some(out)) = (&result, run.last.clone()) {
                    <ResultsFrame stale={run.stale()}><div class="results" id="estimate-results">
                        <table class="results-table" id="weights-table">
                            <thead><tr><th>{ "resource" }</th><th>{ "estimated w" }</th>
                                if spec.true_weights.is_some() { <th>{ "true w" }</th> }</tr></thead>
                            <tbody>
                            { for r.weights.iter().enumerate().map(|(j, w)| html! {
                                <tr><td>{ j + 1 }</td><td class="weight" data-result={format!("/weights/{j}")}>{ format!("{w:.4}") }</td>
                                    if let Some(t) = spec.true_weights.as_ref().and_then(|t| t.get(j)) { <td>{ format!("{t:.4}") }</td> }</tr>
                            }) }
                            </tbody>
                        </table>
                        <p>{ "Residual sum of squares " }<span data-result="/residual_sum_of_squares">{ format!("{:.4e}", r.residual_sum_of_squares) }</span>
                            { " over " }<span data-result="/observations_used">{ r.observations_used }</span>{ " jobs." }</p>
                        <Chart<BarChart> data={weights_chart(r, spec.true_weights.as_ref())} height={240} id="weights-chart" />
                        <Chart<LineChart> data={fit_chart(r, &measured)} height={240} id="fit-chart" />
                        <ResultDownloads output={out} />
                    </div></ResultsFrame>
                }
                <aside class="explanation">
                    <h2>{ "The regression" }</h2>
                    <p class="math">{ "minimise over w:  Σ_l ( u_l − Σ_j w_j φ(s̄_lj) )²,   φ(s) = s (linear) or ln s (log)" }</p>
                    <p>{ "With m resource types, m jobs with independent shares determine the weights exactly; more jobs \
                          average out measurement noise. Non-negative least squares (Lawson–Hanson) keeps every weight ≥ 0, \
                          as a utility's weights must be. Only the ratio of the weights matters to the auction." }</p>
                </aside>
            </>
        },
    })
}
