//! What a rule's formula may read: each variable with its meaning and unit, from the core's
//! catalogue of the extension point (the runner's documentation says the same), and the
//! language's operators and functions, folded under a summary so that the field stays close to
//! its results.

use cloudecon::formula::Variable;
use yew::prelude::*;

use crate::i18n::{t, use_lang};

/// A message of the variable's (`components-var-<name>`: its meaning, `.unit` its unit), else the
/// core's English.
fn said(v: &Variable, unit: bool) -> String {
    let (id, english) = if unit {
        (format!("components-var-{}.unit", v.name), v.unit)
    } else {
        (format!("components-var-{}", v.name), v.meaning)
    };
    let text = t(&id);
    if text == id {
        english.to_string()
    } else {
        text
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
