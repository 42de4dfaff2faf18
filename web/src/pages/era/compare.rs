//! The same workload under every algorithm, side by side: Basic-Econ with the page's options,
//! first-fit and on-demand at a unit price the user sets, each run on its own worker channel
//! (large workloads run in parallel in the background, each with its progress and Cancel).

use cloudecon::era::scenario::AlgorithmSpec;
use cloudecon::era::EraResult;
use cloudecon::{RunOutput, Scenario};
use yew::prelude::*;

use super::state::{unit_price_of, EraState};
use super::{money, percent_of};
use crate::charts::{BarChart, BarSeries, Chart};
use crate::components::{NumberField, RunStatus};
use crate::hooks::{use_run_on, RunHandle, RunState};
use crate::i18n::{t, use_lang};
use crate::pages::document::Document;
use crate::t;

/// The variants' names, in [`variants`]' order, in the reader's language.
fn names() -> [String; 4] {
    [t("era-compare-basic-econ"), t("era-compare-first-fit"), t("era-compare-on-demand"), t("era-compare-formula")]
}

/// The variants of a document: Basic-Econ, first-fit, on-demand, and the user's unit price
/// formula when the page's algorithm is one (Basic-Econ then takes its bounds and late penalty).
fn variants(doc: &Document<EraState>, unit_price: f64) -> [Option<Scenario>; 4] {
    let (basic, formula) = match &doc.state.spec.algorithm {
        a @ AlgorithmSpec::BasicEcon { .. } => (a.clone(), None),
        f @ AlgorithmSpec::Formula { min_unit_price, max_unit_price, late_penalty, .. } => (
            AlgorithmSpec::BasicEcon {
                min_unit_price: *min_unit_price,
                max_unit_price: *max_unit_price,
                late_penalty: *late_penalty,
            },
            Some(f.clone()),
        ),
        _ => (AlgorithmSpec::BasicEcon { min_unit_price: 0.0, max_unit_price: None, late_penalty: 0.0 }, None),
    };
    [
        Some(doc.with_algorithm(basic)),
        Some(doc.with_algorithm(AlgorithmSpec::FirstFit { unit_price })),
        Some(doc.with_algorithm(AlgorithmSpec::OnDemand { unit_price })),
        formula.map(|f| doc.with_algorithm(f)),
    ]
}

fn era(run: &RunHandle) -> Option<EraResult> {
    match run.last.as_deref() {
        Some(RunOutput::Era(r)) => Some(r.clone()),
        _ => None,
    }
}

fn charts(results: &[(String, EraResult)]) -> (BarChart, BarChart) {
    let labels = vec![t("era-compare-efficiency-pct"), t("era-compare-utilisation-pct"), t("era-compare-late-pct")];
    let series = results
        .iter()
        .map(|(name, r)| BarSeries {
            name: name.clone(),
            values: vec![r.metrics.efficiency * 100.0, r.metrics.utilization * 100.0, r.metrics.late_fraction * 100.0],
        })
        .collect();
    let shares = BarChart {
        title: t("era-compare-chart-title"),
        y_label: "%".into(),
        labels,
        series,
        stacked: false,
        reference: None,
    };
    let revenue = BarChart::single(
        &t("era-compare-revenue-chart-title"),
        "$",
        results.iter().map(|(n, _)| n.clone()).collect(),
        results.iter().map(|(_, r)| r.metrics.revenue).collect(),
    );
    (shares, revenue)
}

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub doc: Document<EraState>,
}

#[component]
pub fn CompareAll(props: &CompareProps) -> Html {
    use_lang();
    let unit_price = use_state(|| unit_price_of(&props.doc.state.spec.algorithm));
    // The variants asked for (by "Compare"), and the document they were made from.
    let requested = use_state(|| None::<([Option<Scenario>; 4], Document<EraState>)>);
    let pick = |k: usize| requested.as_ref().and_then(|(v, _)| v[k].clone());
    let basic = use_run_on("era-compare-0", pick(0));
    let first_fit = use_run_on("era-compare-1", pick(1));
    let on_demand = use_run_on("era-compare-2", pick(2));
    let formula = use_run_on("era-compare-3", pick(3));
    let runs = [basic, first_fit, on_demand, formula];
    let onclick = {
        let (requested, unit_price, doc) = (requested.clone(), unit_price.clone(), props.doc.clone());
        Callback::from(move |_: MouseEvent| requested.set(Some((variants(&doc, *unit_price), doc.clone()))))
    };
    let onprice = {
        let unit_price = unit_price.clone();
        Callback::from(move |x: f64| unit_price.set(x))
    };
    let stale = requested.as_ref().is_some_and(|(_, d)| *d != props.doc);
    let results: Vec<(String, EraResult)> =
        runs.iter().zip(names()).filter_map(|(run, name)| era(run).map(|r| (name, r))).collect();
    html! {
        <section class="era-compare-section" id="era-compare-section">
            <h2>{ t("era-compare-heading") }</h2>
            <div class="field-row">
                <span class="pair">
                    <label for="era-compare-price">{ t("era-compare-price") }</label>
                    <NumberField id="era-compare-price" value={*unit_price} onchange={onprice} label={t("era-compare-price-label")} />
                </span>
                <button id="era-compare-run" {onclick}>{ t("era-compare-run") }</button>
            </div>
            <p class="hint">{ t("era-compare-hint") }</p>
            if stale {
                <p class="hint" id="era-compare-stale">{ t("era-compare-stale") }</p>
            }
            // Progress, Cancel or problems of each run; a finished run shows in the table.
            { for runs.iter().enumerate().filter(|(_, run)| !matches!(run.state, RunState::Done { .. } | RunState::Idle)).map(|(k, run)| html! {
                <RunStatus run={run.clone()} id={format!("era-compare-status-{k}")} />
            }) }
            if !results.is_empty() {
                <table class="results-table" id="era-compare">
                    <thead><tr><th>{ t("era-compare-algorithm") }</th><th>{ t("era-metric-efficiency") }</th><th>{ t("era-metric-revenue") }</th><th>{ t("era-compare-utilisation") }</th>
                        <th>{ t("era-late") }</th><th>{ t("era-metric-accepted") }</th></tr></thead>
                    <tbody>
                    { for results.iter().map(|(name, r)| {
                        let m = &r.metrics;
                        html! { <tr data-algorithm={r.algorithm.clone()}>
                            <td>{ name.clone() }</td><td>{ percent_of(m.efficiency) }</td><td>{ money(m.revenue) }</td>
                            <td>{ percent_of(m.utilization) }</td><td>{ percent_of(m.late_fraction) }</td>
                            <td>{ t!("era-compare-accepted", accepted = m.accepted.to_string(), total = (m.accepted + m.rejected).to_string()) }</td>
                        </tr> }
                    }) }
                    </tbody>
                </table>
                { {
                    let (shares, revenue) = charts(&results);
                    html! { <>
                        <Chart<BarChart> data={shares} height={240} id="era-compare-chart" />
                        <Chart<BarChart> data={revenue} height={200} id="era-compare-revenue-chart" />
                    </> }
                } }
            }
        </section>
    }
}
