//! An editable table of a document's list (jobs, say): a page of rows at a time, the pager, a
//! button that adds a row and a hint — and [`RemoveButton`], the button at the end of a row.

use std::rc::Rc;

use yew::prelude::*;

use super::pager::use_page;

#[derive(Properties, PartialEq)]
pub struct RowsTableProps<T: Clone + PartialEq + 'static> {
    /// The table's id, also its class (`spot-jobs-table`).
    pub id: AttrValue,
    /// The pager's id.
    pub pager: AttrValue,
    /// Rows shown at once.
    pub per_page: usize,
    /// The list.
    pub items: Rc<Vec<T>>,
    /// The header row's cells.
    pub head: Html,
    /// Row `i` of item `i` (a `<tr>` keyed by `i`).
    pub row: Callback<(usize, T), Html>,
    /// The add button's id and the JSON pointer of the list it adds to.
    pub add_id: AttrValue,
    pub pointer: AttrValue,
    pub add_label: AttrValue,
    pub onadd: Callback<MouseEvent>,
    pub hint: AttrValue,
}

#[component]
pub fn RowsTable<T: Clone + PartialEq + 'static>(props: &RowsTableProps<T>) -> Html {
    let page = use_page(props.items.len(), props.per_page, props.pager.clone());
    html! {
        <>
            <div class="scroll">
            <table class={props.id.clone()} id={props.id.clone()}>
                <thead><tr>{ props.head.clone() }</tr></thead>
                <tbody>
                { for page.rows.clone().filter_map(|i| props.items.get(i).map(|x| props.row.emit((i, x.clone())))) }
                </tbody>
            </table>
            </div>
            { page.controls }
            <button id={props.add_id.clone()} data-pointer={props.pointer.clone()} onclick={props.onadd.clone()}>{ props.add_label.clone() }</button>
            <p class="hint">{ props.hint.clone() }</p>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct RemoveButtonProps {
    /// The JSON pointer of the list the row is removed from.
    pub pointer: AttrValue,
    #[prop_or_default]
    pub disabled: bool,
    pub onclick: Callback<MouseEvent>,
    /// The tooltip ("Remove this job").
    pub title: AttrValue,
    /// The accessible name ("Remove job 3").
    pub label: AttrValue,
}

/// The "−" button that removes a row.
#[component]
pub fn RemoveButton(props: &RemoveButtonProps) -> Html {
    html! {
        <button class="remove" data-pointer={props.pointer.clone()} disabled={props.disabled} onclick={props.onclick.clone()}
            title={props.title.clone()} aria-label={props.label.clone()}>{ "−" }</button>
    }
}
