//! The spot price model, edited as a value (a schedule holds models of its own): its kind and
//! fields (an EC2 price history is ec2.rs's), and a live preview of the slot prices the run will
//! see (the paper's Figs. 1 and 6a).

use std::rc::Rc;

use cloudecon::spot::prices::{PriceModelSpec, Switch};
use cloudecon::Problem;
use yew::prelude::*;

use super::ec2::Ec2Editor;
use super::fields::{Numbers, Whole};
use super::pointer;
use super::state::PriceKind;
use crate::charts::{Chart, LineChart, LineSeries};
use crate::components::{FieldProblems, NumberField, ParsedField};
use crate::i18n::{t, use_lang};
use crate::t;

pub(super) fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()
}

#[derive(Properties, PartialEq)]
pub struct PriceProps {
    pub model: PriceModelSpec,
    /// The model's JSON path (`spot_price`, or a schedule's `spot_price.switches[0].model`).
    pub path: AttrValue,
    pub on_demand_price: f64,
    pub problems: Rc<Vec<Problem>>,
    pub onchange: Callback<PriceModelSpec>,
}

/// A price model: the kind, then the kind's fields.
#[component]
pub fn PriceModelEditor(props: &PriceProps) -> Html {
    use_lang();
    let m = &props.model;
    let path = props.path.to_string();
    let id = |name: &str| format!("{}-{name}", path.replace(['.', '[', ']'], "-").trim_end_matches('-'));
    let problem = |field: &str| {
        html! { <FieldProblems problems={Rc::clone(&props.problems)} path={format!("{path}.{field}")} nested=true /> }
    };
    let kind = PriceKind::of(m);
    let at = |field: &str| format!("{}/{field}", pointer(&path));
    let onkind = {
        let (onchange, current, p) = (props.onchange.clone(), m.clone(), props.on_demand_price);
        Callback::from(move |e: Event| {
            let k = PriceKind::from_tag(&select_value(&e));
            if k != PriceKind::of(&current) {
                onchange.emit(k.default_model(&current, p));
            }
        })
    };
    let set = |f: fn(&mut PriceModelSpec, f64)| {
        let (onchange, current) = (props.onchange.clone(), m.clone());
        Callback::from(move |x: f64| {
            let mut next = current.clone();
            f(&mut next, x);
            onchange.emit(next);
        })
    };
    let body = match m {
        PriceModelSpec::Trace { prices } => {
            let onchange = props.onchange.reform(|n: Numbers| PriceModelSpec::Trace { prices: n.0 });
            html! {
                <div class="field-row">
                    <span class="pair">
                        <label for={id("prices")}>{ t("spot-trace-prices") }</label>
                        <ParsedField<Numbers> id={id("prices")} pointer={at("prices")} value={Numbers(prices.clone())} {onchange} label={t("spot-trace-prices-label")} />
                    </span>
                    { problem("prices") }
                    <p class="hint">{ t!("spot-trace-hint", count = prices.len().to_string()) }</p>
                </div>
            }
        }
        PriceModelSpec::Gaussian { mean, sd, seed } => {
            let (mean, sd, seed) = (*mean, *sd, *seed);
            let onseed = props.onchange.reform(move |s: u64| PriceModelSpec::Gaussian { mean, sd, seed: s });
            html! {
                <div class="field-row">
                    <span class="pair">
                        <label for={id("mean")}>{ t("spot-gaussian-mean") }</label>
                        <NumberField id={id("mean")} pointer={at("mean")} value={mean} label={t("spot-gaussian-mean-label")}
                            onchange={set(|m, x| if let PriceModelSpec::Gaussian { mean, .. } = m { *mean = x })} />
                    </span>
                    <span class="pair">
                        <label for={id("sd")}>{ t("spot-gaussian-sd") }</label>
                        <NumberField id={id("sd")} pointer={at("sd")} value={sd} label={t("spot-gaussian-sd-label")}
                            onchange={set(|m, x| if let PriceModelSpec::Gaussian { sd, .. } = m { *sd = x })} />
                    </span>
                    <span class="pair">
                        <label for={id("seed")}>{ t("spot-gaussian-seed") }</label>
                        <ParsedField<u64> id={id("seed")} pointer={at("seed")} value={seed} onchange={onseed} label={t("spot-gaussian-seed-label")} />
                    </span>
                    { problem("mean") }{ problem("sd") }
                    <p class="hint">{ t("spot-gaussian-hint") }</p>
                </div>
            }
        }
        PriceModelSpec::Alternating { high, low, period_hours } => {
            let (high, low) = (*high, *low);
            let onperiod =
                props.onchange.reform(move |w: Whole| PriceModelSpec::Alternating { high, low, period_hours: w.0 });
            html! {
                <div class="field-row">
                    <span class="pair">
                        <label for={id("high")}>{ t("spot-alternating-high") }</label>
                        <NumberField id={id("high")} pointer={at("high")} value={high} label={t("spot-alternating-high-label")}
                            onchange={set(|m, x| if let PriceModelSpec::Alternating { high, .. } = m { *high = x })} />
                    </span>
                    <span class="pair">
                        <label for={id("low")}>{ t("spot-alternating-low") }</label>
                        <NumberField id={id("low")} pointer={at("low")} value={low} label={t("spot-alternating-low-label")}
                            onchange={set(|m, x| if let PriceModelSpec::Alternating { low, .. } = m { *low = x })} />
                    </span>
                    <span class="pair">
                        <label for={id("period")}>{ t("spot-alternating-period") }</label>
                        <ParsedField<Whole> id={id("period")} pointer={at("period_hours")} value={Whole(*period_hours)} onchange={onperiod} label={t("spot-alternating-period-label")} />
                    </span>
                    { problem("high") }{ problem("low") }{ problem("period_hours") }
                </div>
            }
        }
        PriceModelSpec::Schedule { switches } => html! {
            <ScheduleEditor switches={switches.clone()} path={path.clone()} on_demand_price={props.on_demand_price}
                problems={Rc::clone(&props.problems)} onchange={props.onchange.clone()} />
        },
        PriceModelSpec::Ec2History { .. } => html! {
            <Ec2Editor model={m.clone()} path={path.clone()} problems={Rc::clone(&props.problems)} onchange={props.onchange.clone()} />
        },
    };
    html! {
        <div class="spot-price-model" data-path={path.clone()}>
            <div class="field-row">
                <select id={id("kind")} data-pointer={pointer(&path)} onchange={onkind} aria-label={t("spot-price-model-label")}>
                    { for PriceKind::ALL.iter().map(|k| html! { <option value={k.tag()} selected={*k == kind}>{ k.label() }</option> }) }
                </select>
                <FieldProblems problems={Rc::clone(&props.problems)} path={path.clone()} />
            </div>
            // Keyed by kind: each kind's fields are a different list of elements and components,
            // and patching one into another in place once made Yew fail to insert a node (a
            // panic that killed the page going from gaussian to alternating).
            <div class="spot-price-fields" key={kind.tag()}>{ body }</div>
        </div>
    }
}

