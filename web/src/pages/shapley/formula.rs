//! Fill the coalition table from a formula: glove game, weighted majority, random values.

use std::rc::Rc;

use cloudecon::shapley::GameFormula;
use yew::prelude::*;

use super::state::{Action, ShapleyState, Table};
use crate::components::NumberField;
use crate::i18n::{t, use_lang};

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Glove,
    Majority,
    Random,
}

/// The panel's fields: what "Fill" would apply. They describe the loaded game when it is a
/// formula or a glove game's table (the example), and follow it when it changes (an import, a
/// reset, a renamed glove owner).
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

    /// These fields with the kind and parameters of `f`, a game of `players` (the other kinds'
    /// fields are kept).
    fn describing(self, f: &GameFormula, players: &[String]) -> Self {
        match f {
            GameFormula::Glove { left } => {
                // Swapping the gloves gives the same game: the sides as shown are kept.
                let shown = names(&self.left);
                let swapped = self.kind == Kind::Glove
                    && players.iter().all(|p| shown.contains(p) != left.contains(p))
                    && shown.iter().all(|p| players.contains(p));
                if swapped {
                    self
                } else {
                    Form { kind: Kind::Glove, left: left.join(", "), ..self }
                }
            }
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
        match formula_of(state) {
            Some(f) => form.describing(&f, &state.players),
            None => form,
        }
    }
}

/// The formula of the state's game: its own, or the glove game its table holds.
fn formula_of(state: &ShapleyState) -> Option<GameFormula> {
    match &state.table {
        Table::Formula(f) => Some(f.clone()),
        Table::Values(v) => glove_of(&state.players, v),
    }
}

/// The glove game whose table (values by bitmask) is `values`, if it is one with a glove of each
/// kind. Its left gloves are the smaller side (the first player's on a tie), as in the textbook
/// game where left gloves are scarce. O(2^n), and a table of another game is usually rejected at
/// its first pair.
fn glove_of(players: &[String], values: &[f64]) -> Option<GameFormula> {
    let n = players.len();
    if !(2..=31).contains(&n) || values.len() != 1 << n {
        return None;
    }
    // The first player's side: the players with whom it makes no pair.
    let side = (1..n).filter(|&j| values[1 | 1 << j] == 0.0).fold(1u32, |m, j| m | 1 << j);
    let all = u32::MAX >> (32 - n);
    let other = all & !side;
    let pairs = |m: u32| f64::from((m & side).count_ones().min((m & other).count_ones()));
    if other == 0 || (1..=all).any(|m| values[m as usize] != pairs(m)) {
        return None;
    }
    let left = if other.count_ones() < side.count_ones() { other } else { side };
    Some(GameFormula::Glove { left: (0..n).filter(|i| left >> i & 1 == 1).map(|i| players[i].clone()).collect() })
}

#[derive(Properties, PartialEq)]
pub struct FormulaPanelProps {
    pub state: ShapleyState,
    pub dispatch: Callback<Action>,
}

fn names(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect()
}

/// "The table is the …": the game a formula defines.
fn describe(f: &GameFormula) -> String {
    use crate::format::exact;
    match f {
        GameFormula::Glove { left } => crate::t!("shapley-formula-is-glove", left = left.join(", ")),
        GameFormula::Majority { weights: None, quota } => {
            crate::t!("shapley-formula-is-majority", quota = exact(*quota))
        }
        GameFormula::Majority { weights: Some(w), quota } => crate::t!(
            "shapley-formula-is-weighted",
            quota = exact(*quota),
            weights = w.iter().map(|x| exact(*x)).collect::<Vec<_>>().join(", ")
        ),
        GameFormula::Random { low, high } => {
            crate::t!("shapley-formula-is-random", low = exact(*low), high = exact(*high))
        }
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
    /// Show this formula of a game of these players (loaded or changed elsewhere).
    Describe(GameFormula, Vec<String>),
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
            Edit::Describe(f, players) => next = next.describing(&f, &players),
        }
        Rc::new(next)
    }
}

