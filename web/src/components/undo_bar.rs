//! Undo for whatever replaced the whole scenario (a preset, an import, Reset, a link, an exercise
//! opened or left): a button that says what it takes back, and Ctrl+Z outside text fields (the
//! page's document hook listens for it). When a link replaced the work the page had, it says so.

use yew::prelude::*;

use crate::i18n::{t, use_lang};

/// What Undo would take back.
#[derive(Debug, Clone, PartialEq)]
pub struct UndoOffer {
    /// The replacement, in words ("loading “ERA: …”", "Reset").
    pub what: String,
    /// The replacement was undone: the button redoes it.
    pub redo: bool,
    /// A link (or an exercise link) replaced the work the page had.
    pub link: bool,
}

#[derive(Properties, PartialEq)]
pub struct UndoBarProps {
    pub offer: Option<UndoOffer>,
    pub onundo: Callback<()>,
}

#[component]
pub fn UndoBar(props: &UndoBarProps) -> Html {
    use_lang();
    let Some(offer) = &props.offer else { return Html::default() };
    let onclick = props.onundo.reform(|_: MouseEvent| ());
    let (label, note) = match (offer.redo, offer.link) {
        (false, true) => (t("components-undo-bring-back"), Some(t("components-undo-link-note"))),
        (false, false) => (crate::t!("components-undo", what = offer.what.clone()), None),
        (true, _) => (crate::t!("components-redo", what = offer.what.clone()), None),
    };
    html! {
        <div class={classes!("undo-bar", offer.link.then_some("replaced"))} id="undo-bar" role="status">
            if let Some(note) = note { <span class="undo-note">{ note }{ " " }</span> }
            <button id="undo" {onclick} title={t("components-undo-title")}>{ label }</button>
        </div>
    }
}
