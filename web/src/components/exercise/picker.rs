//! The teacher's pickers: the numbers of the result (to make a task of one: its pointer is picked
//! for the teacher) and the fields of the scenario (to lock one), each a filterable list of the
//! places as the page names them (their paths in the tooltip, and found by the filter too).

use std::rc::Rc;

use cloudecon::exercise::pointer;
use cloudecon::MechanismKind;
use serde_json::Value;
use yew::prelude::*;

use super::precision::Precision;
use crate::i18n::{t, use_lang};
use crate::pages::names;
use crate::t;

/// One place a picker lists.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub pointer: String,
    /// The place as the page names it ("J1's share of map").
    pub name: String,
    /// Its value, as text.
    pub value: String,
}

/// Rows shown at once (the filter narrows large documents).
const SHOWN: usize = 60;
/// Numbers looked at in a result (results can hold millions).
const SCANNED: usize = 20_000;

/// The scenario's fields a teacher may lock: each top-level field as a whole, then every leaf
/// (numbers, text, true/false) under it, in document order.
pub fn lockable(kind: MechanismKind, scenario: &Value) -> Vec<Row> {
    let name = |p: String, value: String| Row { name: names::field(kind, scenario, &p), pointer: p, value };
    fields(scenario).into_iter().map(|(p, v)| name(p, v)).collect()
}

fn fields(scenario: &Value) -> Vec<(String, String)> {
    fn walk(v: &Value, at: &mut String, out: &mut Vec<(String, String)>) {
        if out.len() >= SCANNED {
            return;
        }
        match v {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let len = at.len();
                    at.push_str(&format!("/{i}"));
                    walk(item, at, out);
                    at.truncate(len);
                }
            }
            Value::Object(fields) => {
                for (k, item) in fields {
                    let len = at.len();
                    at.push('/');
                    at.push_str(&pointer::escape(k));
                    walk(item, at, out);
                    at.truncate(len);
                }
            }
            // A fraction as the page writes numbers (at the precision of the result lists); a
            // whole number exactly (a seed has more digits than an f64 keeps); text as JSON.
            Value::Number(n) if n.is_f64() => {
                let x = n.as_f64().unwrap_or_default();
                out.push((at.clone(), Precision::for_value(x).shown(x)))
            }
            leaf => out.push((at.clone(), leaf.to_string())),
        }
    }
    let mut out = Vec::new();
    if let Value::Object(fields) = scenario {
        for (k, v) in fields.iter().filter(|(k, _)| k.as_str() != "version" && k.as_str() != "mechanism") {
            let at = pointer::child("", k);
            if v.is_array() || v.is_object() {
                out.push((at.clone(), t("exercise-whole-field")));
            }
            walk(v, &mut at.clone(), &mut out);
        }
    }
    out
}

#[derive(Properties, PartialEq)]
pub struct PickerProps {
    /// Id prefix of the list (its filter is `{id}-filter`).
    pub id: AttrValue,
    pub legend: AttrValue,
    pub rows: Rc<Vec<Row>>,
    /// One button per action on each row: its text (given the row's pointer) and what it does.
    pub actions: Vec<(AttrValue, Callback<String>)>,
    /// Pointers marked as chosen (e.g. locked), shown pressed.
    #[prop_or_default]
    pub chosen: Rc<Vec<String>>,
}

#[component]
pub fn Picker(props: &PickerProps) -> Html {
    use_lang();
    let filter = use_state(String::new);
    let oninput = {
        let filter = filter.clone();
        Callback::from(move |e: InputEvent| filter.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()))
    };
    let needle = filter.trim().to_lowercase();
    let matching: Vec<&Row> = (props.rows.iter())
        .filter(|r| {
            needle.is_empty()
                || r.name.to_lowercase().contains(&needle)
                || pointer::to_path(&r.pointer).to_lowercase().contains(&needle)
                || r.pointer.contains(&needle)
        })
        .collect();
    let more = matching.len().saturating_sub(SHOWN);
    html! {
        <fieldset class="picker" id={props.id.clone()}>
            <legend>{ props.legend.clone() }</legend>
            <label>{ t("exercise-filter") }{ " " }<input type="search" id={format!("{}-filter", props.id)} value={(*filter).clone()} {oninput} /></label>
            <div class="scroll-box">
                <table class="picker-table">
                    <thead><tr><th scope="col">{ t("exercise-col-field") }</th><th scope="col">{ t("exercise-col-value") }</th><th scope="col"><span class="visually-hidden">{ t("exercise-col-actions") }</span></th></tr></thead>
                    <tbody>
                        { for matching.iter().take(SHOWN).map(|row| {
                            let chosen = props.chosen.contains(&row.pointer);
                            html! {
                                <tr data-row={row.pointer.clone()} class={classes!(chosen.then_some("chosen"))}>
                                    <td class="place" title={pointer::to_path(&row.pointer)}>{ row.name.clone() }</td>
                                    <td class="value">{ row.value.clone() }</td>
                                    <td class="actions">{ for props.actions.iter().map(|(label, cb)| {
                                        let (cb, p) = (cb.clone(), row.pointer.clone());
                                        html! { <button type="button" aria-pressed={chosen.then_some("true")} aria-label={t!("exercise-action-on", action = label.to_string(), place = row.name.clone())}
                                            onclick={Callback::from(move |_: MouseEvent| cb.emit(p.clone()))}>{ label.clone() }</button> }
                                    }) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </div>
            if more > 0 { <p class="hint">{ t!("exercise-more-rows", count = more.to_string()) }</p> }
        </fieldset>
    }
}

/// The numbers of a result, as picker rows (each value to three significant digits).
pub fn number_rows(kind: MechanismKind, scenario: &Value, result: &Value) -> Vec<Row> {
    pointer::numbers(result, SCANNED)
        .into_iter()
        .map(|(p, x)| Row {
            name: names::result(kind, scenario, result, &p),
            value: Precision::for_value(x).shown(x),
            pointer: p,
        })
        .collect()
}
