//! A run's results: the headline, the organizations' waits against their Shapley values, the
//! algorithms' unfairness, the schedules side by side (Figs. 2–3), the coalition values and the
//! scores over many windows (Table 1).

use std::collections::HashMap;
use std::rc::Rc;

use cloudecon::cloudshare::CloudShareResult;
use yew::prelude::*;

use super::charts::{self, label, reference};
use super::ROWS_PER_PAGE;
use crate::charts::{BarChart, Chart, GanttChart};
use crate::components::{use_page, CoalitionValues};
use crate::format::{decimal, percent_shown};
use crate::i18n::{number, t, use_lang};
use crate::t;

#[derive(Properties, PartialEq)]
pub struct ResultProps {
    pub result: Rc<CloudShareResult>,
}

/// Pieces, simulations, the Shapley method and whether the reference is common.
#[component]
pub fn Headline(props: &ResultProps) -> Html {
    use_lang();
    let r = &props.result;
    let best = r.algorithms.iter().enumerate().min_by(|(_, a), (_, b)| a.unfairness.total_cmp(&b.unfairness));
    let method = t(if r.shapley_method == "exact" { "cloudshare-summary-exact" } else { "cloudshare-summary-sampled" });
    html! {
        <div class="cloudshare-headline">
            <p id="cloudshare-summary">{ t!("cloudshare-summary-orgs", n = number(r.organizations.len() as f64)) }{ " " }<span data-result="/pieces">{ r.pieces }</span>
                { " " }{ t("cloudshare-summary-pieces") }{ " " }<span data-result="/simulations">{ r.simulations }</span>
                { " " }{ t!("cloudshare-summary-simulations", method = method) }
                if let Some((i, b)) = best {
                    { t!("cloudshare-summary-fairest", algorithm = label(&b.algorithm)) }{ " " }
                    <span data-result={format!("/algorithms/{i}/unfairness")}>{ decimal(b.unfairness) }</span>{ t("cloudshare-summary-fairest-end") }
                }
                { t("cloudshare-summary-end") }</p>
            if !r.common_reference {
                <p class="note" id="cloudshare-no-common-reference">{ t("cloudshare-no-common-reference") }</p>
            }
        </div>
    }
}

/// Per organization: cores, φ (± half-width) and the wait under each algorithm.
#[component]
pub fn WaitsTable(props: &ResultProps) -> Html {
    use_lang();
    let r = &props.result;
    let half = r.shapley_half_widths.as_ref();
    let own = !r.common_reference;
    html! {
        <div class="scroll" tabindex="0" role="region" aria-label={t("cloudshare-waits-region")}>
        <table class="results-table" id="cloudshare-waits">
            <caption>{ t("cloudshare-waits-caption") }</caption>
            <thead><tr><th>{ t("cloudshare-waits-org") }</th><th>{ t("cloudshare-waits-cores") }</th>
                <th title={t("cloudshare-waits-phi-title")}>{ t(if own { "cloudshare-waits-phi-own" } else { "cloudshare-waits-phi" }) }</th>
                { for r.algorithms.iter().map(|a| html! { <th translate="no">{ label(&a.algorithm) }</th> }) }</tr></thead>
            <tbody>
            { for r.organizations.iter().enumerate().map(|(k, o)| {
                let span = |pointer: Option<String>, x: f64| html! { <span data-result={pointer}>{ decimal(x) }</span> };
                let phi = match half.and_then(|h| h.get(k)) {
                    Some(h) => html! { <>{ span(Some(format!("/shapley/{k}")), r.shapley[k]) }{ " ± " }{ span(Some(format!("/shapley_half_widths/{k}")), *h) }</> },
                    None if own => html! { <>{ for r.algorithms.iter().enumerate().map(|(j, a)| {
                        let x = reference(r, a).get(k).copied();
                        let pointer = x.map(|_| if a.shapley.is_some() { format!("/algorithms/{j}/shapley/{k}") } else { format!("/shapley/{k}") });
                        html! { <>{ if j > 0 { " / " } else { "" } }{ span(pointer, x.unwrap_or(0.0)) }</> }
                    }) }</> },
                    None => span(r.shapley.get(k).map(|_| format!("/shapley/{k}")), r.shapley.get(k).copied().unwrap_or(0.0)),
                };
                html! {
                    <tr data-org={o.name.clone()}>
                        <td translate="no">{ o.name.clone() }</td><td data-result={format!("/organizations/{k}/cores")}>{ o.cores }</td><td class="phi">{ phi }</td>
                        { for r.algorithms.iter().enumerate().map(|(j, a)| html! {
                            <td class="wait" data-algorithm={a.algorithm.clone()} data-result={a.wait.get(k).map(|_| format!("/algorithms/{j}/wait/{k}"))}>{ decimal(a.wait.get(k).copied().unwrap_or(0.0)) }</td>
                        }) }
                    </tr>
                }
            }) }
            </tbody>
        </table>
        </div>
    }
}

