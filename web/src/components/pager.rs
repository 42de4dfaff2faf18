//! Paging for long tables: a 10,000-job import shows one page of rows, not 10,000.

use std::ops::Range;

use yew::prelude::*;

use crate::format::whole;
use crate::i18n::{t, use_lang};

/// The rows of the current page and the controls that move it (empty when one page holds all).
pub struct Page {
    pub rows: Range<usize>,
    pub controls: Html,
}

/// Pages of `per_page` rows over `total` rows. The page is kept when `total` changes and moved
/// back onto the last page when rows are removed past it. `id` names the controls' box.
#[hook]
pub fn use_page<I: Into<AttrValue>>(total: usize, per_page: usize, id: I) -> Page {
    use_lang();
    let page = use_state_eq(|| 0usize);
    let per_page = per_page.max(1);
    let pages = total.div_ceil(per_page).max(1);
    let current = (*page).min(pages - 1);
    if *page != current {
        // Rows were removed past the page: stay on the last page from now on.
        page.set(current);
    }
    let rows = current * per_page..((current + 1) * per_page).min(total);
    if pages == 1 {
        return Page { rows, controls: Html::default() };
    }
    let go = |to: usize| {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| page.set(to))
    };
    let id: AttrValue = id.into();
    let controls = html! {
        <div class="pager" {id}>
            <button class="first" aria-label={t("components-first-page")} onclick={go(0)} disabled={current == 0}>{ "«" }</button>
            <button class="previous" onclick={go(current.saturating_sub(1))} disabled={current == 0}>{ t("components-previous-page") }</button>
            <span class="rows">{ " " }{ crate::t!("components-page-rows", first = whole((rows.start + 1) as f64), last = whole(rows.end as f64), total = whole(total as f64)) }{ " " }</span>
            <button class="next" onclick={go((current + 1).min(pages - 1))} disabled={current + 1 >= pages}>{ t("components-next-page") }</button>
            <button class="last" aria-label={t("components-last-page")} onclick={go(pages - 1)} disabled={current + 1 >= pages}>{ "»" }</button>
        </div>
    };
    Page { rows, controls }
}