#[component]
pub fn FormulaPanel(props: &FormulaPanelProps) -> Html {
    use_lang();
    let form = use_reducer_eq(|| Form::of(&props.state));
    {
        // A game loaded or changed elsewhere (import, reset, renamed players) is shown as it is.
        let form = form.clone();
        let described = formula_of(&props.state).map(|f| (f, props.state.players.clone()));
        use_effect_with(described, move |described| {
            if let Some((f, players)) = described {
                form.dispatch(Edit::Describe(f.clone(), players.clone()));
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
            <legend>{ t("shapley-formula-legend") }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="formula-kind">{ t("shapley-formula-game") }</label>
                    <select id="formula-kind" onchange={onkind}>
                        <option value="glove" selected={form.kind == Kind::Glove}>{ t("shapley-formula-glove") }</option>
                        <option value="majority" selected={form.kind == Kind::Majority}>{ t("shapley-formula-majority") }</option>
                        <option value="random" selected={form.kind == Kind::Random}>{ t("shapley-formula-random") }</option>
                    </select>
                </span>
            </div>
            { match form.kind {
                Kind::Glove => html! {
                    <div class="field-row">
                        <span class="pair">
                            <label for="glove-left">{ t("shapley-formula-left") }</label>
                            <input id="glove-left" type="text" value={form.left.clone()} oninput={edit(Edit::Left)} placeholder="A, B" />
                        </span>
                        <p class="hint">{ t("shapley-formula-glove-hint") }</p>
                    </div>
                },
                Kind::Majority => html! {
                    <div class="field-row">
                        <label>{ t("shapley-formula-quota") }</label>
                        <NumberField value={form.quota} onchange={edit_number(Edit::Quota)} label={t("shapley-formula-quota")} />
                        <span class="pair">
                            <label for="majority-weights">{ t("shapley-formula-weights") }</label>
                            <input id="majority-weights" type="text" value={form.weights.clone()} oninput={edit(Edit::Weights)} placeholder={t("shapley-formula-weights-placeholder")} />
                        </span>
                        <p class="hint">{ t("shapley-formula-majority-hint") }</p>
                    </div>
                },
                Kind::Random => html! {
                    <div class="field-row">
                        <label>{ t("shapley-formula-from") }</label>
                        <NumberField value={form.low} onchange={edit_number(Edit::Low)} label={t("shapley-formula-lowest")} />
                        <label>{ t("shapley-formula-to") }</label>
                        <NumberField value={form.high} onchange={edit_number(Edit::High)} label={t("shapley-formula-highest")} />
                        <p class="hint">{ t("shapley-formula-random-hint") }</p>
                    </div>
                },
            } }
            <button id="apply-formula" onclick={onapply}>{ t("shapley-formula-fill") }</button>
            if let Table::Formula(f) = &props.state.table {
                <p class="current-formula">
                    { describe(f) }
                    if props.state.table_editable() {
                        { " " }<button id="materialize" onclick={onmaterialize}>{ t("shapley-formula-materialize") }</button>
                    }
                </p>
            }
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> Vec<String> {
        ["A", "B", "C", "D"].map(String::from).to_vec()
    }

    fn glove(left: &[&str]) -> GameFormula {
        GameFormula::Glove { left: left.iter().map(|p| p.to_string()).collect() }
    }

    fn table(f: &GameFormula) -> Vec<f64> {
        f.evaluator(&players(), 0).values(players().len())
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn glove_tables_are_recognised_with_the_scarce_gloves_as_left() {
        let p = players();
        assert_eq!(glove_of(&p, &table(&glove(&["B"]))), Some(glove(&["B"])));
        assert_eq!(glove_of(&p, &table(&glove(&["A", "C", "D"]))), Some(glove(&["B"])));
        assert_eq!(glove_of(&p, &table(&glove(&["B", "D"]))), Some(glove(&["A", "C"])));
        // Not glove games: no pair at all, a majority game, a glove table with one cell edited.
        assert_eq!(glove_of(&p, &[0.0; 16]), None);
        assert_eq!(glove_of(&p, &table(&GameFormula::Majority { weights: None, quota: 3.0 })), None);
        let mut edited = table(&glove(&["B"]));
        edited[0b1111] = 2.0;
        assert_eq!(glove_of(&p, &edited), None);
        assert_eq!(glove_of(&p, &table(&glove(&["B"]))[..8]), None, "a table of another size");
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_form_describes_a_game_and_keeps_the_sides_it_shows() {
        let p = players();
        let form = Form::new(&p);
        assert_eq!((form.kind, form.left.as_str()), (Kind::Glove, "A, B"));
        let shown = form.describing(&glove(&["A", "C"]), &p);
        assert_eq!(shown.left, "A, C");
        // The same game with the gloves swapped (as a table reads it back) keeps the text.
        assert_eq!(shown.clone().describing(&glove(&["B", "D"]), &p).left, "A, C");
        assert_eq!(shown.clone().describing(&glove(&["B"]), &p).left, "B");
        let majority =
            shown.describing(&GameFormula::Majority { weights: Some(vec![2.0, 1.0, 1.0, 1.0]), quota: 3.0 }, &p);
        assert_eq!((majority.kind, majority.quota, majority.weights.as_str()), (Kind::Majority, 3.0, "2, 1, 1, 1"));
        assert_eq!(majority.left, "A, C", "the other kinds' fields are kept");
    }
}
