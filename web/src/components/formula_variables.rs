//! What a rule's formula may read: each variable with its meaning and unit, from the core's
//! catalogue of the extension point (the runner's documentation says the same), and the
//! language's operators and functions, folded under a summary so that the field stays close to
//! its results.

use cloudecon::formula::Variable;
use yew::prelude::*;

use crate::i18n::{t, use_lang};

/// The message of a variable of the core's catalogues: its meaning, `.unit` its unit. Names are
/// unique within a catalogue, not across them (`t`, `last`): those are told apart by unit.
fn message_id(v: &Variable) -> Option<&'static str> {
    Some(match (v.name, v.unit) {
        ("<resource>", _) => "components-var-abacus-resource",
        ("contribution", _) => "components-var-cloudshare-contribution",
        ("utility", _) => "components-var-cloudshare-utility",
        ("usage", _) => "components-var-cloudshare-usage",
        ("processors", _) => "components-var-cloudshare-processors",
        ("waiting", _) => "components-var-cloudshare-waiting",
        ("last", "choices") => "components-var-cloudshare-last",
        ("t", "time units") => "components-var-cloudshare-t",
        ("demand_price", _) => "components-var-era-demand-price",
        ("remaining", _) => "components-var-era-remaining",
        ("capacity", _) => "components-var-era-capacity",
        ("promised", _) => "components-var-era-promised",
        ("i", _) => "components-var-era-i",
        ("t", "slots") => "components-var-era-t",
        ("now", _) => "components-var-era-now",
        ("m", _) => "components-var-spot-m",
        ("r", _) => "components-var-spot-r",
        ("q", _) => "components-var-spot-q",
        ("a", _) => "components-var-spot-a",
        ("c", _) => "components-var-spot-c",
        ("p", _) => "components-var-spot-p",
        ("v", _) => "components-var-spot-v",
        ("z", _) => "components-var-spot-z",
        ("h", _) => "components-var-spot-h",
        ("d", _) => "components-var-spot-d",
        ("last", _) => "components-var-spot-last",
        ("avg", _) => "components-var-spot-avg",
        _ => return None,
    })
}

/// A variable's meaning (or, with `unit`, its unit) in the page's language; the core's English
/// for a variable without a message.
fn said(v: &Variable, unit: bool) -> String {
    match (message_id(v), unit) {
        (Some(id), false) => t(id),
        (Some(id), true) => t(&[id, ".unit"].concat()),
        (None, false) => v.meaning.to_string(),
        (None, true) => v.unit.to_string(),
    }
}

#[derive(Properties, PartialEq)]
pub struct FormulaVariablesProps {
    pub variables: &'static [Variable],
}

#[component]
pub fn FormulaVariables(props: &FormulaVariablesProps) -> Html {
    use_lang();
    html! {
        <details class="formula-help">
            <summary>{ t("components-formula-help") }</summary>
            <table class="results-table formula-variables">
                <thead><tr><th>{ t("components-formula-variable") }</th><th>{ t("components-formula-meaning") }</th><th>{ t("components-formula-unit") }</th></tr></thead>
                <tbody>
                { for props.variables.iter().map(|v| html! {
                    <tr><td><code>{ v.name }</code></td><td>{ said(v, false) }</td><td>{ said(v, true) }</td></tr>
                }) }
                </tbody>
            </table>
            <p class="hint">{ t("components-formula-syntax") }</p>
        </details>
    }
}