/// An edit of a schedule's list of models.
type SwitchEdit = Rc<dyn Fn(&mut Vec<Switch>)>;

#[derive(Properties, PartialEq)]
struct ScheduleProps {
    switches: Vec<Switch>,
    path: String,
    on_demand_price: f64,
    problems: Rc<Vec<Problem>>,
    onchange: Callback<PriceModelSpec>,
}

/// A schedule: from which job on each model applies (a fraction of the jobs, or a job index).
#[component]
fn ScheduleEditor(props: &ScheduleProps) -> Html {
    use_lang();
    let with = |f: SwitchEdit| {
        let (switches, onchange) = (props.switches.clone(), props.onchange.clone());
        move || {
            let mut next = switches.clone();
            f(&mut next);
            onchange.emit(PriceModelSpec::Schedule { switches: next })
        }
    };
    let add = with(Rc::new(|s: &mut Vec<Switch>| {
        let from_job =
            s.last().map_or(0.0, |l| if l.from_job < 1.0 { (l.from_job + 1.0) / 2.0 } else { l.from_job * 2.0 });
        let model = s.last().map_or(PriceModelSpec::Gaussian { mean: 0.1, sd: 0.05, seed: 0 }, |l| l.model.clone());
        s.push(Switch { from_job, model });
    }));
    let n = props.switches.len();
    let list = format!("{}/switches", pointer(&props.path));
    html! {
        <div class="spot-schedule">
            { for props.switches.iter().enumerate().map(|(i, s)| {
                let path = format!("{}.switches[{i}]", props.path);
                let onfrom = { let (switches, onchange) = (props.switches.clone(), props.onchange.clone());
                    Callback::from(move |x: f64| {
                        let mut next = switches.clone();
                        next[i].from_job = x;
                        onchange.emit(PriceModelSpec::Schedule { switches: next });
                    }) };
                let onmodel = { let (switches, onchange) = (props.switches.clone(), props.onchange.clone());
                    Callback::from(move |m: PriceModelSpec| {
                        let mut next = switches.clone();
                        next[i].model = m;
                        onchange.emit(PriceModelSpec::Schedule { switches: next });
                    }) };
                let remove = with(Rc::new(move |v: &mut Vec<Switch>| { v.remove(i); }));
                html! {
                    <fieldset class="spot-switch" data-switch={i.to_string()}>
                        <legend>{ t!("spot-switch-legend", n = (i + 1).to_string()) }</legend>
                        <div class="field-row">
                            <label>{ t("spot-switch-from") }</label>
                            <NumberField class="from-job" pointer={format!("{}/from_job", pointer(&path))} value={s.from_job} onchange={onfrom} label={t!("spot-switch-from-label", n = (i + 1).to_string())} />
                            <button class="remove" data-pointer={list.clone()} disabled={n <= 1} onclick={Callback::from(move |_: MouseEvent| remove())} title={t("spot-switch-remove")}
                                aria-label={t!("spot-switch-remove-label", n = (i + 1).to_string())}>{ "−" }</button>
                            <FieldProblems problems={Rc::clone(&props.problems)} path={format!("{path}.from_job")} />
                            <p class="hint">{ t("spot-switch-hint") }</p>
                        </div>
                        <PriceModelEditor model={s.model.clone()} path={format!("{path}.model")} on_demand_price={props.on_demand_price}
                            problems={Rc::clone(&props.problems)} onchange={onmodel} />
                    </fieldset>
                }
            }) }
            <button class="add-switch" data-pointer={list} onclick={Callback::from(move |_: MouseEvent| add())}>{ t("spot-switch-add") }</button>
        </div>
    }
}

