//! The coalition-values table: one row per non-empty coalition, in bitmask order, paged.

use yew::prelude::*;

use super::state::{Action, ShapleyState, MAX_TABLE_PLAYERS};
use crate::components::{use_page, NumberField};

const ROWS_PER_PAGE: usize = 64;

#[derive(Properties, PartialEq)]
pub struct CoalitionTableProps {
    pub state: ShapleyState,
    /// The document's seed (random games draw from it).
    pub seed: u64,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn CoalitionTable(props: &CoalitionTableProps) -> Html {
    let s = &props.state;
    let n = s.players.len();
    let rows: u32 = (1u32 << n) - 1;
    let page = use_page(rows as usize, ROWS_PER_PAGE, "coalition-pager");
    let editable = s.table_editable();
    // Row k of the table is the coalition with bitmask k + 1 (the empty one is not listed).
    let (first, last) = (page.rows.start as u32 + 1, page.rows.end as u32);
    html! {
        <fieldset class="coalitions">
            <legend>{ format!("Coalition values ({rows} coalitions)") }</legend>
            if !editable {
                <p class="hint">{ format!("Games with more than {MAX_TABLE_PLAYERS} players are defined by their formula; the values below are read-only.") }</p>
            }
            <table class="coalition-table" id="coalition-table">
                <thead><tr><th>{ "Coalition" }</th><th>{ "Size" }</th><th>{ "v(C)" }</th></tr></thead>
                <tbody>
                    { for (first..=last).map(|mask| {
                        let members = s.players.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, p)| p.as_str()).collect::<Vec<_>>().join(", ");
                        let onchange = props.dispatch.reform(move |x: f64| Action::SetValue(mask, x));
                        html! {
                            <tr key={mask} data-mask={mask.to_string()}>
                                <td>{ format!("{{{members}}}") }</td>
                                <td>{ mask.count_ones() }</td>
                                <td><NumberField value={s.value(mask, props.seed)} {onchange} disabled={!editable} label={format!("Value of {{{members}}}")} /></td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            { page.controls }
        </fieldset>
    }
}
