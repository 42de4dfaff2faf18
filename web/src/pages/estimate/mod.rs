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
use crate::format::{exact, fixed, scientific};
use crate::i18n::{t, use_lang};
use crate::pages::document::{use_page_run, Frame};
use crate::t;
use observations::ObservationsEditor;
use state::{Action, EstimateState};

/// A job's average shares, as a list (`[0.5, 0.25]`).
fn shares_text(shares: &[f64]) -> String {
    format!("[{}]", shares.iter().map(|&s| exact(s)).collect::<Vec<_>>().join(", "))
}

fn normalised(w: &[f64]) -> Vec<f64> {
    let total: f64 = w.iter().map(|x| x.abs()).sum();
    w.iter().map(|x| if total > 0.0 { x / total } else { 0.0 }).collect()
}

fn weights_chart(r: &EstimateResult, truth: Option<&Vec<f64>>) -> BarChart {
    let labels = (1..=r.weights.len()).map(|j| t!("abacus-estimate-resource-n", n = j.to_string())).collect();
    let mut series = vec![BarSeries { name: t("abacus-estimate-estimated"), values: normalised(&r.weights) }];
    if let Some(truth) = truth.filter(|w| w.len() == r.weights.len()) {
        series.push(BarSeries { name: t("abacus-estimate-true"), values: normalised(truth) });
    }
    BarChart {
        title: t("abacus-estimate-weights-chart"),
        y_label: t("abacus-estimate-weights-axis"),
        labels,
        series,
        stacked: false,
        reference: None,
    }
}

fn fit_chart(r: &EstimateResult, measured: &[f64]) -> LineChart {
    let pts = |v: &[f64]| v.iter().enumerate().map(|(l, &u)| ((l + 1) as f64, u)).collect();
    LineChart {
        title: t("abacus-estimate-fit-chart"),
        x_label: t("abacus-estimate-observation"),
        y_label: t("abacus-results-utility"),
        series: vec![
            LineSeries { name: t("abacus-estimate-measured"), points: pts(measured), intervals: Vec::new() },
            LineSeries { name: t("abacus-estimate-fitted"), points: pts(&r.fitted), intervals: Vec::new() },
        ],
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    }
}

#[component]
pub fn EstimatePage() -> Html {
    use_lang();
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
        title: t("abacus-estimate-title"),
        lead: t("abacus-estimate-lead"),
        toolbar: Html::default(),
        editors: html! {
            <>
                <fieldset>
                    <legend>{ t("abacus-estimate-fit") }</legend>
                    <div class="field-row">
                        <span class="pair">
                            <label for="estimate-kind">{ t("abacus-utility") }</label>
                            <select id="estimate-kind" data-pointer="/kind" onchange={d.reform(|e: Event| Action::Kind(if e.target_unchecked_into::<web_sys::HtmlSelectElement>().value() == "log" { EstimateKind::Log } else { EstimateKind::Linear }))}>
                                <option value="linear" selected={spec.kind == EstimateKind::Linear}>{ t("abacus-estimate-linear") }</option>
                                <option value="log" selected={spec.kind == EstimateKind::Log}>{ t("abacus-estimate-log") }</option>
                            </select>
                        </span>
                        <label class="check"><input type="checkbox" data-pointer="/non_negative" checked={spec.non_negative}
                            onchange={d.reform(|e: Event| Action::NonNegative(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} />
                            { t("abacus-estimate-nnls") }</label>
                    </div>
                </fieldset>
                if let Some(source) = &spec.from_schedule {
                    <fieldset id="from-schedule">
                        <legend>{ t("abacus-estimate-from-schedule") }</legend>
                        <p>{ t!("abacus-estimate-from-schedule-text", users = source.scenario.schedule.as_ref().map_or(0, |s| s.users.len()).to_string(), user = source.user.clone(), jobs = source.jobs.to_string(),
                                      measure = match source.measure { Measure::InverseResponseTime => t("abacus-estimate-measure-response"), Measure::HiddenUtility => t("abacus-estimate-measure-hidden") }) }</p>
                        if let Some(obs) = &made {
                            <p class="hint">{ t!("abacus-estimate-observed", jobs = obs.len().to_string(), shares = shares_text(obs.first().map_or(&[][..], |o| &o.shares[..]))) }{ " " }
                                <span data-result={(!obs.is_empty()).then_some("/observations/0/utility")}>{ fixed(obs.first().map_or(0.0, |o| o.utility), 4) }</span>{ t("abacus-estimate-observed-end") }</p>
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
                            <thead><tr><th>{ t("abacus-estimate-resource") }</th><th>{ t("abacus-estimate-estimated-w") }</th>
                                if spec.true_weights.is_some() { <th>{ t("abacus-estimate-true-w") }</th> }</tr></thead>
                            <tbody>
                            { for r.weights.iter().enumerate().map(|(j, w)| html! {
                                <tr><td>{ j + 1 }</td><td class="weight" data-result={format!("/weights/{j}")}>{ fixed(*w, 4) }</td>
                                    if let Some(t) = spec.true_weights.as_ref().and_then(|t| t.get(j)) { <td>{ fixed(*t, 4) }</td> }</tr>
                            }) }
                            </tbody>
                        </table>
                        <p>{ t("abacus-estimate-rss") }{ " " }<span data-result="/residual_sum_of_squares">{ scientific(r.residual_sum_of_squares, 4) }</span>
                            { " " }{ t("abacus-estimate-rss-over") }{ " " }<span data-result="/observations_used">{ r.observations_used }</span>{ " " }{ t("abacus-estimate-rss-jobs") }</p>
                        <Chart<BarChart> data={weights_chart(r, spec.true_weights.as_ref())} height={240} id="weights-chart" />
                        <Chart<LineChart> data={fit_chart(r, &measured)} height={240} id="fit-chart" />
                        <ResultDownloads output={out} />
                    </div></ResultsFrame>
                }
                <aside class="explanation">
                    <h2>{ t("abacus-estimate-regression") }</h2>
                    <p class="math">{ t("abacus-estimate-regression-math") }</p>
                    <p>{ t("abacus-estimate-regression-text") }</p>
                </aside>
            </>
        },
    })
}
