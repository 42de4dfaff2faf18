//! Fill the coalition table from a formula: glove game, weighted majority, random values.

use std::rc::Rc;

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

/// The panel's fields: what "Fill" would apply. They describe the loaded game when it is a
/// formula, and follow it when it changes (an import, a reset, a renamed glove owner).
#[derive(Debug, Clone, PartialEq)]
struct Form {
    kind: Kind,
    left: String,
    quota: f64,
    weights: String,
    low: f64,
    high: f64,
}

impl Form {
    /// Fields for `players` when the table is not a formula: the first half of the players hold
    /// left gloves, a simple majority, values in [0, 100].
    fn new(players: &[String]) -> Self {
        let n = players.len();
        Form {
            kind: Kind::Glove,
            left: players[..n.div_ceil(2)].join(", "),
            quota: (n / 2 + 1) as f64,
            weights: String::new(),
            low: 0.0,
            high: 100.0,
        }
    }

    /// These fields with the kind and parameters of `f` (the other kinds' fields are kept).
    fn describing(self, f: &GameFormula) -> Self {
        match f {
            GameFormula::Glove { left } => Form { kind: Kind::Glove, left: left.join(", "), ..self },
            GameFormula::Majority { weights, quota } => Form {
                kind: Kind::Majority,
                quota: *quota,
                weights: weights.iter().flatten().map(f64::to_string).collect::<Vec<_>>().join(", "),
                ..self
            },
            GameFormula::Random { low, high } => Form { kind: Kind::Random, low: *low, high: *high, ..self },
        }
    }

    /// The fields for the state's table.
    fn of(state: &ShapleyState) -> Self {
        let form = Form::new(&state.players);
        match &state.table {
            Table::Formula(f) => form.describing(f),
            Table::Values(_) => form,
        }
    }
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

/// One change of the panel's fields.
enum Edit {
    Kind(Kind),
    Left(String),
    Quota(f64),
    Weights(String),
    Low(f64),
    High(f64),
    /// Show this formula (loaded or changed elsewhere).
    Describe(GameFormula),
}

impl Reducible for Form {
    type Action = Edit;

    fn reduce(self: Rc<Self>, edit: Edit) -> Rc<Self> {
        let mut next = (*self).clone();
        match edit {
            Edit::Kind(k) => next.kind = k,
            Edit::Left(t) => next.left = t,
            Edit::Quota(x) => next.quota = x,
            Edit::Weights(t) => next.weights = t,
            Edit::Low(x) => next.low = x,
            Edit::High(x) => next.high = x,
            Edit::Describe(f) => next = next.describing(&f),
        }
        Rc::new(next)
    }
}

#[component]
pub fn FormulaPanel(props: &FormulaPanelProps) -> Html {
    let form = use_reducer_eq(|| Form::of(&props.state));
    {
        // A formula loaded or changed elsewhere (import, reset, renamed players) is shown as it is.
        let form = form.clone();
        let formula = match &props.state.table {
            Table::Formula(f) => Some(f.clone()),
            Table::Values(_) => None,
        };
        use_effect_with(formula, move |formula| {
            if let Some(f) = formula {
                form.dispatch(Edit::Describe(f.clone()));
            }
        });
    }
    let edit = |to: fn(String) -> Edit| {
        let form = form.dispatcher();
        Callback::from(move |e: InputEvent| {
            form.dispatch(to(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()))
        })
    };
    let edit_number = |to: fn(f64) -> Edit| {
        let form = form.dispatcher();
        Callback::from(move |x: f64| form.dispatch(to(x)))
    };
    let onkind = {
        let form = form.dispatcher();
        Callback::from(move |e: Event| {
            form.dispatch(Edit::Kind(match e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().as_str() {
                "majority" => Kind::Majority,
                "random" => Kind::Random,
                _ => Kind::Glove,
            }))
        })
    };
    let onapply = {
        let form = form.clone();
        props.dispatch.reform(move |_: MouseEvent| {
            Action::UseFormula(match form.kind {
                Kind::Glove => GameFormula::Glove { left: names(&form.left) },
                Kind::Majority => {
                    let w: Vec<f64> = form.weights.split(',').filter_map(|s| s.trim().parse().ok()).collect();
                    GameFormula::Majority { weights: (!w.is_empty()).then_some(w), quota: form.quota }
                }
                Kind::Random => GameFormula::Random { low: form.low, high: form.high },
            })
        })
    };
    let onmaterialize = props.dispatch.reform(|_: MouseEvent| Action::Materialize);

    html! {
        <fieldset class="formula">
            <legend>{ "Fill from a formula" }</legend>
            <div class="field-row">
                <label for="formula-kind">{ "Game" }</label>
                <select id="formula-kind" onchange={onkind}>
                    <option value="glove" selected={form.kind == Kind::Glove}>{ "Glove game" }</option>
                    <option value="majority" selected={form.kind == Kind::Majority}>{ "Weighted majority" }</option>
                    <option value="random" selected={form.kind == Kind::Random}>{ "Random values" }</option>
                </select>
            </div>
            { match form.kind {
                Kind::Glove => html! {
                    <div class="field-row">
                        <label for="glove-left">{ "Left gloves" }</label>
                        <input id="glove-left" type="text" value={form.left.clone()} oninput={edit(Edit::Left)} placeholder="A, B" />
                        <p class="hint">{ "v(C) = number of pairs: min(left gloves in C, right gloves in C); everyone else holds a right glove." }</p>
                    </div>
                },
                Kind::Majority => html! {
                    <div class="field-row">
                        <label>{ "Quota" }</label>
                        <NumberField value={form.quota} onchange={edit_number(Edit::Quota)} label="Quota" />
                        <label for="majority-weights">{ "Weights" }</label>
                        <input id="majority-weights" type="text" value={form.weights.clone()} oninput={edit(Edit::Weights)} placeholder="all 1" />
                        <p class="hint">{ "v(C) = 1 if the weights in C add up to the quota, else 0. Comma-separated, one per player." }</p>
                    </div>
                },
                Kind::Random => html! {
                    <div class="field-row">
                        <label>{ "From" }</label>
                        <NumberField value={form.low} onchange={edit_number(Edit::Low)} label="Lowest value" />
                        <label>{ "to" }</label>
                        <NumberField value={form.high} onchange={edit_number(Edit::High)} label="Highest value" />
                        <p class="hint">{ "Independent uniform values drawn from the scenario's seed (above): the same seed gives the same game everywhere." }</p>
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
