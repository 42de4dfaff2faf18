//! A spot run's results, read like the paper's figures: the headline numbers, the best policies,
//! total payoff per policy against the learner's (Figs. 2, 4a, 5a, 6b), the weight snapshots
//! (Figs. 3, 4b, 5b), the top policies' weights over the jobs (Fig. 7) and the average regret
//! against the average policy's and Theorem 1's bound.

use std::rc::Rc;

use cloudecon::spot::SpotResult;
use yew::prelude::*;

use crate::charts::{BarChart, Chart, LineChart, LineSeries};
use crate::format::{decimal, fixed};
use crate::i18n::{t, use_lang};
use crate::t;

/// Rows of the best-policies table.
pub const BEST_ROWS: usize = 10;

fn num(x: f64) -> String {
    if x.is_finite() && x.abs() >= 100.0 {
        fixed(x, 1)
    } else {
        decimal(x)
    }
}

fn label_of(r: &SpotResult, k: usize) -> String {
    r.policies.get(k).map(|p| p.label.clone()).unwrap_or_else(|| t!("spot-policy-n", n = (k + 1).to_string()))
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
    use_lang();
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
            <p id="spot-summary">{ span("/jobs", r.jobs.to_string()) }{ t!("spot-summary-jobs", policies = r.policies.len().to_string()) }{ span("/delay", r.delay.to_string()) }
                { t!("spot-summary-best", best = best.clone()) }{ span("/average_regret", num(r.average_regret)) }
                { t("spot-summary-average-policy") }{ span("/average_policy_regret", num(r.average_policy_regret)) }{ t("spot-summary-end") }</p>
            <table class="results-table" id="spot-metrics">
                <tbody>
                    { row("jobs", &t("spot-metric-jobs"), html! { { r.jobs } }, &t("spot-metric-jobs-title"), at("/jobs")) }
                    { row("delay", &t("spot-metric-delay"), html! { { r.delay } }, &t("spot-metric-delay-title"), at("/delay")) }
                    { row("expected_payoff", &t("spot-metric-expected"), html! { { num(r.expected_payoff) } }, &t!("spot-metric-expected-title", formula = "Σ_j Σ_π w_{j,π} f_j(π)"), at("/expected_payoff")) }
                    { row("realized_payoff", &t("spot-metric-realized"), html! { { num(r.realized_payoff) } }, &t!("spot-metric-realized-title", formula = "Σ_j f_j(π_j)"), at("/realized_payoff")) }
                    { row("best_payoff", &t("spot-metric-best-payoff"), html! { { num(best_payoff.unwrap_or(0.0)) } }, &t("spot-metric-best-payoff-title"), best_pointer) }
                    { row("regret", &t("spot-metric-regret"), html! { { num(r.regret) } }, &t("spot-metric-regret-title"), at("/regret")) }
                    { row("average_regret", &t("spot-metric-average-regret"), html! { { num(r.average_regret) } }, &t("spot-metric-average-regret-title"), at("/average_regret")) }
                    { row("average_policy_regret", &t("spot-metric-average-policy-regret"), html! { { num(r.average_policy_regret) } }, &t("spot-metric-average-policy-regret-title"), at("/average_policy_regret")) }
                    { row("regret_bound", &t("spot-metric-bound"), html! { { num(r.regret_bound) } }, &t("spot-metric-bound-title"), at("/regret_bound")) }
                    { row("best_policy", &t("spot-metric-best"), html! { <span translate="no">{ best }</span> }, "", None) }
                    { row("prices", &t("spot-metric-prices"), html! { <>{ span("/prices/slots", r.prices.slots.to_string()) }{ t("spot-metric-prices-slots") }{ span("/prices/mean", num(r.prices.mean)) }
                        { t("spot-metric-prices-sep") }{ span("/prices/min", num(r.prices.min)) }{ "–" }{ span("/prices/max", num(r.prices.max)) }</> }, "", None) }
                </tbody>
            </table>
        </div>
    }
}

