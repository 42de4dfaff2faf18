//! Editors of the cloud, the algorithm, the predictor and the jobs' actual usage.

use std::rc::Rc;

use cloudecon::era::algorithm::UNIT_PRICE_VARIABLES;
use cloudecon::era::requests::{RequestSpec, ValueDist};
use cloudecon::era::scenario::{AlgorithmSpec, CloudSpec, HistorySpec, PredictorSpec};
use yew::prelude::*;

use super::bids::{BidsEditor, GeneratorEditor};
use super::fields::{Amounts, Capacity, Curve, Dist, Optional, Slots};
use super::state::{Action, AlgorithmKind, PredictorKind, Target};
use super::ROWS_PER_PAGE;
use crate::components::{use_page, FormulaField, FormulaVariables, NumberField, ParsedField};

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()
}

#[derive(Properties, PartialEq)]
pub struct CloudProps {
    pub cloud: CloudSpec,
    pub dispatch: Callback<Action>,
}

/// Horizon, slot length, resources (capacity a number or steps), configurations.
#[component]
pub fn CloudEditor(props: &CloudProps) -> Html {
    let c = &props.cloud;
    let d = &props.dispatch;
    let n = c.resources.len();
    html! {
        <fieldset class="era-cloud" id="era-cloud">
            <legend>{ "Cloud" }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="era-horizon">{ "Horizon (slots)" }</label>
                    <ParsedField<Slots> id="era-horizon" pointer="/cloud/horizon" value={Slots(c.horizon)} onchange={d.reform(|s: Slots| Action::Horizon(s.0))} label="Horizon in slots" />
                </span>
                <span class="pair">
                    <label for="era-slot-minutes">{ "minutes per slot" }</label>
                    <NumberField id="era-slot-minutes" pointer="/cloud/slot_minutes" value={c.slot_minutes} onchange={d.reform(Action::SlotMinutes)} label="Minutes per slot" />
                </span>
            </div>
            <table class="era-resources">
                <thead><tr><th>{ "Resource" }</th><th title="A packing constraint: used by configurations, never sold">{ "virtual" }</th>
                    <th title="A number, or steps slot:capacity, … starting at slot 0">{ "Capacity" }</th><th></th></tr></thead>
                <tbody>
                { for c.resources.iter().enumerate().map(|(i, r)| html! {
                    <tr>
                        <td><ParsedField<String> class="resource-name" pointer={format!("/cloud/resources/{i}/name")} value={r.name.clone()} label={format!("Name of resource {}", i + 1)}
                            onchange={d.reform(move |v: String| Action::ResourceName(i, v))} /></td>
                        <td><input type="checkbox" data-pointer={format!("/cloud/resources/{i}/virtual")} checked={r.is_virtual} aria-label="Virtual"
                            onchange={d.reform(move |e: Event| Action::ResourceVirtual(i, e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} /></td>
                        <td><ParsedField<Capacity> class="era-capacity" pointer={format!("/cloud/resources/{i}/capacity")} value={Capacity(r.capacity.clone())}
                            onchange={d.reform(move |c: Capacity| Action::ResourceCapacity(i, c.0))} label={format!("Capacity of {}", r.name)} /></td>
                        <td><button class="remove" data-pointer="/cloud/resources" disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemoveResource(i))} title="Remove this resource"
                            aria-label={format!("Remove resource {}", i + 1)}>{ "−" }</button></td>
                    </tr>
                }) }
                </tbody>
            </table>
            <button id="era-add-resource" data-pointer="/cloud/resources" onclick={d.reform(|_: MouseEvent| Action::AddResource)}>{ "Add resource" }</button>
            <p class="hint">{ "Capacity: a number, or steps such as \"0:100, 24:90\" (from slot 0, 100 units; from slot 24, 90). " }
                { "Bids buy configurations; by default one per resource that is not virtual, named like it." }</p>
            <table class="era-configurations" id="era-configurations">
                <thead><tr><th>{ "Configuration" }</th><th title="Amounts sold per unit, such as 2 cpu + 4 mem">{ "formal (sold)" }</th>
                    <th title="Amounts used per unit (empty: the same as formal)">{ "actual (used)" }</th><th></th></tr></thead>
                <tbody>
                { for c.configurations.iter().enumerate().map(|(i, k)| html! {
                    <tr data-configuration={i.to_string()}>
                        <td><ParsedField<String> class="configuration-name" pointer={format!("/cloud/configurations/{i}/name")} value={k.name.clone()} label={format!("Name of configuration {}", i + 1)}
                            onchange={d.reform(move |v: String| Action::ConfigurationName(i, v))} /></td>
                        <td><ParsedField<Amounts> class="formal" pointer={format!("/cloud/configurations/{i}/formal")} value={Amounts(k.formal.clone())}
                            onchange={d.reform(move |a: Amounts| Action::ConfigurationFormal(i, a.0))} label={format!("Formal amounts of {}", k.name)} /></td>
                        <td><ParsedField<Optional<Amounts>> class="actual" pointer={format!("/cloud/configurations/{i}/actual")} value={Optional(k.actual.clone().map(Amounts))}
                            onchange={d.reform(move |a: Optional<Amounts>| Action::ConfigurationActual(i, a.0.map(|a| a.0)))} label={format!("Actual amounts of {} (empty: as formal)", k.name)} /></td>
                        <td><button class="remove" data-pointer="/cloud/configurations" onclick={d.reform(move |_: MouseEvent| Action::RemoveConfiguration(i))} title="Remove this configuration"
                            aria-label={format!("Remove configuration {}", i + 1)}>{ "−" }</button></td>
                    </tr>
                }) }
                </tbody>
            </table>
            <button id="era-add-configuration" data-pointer="/cloud/configurations" onclick={d.reform(|_: MouseEvent| Action::AddConfiguration)}>{ "Add configuration" }</button>
            <p class="hint">{ if c.configurations.is_empty() {
                "No configurations: one per resource that is not virtual, named like it, one unit each."
            } else {
                "Amounts per unit of a configuration, such as \"2 cpu + 4 mem\"; actual empty: the same as formal. Bids name their configuration (empty: the first)."
            } }</p>
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct AlgorithmProps {
    pub algorithm: AlgorithmSpec,
    pub dispatch: Callback<Action>,
}

/// The price bounds and late penalty of Basic-Econ and of a unit price formula.
fn price_bounds(min_unit_price: f64, max_unit_price: Option<f64>, late_penalty: f64, d: &Callback<Action>) -> Html {
    html! {
        <div class="field-row">
            <span class="pair">
                <label for="era-min-price">{ "unit price ≥" }</label>
                <NumberField id="era-min-price" pointer="/algorithm/min_unit_price" value={min_unit_price} onchange={d.reform(Action::MinUnitPrice)} label="Minimum unit price" />
            </span>
            <span class="pair">
                <label for="era-max-price">{ "≤" }</label>
                <ParsedField<Optional<f64>> id="era-max-price" pointer="/algorithm/max_unit_price" value={Optional(max_unit_price)} onchange={d.reform(|x: Optional<f64>| Action::MaxUnitPrice(x.0))} label="Maximum unit price (empty: none)" />
            </span>
            <span class="pair">
                <label for="era-late-penalty">{ "late penalty" }</label>
                <NumberField id="era-late-penalty" pointer="/algorithm/late_penalty" value={late_penalty} onchange={d.reform(Action::LatePenalty)} label="Late penalty" />
            </span>
            <p class="hint">{ "Each unit's price per slot is clamped into [min, max] (empty max: no bound). The late penalty multiplies a \
                               start s's total by (1 + penalty)^(s − A) when choosing the start — not in the price." }</p>
        </div>
    }
}

/// The algorithm and its options.
#[component]
pub fn AlgorithmEditor(props: &AlgorithmProps) -> Html {
    let d = &props.dispatch;
    let kind = AlgorithmKind::of(&props.algorithm);
    let onkind = d.reform(|e: Event| Action::Algorithm(AlgorithmKind::from_tag(&select_value(&e))));
    html! {
        <fieldset class="era-algorithm">
            <legend>{ "Algorithm" }</legend>
            <div class="field-row">
                <select id="era-algorithm" data-pointer="/algorithm" onchange={onkind} aria-label="Algorithm">
                    { for AlgorithmKind::ALL.iter().map(|k| html! { <option value={k.tag()} selected={*k == kind}>{ k.label() }</option> }) }
                </select>
            </div>
            { match &props.algorithm {
                AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty } => html! {
                    <>
                    { price_bounds(*min_unit_price, *max_unit_price, *late_penalty, d) }
                    <div class="field-row">
                        <button class="secondary" id="era-show-as-formula" data-pointer="/algorithm"
                            onclick={d.reform(|_: MouseEvent| Action::Algorithm(AlgorithmKind::Formula))}>{ "Show as formula" }</button>
                        <span class="hint">{ "Basic-Econ's price written as the unit price formula demand_price, with the same bounds and late \
                                             penalty: the same results, a starting point to edit." }</span>
                    </div>
                    </>
                },
                AlgorithmSpec::Formula { unit_price, min_unit_price, max_unit_price, late_penalty } => html! {
                    <>
                    <div class="field-row formula-row">
                        <label for="era-unit-price-formula">{ "unit price =" }</label>
                        <FormulaField id="era-unit-price-formula" pointer="/algorithm/unit_price" value={unit_price.clone()}
                            onchange={d.reform(Action::UnitPriceFormula)} label="Unit price formula" />
                        <p class="hint">{ "Each unit i of each slot t is priced by this formula, then clamped into [min, max]; a unit that does not fit \
                                           stays unpriceable whatever it says, and the start with the least total wins, as in Basic-Econ. \
                                           demand_price is Basic-Econ's own price: the formula demand_price gives Basic-Econ's results. \
                                           Try demand_price * (1 + promised / capacity) (dearer as the slot fills), \
                                           max(demand_price, 2) or if(t - now < 3, 2 * demand_price, demand_price)." }</p>
                    </div>
                    <FormulaVariables variables={&UNIT_PRICE_VARIABLES[..]} />
                    { price_bounds(*min_unit_price, *max_unit_price, *late_penalty, d) }
                    </>
                },
                AlgorithmSpec::FirstFit { unit_price } | AlgorithmSpec::OnDemand { unit_price } => html! {
                    <div class="field-row">
                        <span class="pair">
                            <label for="era-unit-price">{ "unit price $" }</label>
                            <NumberField id="era-unit-price" pointer="/algorithm/unit_price" value={*unit_price} onchange={d.reform(Action::UnitPrice)} label="Unit price" />
                        </span>
                        <p class="hint">{ if kind == AlgorithmKind::FirstFit {
                            "The earliest start where the part fits; price = unit price × units × duration."
                        } else {
                            "Starts at submit if the capacity not promised for that slot holds it (later slots may be overcommitted, so jobs can run late)."
                        } }</p>
                    </div>
                },
            } }
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct PredictorProps {
    pub predictor: PredictorSpec,
    pub horizon: u32,
    /// Requests in the document now (for the history button's label).
    pub requests: usize,
    /// The history's requests: its list, or its generator's draws (empty while the document is
    /// invalid).
    pub history: Rc<Vec<RequestSpec>>,
    pub dispatch: Callback<Action>,
}

/// The predictor: kind; for histories the period, "use these requests" and the history itself
/// (a list in the bids table, or a generator's classes and seed); for explicit
/// curves a compact per-slot editor.
#[component]
pub fn PredictorEditor(props: &PredictorProps) -> Html {
    let d = &props.dispatch;
    let kind = PredictorKind::of(&props.predictor);
    let onkind = d.reform(|e: Event| Action::Predictor(PredictorKind::from_tag(&select_value(&e))));
    let body = match &props.predictor {
        PredictorSpec::None => {
            html! { <p class="hint">{ "No predicted demand: every unit that fits costs 0 (clamped by the price bounds)." }</p> }
        }
        PredictorSpec::Explicit { slots, resources } => html! {
            <>
                <ExplicitSlots slots={slots.clone().unwrap_or_default()} horizon={props.horizon} dispatch={d.clone()} />
                if let Some(r) = resources {
                    <p class="hint">{ format!("Per-resource curves for {} (kept, shown in the JSON export).", r.keys().cloned().collect::<Vec<_>>().join(", ")) }</p>
                }
            </>
        },
        PredictorSpec::SpreadHistory { history, period } | PredictorSpec::LpHistory { history, period } => {
            let described = match history {
                HistorySpec::List(l) => format!("History: {} requests.", l.len()),
                HistorySpec::Generated { generator, seed } => format!(
                    "History: drawn from a generator of {} classes with seed {seed} (about {:.0} requests).",
                    generator.classes.len(),
                    generator.expected_requests(props.horizon)
                ),
            };
            let editor = match history {
                HistorySpec::List(_) => {
                    html! { <BidsEditor bids={Rc::clone(&props.history)} target={Target::History} dispatch={d.clone()} /> }
                }
                HistorySpec::Generated { generator, seed } => html! {
                    <GeneratorEditor classes={generator.classes.clone()} target={Target::History} seed={Some(*seed)}
                        drawn={Rc::clone(&props.history)} dispatch={d.clone()} />
                },
            };
            html! {
                <>
                    <div class="field-row">
                        <span class="pair">
                            <label for="era-period">{ "period (slots)" }</label>
                            <ParsedField<Optional<u32>> id="era-period" pointer="/predictor/period" value={Optional(*period)} onchange={d.reform(|p: Optional<u32>| Action::Period(p.0))} label="Period (empty: none)" />
                        </span>
                        <p class="hint">{ "With period P, live slot t gets the curves of every history slot t′ ≡ t (mod P), units divided by their number. Empty: history slot t predicts slot t." }</p>
                    </div>
                    <p id="era-history">{ described }</p>
                    <button id="era-use-history" data-pointer="/predictor/history" onclick={d.reform(|_: MouseEvent| Action::HistoryFromRequests)}>
                        { format!("Use these requests as history ({})", props.requests) }</button>
                    { editor }
                </>
            }
        }
    };
    html! {
        <fieldset class="era-predictor">
            <legend>{ "Demand predictor" }</legend>
            <div class="field-row">
                <select id="era-predictor" data-pointer="/predictor" onchange={onkind} aria-label="Predictor">
                    { for PredictorKind::ALL.iter().map(|k| html! { <option value={k.tag()} selected={*k == kind}>{ k.label() }</option> }) }
                </select>
            </div>
            { body }
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
struct ExplicitProps {
    slots: Vec<Vec<cloudecon::era::scenario::PointSpec>>,
    horizon: u32,
    dispatch: Callback<Action>,
}

/// One row per slot of the horizon (paged): the slot's demand curve as `units@value, …`.
#[component]
fn ExplicitSlots(props: &ExplicitProps) -> Html {
    let total = (props.horizon as usize).max(props.slots.len());
    let page = use_page(total, ROWS_PER_PAGE, "era-explicit-pager");
    html! {
        <>
            <table class="era-explicit" id="era-explicit">
                <thead><tr><th>{ "slot" }</th><th title="units@unit value, … (demand at price p: the units valued at p or more)">{ "predicted demand (units@$)" }</th></tr></thead>
                <tbody>
                { for page.rows.clone().map(|t| {
                    let value = Curve(props.slots.get(t).cloned().unwrap_or_default());
                    html! { <tr key={t}><td>{ t }</td><td><ParsedField<Curve> {value} pointer={format!("/predictor/slots/{t}")} onchange={props.dispatch.reform(move |c: Curve| Action::ExplicitSlot(t, c.0))} label={format!("Demand at slot {t}")} /></td></tr> }
                }) }
                </tbody>
            </table>
            { page.controls }
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct UsageProps {
    pub usage: Option<ValueDist>,
    pub dispatch: Callback<Action>,
}

/// The fraction of its reservation a job really uses (jobs that use less finish early).
#[component]
pub fn UsageEditor(props: &UsageProps) -> Html {
    let d = &props.dispatch;
    let on = props.usage.is_some();
    let ontoggle = d.reform(move |e: Event| {
        let checked = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
        Action::ActualUsage(checked.then_some(ValueDist::Uniform { uniform: [0.5, 1.0] }))
    });
    html! {
        <fieldset class="era-usage">
            <legend>{ "Actual usage" }</legend>
            <div class="field-row">
                <label class="check"><input id="era-usage-on" data-pointer="/actual_usage" type="checkbox" checked={on} onchange={ontoggle} />{ "jobs need less than they reserve" }</label>
                if let Some(u) = &props.usage {
                    <ParsedField<Dist> id="era-usage" pointer="/actual_usage" value={Dist(u.clone())} onchange={d.reform(|x: Dist| Action::ActualUsage(Some(x.0)))} label="Fraction of the reservation used" />
                }
                <p class="hint">{ "A fraction in (0, 1] or a range such as 0.5–1, drawn per bid from the seed: a job needs that share of its slots and finishes early; finished jobs free their later promised slots." }</p>
            </div>
        </fieldset>
    }
}
