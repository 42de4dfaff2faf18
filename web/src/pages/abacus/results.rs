//! The auction's results: the table, shares and sub-budget charts, convergence (Fig. 4).

use cloudecon::abacus::AbacusResult;
use yew::prelude::*;

use super::ROWS_PER_PAGE;
use crate::charts::{BarChart, BarSeries, Chart, LineChart, LineSeries};
use crate::components::use_page;
use crate::i18n::{t, use_lang};
use crate::t;

#[derive(Properties, PartialEq)]
pub struct AuctionResultsProps {
    pub result: AbacusResult,
    /// Budgets of the jobs, for the even split the auction starts from.
    pub budgets: Vec<f64>,
    /// Whether some job bids a formula utility (which may be why the auction does not settle).
    #[prop_or_default]
    pub formula: bool,
}

/// Series of the convergence chart are drawn for at most this many jobs.
const TRACE_JOBS: usize = 6;

fn f(x: f64) -> String {
    crate::format::fixed(x, 3)
}

/// Bars are drawn for at most this many jobs (the table pages through all of them).
const CHART_JOBS: usize = 40;

/// A chart title, saying when only the first [`CHART_JOBS`] jobs are drawn.
fn chart_title(title: String, jobs: usize) -> String {
    if jobs > CHART_JOBS {
        t!("abacus-chart-first-of", title = title, first = CHART_JOBS.to_string(), jobs = jobs.to_string())
    } else {
        title
    }
}

/// One bar series per resource over the first [`CHART_JOBS`] jobs of an `n × m` matrix.
fn per_resource_bars(r: &AbacusResult, matrix: &cloudecon::Matrix) -> Vec<BarSeries> {
    r.resources
        .iter()
        .enumerate()
        .map(|(j, name)| BarSeries {
            name: name.clone(),
            values: matrix.iter().take(CHART_JOBS).map(|row| row[j]).collect(),
        })
        .collect()
}

pub fn shares_chart(r: &AbacusResult) -> BarChart {
    BarChart {
        title: chart_title(t("abacus-chart-shares"), r.jobs.len()),
        y_label: t("abacus-chart-share"),
        labels: r.jobs.iter().take(CHART_JOBS).cloned().collect(),
        series: per_resource_bars(r, &r.shares),
        stacked: false,
        reference: None,
    }
}

pub fn split_chart(r: &AbacusResult) -> BarChart {
    BarChart {
        title: chart_title(t("abacus-chart-split"), r.jobs.len()),
        y_label: "$".into(),
        labels: r.jobs.iter().take(CHART_JOBS).cloned().collect(),
        series: per_resource_bars(r, &r.sub_budgets),
        stacked: true,
        reference: None,
    }
}

/// Sub-budgets over the rounds (the paper's Fig. 4), starting from the even split.
pub fn convergence_chart(r: &AbacusResult, budgets: &[f64]) -> Option<LineChart> {
    let trace = r.trace.as_ref().filter(|t| !t.is_empty())?;
    let m = r.resources.len();
    let mut series = Vec::new();
    for (i, job) in r.jobs.iter().enumerate().take(TRACE_JOBS) {
        for (j, res) in r.resources.iter().enumerate() {
            let start = budgets.get(i).map_or(0.0, |b| b / m as f64);
            let points = std::iter::once((0.0, start))
                .chain(trace.iter().enumerate().map(|(k, round)| ((k + 1) as f64, round[i][j])))
                .collect();
            series.push(LineSeries { name: format!("{job} {res}"), points, intervals: Vec::new() });
        }
    }
    let title = if r.jobs.len() > TRACE_JOBS {
        t!("abacus-chart-rounds-first", first = TRACE_JOBS.to_string())
    } else {
        t("abacus-chart-rounds")
    };
    Some(LineChart {
        title,
        x_label: t("abacus-chart-round"),
        y_label: t("abacus-chart-sub-budget"),
        series,
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    })
}

/// The largest change of a sub-budget in each round (log scale): how fast the auction settles.
pub fn residual_chart(r: &AbacusResult) -> Option<LineChart> {
    if r.round_changes.is_empty() {
        return None;
    }
    let points = r.round_changes.iter().enumerate().map(|(k, &d)| ((k + 1) as f64, d)).collect();
    Some(LineChart {
        title: t("abacus-chart-residual"),
        x_label: t("abacus-chart-round"),
        y_label: t("abacus-chart-max-change-dollars"),
        series: vec![LineSeries { name: t("abacus-chart-max-change"), points, intervals: Vec::new() }],
        markers: Vec::new(),
        references: Vec::new(),
        log_y: true,
    })
}

#[component]
pub fn AuctionResults(props: &AuctionResultsProps) -> Html {
    use_lang();
    let r = &props.result;
    let page = use_page(r.jobs.len(), ROWS_PER_PAGE, "results-pager");
    let rounds = html! { <span data-result="/iterations">{ r.iterations }</span> };
    let converged = if r.converged {
        html! { <>{ t("abacus-converged-before") }{ " " }{ rounds }{ " " }{ t("abacus-converged-after") }</> }
    } else {
        let why = if props.formula { t("abacus-not-converged-after-formula") } else { t("abacus-not-converged-after") };
        html! { <>{ t("abacus-not-converged-before") }{ " " }{ rounds }{ " " }{ why }</> }
    };
    html! {
        <div class="results" id="auction-results">
            <p id="convergence" class={classes!((!r.converged).then_some("warning"))}>{ converged }</p>
            <div class="scroll" tabindex="0" role="region" aria-label={t("abacus-results-label")}>
            <table class="results-table" id="auction-table">
                <thead><tr>
                    <th>{ t("abacus-job") }</th>
                    { for r.resources.iter().map(|n| html! { <th title={t("abacus-results-share-title")} translate="no">{ format!("s({n})") }</th> }) }
                    { for r.resources.iter().map(|n| html! { <th title={t("abacus-results-sub-budget-title")} translate="no">{ format!("b({n}) $") }</th> }) }
                    <th title={t("abacus-results-utility-title")}>{ t("abacus-results-utility") }</th>
                </tr></thead>
                <tbody>
                { for r.jobs.iter().enumerate().skip(page.rows.start).take(page.rows.len()).map(|(i, name)| html! {
                    <tr>
                        <td translate="no">{ name.clone() }</td>
                        { for r.shares[i].iter().enumerate().map(|(j, &s)| html! { <td class="share" data-result={format!("/shares/{i}/{j}")}>{ f(s) }</td> }) }
                        { for r.sub_budgets[i].iter().enumerate().map(|(j, &b)| html! { <td class="sub-budget" data-result={format!("/sub_budgets/{i}/{j}")}>{ crate::format::fixed(b, 2) }</td> }) }
                        <td data-result={format!("/utilities/{i}")}>{ f(r.utilities[i]) }</td>
                    </tr>
                }) }
                </tbody>
            </table>
            </div>
            { page.controls }
            <Chart<BarChart> data={shares_chart(r)} height={260} id="shares-chart" />
            <Chart<BarChart> data={split_chart(r)} height={260} id="split-chart" />
            if let Some(c) = convergence_chart(r, &props.budgets) {
                <Chart<LineChart> data={c} height={280} id="convergence-chart" />
            }
            if let Some(c) = residual_chart(r) {
                <Chart<LineChart> data={c} height={220} id="residual-chart" />
            }
        </div>
    }
}