/// Hours of prices the preview shows by default.
const PREVIEW_HOURS: f64 = 72.0;

/// The first `hours` of slot prices (x in hours, a step per slot) against the on-demand price.
pub fn preview_chart(prices: &[f64], per_hour: u64, p: f64, hours: f64) -> LineChart {
    let per_hour = per_hour.max(1) as f64;
    let slots = ((hours.max(0.0) * per_hour) as usize).clamp(1, prices.len().max(1));
    let points = prices
        .iter()
        .take(slots)
        .enumerate()
        .flat_map(|(k, &x)| [(k as f64 / per_hour, x), ((k + 1) as f64 / per_hour, x)])
        .collect();
    LineChart {
        title: t!("spot-preview-title", hours = crate::format::decimal(slots as f64 / per_hour)),
        x_label: t("spot-preview-x"),
        y_label: t("spot-preview-y"),
        series: vec![LineSeries { name: t("spot-preview-series"), points, intervals: Vec::new() }],
        markers: Vec::new(),
        references: vec![(t("spot-preview-on-demand"), p)],
        log_y: false,
    }
}

#[derive(Properties, PartialEq)]
pub struct PreviewProps {
    /// The slot prices of the run (`None` while the document has problems).
    pub prices: Option<Rc<Vec<f64>>>,
    pub per_hour: u64,
    pub on_demand_price: f64,
}

/// The live preview of the prices.
#[component]
pub fn PricePreview(props: &PreviewProps) -> Html {
    use_lang();
    let hours = use_state(|| PREVIEW_HOURS);
    let Some(prices) = &props.prices else {
        return html! { <p class="hint" id="spot-price-preview-empty">{ t("spot-preview-empty") }</p> };
    };
    let onhours = {
        let hours = hours.clone();
        Callback::from(move |h: f64| hours.set(h))
    };
    let n = prices.len().max(1) as f64;
    let mean = prices.iter().sum::<f64>() / n;
    let below = prices.iter().filter(|&&x| x <= props.on_demand_price).count() as f64 / n;
    html! {
        <div class="spot-price-preview">
            <Chart<LineChart> data={preview_chart(prices, props.per_hour, props.on_demand_price, *hours)} height={220} id="spot-price-chart" />
            <div class="field-row">
                <span class="pair">
                    <label for="spot-preview-hours">{ t("spot-preview-hours") }</label>
                    <NumberField id="spot-preview-hours" value={*hours} onchange={onhours} label={t("spot-preview-hours-label")} />
                </span>
                <p class="hint" id="spot-price-summary">{ t!("spot-preview-summary",
                    slots = prices.len().to_string(),
                    hours = crate::format::decimal(prices.len() as f64 / props.per_hour.max(1) as f64),
                    mean = crate::format::fixed(mean, 4),
                    percent = crate::format::fixed(below * 100.0, 1)) }</p>
            </div>
        </div>
    }
}