/// Per algorithm: waits, unfairness, utilization and makespan.
#[component]
pub fn AlgorithmsTable(props: &ResultProps) -> Html {
    use_lang();
    let r = &props.result;
    html! {
        <div class="scroll" tabindex="0" role="region" aria-label={t("cloudshare-algorithms-region")}>
        <table class="results-table" id="cloudshare-algorithms">
            <thead><tr><th>{ t("cloudshare-algorithm") }</th><th>{ t("cloudshare-algorithms-waits") }</th><th title={t("cloudshare-unfairness-formula")}>{ t("cloudshare-unfairness") }</th>
                <th title={t("cloudshare-algorithms-utilization.title")}>{ t("cloudshare-algorithms-utilization") }</th><th>{ t("cloudshare-algorithms-makespan") }</th></tr></thead>
            <tbody>
            { for r.algorithms.iter().enumerate().map(|(j, a)| html! {
                <tr data-algorithm={a.algorithm.clone()}>
                    <td translate="no">{ label(&a.algorithm) }</td>
                    <td class="waits">{ "[" }{ for a.wait.iter().enumerate().map(|(k, &w)| html! {
                        <>{ if k > 0 { ", " } else { "" } }<span data-result={format!("/algorithms/{j}/wait/{k}")}>{ decimal(w) }</span></>
                    }) }{ "]" }</td>
                    <td class="unfairness" data-result={format!("/algorithms/{j}/unfairness")}>{ decimal(a.unfairness) }</td>
                    <td class="utilization">{ percent_shown(100.0 * a.utilization, 1) }</td>
                    <td class="makespan" data-result={format!("/algorithms/{j}/makespan")}>{ a.makespan }</td>
                </tr>
            }) }
            </tbody>
        </table>
        </div>
    }
}

/// The schedules, one Gantt per algorithm side by side, or why they are not shown.
#[component]
pub fn Schedules(props: &ResultProps) -> Html {
    use_lang();
    let r = &props.result;
    let gantts: Vec<(String, GanttChart)> =
        r.algorithms.iter().filter_map(|a| charts::gantt(r, a).map(|g| (a.algorithm.clone(), g))).collect();
    if gantts.is_empty() {
        return html! {
            <p class="note" id="cloudshare-no-schedule">{ t("cloudshare-no-schedule") }<span data-result="/pieces">{ r.pieces }</span>{ " " }{ t("cloudshare-no-schedule-end") }</p>
        };
    }
    let lanes: u64 = r.organizations.iter().map(|o| o.cores).sum();
    let height = (160 + 16 * lanes.min(50)) as u32;
    html! {
        <div class="cloudshare-gantts" id="cloudshare-gantts">
            { for gantts.into_iter().map(|(tag, g)| html! {
                <Chart<GanttChart> data={g} {height} id={format!("cloudshare-gantt-{}", tag.replace(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '-', "-"))} />
            }) }
        </div>
    }
}

