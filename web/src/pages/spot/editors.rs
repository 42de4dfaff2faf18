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
    let s = &props.spec;
    let d = &props.dispatch;
    let problem =
        |path: &str| html! { <FieldProblems problems={Rc::clone(&props.problems)} path={path.to_string()} /> };
    html! {
        <fieldset class="spot-market" id="spot-market">
            <legend>{ "Market" }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-slot-minutes">{ "minutes per slot" }</label>
                    <ParsedField<Whole> id="spot-slot-minutes" pointer="/slot_minutes" value={Whole(s.slot_minutes)} onchange={d.reform(|w: Whole| Action::SlotMinutes(w.0))} label="Minutes per slot" />
                </span>
                <span class="pair">
                    <label for="spot-on-demand-price">{ "on-demand price p ($/h)" }</label>
                    <NumberField id="spot-on-demand-price" pointer="/on_demand_price" value={s.on_demand_price} onchange={d.reform(Action::OnDemandPrice)} label="On-demand price per instance-hour" />
                </span>
                { problem("slot_minutes") }{ problem("on_demand_price") }
                <p class="hint">{ "Spot prices change every slot; instances are paid by the hour. A slot length divides 60." }</p>
            </div>
            <h3>{ "Spot price" }</h3>
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
    let slots = props.unit == RemainingUnit::Slots;
    let onchange = props.dispatch.reform(|e: Event| {
        let on = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
        Action::RemainingUnit(if on { RemainingUnit::Slots } else { RemainingUnit::Hours })
    });
    let minutes = props.slot_minutes;
    html! {
        <fieldset class="spot-remaining-unit" id="spot-remaining-unit">
            <legend>{ "The time left, m" }</legend>
            <div class="field-row">
                <label class="check"><input type="checkbox" id="spot-remaining-slots" data-pointer="/remaining_unit" checked={slots} {onchange}
                    aria-describedby="spot-remaining-quote spot-remaining-note" />
                    { format!("count m in {minutes}-minute slots, as Algorithm 1 writes it (off: in hours)") }</label>
                <FieldProblems problems={Rc::clone(&props.problems)} path="remaining_unit" />
            </div>
            <blockquote class="paper-quote" id="spot-remaining-quote">
                <p>{ "“Let m be the number of remaining time slots till job deadline (including the current one)”" }</p>
                <footer>{ "Algorithm 1, Menache et al., ICAC 2014" }</footer>
            </blockquote>
            <p class="hint" id="spot-remaining-note">{ format!(
                "The policies decide once an hour, so \"time slots\" can mean hours or the paper's {minutes}-minute slots. m enters three \
                 tests only: rate-centric (σ + m − 1)·min(r, c) < r (then all on demand), deadline-centric r > m·c (drop) and m > M (spot \
                 only). In hours (the default) m = d − h; in slots m = (d − h)·{}, and the on-demand fallback almost never fires.",
                60 / minutes.max(1)) }</p>
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
            <legend>{ "Learner" }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-delay">{ "delay d (jobs)" }</label>
                    <ParsedField<Delay> id="spot-delay" pointer="/delay" value={Delay(props.delay)} onchange={d.reform(|x: Delay| Action::Delay(x.0))} label="Delay: auto or a number of jobs" />
                </span>
                { problem("delay") }
                <p class="hint" id="spot-delay-note">{ "\"auto\": the most jobs that arrive during one job's lifetime (its payoff is known only then), \
                    an upper bound as Algorithm 2 asks. The update after job j uses the payoffs of job j − d. In the paper's synthetic \
                    experiments auto gives 88 where the paper reports 66: 66 fits the expected number of arrivals during a job's \
                    lifetime, not the largest; a larger d is still a valid bound, only a more cautious step size." }</p>
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-step">{ "step size η" }</label>
                    <select id="spot-step" data-pointer="/step_size" onchange={onrule} aria-label="Step size rule">
                        <option value="algorithm" selected={rule == "algorithm"}>{ "algorithm: √(2 ln n / (d (j − d)))" }</option>
                        <option value="theorem" selected={rule == "theorem"}>{ "Theorem 1: √(ln n / (2 d (j − d)))" }</option>
                        <option value="constant" selected={rule == "constant"}>{ "c · √(ln n / (d (j − d)))" }</option>
                    </select>
                </span>
                if let Some(c) = constant {
                    <span class="pair">
                        <label for="spot-step-constant">{ "c" }</label>
                        <NumberField id="spot-step-constant" pointer="/step_size/constant" value={c} onchange={d.reform(|c| Action::StepSize(StepRule::Constant(c)))} label="Step size constant c" />
                    </span>
                }
                { problem("step_size") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-payoff-scale">{ "payoff scale" }</label>
                    <NumberField id="spot-payoff-scale" pointer="/payoff_scale" value={props.payoff_scale} onchange={d.reform(Action::PayoffScale)} label="Payoff scale" />
                </span>
                <span class="pair">
                    <label for="spot-snapshots">{ "weight snapshots after" }</label>
                    <ParsedField<Counts> id="spot-snapshots" pointer={props.snapshots.as_ref().map(|_| AttrValue::from("/snapshots"))} value={Counts(props.snapshots.clone())} onchange={d.reform(|c: Counts| Action::Snapshots(c.0))} label="Snapshot job counts (empty: 500, 1000, 2500, 5000)" />
                </span>
                { problem("payoff_scale") }{ problem("snapshots") }
                <p class="hint">{ "Payoffs are multiplied by the scale in the weight update only (the totals are unscaled). Snapshots: job counts (empty: 500, 1000, 2500, 5000; the last job is always added)." }</p>
            </div>
        </fieldset>
    }
}