/// The best policies by total payoff.
#[component]
pub fn BestPolicies(props: &ResultProps) -> Html {
    use_lang();
    let r = &props.result;
    let order = ranking(r);
    html! {
        <div class="scroll" tabindex="0" role="region" aria-label={t("spot-best-label")}>
        <table class="results-table" id="spot-best">
            <caption>{ t!("spot-best-caption", count = order.len().min(BEST_ROWS).to_string()) }</caption>
            <thead><tr><th>{ "#" }</th><th>{ t("spot-best-policy") }</th><th>{ t("spot-best-meaning") }</th><th>{ t("spot-best-payoff") }</th>
                <th title={t("spot-best-weight-title")}>{ t("spot-best-weight") }</th><th title={t("spot-best-completed-title")}>{ t("spot-best-completed") }</th></tr></thead>
            <tbody>
            { for order.iter().take(BEST_ROWS).map(|&k| {
                let p = &r.policies[k];
                html! {
                    <tr data-policy={k.to_string()}>
                        <td>{ k + 1 }</td>
                        <td class="label" translate="no">{ p.label.clone() }</td>
                        <td class="meaning">{ meaning(&p.label).or_else(|| formula_meaning(&p.meaning)).unwrap_or_else(|| p.meaning.clone()) }</td>
                        <td class="payoff" data-result={format!("/policy_payoffs/{k}")}>{ num(r.policy_payoffs[k]) }</td>
                        <td class="weight" data-result={r.final_weights.get(k).map(|_| format!("/final_weights/{k}"))}>{ fixed(r.final_weights.get(k).copied().unwrap_or(0.0), 4) }</td>
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
/// What a built-in policy does, in the page's words, read from its label (`RC σ=.2 fixed b=.25`,
/// `DC M=3 var γ=.4 ε=.02`: the core's `Policy::label`, whose numbers are written as the core's
/// `meaning` writes them); `None` for any other label (a formula family's), which keeps the
/// core's words.
fn meaning(label: &str) -> Option<String> {
    let words: Vec<&str> = label.split(' ').collect();
    let [family, level, kind, rest @ ..] = words.as_slice() else { return None };
    let bid = match (*kind, rest) {
        ("fixed", [b]) => t!("spot-meaning-bid-fixed", b = b.strip_prefix("b=")?.to_string()),
        ("var", [g, e]) => {
            let (g, e) = (g.strip_prefix("γ=")?, e.strip_prefix("ε=")?);
            let average =
                if g == "0" { t("spot-meaning-last-price") } else { t!("spot-meaning-average", gamma = g.to_string()) };
            if e == "0" {
                t!("spot-meaning-bid", price = average)
            } else {
                t!("spot-meaning-bid-plus", price = average, epsilon = e.to_string())
            }
        }
        _ => return None,
    };
    Some(match (*family, level.split_once('=')?) {
        ("RC", ("σ", "0")) => t!("spot-meaning-spot-save", bid = bid),
        ("RC", ("σ", "1")) => t("spot-meaning-on-demand-only"),
        ("RC", ("σ", sigma)) => {
            let percent = fixed(sigma.parse::<f64>().ok()? * 100.0, 0);
            t!("spot-meaning-rate", percent = percent, bid = bid)
        }
        ("DC", ("M", "0")) => t!("spot-meaning-spot-only", bid = bid),
        ("DC", ("M", m)) => t!("spot-meaning-deadline", bid = bid, m = m.to_string()),
        _ => return None,
    })
}

/// A formula family's meaning, the core's English ("drop when D; else on demand O, spot S at
/// bid B", then " (avg with γ=G)" when a formula reads `avg`: `core/tests/spot_formula.rs` pins
/// them), in the page's language with the formulas as written; `None` for other words.
fn formula_meaning(meaning: &str) -> Option<String> {
    let rest = meaning.strip_prefix("drop when ")?;
    let (drop, rest) = rest.split_once("; else on demand ")?;
    let (rest, gamma) = match rest.rsplit_once(" (avg with γ=") {
        Some((rest, gamma)) => (rest, Some(gamma.strip_suffix(')')?)),
        None => (rest, None),
    };
    let (rest, bid) = rest.rsplit_once(" at bid ")?;
    let (on_demand, spot) = rest.split_once(", spot ")?;
    let text = t!(
        "spot-meaning-formula",
        drop = drop.to_string(),
        on_demand = on_demand.to_string(),
        spot = spot.to_string(),
        bid = bid.to_string()
    );
    Some(match gamma {
        Some(gamma) => t!("spot-meaning-formula-avg", meaning = text, gamma = gamma.to_string()),
        None => text,
    })
}

fn indices(n: usize) -> Vec<String> {
    (1..=n).map(|k| k.to_string()).collect()
}

/// Total payoff per policy, the learner's expected payoff as the reference.
pub fn payoff_chart(r: &SpotResult) -> BarChart {
    let mut c = BarChart::single(
        &t("spot-chart-payoff-title"),
        &t("spot-chart-payoff-y"),
        indices(r.policy_payoffs.len()),
        r.policy_payoffs.clone(),
    );
    c.reference = Some((t("spot-chart-payoff-reference"), r.expected_payoff));
    c
}

/// The weights over the policies after some jobs.
pub fn snapshot_chart(r: &SpotResult, k: usize) -> Option<BarChart> {
    let s = r.weight_snapshots.get(k)?;
    Some(BarChart::single(
        &t!("spot-chart-snapshot-title", jobs = s.jobs.to_string()),
        &t("spot-chart-weight"),
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
        title: t("spot-chart-weights-title"),
        x_label: t("spot-chart-jobs"),
        y_label: t("spot-chart-weight"),
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
        title: t("spot-chart-regret-title"),
        x_label: t("spot-chart-jobs"),
        y_label: t("spot-chart-regret-y"),
        series: vec![
            line(&t("spot-chart-learner"), &r.series.average_regret),
            line(&t("spot-chart-random"), &r.series.average_policy_regret),
        ],
        markers: Vec::new(),
        references: if bound { vec![(t("spot-chart-bound"), r.regret_bound)] } else { Vec::new() },
        log_y: false,
    }
}

/// Every chart of the run.
#[component]
pub fn RunCharts(props: &ResultProps) -> Html {
    use_lang();
    let r = &props.result;
    let bound = use_state(|| true);
    let onbound = {
        let bound = bound.clone();
        Callback::from(move |e: Event| bound.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))
    };
    html! {
        <div class="spot-charts">
            <Chart<BarChart> data={payoff_chart(r)} height={260} id="spot-payoff-chart" />
            <p class="hint">{ t("spot-payoff-chart-hint") }</p>
            <div class="spot-snapshots" id="spot-snapshot-charts">
                { for (0..r.weight_snapshots.len()).filter_map(|k| snapshot_chart(r, k).map(|c| (k, c))).map(|(k, c)| html! {
                    <Chart<BarChart> data={c} height={170} id={format!("spot-snapshot-{k}")} />
                }) }
            </div>
            <p class="hint">{ t("spot-snapshots-hint") }</p>
            <Chart<LineChart> data={weights_chart(r)} height={260} id="spot-weights-chart" />
            <Chart<LineChart> data={regret_chart(r, *bound)} height={260} id="spot-regret-chart" />
            <div class="field-row">
                <label class="check"><input type="checkbox" id="spot-show-bound" checked={*bound} onchange={onbound} />{ t("spot-show-bound") }</label>
                <p class="hint" id="spot-bound-note">{ t("spot-bound-note-start") }<span data-result="/regret_bound">{ num(r.regret_bound) }</span>
                    { t("spot-bound-note-end") }</p>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use cloudecon::spot::model::{AnyBid, AnyFamily, DeadlineCentric, FixedBid, Policy, RateCentric, VariableBid};

    /// The page's English for a built-in policy, read from its label, is the core's `meaning`,
    /// for every family and bid rule (σ at 0, 1 and between; M at 0 and above; γ and ε at 0 and
    /// not); a label of no built-in policy keeps the core's words.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn meanings_read_from_labels_are_the_cores_words() {
        let families = [
            AnyFamily::Rate(RateCentric { sigma: 0.0 }),
            AnyFamily::Rate(RateCentric { sigma: 1.0 }),
            AnyFamily::Rate(RateCentric { sigma: 0.2 }),
            AnyFamily::Rate(RateCentric { sigma: 0.55 }),
            AnyFamily::Deadline(DeadlineCentric { m_threshold: 0 }),
            AnyFamily::Deadline(DeadlineCentric { m_threshold: 3 }),
        ];
        let bids = [
            AnyBid::Fixed(FixedBid { b: 0.25 }),
            AnyBid::Fixed(FixedBid { b: 1.5 }),
            AnyBid::Variable(VariableBid { gamma: 0.0, epsilon: 0.0, gamma_index: 0 }),
            AnyBid::Variable(VariableBid { gamma: 0.0, epsilon: 0.02, gamma_index: 0 }),
            AnyBid::Variable(VariableBid { gamma: 0.4, epsilon: 0.0, gamma_index: 0 }),
            AnyBid::Variable(VariableBid { gamma: 0.4, epsilon: 0.02, gamma_index: 0 }),
        ];
        for family in families {
            for bid in bids {
                let policy = Policy { family, bid };
                assert_eq!(
                    super::meaning(&policy.label()).as_deref(),
                    Some(policy.meaning().as_str()),
                    "{}",
                    policy.label()
                );
            }
        }
        assert_eq!(super::meaning("my formula"), None);
    }

    /// A formula family's meaning reads as the core's words in English and in the page's words
    /// in Chinese, its formulas as written (the core's words: `core/tests/spot_formula.rs`).
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_formula_familys_meaning_is_said_in_the_pages_language() {
        use crate::i18n::{install_in, Lang};
        use crate::pages::bundles::messages::ALL;
        let core = [
            "drop when r > m*c || q >= v; else on demand 0, spot a at bid b",
            "drop when q >= v; else on demand 0, spot a at bid avg + eps (avg with γ=.4)",
        ];
        install_in(Lang::En, ALL);
        for words in core {
            assert_eq!(super::formula_meaning(words).as_deref(), Some(words));
        }
        assert_eq!(super::formula_meaning("my own words"), None);
        install_in(Lang::ZhCn, ALL);
        let said = super::formula_meaning(core[1]).expect("read");
        install_in(Lang::En, ALL);
        assert!(!said.contains("drop when") && !said.contains("at bid") && !said.contains("avg with"), "{said}");
        assert!(said.contains("q >= v") && said.contains("avg + eps") && said.contains("γ=.4"), "{said}");
    }
}