/// The coalition values v(C) the Shapley values come from (the calculator's table, read-only).
#[component]
pub fn Coalitions(props: &ResultProps) -> Html {
    use_lang();
    let r = Rc::clone(&props.result);
    let players: Rc<Vec<String>> = Rc::new(r.organizations.iter().map(|o| o.name.clone()).collect());
    let rows = r.coalition_values.len();
    let index: HashMap<String, usize> = players.iter().enumerate().map(|(i, n)| (n.clone(), i)).collect();
    let row = Callback::from(move |k: usize| {
        r.coalition_values.get(k).map_or((0, 0.0), |c| {
            let mask = c
                .members
                .iter()
                .filter_map(|m| index.get(m))
                .fold(0u64, |m, &i| m | 1u64.checked_shl(i as u32).unwrap_or(0));
            (mask, c.value)
        })
    });
    let common = props.result.common_reference;
    let sampled = props.result.shapley_method != "exact";
    let hint = AttrValue::from(t(match (common, sampled) {
        (_, true) => "cloudshare-coalitions-sampled",
        (true, false) => "cloudshare-coalitions-common",
        (false, false) => "cloudshare-coalitions-own",
    }));
    html! {
        <CoalitionValues {players} {rows} {row} legend={t("cloudshare-coalitions-legend")} {hint} id="cloudshare-coalitions" pager="cloudshare-coalition-pager" />
    }
}

/// Table 1: points per algorithm over the scored windows, and each window's unfairness.
#[component]
pub fn Scores(props: &ResultProps) -> Html {
    use_lang();
    let r = &props.result;
    let runs = r.runs.as_deref().unwrap_or(&[]);
    let page = use_page(runs.len(), ROWS_PER_PAGE, "cloudshare-runs-pager");
    let (Some(scores), Some(chart)) = (&r.scores, charts::scores(r)) else { return Html::default() };
    html! {
        <div class="cloudshare-scores" id="cloudshare-scores">
            <table class="results-table" id="cloudshare-score-table">
                <caption>{ t!("cloudshare-scores-caption", n = number(runs.len() as f64)) }</caption>
                <thead><tr><th>{ t("cloudshare-algorithm") }</th><th>{ t("cloudshare-points") }</th></tr></thead>
                <tbody>
                { for scores.iter().enumerate().map(|(j, s)| html! {
                    <tr data-algorithm={s.algorithm.clone()}><td translate="no">{ label(&s.algorithm) }</td><td class="score" data-result={format!("/scores/{j}/score")}>{ s.score }</td></tr>
                }) }
                </tbody>
            </table>
            <Chart<BarChart> data={chart} height={240} id="cloudshare-scores-chart" />
            <div class="scroll" tabindex="0" role="region" aria-label={t("cloudshare-runs-region")}>
            <table class="results-table" id="cloudshare-runs">
                <thead><tr><th>{ t("cloudshare-swf-slider") }</th><th>{ t("cloudshare-runs-pieces") }</th>
                    { for r.algorithms.iter().map(|a| html! { <th translate="no">{ label(&a.algorithm) }</th> }) }</tr></thead>
                <tbody>
                { for page.rows.clone().filter_map(|i| runs.get(i).map(|x| (i, x))).map(|(i, run)| html! {
                    <tr data-run={i.to_string()}>
                        <td data-result={format!("/runs/{i}/window_start_hours")}>{ decimal(run.window_start_hours) }</td><td data-result={format!("/runs/{i}/pieces")}>{ run.pieces }</td>
                        if run.unfairness.is_empty() {
                            <td colspan={r.algorithms.len().to_string()}>{ t("cloudshare-runs-not-scored") }</td>
                        } else {
                            { for run.unfairness.iter().enumerate().map(|(j, u)| html! { <td data-result={format!("/runs/{i}/unfairness/{j}")}>{ decimal(*u) }</td> }) }
                        }
                    </tr>
                }) }
                </tbody>
            </table>
            </div>
            { page.controls }
        </div>
    }
}

/// The two bar charts: waits against φ, unfairness.
#[component]
pub fn FairnessCharts(props: &ResultProps) -> Html {
    use_lang();
    let r = &props.result;
    html! {
        <>
            <Chart<BarChart> data={charts::waits(r)} height={300} id="cloudshare-waits-chart" />
            <Chart<BarChart> data={charts::unfairness(r)} height={240} id="cloudshare-unfairness-chart" />
        </>
    }
}
