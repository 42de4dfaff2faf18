//! The coalition-values table of the calculator: one row per non-empty coalition, in bitmask
//! order (the shared [`CoalitionValues`] table, editable up to 12 players).

use std::rc::Rc;

use yew::prelude::*;

use super::state::{Action, ShapleyState, MAX_TABLE_PLAYERS};
use crate::components::CoalitionValues;
use crate::i18n::use_lang;

#[derive(Properties, PartialEq)]
pub struct CoalitionTableProps {
    pub state: ShapleyState,
    /// The document's seed (random games draw from it).
    pub seed: u64,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn CoalitionTable(props: &CoalitionTableProps) -> Html {
    use_lang();
    let s = &props.state;
    let rows = (1usize << s.players.len()) - 1;
    let players = Rc::new(s.players.clone());
    // Row k of the table is the coalition with bitmask k + 1 (the empty one is not listed).
    let row = {
        let (s, seed) = (s.clone(), props.seed);
        Callback::from(move |k: usize| {
            let mask = k as u32 + 1;
            (u64::from(mask), s.value(mask, seed))
        })
    };
    let editable = s.table_editable();
    let onchange = editable.then(|| props.dispatch.reform(|(mask, x): (u64, f64)| Action::SetValue(mask as u32, x)));
    let hint =
        (!editable).then(|| AttrValue::from(crate::t!("shapley-table-read-only", max = MAX_TABLE_PLAYERS.to_string())));
    html! { <CoalitionValues {players} {rows} {row} {onchange} {hint} pointer="/coalitions" /> }
}
