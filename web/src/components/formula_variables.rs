//! What a rule's formula may read: each variable with its meaning and unit, from the core's
//! catalogue of the extension point (the runner's documentation says the same), and the
//! language's operators and functions, folded under a summary so that the field stays close to
//! its results.

use cloudecon::formula::Variable;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FormulaVariablesProps {
    pub variables: &'static [Variable],
}

#[component]
pub fn FormulaVariables(props: &FormulaVariablesProps) -> Html {
    html! {
        <details class="formula-help">
            <summary>{ "Variables and functions" }</summary>
            <table class="results-table formula-variables">
                <thead><tr><th>{ "variable" }</th><th>{ "meaning" }</th><th>{ "unit" }</th></tr></thead>
                <tbody>
                { for props.variables.iter().map(|v| html! {
                    <tr><td><code>{ v.name }</code></td><td>{ v.meaning }</td><td>{ v.unit }</td></tr>
                }) }
                </tbody>
            </table>
            <p class="hint">{ "Numbers, + − * / ^ (power), parentheses, comparisons < <= > >= == !=, && || !, if(condition, then, else), \
                               min and max (two or more arguments), abs, sqrt, exp, ln, log10, pow, floor, ceil. \
                               A problem is shown with its line:column as you type; your text is kept." }</p>
        </details>
    }
}
