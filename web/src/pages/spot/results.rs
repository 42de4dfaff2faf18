//! A spot run's results, read like the paper's figures: the headline numbers, the best policies,
//! total payoff per policy against the learner's (Figs. 2, 4a, 5a, 6b), the weight snapshots
//! (Figs. 3, 4b, 5b), the top policies' weights over the jobs (Fig. 7) and the average regret
//! against the average policy's and Theorem 1's bound.

use std::rc::Rc;

use cloudecon::spot::SpotResult;
use yew::prelude::*;

use crate::charts::{tidy, BarChart, Chart, LineChart, LineSeries};

/// Rows of the best-policies table.
pub const BEST_ROWS: usize = 10;

fn num(x: f64) -> String {
    if x.is_finite() && x.abs() >= 100.0 {
        format!("{x:.1}")
    } else {
        tidy(x)
    }
}

fn label_of(r: &SpotResult, k: usize) -> String {
    r.policies.get(k).map(|p| p.label.clone()).unwrap_or_else(|| format!("policy {}", k + 1))
}

/// The policies by total payoff, best first (ties: lower index first).
pub fn ranking(r: &SpotResult) -> Vec<usize> {
    let mut order: Vec<usize> = (0..r.policy_payoffs.len()).collect();
    order.sort_by(|&a, &b| r.policy_payoffs[b].total_cmp(&r.policy_payoffs[a]).then(a.cmp(&b)));
    order
}

#[derive(Properties, PartialEq)]
pub struct ResultProps {
    pub result: Rc<SpotResult>,
}

/// J, d, expected vs realized payoff, regret, average regrets and the best policy.
#[component]
pub fn Headline(props: &ResultProps) -> Html {
    let r = &props.result;
    let best = label_of(r, r.best_policy as usize);
    let row = |key: &str, name: &str, value: Html, title: &str, pointer: Option<String>| {
        html! { <tr data-metric={key.to_string()} title={title.to_string()}><th>{ name.to_string() }</th><td data-result={pointer}>{ value }</td></tr> }
    };
    let at = |pointer: &str| Some(pointer.to_string());
    let span = |pointer: &str, text: String| html! { <span data-result={pointer.to_string()}>{ text }</span> };
    let best_payoff = r.policy_payoffs.get(r.best_policy as usize).copied();
    let best_pointer = best_payoff.map(|_| format!("/policy_payoffs/{}", r.best_policy));
    html! {
        <div class="spot-headline">
            <p id="spot-summary">{ span("/jobs", r.jobs.to_string()) }{ format!(" jobs, {} policies, delay d = ", r.policies.len()) }{ span("/delay", r.delay.to_string()) }
                { format!("; best policy {best}; the learner's average regret ") }{ span("/average_regret", num(r.average_regret)) }
                { " (average policy: " }{ span("/average_policy_regret", num(r.average_policy_regret)) }{ ")." }</p>
            <table class="results-table" id="spot-metrics">
                <tbody>
                    { row("jobs", "jobs J", html! { { r.jobs } }, "Jobs processed", at("/jobs")) }
                    { row("delay", "delay d", html! { { r.delay } }, "A job's payoff reaches the learner d jobs later", at("/delay")) }
                    { row("expected_payoff", "expected payoff", html! { { num(r.expected_payoff) } }, "Σ_j Σ_π w_{j,π} f_j(π): what the learner earns on average over its draws", at("/expected_payoff")) }
                    { row("realized_payoff", "realized payoff", html! { { num(r.realized_payoff) } }, "Σ_j f_j(π_j) of the policies drawn (depends on the seed)", at("/realized_payoff")) }
                    { row("best_payoff", "best policy's payoff", html! { { num(best_payoff.unwrap_or(0.0)) } }, "The largest total payoff of a single policy, in hindsight", best_pointer) }
                    { row("regret", "regret", html! { { num(r.regret) } }, "best policy's total − expected payoff", at("/regret")) }
                    { row("average_regret", "average regret", html! { { num(r.average_regret) } }, "regret / J", at("/average_regret")) }
                    { row("average_policy_regret", "average policy regret", html! { { num(r.average_policy_regret) } }, "mean over policies of (best total − its total) / J: a policy picked at random", at("/average_policy_regret")) }
                    { row("regret_bound", "Theorem 1 bound", html! { { num(r.regret_bound) } }, "9·√(2 d ln(n/δ) / J), δ = 0.05; it assumes payoffs in [0, 1]", at("/regret_bound")) }
                    { row("best_policy", "best policy", html! { { best } }, "", None) }
                    { row("prices", "spot prices", html! { <>{ span("/prices/slots", r.prices.slots.to_string()) }{ " slots, mean " }{ span("/prices/mean", num(r.prices.mean)) }
                        { ", " }{ span("/prices/min", num(r.prices.min)) }{ "–" }{ span("/prices/max", num(r.prices.max)) }</> }, "", None) }
                </tbody>
            </table>
        </div>
    }
}

