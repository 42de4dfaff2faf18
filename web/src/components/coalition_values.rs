//! The coalition-values table of any cooperative game: one row per coalition (members, size,
//! v(C)), paged; editable cell by cell when the page passes `onchange` (the Shapley calculator),
//! read-only otherwise (CloudShare's simulated coalitions).

use std::rc::Rc;

use yew::prelude::*;

use super::{use_page, NumberField};
use crate::format::whole;
use crate::i18n::{t, use_lang};

const ROWS_PER_PAGE: usize = 64;

#[derive(Properties, PartialEq)]
pub struct CoalitionValuesProps {
    /// The players, bit i of a coalition's mask being player i.
    pub players: Rc<Vec<String>>,
    /// How many rows the table has.
    pub rows: usize,
    /// Row k: its coalition's mask and value.
    pub row: Callback<usize, (u64, f64)>,
    /// A cell's new value, by mask (`None`: read-only).
    #[prop_or_default]
    pub onchange: Option<Callback<(u64, f64)>>,
    /// The legend (default: "Coalition values").
    #[prop_or_default]
    pub legend: Option<AttrValue>,
    /// Shown above the table.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// The table's id.
    #[prop_or(AttrValue::Static("coalition-table"))]
    pub id: AttrValue,
    /// The pager's id.
    #[prop_or("coalition-pager")]
    pub pager: &'static str,
    /// The JSON pointer of the scenario's list of coalitions when the values are its fields (row
    /// of mask `m` at index `m - 1`).
    #[prop_or_default]
    pub pointer: Option<AttrValue>,
}

#[component]
pub fn CoalitionValues(props: &CoalitionValuesProps) -> Html {
    use_lang();
    let page = use_page(props.rows, ROWS_PER_PAGE, props.pager);
    let legend = props.legend.as_ref().map_or_else(|| t("components-coalition-values"), |l| l.to_string());
    html! {
        <fieldset class="coalitions">
            <legend>{ crate::t!("components-coalitions-legend", legend = legend.clone(), count = whole(props.rows as f64)) }</legend>
            if let Some(hint) = &props.hint {
                <p class="hint">{ hint.clone() }</p>
            }
            <div class="scroll" tabindex="0" role="region" aria-label={legend}>
            <table class="coalition-table" id={props.id.clone()}>
                <thead><tr><th>{ t("components-coalition") }</th><th>{ t("components-coalition-size") }</th><th translate="no">{ "v(C)" }</th></tr></thead>
                <tbody>
                    { for page.rows.clone().map(|k| {
                        let (mask, value) = props.row.emit(k);
                        let members = props.players.iter().enumerate().filter(|(i, _)| *i < 64 && mask >> i & 1 == 1)
                            .map(|(_, p)| p.as_str()).collect::<Vec<_>>().join(", ");
                        let label = crate::t!("components-coalition-value-of", members = format!("{{{members}}}"));
                        let cell = match &props.onchange {
                            Some(f) => {
                                let pointer = props.pointer.as_ref().map(|p| AttrValue::from(format!("{p}/{}/value", mask.saturating_sub(1))));
                                html! { <NumberField {value} {pointer} onchange={f.reform(move |x: f64| (mask, x))} {label} /> }
                            }
                            // Read-only (CloudShare's measured values): a result, written for a reader.
                            None => html! { <output class="coalition-value" aria-label={label}>{ crate::format::decimal(value) }</output> },
                        };
                        html! {
                            <tr key={mask} data-mask={mask.to_string()}>
                                <td translate="no">{ format!("{{{members}}}") }</td>
                                <td>{ mask.count_ones() }</td>
                                <td>{ cell }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            </div>
            { page.controls }
        </fieldset>
    }
}
