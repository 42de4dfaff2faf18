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
use crate::i18n::{t, use_lang};
use crate::t;

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
    use_lang();
    let c = &props.cloud;
    let d = &props.dispatch;
    let n = c.resources.len();
    html! {
        <fieldset class="era-cloud" id="era-cloud">
            <legend>{ t("era-cloud") }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="era-horizon">{ t("era-horizon") }</label>
                    <ParsedField<Slots> id="era-horizon" pointer="/cloud/horizon" value={Slots(c.horizon)} onchange={d.reform(|s: Slots| Action::Horizon(s.0))} label={t("era-horizon-label")} />
                </span>
                <span class="pair">
                    <label for="era-slot-minutes">{ t("era-slot-minutes") }</label>
                    <NumberField id="era-slot-minutes" pointer="/cloud/slot_minutes" value={c.slot_minutes} onchange={d.reform(Action::SlotMinutes)} label={t("era-slot-minutes-label")} />
                </span>
            </div>
            <table class="era-resources">
                <thead><tr><th>{ t("era-resource") }</th><th title={t("era-virtual.title")}>{ t("era-virtual") }</th>
                    <th title={t("era-capacity.title")}>{ t("era-capacity") }</th><th></th></tr></thead>
                <tbody>
                { for c.resources.iter().enumerate().map(|(i, r)| html! {
                    <tr>
                        <td><ParsedField<String> class="resource-name" pointer={format!("/cloud/resources/{i}/name")} value={r.name.clone()} label={t!("era-resource-name-label", n = (i + 1).to_string())}
                            onchange={d.reform(move |v: String| Action::ResourceName(i, v))} /></td>
                        <td><input type="checkbox" data-pointer={format!("/cloud/resources/{i}/virtual")} checked={r.is_virtual} aria-label={t("era-virtual-label")}
                            onchange={d.reform(move |e: Event| Action::ResourceVirtual(i, e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} /></td>
                        <td><ParsedField<Capacity> class="era-capacity" pointer={format!("/cloud/resources/{i}/capacity")} value={Capacity(r.capacity.clone())}
                            onchange={d.reform(move |c: Capacity| Action::ResourceCapacity(i, c.0))} label={t!("era-capacity-label", resource = r.name.clone())} /></td>
                        <td><button class="remove" data-pointer="/cloud/resources" disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemoveResource(i))} title={t("era-remove-resource")}
                            aria-label={t!("era-remove-resource-label", n = (i + 1).to_string())}>{ "−" }</button></td>
                    </tr>
                }) }
                </tbody>
            </table>
            <button id="era-add-resource" data-pointer="/cloud/resources" onclick={d.reform(|_: MouseEvent| Action::AddResource)}>{ t("era-add-resource") }</button>
            <p class="hint">{ t("era-capacity-hint") }</p>
            <table class="era-configurations" id="era-configurations">
                <thead><tr><th>{ t("era-configuration") }</th><th title={t("era-formal.title")}>{ t("era-formal") }</th>
                    <th title={t("era-actual.title")}>{ t("era-actual") }</th><th></th></tr></thead>
                <tbody>
                { for c.configurations.iter().enumerate().map(|(i, k)| html! {
                    <tr data-configuration={i.to_string()}>
                        <td><ParsedField<String> class="configuration-name" pointer={format!("/cloud/configurations/{i}/name")} value={k.name.clone()} label={t!("era-configuration-name-label", n = (i + 1).to_string())}
                            onchange={d.reform(move |v: String| Action::ConfigurationName(i, v))} /></td>
                        <td><ParsedField<Amounts> class="formal" pointer={format!("/cloud/configurations/{i}/formal")} value={Amounts(k.formal.clone())}
                            onchange={d.reform(move |a: Amounts| Action::ConfigurationFormal(i, a.0))} label={t!("era-formal-label", configuration = k.name.clone())} /></td>
                        <td><ParsedField<Optional<Amounts>> class="actual" pointer={format!("/cloud/configurations/{i}/actual")} value={Optional(k.actual.clone().map(Amounts))}
                            onchange={d.reform(move |a: Optional<Amounts>| Action::ConfigurationActual(i, a.0.map(|a| a.0)))} label={t!("era-actual-label", configuration = k.name.clone())} /></td>
                        <td><button class="remove" data-pointer="/cloud/configurations" onclick={d.reform(move |_: MouseEvent| Action::RemoveConfiguration(i))} title={t("era-remove-configuration")}
                            aria-label={t!("era-remove-configuration-label", n = (i + 1).to_string())}>{ "−" }</button></td>
                    </tr>
                }) }
                </tbody>
            </table>
            <button id="era-add-configuration" data-pointer="/cloud/configurations" onclick={d.reform(|_: MouseEvent| Action::AddConfiguration)}>{ t("era-add-configuration") }</button>
            <p class="hint">{ if c.configurations.is_empty() {
                t("era-configurations-none-hint")
            } else {
                t("era-configurations-hint")
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
                <label for="era-min-price">{ t("era-min-price") }</label>
                <NumberField id="era-min-price" pointer="/algorithm/min_unit_price" value={min_unit_price} onchange={d.reform(Action::MinUnitPrice)} label={t("era-min-price-label")} />
            </span>
            <span class="pair">
                <label for="era-max-price">{ "≤" }</label>
                <ParsedField<Optional<f64>> id="era-max-price" pointer="/algorithm/max_unit_price" value={Optional(max_unit_price)} onchange={d.reform(|x: Optional<f64>| Action::MaxUnitPrice(x.0))} label={t("era-max-price-label")} />
            </span>
            <span class="pair">
                <label for="era-late-penalty">{ t("era-late-penalty") }</label>
                <NumberField id="era-late-penalty" pointer="/algorithm/late_penalty" value={late_penalty} onchange={d.reform(Action::LatePenalty)} label={t("era-late-penalty-label")} />
            </span>
            <p class="hint">{ t("era-price-bounds-hint") }</p>
        </div>
    }
}

/// The algorithm and its options.
#[component]
pub fn AlgorithmEditor(props: &AlgorithmProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let kind = AlgorithmKind::of(&props.algorithm);
    let onkind = d.reform(|e: Event| Action::Algorithm(AlgorithmKind::from_tag(&select_value(&e))));
    html! {
        <fieldset class="era-algorithm">
            <legend>{ t("era-algorithm") }</legend>
            <div class="field-row">
                <select id="era-algorithm" data-pointer="/algorithm" onchange={onkind} aria-label={t("era-algorithm")}>
                    { for AlgorithmKind::ALL.iter().map(|k| html! { <option value={k.tag()} selected={*k == kind}>{ k.label() }</option> }) }
                </select>
            </div>
            { match &props.algorithm {
                AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty } => html! {
                    <>
                    { price_bounds(*min_unit_price, *max_unit_price, *late_penalty, d) }
                    <div class="field-row">
                        <button class="secondary" id="era-show-as-formula" data-pointer="/algorithm"
                            onclick={d.reform(|_: MouseEvent| Action::Algorithm(AlgorithmKind::Formula))}>{ t("era-show-as-formula") }</button>
                        <span class="hint">{ t("era-show-as-formula-hint") }</span>
                    </div>
                    </>
                },
                AlgorithmSpec::Formula { unit_price, min_unit_price, max_unit_price, late_penalty } => html! {
                    <>
                    <div class="field-row formula-row">
                        <label for="era-unit-price-formula">{ t("era-unit-price-formula") }</label>
                        <FormulaField id="era-unit-price-formula" pointer="/algorithm/unit_price" value={unit_price.clone()}
                            onchange={d.reform(Action::UnitPriceFormula)} label={t("era-unit-price-formula-label")} />
                        <p class="hint">{ t("era-unit-price-formula-hint") }</p>
                    </div>
                    <FormulaVariables variables={&UNIT_PRICE_VARIABLES[..]} />
                    { price_bounds(*min_unit_price, *max_unit_price, *late_penalty, d) }
                    </>
                },
                AlgorithmSpec::FirstFit { unit_price } | AlgorithmSpec::OnDemand { unit_price } => html! {
                    <div class="field-row">
                        <span class="pair">
                            <label for="era-unit-price">{ t("era-unit-price") }</label>
                            <NumberField id="era-unit-price" pointer="/algorithm/unit_price" value={*unit_price} onchange={d.reform(Action::UnitPrice)} label={t("era-unit-price-label")} />
                        </span>
                        <p class="hint">{ if kind == AlgorithmKind::FirstFit {
                            t("era-first-fit-hint")
                        } else {
                            t("era-on-demand-hint")
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
    use_lang();
    let d = &props.dispatch;
    let kind = PredictorKind::of(&props.predictor);
    let onkind = d.reform(|e: Event| Action::Predictor(PredictorKind::from_tag(&select_value(&e))));
    let body = match &props.predictor {
        PredictorSpec::None => {
            html! { <p class="hint">{ t("era-predictor-none-hint") }</p> }
        }
        PredictorSpec::Explicit { slots, resources } => html! {
            <>
                <ExplicitSlots slots={slots.clone().unwrap_or_default()} horizon={props.horizon} dispatch={d.clone()} />
                if let Some(r) = resources {
                    <p class="hint">{ t!("era-per-resource-curves", resources = r.keys().cloned().collect::<Vec<_>>().join(", ")) }</p>
                }
            </>
        },
        PredictorSpec::SpreadHistory { history, period } | PredictorSpec::LpHistory { history, period } => {
            let described = match history {
                HistorySpec::List(l) => t!("era-history-list", n = l.len().to_string()),
                HistorySpec::Generated { generator, seed } => t!(
                    "era-history-generated",
                    classes = generator.classes.len().to_string(),
                    seed = seed.to_string(),
                    requests = crate::format::fixed(generator.expected_requests(props.horizon), 0)
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
                            <label for="era-period">{ t("era-period") }</label>
                            <ParsedField<Optional<u32>> id="era-period" pointer="/predictor/period" value={Optional(*period)} onchange={d.reform(|p: Optional<u32>| Action::Period(p.0))} label={t("era-period-label")} />
                        </span>
                        <p class="hint">{ t("era-period-hint") }</p>
                    </div>
                    <p id="era-history">{ described }</p>
                    <button id="era-use-history" data-pointer="/predictor/history" onclick={d.reform(|_: MouseEvent| Action::HistoryFromRequests)}>
                        { t!("era-use-history", n = props.requests.to_string()) }</button>
                    { editor }
                </>
            }
        }
    };
    html! {
        <fieldset class="era-predictor">
            <legend>{ t("era-predictor") }</legend>
            <div class="field-row">
                <select id="era-predictor" data-pointer="/predictor" onchange={onkind} aria-label={t("era-predictor-label")}>
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
    use_lang();
    let total = (props.horizon as usize).max(props.slots.len());
    let page = use_page(total, ROWS_PER_PAGE, "era-explicit-pager");
    html! {
        <>
            <table class="era-explicit" id="era-explicit">
                <thead><tr><th>{ t("era-slot") }</th><th title={t("era-explicit-demand.title")}>{ t("era-explicit-demand") }</th></tr></thead>
                <tbody>
                { for page.rows.clone().map(|slot| {
                    let value = Curve(props.slots.get(slot).cloned().unwrap_or_default());
                    html! { <tr key={slot}><td>{ slot }</td><td><ParsedField<Curve> {value} pointer={format!("/predictor/slots/{slot}")} onchange={props.dispatch.reform(move |c: Curve| Action::ExplicitSlot(slot, c.0))} label={t!("era-explicit-slot-label", slot = slot.to_string())} /></td></tr> }
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
    use_lang();
    let d = &props.dispatch;
    let on = props.usage.is_some();
    let ontoggle = d.reform(move |e: Event| {
        let checked = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
        Action::ActualUsage(checked.then_some(ValueDist::Uniform { uniform: [0.5, 1.0] }))
    });
    html! {
        <fieldset class="era-usage">
            <legend>{ t("era-usage") }</legend>
            <div class="field-row">
                <label class="check"><input id="era-usage-on" data-pointer="/actual_usage" type="checkbox" checked={on} onchange={ontoggle} />{ t("era-usage-on") }</label>
                if let Some(u) = &props.usage {
                    <ParsedField<Dist> id="era-usage" pointer="/actual_usage" value={Dist(u.clone())} onchange={d.reform(|x: Dist| Action::ActualUsage(Some(x.0)))} label={t("era-usage-label")} />
                }
                <p class="hint">{ t("era-usage-hint") }</p>
            </div>
        </fieldset>
    }
}