/// The best policies by total payoff.
#[component]
pub fn BestPolicies(props: &ResultProps) -> Html {
    let r = &props.result;
    let order = ranking(r);
    html! {
        <div class="scroll" tabindex="0" role="region" aria-label="Best policies">
        <table class="results-table" id="spot-best">
            <caption>{ format!("The {} best policies by total payoff", order.len().min(BEST_ROWS)) }</caption>
            <thead><tr><th>{ "#" }</th><th>{ "policy" }</th><th>{ "what it does" }</th><th>{ "total payoff" }</th>
                <th title="The learner's weight after the last update">{ "final weight" }</th><th title="Jobs done by their deadline">{ "completed" }</th></tr></thead>
            <tbody>
            { for order.iter().take(BEST_ROWS).map(|&k| {
                let p = &r.policies[k];
                html! {
                    <tr data-policy={k.to_string()}>
                        <td>{ k + 1 }</td>
                        <td class="label">{ p.label.clone() }</td>
                        <td class="meaning">{ p.meaning.clone() }</td>
                        <td class="payoff" data-result={format!("/policy_payoffs/{k}")}>{ num(r.policy_payoffs[k]) }</td>
                        <td class="weight" data-result={r.final_weights.get(k).map(|_| format!("/final_weights/{k}"))}>{ format!("{:.4}", r.final_weights.get(k).copied().unwrap_or(0.0)) }</td>
                        <td class="completed" data-result={r.completed.get(k).map(|_| format!("/completed/{k}"))}>{ r.completed.get(k).copied().unwrap_or(0) }</td>
                    </tr>
                }
            }) }
            </tbody>
        </table>
        </div>
    }
}

/// The policies' numbers as the page shows them (from 1).
fn indices(n: usize) -> Vec<String> {
    (1..=n).map(|k| k.to_string()).collect()
}

/// Total payoff per policy, the learner's expected payoff as the reference.
pub fn payoff_chart(r: &SpotResult) -> BarChart {
    let mut c = BarChart::single(
        "Total payoff per policy",
        "total payoff",
        indices(r.policy_payoffs.len()),
        r.policy_payoffs.clone(),
    );
    c.reference = Some(("the learner's expected payoff".into(), r.expected_payoff));
    c
}

/// The weights over the policies after some jobs.
pub fn snapshot_chart(r: &SpotResult, k: usize) -> Option<BarChart> {
    let s = r.weight_snapshots.get(k)?;
    Some(BarChart::single(
        &format!("Weights after {} jobs", s.jobs),
        "weight",
        indices(s.weights.len()),
        s.weights.clone(),
    ))
}

/// The top policies' weights over the jobs.
pub fn weights_chart(r: &SpotResult) -> LineChart {
    let x = &r.series.jobs;
    let series = r
        .series
        .top_weights
        .iter()
        .map(|w| LineSeries {
            name: label_of(r, w.policy as usize),
            points: x.iter().zip(&w.weights).map(|(&j, &y)| (j as f64, y)).collect(),
            intervals: Vec::new(),
        })
        .collect();
    LineChart {
        title: "Weights of the top policies over the jobs".into(),
        x_label: "jobs".into(),
        y_label: "weight".into(),
        series,
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    }
}

/// The learner's and the average policy's average regret over the jobs, and the bound.
pub fn regret_chart(r: &SpotResult, bound: bool) -> LineChart {
    let x = &r.series.jobs;
    let line = |name: &str, v: &[f64]| LineSeries {
        name: name.into(),
        points: x.iter().zip(v).map(|(&j, &y)| (j as f64, y)).collect(),
        intervals: Vec::new(),
    };
    LineChart {
        title: "Average regret over the jobs".into(),
        x_label: "jobs".into(),
        y_label: "average regret".into(),
        series: vec![
            line("the learner", &r.series.average_regret),
            line("a policy at random", &r.series.average_policy_regret),
        ],
        markers: Vec::new(),
        references: if bound {
            vec![("Theorem 1 bound (payoffs in [0, 1])".into(), r.regret_bound)]
        } else {
            Vec::new()
        },
        log_y: false,
    }
}

/// Every chart of the run.
#[component]
pub fn RunCharts(props: &ResultProps) -> Html {
    let r = &props.result;
    let bound = use_state(|| true);
    let onbound = {
        let bound = bound.clone();
        Callback::from(move |e: Event| bound.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))
    };
    html! {
        <div class="spot-charts">
            <Chart<BarChart> data={payoff_chart(r)} height={260} id="spot-payoff-chart" />
            <p class="hint">{ "Bars: each policy's total payoff over all jobs, by index (see the policy list). Dashed: what the learner earns in expectation, to compare with the best bar." }</p>
            <div class="spot-snapshots" id="spot-snapshot-charts">
                { for (0..r.weight_snapshots.len()).filter_map(|k| snapshot_chart(r, k).map(|c| (k, c))).map(|(k, c)| html! {
                    <Chart<BarChart> data={c} height={170} id={format!("spot-snapshot-{k}")} />
                }) }
            </div>
            <p class="hint">{ "The learner's weights after the given numbers of jobs: they gather on the best policies." }</p>
            <Chart<LineChart> data={weights_chart(r)} height={260} id="spot-weights-chart" />
            <Chart<LineChart> data={regret_chart(r, *bound)} height={260} id="spot-regret-chart" />
            <div class="field-row">
                <label class="check"><input type="checkbox" id="spot-show-bound" checked={*bound} onchange={onbound} />{ "show Theorem 1's bound" }</label>
                <p class="hint" id="spot-bound-note">{ "The bound, " }<span data-result="/regret_bound">{ num(r.regret_bound) }</span>
                    { ", assumes payoffs in [0, 1]; payoffs here are in dollars (v − cost), so it is a guide to the shape (it shrinks like 1/√J), not a guarantee. Hide it to see the regrets at their own scale." }</p>
            </div>
        </div>
    }
}
