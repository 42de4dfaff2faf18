//! Fill the coalition table from a formula: glove game, weighted majority, random values.

use cloudecon::shapley::GameFormula;
use yew::prelude::*;

use super::state::{Action, ShapleyState, Table};
use crate::components::NumberField;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Glove,
    Majority,
    Random,
}

#[derive(Properties, PartialEq)]
pub struct FormulaPanelProps {
    pub state: ShapleyState,
    pub dispatch: Callback<Action>,
}

fn names(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect()
}

fn describe(f: &GameFormula) -> String {
    match f {
        GameFormula::Glove { left } => format!("glove game, left gloves: {}", left.join(", ")),
        GameFormula::Majority { weights: None, quota } => format!("majority game, quota {quota}, equal weights"),
        GameFormula::Majority { weights: Some(w), quota } => format!(
            "weighted majority game [{quota}; {}]",
            w.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
        ),
        GameFormula::Random { low, high } => format!("random values, uniform in [{low}, {high}]"),
    }
}

#[component]
pub fn FormulaPanel(props: &FormulaPanelProps) -> Html {
    let n = props.state.players.len();
    let kind = use_state(|| Kind::Glove);
    let left = use_state(|| props.state.players.iter().take(n.div_ceil(2)).cloned().collect::<Vec<_>>().join(", "));
    let quota = use_state(|| (n / 2 + 1) as f64);
    let weights = use_state(String::new);
    let low = use_state(|| 0.0);
    let high = use_state(|| 100.0);

    let onkind = {
        let kind = kind.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            kind.set(match v.as_str() {
                "majority" => Kind::Majority,
                "random" => Kind::Random,
                _ => Kind::Glove,
            });
        })
    };
    let text_input = |h: &UseStateHandle<String>| {
        let h = h.clone();
        Callback::from(move |e: InputEvent| h.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()))
    };
    let number = |h: &UseStateHandle<f64>| {
        let h = h.clone();
        Callback::from(move |x: f64| h.set(x))
    };
    let onapply = {
        let (kind, left, quota, weights, low, high) =
            (kind.clone(), left.clone(), quota.clone(), weights.clone(), low.clone(), high.clone());
        props.dispatch.reform(move |_: MouseEvent| {
            Action::UseFormula(match *kind {
                Kind::Glove => GameFormula::Glove { left: names(&left) },
                Kind::Majority => {
                    let w: Vec<f64> = weights.split(',').filter_map(|s| s.trim().parse().ok()).collect();
                    GameFormula::Majority { weights: (!w.is_empty()).then_some(w), quota: *quota }
                }
                Kind::Random => GameFormula::Random { low: *low, high: *high },
            })
        })
    };
    let onseed = props
        .dispatch
        .reform(|x: f64| Action::SetSeed(if x.is_finite() && x >= 0.0 { x.min(u64::MAX as f64) as u64 } else { 0 }));
    let onmaterialize = props.dispatch.reform(|_: MouseEvent| Action::Materialize);

    html! {
        <fieldset class="formula">
            <legend>{ "Fill from a formula" }</legend>
            <div class="field-row">
                <label for="formula-kind">{ "Game" }</label>
                <select id="formula-kind" onchange={onkind}>
                    <option value="glove" selected={*kind == Kind::Glove}>{ "Glove game" }</option>
                    <option value="majority" selected={*kind == Kind::Majority}>{ "Weighted majority" }</option>
                    <option value="random" selected={*kind == Kind::Random}>{ "Random values" }</option>
                </select>
            </div>
            { match *kind {
                Kind::Glove => html! {
                    <div class="field-row">
                        <label for="glove-left">{ "Left gloves" }</label>
                        <input id="glove-left" type="text" value={(*left).clone()} oninput={text_input(&left)} placeholder="A, B" />
                        <p class="hint">{ "v(C) = number of pairs: min(left gloves in C, right gloves in C); everyone else holds a right glove." }</p>
                    </div>
                },
                Kind::Majority => html! {
                    <div class="field-row">
                        <label>{ "Quota" }</label>
                        <NumberField value={*quota} onchange={number(&quota)} label="Quota" />
                        <label for="majority-weights">{ "Weights" }</label>
                        <input id="majority-weights" type="text" value={(*weights).clone()} oninput={text_input(&weights)} placeholder="all 1" />
                        <p class="hint">{ "v(C) = 1 if the weights in C add up to the quota, else 0. Comma-separated, one per player." }</p>
                    </div>
                },
                Kind::Random => html! {
                    <div class="field-row">
                        <label>{ "From" }</label>
                        <NumberField value={*low} onchange={number(&low)} label="Lowest value" />
                        <label>{ "to" }</label>
                        <NumberField value={*high} onchange={number(&high)} label="Highest value" />
                        <label>{ "Seed" }</label>
                        <NumberField value={props.state.seed as f64} onchange={onseed} label="Seed" />
                        <p class="hint">{ "Independent uniform values drawn from the seed: the same seed gives the same game everywhere." }</p>
                    </div>
                },
            } }
            <button id="apply-formula" onclick={onapply}>{ "Fill" }</button>
            if let Table::Formula(f) = &props.state.table {
                <p class="current-formula">
                    { format!("The table is the {}.", describe(f)) }
                    if props.state.table_editable() {
                        { " " }<button id="materialize" onclick={onmaterialize}>{ "Edit as a table" }</button>
                    }
                </p>
            }
        </fieldset>
    }
}
