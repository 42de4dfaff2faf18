//! The results: a table and a bar chart of φ, efficiency and the core check; the explanation.

use std::rc::Rc;

use cloudecon::RunOutput;
use yew::prelude::*;

use crate::charts::{BarChart, Chart};
use crate::components::ResultDownloads;
use crate::format::{percent, snap};

#[derive(Properties, PartialEq)]
pub struct ShapleyResultsProps {
    pub output: Rc<RunOutput>,
}

/// Six decimals, or four significant digits in scientific notation for extreme magnitudes;
/// rounding residue (within 1e-12 of zero) is 0.
fn fmt(x: f64) -> String {
    let x = snap(x);
    if x == 0.0 {
        "0".into()
    } else if (1e-4..1e6).contains(&x.abs()) {
        format!("{:.6}", x).trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{x:.4e}")
    }
}

/// The efficiency gap: 0 when it is rounding residue, else in scientific notation.
fn gap(g: f64) -> String {
    if snap(g) == 0.0 {
        "0".into()
    } else {
        format!("{g:.3e}")
    }
}

#[component]
pub fn ShapleyResults(props: &ShapleyResultsProps) -> Html {
    let RunOutput::Shapley(r) = &*props.output else {
        return html! {};
    };
    let n = r.players.len();
    // The chart and its table show what the results table shows: residue as 0.
    let values = r.shapley.iter().map(|&phi| snap(phi)).collect();
    let chart = BarChart {
        reference: Some(("equal split v(N)/n".into(), r.grand_value / n.max(1) as f64)),
        ..BarChart::single("Shapley value per player", "φ", r.players.clone(), values)
    };
    let share = |phi: f64| {
        if r.grand_value != 0.0 {
            percent(100.0 * snap(phi) / r.grand_value, 1)
        } else {
            "—".into()
        }
    };
    html! {
        <div class="results" id="results">
            <table class="results-table" id="shapley-table">
                <thead><tr><th>{ "Player" }</th><th>{ "φ" }</th><th>{ "share of v(N)" }</th></tr></thead>
                <tbody>
                    { for r.players.iter().zip(&r.shapley).enumerate().map(|(i, (p, &phi))| html! {
                        <tr><td>{ p.clone() }</td><td class="phi" data-result={format!("/shapley/{i}")}>{ fmt(phi) }</td><td>{ share(phi) }</td></tr>
                    }) }
                </tbody>
            </table>
            <Chart<BarChart> data={chart} height={280} id="shapley-chart" />
            <dl class="facts">
                <dt>{ "v(N), the grand coalition" }</dt><dd data-result="/grand_value">{ fmt(r.grand_value) }</dd>
                <dt title="Σφ − v(N): zero up to rounding, because the Shapley value is efficient">{ "Efficiency gap Σφ − v(N)" }</dt>
                <dd id="efficiency-gap" data-result="/efficiency_gap">{ gap(r.efficiency_gap) }</dd>
                <dt title="Every coalition receives at least what it could earn alone">{ "In the core?" }</dt>
                <dd id="in-core">
                    if r.in_core {
                        { "yes — no coalition would do better on its own" }
                    } else if let Some(v) = &r.core_violation {
                        { format!("no — {{{}}} could earn {} alone but gets {}", v.members.join(", "), fmt(v.value), fmt(v.allocated)) }
                    }
                </dd>
            </dl>
            <ResultDownloads output={Rc::clone(&props.output)} />
        </div>
    }
}

#[component]
pub fn Explanation() -> Html {
    html! {
        <aside class="explanation">
            <h2>{ "What the Shapley value is" }</h2>
            <p>{ "Imagine the players joining one by one in a random order. Each player is paid its marginal \
                  contribution v(S ∪ {i}) − v(S) to the players S already there. The Shapley value φᵢ is that \
                  payment averaged over all n! orders:" }</p>
            <p class="math">{ "φᵢ = Σ over S ⊆ N∖{i} of  |S|! (n − |S| − 1)! / n!  ·  ( v(S ∪ {i}) − v(S) )" }</p>
            <p>{ "It is the only split that is efficient (Σφᵢ = v(N)), symmetric (interchangeable players get the same), \
                  gives nothing to a null player, and adds up over games (L. S. Shapley, 1953). It need not be in the \
                  core: in the glove game the lone left glove is so scarce that the core gives it everything, while the \
                  Shapley value still pays the right gloves for their part." }</p>
            <p>{ "Computed exactly in O(2ⁿ · n) by one pass over the coalition table — 20 players take a fraction of a second." }</p>
        </aside>
    }
}
