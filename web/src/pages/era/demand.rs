//! The predicted demand curve of a chosen slot, as the algorithm sees it for a bid submitted at a
//! chosen time: units against price (a step chart: `demand_t(p)` units still to come are wanted at
//! price p or more), with the capacity left free at the end of the run.

use std::rc::Rc;

use cloudecon::era::convert::prediction;
use cloudecon::era::predict::{DemandCurve, Predictor};
use cloudecon::era::scenario::{HistorySpec, PredictorSpec};
use cloudecon::era::{EraResult, EraScenario};
use cloudecon::runner::INLINE_WORK_LIMIT;
use yew::prelude::*;

use super::fields::Slots;
use crate::charts::{Chart, LineChart, LineSeries, Marker};
use crate::components::ParsedField;
use crate::i18n::{t, use_lang};
use crate::t;

/// Whether the predictor is quick to build on the page's thread (every predictor but a large LP).
fn quick(spec: &EraScenario) -> bool {
    let windows = |l: &[cloudecon::era::requests::RequestSpec]| {
        l.iter().flat_map(|r| r.parts.iter().map(|p| u64::from(p.deadline.saturating_sub(p.arrival)))).sum::<u64>()
    };
    match &spec.predictor {
        PredictorSpec::LpHistory { history: HistorySpec::List(l), .. } => windows(l) * 40 <= INLINE_WORK_LIMIT,
        PredictorSpec::LpHistory { history: HistorySpec::Generated { generator, .. }, .. } => {
            generator.expected_requests(spec.cloud.horizon) * 40.0 * 24.0 <= INLINE_WORK_LIMIT as f64
        }
        _ => true,
    }
}

/// The staircase of a demand curve: from the highest value down, each point's units at its value.
fn staircase(curve: &DemandCurve) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    let mut units = 0.0;
    for p in curve.points() {
        out.push((units, p.unit_value));
        units += p.units;
        out.push((units, p.unit_value));
    }
    if let Some(&(u, _)) = out.last() {
        out.push((u, 0.0));
    }
    out
}

pub fn demand_chart(curve: &DemandCurve, slot: u32, now: u32, resource: &str, free: Option<f64>) -> LineChart {
    let name = t!("era-demand-series", slot = slot.to_string(), now = now.to_string());
    let mut series = vec![LineSeries { name, points: staircase(curve), intervals: Vec::new() }];
    let mut markers = Vec::new();
    if let Some(free) = free {
        let top = curve.points().map(|p| p.unit_value).fold(1.0f64, f64::max);
        series.push(LineSeries {
            name: t("era-demand-free"),
            points: vec![(free, 0.0), (free, top)],
            intervals: Vec::new(),
        });
        if let Some(p) = curve.price_of(free - 1.0) {
            markers.push(Marker {
                label: t!("era-demand-first-unit", price = crate::format::exact(p)),
                x: (free - 1.0).max(0.0),
                y: p,
            });
        }
    }
    LineChart {
        title: t!("era-demand-chart-title", resource = resource, slot = slot.to_string()),
        x_label: t("era-units"),
        y_label: t("era-demand-price-axis"),
        series,
        markers,
        references: Vec::new(),
        log_y: false,
    }
}

#[derive(Properties, PartialEq)]
pub struct DemandProps {
    pub spec: Rc<EraScenario>,
    pub seed: u64,
    pub valid: bool,
    /// The last result, for the capacity left free at the chosen slot.
    pub result: Option<Rc<EraResult>>,
}

#[component]
pub fn DemandCurveView(props: &DemandProps) -> Html {
    use_lang();
    let slot = use_state(|| 0u32);
    let now = use_state(|| 0u32);
    let resource = use_state(|| 0usize);
    let forced = use_state(|| false);
    let allowed = props.valid && (quick(&props.spec) || *forced);
    // Only the predictor and the cloud matter: editing bids does not rebuild the prediction.
    let key = (props.spec.predictor.clone(), props.spec.cloud.clone(), props.seed, allowed);
    let built = {
        let spec = Rc::clone(&props.spec);
        use_memo(key, move |(_, _, _, allowed)| {
            allowed.then(|| {
                let cloud = spec.model_cloud();
                prediction(&spec, &cloud).map(Rc::new).map_err(|e| e.problem())
            })
        })
    };
    let names: Vec<String> = props.spec.cloud.resources.iter().map(|r| r.name.clone()).collect();
    let r = (*resource).min(names.len().saturating_sub(1));
    let onslot = {
        let slot = slot.clone();
        Callback::from(move |s: Slots| slot.set(s.0))
    };
    let onnow = {
        let now = now.clone();
        Callback::from(move |s: Slots| now.set(s.0))
    };
    let onresource = {
        let resource = resource.clone();
        Callback::from(move |e: Event| {
            resource.set(e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(0))
        })
    };
    let body = match built.as_ref() {
        None if !props.valid => {
            html! { <p class="hint">{ t("era-demand-invalid") }</p> }
        }
        None => html! {
            <p class="hint">{ t("era-demand-large") }{ " " }
                <button id="era-solve-lp" onclick={let f = forced.clone(); Callback::from(move |_: MouseEvent| f.set(true))}>{ t("era-demand-solve") }</button></p>
        },
        // "The predictor cannot be built: …", in the reader's language.
        Some(Err(e)) => html! { <p class="warning">{ crate::i18n::problem_text(e) }</p> },
        Some(Ok(p)) => {
            let curve = p.curve(r, *slot, *now);
            let free = props.result.as_ref().and_then(|res| {
                let s = res.series.get(r)?;
                let t = *slot as usize;
                Some(s.capacity.get(t)? - s.promised.get(t)?)
            });
            if curve.total() <= 0.0 {
                html! { <p class="hint" id="era-demand-empty">{ t!("era-demand-empty", slot = (*slot).to_string(), now = (*now).to_string()) }</p> }
            } else {
                html! { <Chart<LineChart> data={demand_chart(&curve, *slot, *now, &names[r], free)} height={240} id="era-demand-chart" /> }
            }
        }
    };
    html! {
        <section class="era-demand" id="era-demand">
            <h2>{ t("era-demand-heading") }</h2>
            <div class="field-row">
                <span class="pair">
                    <label for="era-demand-slot">{ t("era-slot") }</label>
                    <ParsedField<Slots> id="era-demand-slot" value={Slots(*slot)} onchange={onslot} label={t("era-demand-slot-label")} />
                </span>
                <span class="pair">
                    <label for="era-demand-now">{ t("era-demand-now") }</label>
                    <ParsedField<Slots> id="era-demand-now" value={Slots(*now)} onchange={onnow} label={t("era-demand-now-label")} />
                </span>
                if names.len() > 1 {
                    <select id="era-demand-resource" onchange={onresource} aria-label={t("era-resource")}>
                        { for names.iter().enumerate().map(|(k, n)| html! { <option value={k.to_string()} selected={k == r} translate="no">{ n.clone() }</option> }) }
                    </select>
                }
            </div>
            { body }
            <p class="hint">{ t("era-demand-hint") }</p>
        </section>
    }
}
