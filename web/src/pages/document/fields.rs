//! The title, notes and seed of a document: the same editor on every page.

use yew::prelude::*;

use super::{DocAction, PageState};
use crate::components::ParsedField;
use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct DocumentFieldsProps<S: PageState> {
    pub title: AttrValue,
    pub notes: AttrValue,
    pub seed: u64,
    pub dispatch: Callback<DocAction<S>>,
}

/// Title, notes and — on pages that draw at random — the seed, edited as a whole number (every
/// `u64`, exactly).
#[component]
pub fn DocumentFields<S: PageState>(props: &DocumentFieldsProps<S>) -> Html {
    use_lang();
    let ontitle = props
        .dispatch
        .reform(|e: InputEvent| DocAction::Title(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()));
    let onnotes = props
        .dispatch
        .reform(|e: InputEvent| DocAction::Notes(e.target_unchecked_into::<web_sys::HtmlTextAreaElement>().value()));
    html! {
        <>
            <div class="field-row">
                <span class="pair">
                    <label for="title">{ t("components-title") }</label>
                    <input id="title" data-pointer="/title" type="text" value={props.title.clone()} oninput={ontitle} placeholder={t("components-title-placeholder")} />
                </span>
            </div>
            <div class="field-row">
                <label for="notes">{ t("components-notes") }</label>
                <textarea id="notes" data-pointer="/notes" value={props.notes.clone()} oninput={onnotes} rows="2" placeholder={t("components-notes-placeholder")} />
            </div>
            if let Some(used) = S::seed_use() {
                <div class="field-row">
                    <span class="pair">
                        <label for="seed">{ t("components-seed") }</label>
                        <ParsedField<u64> id="seed" pointer="/seed" value={props.seed} onchange={props.dispatch.reform(DocAction::Seed)} label={t("components-seed")} />
                    </span>
                    <p class="hint">{ t("components-seed-hint") }{ " " }{ used }</p>
                </div>
            }
        </>
    }
}
