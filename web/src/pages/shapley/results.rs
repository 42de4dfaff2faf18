//! The results: a table and a bar chart of φ, efficiency and the core check; the explanation.

use std::rc::Rc;

use cloudecon::RunOutput;
use yew::prelude::*;

use crate::charts::{BarChart, Chart};
use crate::components::ResultDownloads;
use crate::format::{decimal, percent_shown, scientific, snap};
use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct ShapleyResultsProps {
    pub output: Rc<RunOutput>,
}

/// Six decimals, or four significant digits in scientific notation for extreme magnitudes;
/// rounding residue (within 1e-12 of zero) is 0.
fn fmt(x: f64) -> String {
    let x = snap(x);
    if x == 0.0 || (1e-4..1e6).contains(&x.abs()) {
        decimal(x)
    } else {
        scientific(x, 4)
    }
}

/// The efficiency gap: 0 when it is rounding residue, else in scientific notation.
fn gap(g: f64) -> String {
    if snap(g) == 0.0 {
        "0".into()
    } else {
        scientific(g, 3)
    }
}

#[component]
pub fn ShapleyResults(props: &ShapleyResultsProps) -> Html {
    use_lang();
    let RunOutput::Shapley(r) = &*props.output else {
        return html! {};
    };
    let n = r.players.len();
    // The chart and its table show what the results table shows: residue as 0.
    let values = r.shapley.iter().map(|&phi| snap(phi)).collect();
    let chart = BarChart {
        reference: Some((t("shapley-chart-equal-split"), r.grand_value / n.max(1) as f64)),
        ..BarChart::single(&t("shapley-chart-title"), "φ", r.players.clone(), values)
    };
    let share = |phi: f64| {
        if r.grand_value != 0.0 {
            percent_shown(100.0 * snap(phi) / r.grand_value, 1)
        } else {
            "—".into()
        }
    };
    html! {
        <div class="results" id="results">
            <table class="results-table" id="shapley-table">
                <thead><tr><th>{ t("shapley-results-player") }</th><th>{ "φ" }</th><th>{ t("shapley-results-share") }</th></tr></thead>
                <tbody>
                    { for r.players.iter().zip(&r.shapley).enumerate().map(|(i, (p, &phi))| html! {
                        <tr><td translate="no">{ p.clone() }</td><td class="phi" data-result={format!("/shapley/{i}")}>{ fmt(phi) }</td><td>{ share(phi) }</td></tr>
                    }) }
                </tbody>
            </table>
            <Chart<BarChart> data={chart} height={280} id="shapley-chart" />
            <dl class="facts">
                <dt>{ t("shapley-results-grand") }</dt><dd data-result="/grand_value">{ fmt(r.grand_value) }</dd>
                <dt title={t("shapley-results-gap.title")}>{ t("shapley-results-gap") }</dt>
                <dd id="efficiency-gap" data-result="/efficiency_gap">{ gap(r.efficiency_gap) }</dd>
                <dt title={t("shapley-results-core.title")}>{ t("shapley-results-core") }</dt>
                <dd id="in-core">
                    if r.in_core {
                        { t("shapley-results-in-core") }
                    } else if let Some(v) = &r.core_violation {
                        { crate::t!("shapley-results-not-in-core", members = v.members.join(", "), value = fmt(v.value), allocated = fmt(v.allocated)) }
                    }
                </dd>
            </dl>
            <ResultDownloads output={Rc::clone(&props.output)} />
        </div>
    }
}

#[component]
pub fn Explanation() -> Html {
    use_lang();
    html! {
        <aside class="explanation">
            <h2>{ t("shapley-explain-title") }</h2>
            <p>{ t("shapley-explain-orders") }</p>
            <p class="math">{ t("shapley-explain-formula") }</p>
            <p>{ t("shapley-explain-axioms") }</p>
            <p>{ t("shapley-explain-cost") }</p>
        </aside>
    }
}
