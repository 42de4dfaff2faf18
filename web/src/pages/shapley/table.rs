//! The coalition-values table: one row per non-empty coalition, in bitmask order, paged.

use yew::prelude::*;

use super::state::{Action, ShapleyState, MAX_TABLE_PLAYERS};
use crate::components::NumberField;

const ROWS_PER_PAGE: u32 = 64;

#[derive(Properties, PartialEq)]
pub struct CoalitionTableProps {
    pub state: ShapleyState,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn CoalitionTable(props: &CoalitionTableProps) -> Html {
    let s = &props.state;
    let n = s.players.len();
    let rows: u32 = (1u32 << n) - 1;
    let pages = rows.div_ceil(ROWS_PER_PAGE).max(1);
    let page = use_state(|| 0u32);
    let current = (*page).min(pages - 1);
    let editable = s.table_editable();
    let first = current * ROWS_PER_PAGE + 1;
    let last = (first + ROWS_PER_PAGE - 1).min(rows);
    let go = |to: u32| {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| page.set(to))
    };
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
                                <td><NumberField value={s.value(mask)} {onchange} disabled={!editable} label={format!("Value of {{{members}}}")} /></td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            if pages > 1 {
                <div class="pager">
                    <button onclick={go(current.saturating_sub(1))} disabled={current == 0}>{ "‹ Previous" }</button>
                    <span>{ format!(" rows {first}–{last} of {rows} ") }</span>
                    <button onclick={go((current + 1).min(pages - 1))} disabled={current + 1 >= pages}>{ "Next ›" }</button>
                </div>
            }
        </fieldset>
    }
}
