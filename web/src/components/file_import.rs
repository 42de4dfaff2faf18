//! The one file import: a button that reads the chosen file as text (a scenario as JSON,
//! observations as CSV), reachable with the keyboard. A file that cannot be read goes to the
//! error banner.

use yew::prelude::*;

use crate::hooks::use_errors;
use crate::services::files;

#[derive(Properties, PartialEq)]
pub struct FileImportProps {
    /// The file input's id (the label points at it).
    pub id: AttrValue,
    /// The button's text.
    pub label: AttrValue,
    /// The file types offered (the input's `accept`).
    pub accept: AttrValue,
    /// The chosen file's text.
    pub onload: Callback<String>,
}

#[component]
pub fn FileImport(props: &FileImportProps) -> Html {
    let errors = use_errors();
    let onchange = {
        let onload = props.onload.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            // Choosing the same file again must import it again.
            input.set_value("");
            let (onload, errors) = (onload.clone(), errors.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match (files::read_text(file).await, errors) {
                    (Ok(text), _) => onload.emit(text),
                    (Err(e), Some(errors)) => errors.report(e),
                    (Err(e), None) => web_sys::console::error_1(&e.into()),
                }
            });
        })
    };
    // The input is only visually hidden, before its label: it stays in the keyboard's tab order
    // (Enter or Space opens the file chooser) and its focus ring shows on the label.
    html! {
        <>
            <input id={props.id.clone()} class="file-input" type="file" accept={props.accept.clone()} {onchange} />
            <label class="button" for={props.id.clone()}>{ props.label.clone() }</label>
        </>
    }
}
