//! Editors of the market (slot length, on-demand price, the spot price model and its preview),
//! of how the policies count the time left (`remaining_unit`, beside the paper's sentence) and
//! of the learner (delay, step size, payoff scale, weight snapshots).

use std::rc::Rc;

use cloudecon::spot::learner::StepRule;
use cloudecon::spot::model::RemainingUnit;
use cloudecon::spot::scenario::DelaySpec;
use cloudecon::spot::SpotScenario;
use cloudecon::Problem;
use yew::prelude::*;

use super::fields::{Counts, Delay, Whole};
use super::prices::{PriceModelEditor, PricePreview};
use super::state::Action;
use crate::components::{FieldProblems, NumberField, ParsedField};
use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct MarketProps {
    pub spec: Rc<SpotScenario>,
    pub problems: Rc<Vec<Problem>>,
    /// The slot prices of the run (`None` while the document has problems).
    pub prices: Option<Rc<Vec<f64>>>,
    pub dispatch: Callback<Action>,
}

/// Slot length, on-demand price, the spot price model, and the prices it gives.
#[component]
pub fn MarketEditor(props: &MarketProps) -> Html {
    use_lang();
    let s = &props.spec;
    let d = &props.dispatch;
    let problem =
        |path: &str| html! { <FieldProblems problems={Rc::clone(&props.problems)} path={path.to_string()} /> };
    html! {
        <fieldset class="spot-market" id="spot-market">
            <legend>{ t("spot-market") }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-slot-minutes">{ t("spot-slot-minutes") }</label>
                    <ParsedField<Whole> id="spot-slot-minutes" pointer="/slot_minutes" value={Whole(s.slot_minutes)} onchange={d.reform(|w: Whole| Action::SlotMinutes(w.0))} label={t("spot-slot-minutes-label")} />
                </span>
                <span class="pair">
                    <label for="spot-on-demand-price">{ t("spot-on-demand-price") }</label>
                    <NumberField id="spot-on-demand-price" pointer="/on_demand_price" value={s.on_demand_price} onchange={d.reform(Action::OnDemandPrice)} label={t("spot-on-demand-price-label")} />
                </span>
                { problem("slot_minutes") }{ problem("on_demand_price") }
                <p class="hint">{ t("spot-market-hint") }</p>
            </div>
            <h3>{ t("spot-spot-price") }</h3>
            <PriceModelEditor model={s.spot_price.clone()} path="spot_price" on_demand_price={s.on_demand_price}
                problems={Rc::clone(&props.problems)} onchange={d.reform(Action::Price)} />
            <PricePreview prices={props.prices.clone()} per_hour={s.per_hour()} on_demand_price={s.on_demand_price} />
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct RemainingUnitProps {
    pub unit: RemainingUnit,
    pub slot_minutes: u32,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

/// The unit of `m` in the policies' three tests, beside Algorithm 1's sentence that makes it
/// ambiguous.
#[component]
pub fn RemainingUnitEditor(props: &RemainingUnitProps) -> Html {
    use_lang();
    let slots = props.unit == RemainingUnit::Slots;
    let onchange = props.dispatch.reform(|e: Event| {
        let on = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
        Action::RemainingUnit(if on { RemainingUnit::Slots } else { RemainingUnit::Hours })
    });
    let minutes = props.slot_minutes;
    html! {
        <fieldset class="spot-remaining-unit" id="spot-remaining-unit">
            <legend>{ t("spot-remaining") }</legend>
            <div class="field-row">
                <label class="check"><input type="checkbox" id="spot-remaining-slots" data-pointer="/remaining_unit" checked={slots} {onchange}
                    aria-describedby="spot-remaining-quote spot-remaining-note" />
                    { crate::t!("spot-remaining-slots", minutes = minutes.to_string()) }</label>
                <FieldProblems problems={Rc::clone(&props.problems)} path="remaining_unit" />
            </div>
            <blockquote class="paper-quote" id="spot-remaining-quote">
                <p>{ t("spot-remaining-quote") }</p>
                <footer>{ t("spot-remaining-source") }</footer>
            </blockquote>
            <p class="hint" id="spot-remaining-note">{ crate::t!("spot-remaining-note", minutes = minutes.to_string(), per_hour = (60 / minutes.max(1)).to_string()) }</p>
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct LearnerProps {
    pub delay: DelaySpec,
    pub step_size: StepRule,
    pub payoff_scale: f64,
    pub snapshots: Option<Vec<u64>>,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

/// The learner: delay `d`, step size `η`, payoff scale and the weight snapshots.
#[component]
pub fn LearnerEditor(props: &LearnerProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let problem = |path: &str| html! { <FieldProblems problems={Rc::clone(&props.problems)} path={path.to_string()} nested=true /> };
    let constant = match props.step_size {
        StepRule::Constant(c) => Some(c),
        _ => None,
    };
    let onrule = {
        let c = constant.unwrap_or(1.0);
        d.reform(move |e: Event| {
            Action::StepSize(match e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().as_str() {
                "theorem" => StepRule::Theorem,
                "constant" => StepRule::Constant(c),
                _ => StepRule::Algorithm,
            })
        })
    };
    let rule = match props.step_size {
        StepRule::Algorithm => "algorithm",
        StepRule::Theorem => "theorem",
        StepRule::Constant(_) => "constant",
    };
    html! {
        <fieldset class="spot-learner" id="spot-learner">
            <legend>{ t("spot-learner") }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-delay">{ t("spot-delay") }</label>
                    <ParsedField<Delay> id="spot-delay" pointer="/delay" value={Delay(props.delay)} onchange={d.reform(|x: Delay| Action::Delay(x.0))} label={t("spot-delay-label")} />
                </span>
                { problem("delay") }
                <p class="hint" id="spot-delay-note">{ t("spot-delay-note") }</p>
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-step">{ t("spot-step") }</label>
                    <select id="spot-step" data-pointer="/step_size" onchange={onrule} aria-label={t("spot-step-label")}>
                        <option value="algorithm" selected={rule == "algorithm"}>{ t("spot-step-algorithm") }</option>
                        <option value="theorem" selected={rule == "theorem"}>{ t("spot-step-theorem") }</option>
                        <option value="constant" selected={rule == "constant"}>{ "c · √(ln n / (d (j − d)))" }</option>
                    </select>
                </span>
                if let Some(c) = constant {
                    <span class="pair">
                        <label for="spot-step-constant">{ "c" }</label>
                        <NumberField id="spot-step-constant" pointer="/step_size/constant" value={c} onchange={d.reform(|c| Action::StepSize(StepRule::Constant(c)))} label={t("spot-step-constant-label")} />
                    </span>
                }
                { problem("step_size") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-payoff-scale">{ t("spot-payoff-scale") }</label>
                    <NumberField id="spot-payoff-scale" pointer="/payoff_scale" value={props.payoff_scale} onchange={d.reform(Action::PayoffScale)} label={t("spot-payoff-scale-label")} />
                </span>
                <span class="pair">
                    <label for="spot-snapshots">{ t("spot-snapshots") }</label>
                    <ParsedField<Counts> id="spot-snapshots" pointer={props.snapshots.as_ref().map(|_| AttrValue::from("/snapshots"))} value={Counts(props.snapshots.clone())} onchange={d.reform(|c: Counts| Action::Snapshots(c.0))} label={t("spot-snapshots-label")} />
                </span>
                { problem("payoff_scale") }{ problem("snapshots") }
                <p class="hint">{ t("spot-learner-hint") }</p>
            </div>
        </fieldset>
    }
}
