//! A drop zone for files (students' answer files, a study's merged table): drag files onto it,
//! or press its button (a labelled file input, in the keyboard's tab order) to choose them. Every file is read as text; a file that cannot be read
//! keeps its problem, so the page can list it.

use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::services::files;

/// A file given, as text (or why it could not be read).
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedFile {
    pub name: String,
    pub text: Result<String, String>,
}

#[derive(Properties, PartialEq)]
pub struct DropZoneProps {
    /// The file input's id (its label points at it).
    pub id: AttrValue,
    /// The button's text.
    pub label: AttrValue,
    /// What to drop here, in words (shown in the zone).
    pub hint: AttrValue,
    /// The file types offered (the input's `accept`).
    #[prop_or(AttrValue::Static(".json,application/json"))]
    pub accept: AttrValue,
    /// Whether several files may be given at once.
    #[prop_or(false)]
    pub multiple: bool,
    /// The files given, read, in the order given.
    pub onfiles: Callback<Vec<LoadedFile>>,
}

/// The files of a drop (the event's `dataTransfer.files`). Read by name, because the web-sys
/// `DataTransfer` binding is not among the crate's enabled features.
fn dropped_files(event: &DragEvent) -> Option<web_sys::FileList> {
    let transfer = js_sys::Reflect::get(event.as_ref(), &JsValue::from_str("dataTransfer")).ok()?;
    let list = js_sys::Reflect::get(&transfer, &JsValue::from_str("files")).ok()?;
    list.dyn_into::<web_sys::FileList>().ok()
}

/// Reads every file of `list` (up to `limit`) as text, then hands them over at once.
fn read_all(list: web_sys::FileList, limit: u32, onfiles: Callback<Vec<LoadedFile>>) {
    let chosen: Vec<web_sys::File> = (0..list.length().min(limit)).filter_map(|i| list.get(i)).collect();
    if chosen.is_empty() {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let mut loaded = Vec::with_capacity(chosen.len());
        for file in chosen {
            let name = file.name();
            loaded.push(LoadedFile { name, text: files::read_text(file).await });
        }
        onfiles.emit(loaded);
    });
}

#[component]
pub fn DropZone(props: &DropZoneProps) -> Html {
    let over = use_state_eq(|| false);
    let limit = if props.multiple { u32::MAX } else { 1 };
    let onchange = {
        let onfiles = props.onfiles.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(list) = input.files() else { return };
            read_all(list, limit, onfiles.clone());
            // Choosing the same files again must read them again.
            input.set_value("");
        })
    };
    let ondragover = {
        let over = over.clone();
        Callback::from(move |e: DragEvent| {
            // Without this the browser refuses the drop (and opens the file instead).
            e.prevent_default();
            over.set(true);
        })
    };
    let ondragleave = {
        let over = over.clone();
        Callback::from(move |_: DragEvent| over.set(false))
    };
    let ondrop = {
        let (over, onfiles) = (over.clone(), props.onfiles.clone());
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            over.set(false);
            if let Some(list) = dropped_files(&e) {
                read_all(list, limit, onfiles.clone());
            }
        })
    };
    // The stylesheet has no rule for drop zones yet: a dashed box, solid while files hover over it.
    let style = format!(
        "border: 2px {} #7a8699; border-radius: 8px; padding: .75rem 1rem; margin: .5rem 0; {}",
        if *over { "solid" } else { "dashed" },
        if *over { "background: #eef4fa;" } else { "" }
    );
    let class = classes!("drop-zone", over.then_some("over"));
    html! {
        <div {class} {style} id={format!("{}-zone", props.id)} {ondragover} {ondragleave} {ondrop}>
            <p class="hint">{ props.hint.clone() }</p>
            // Visually hidden but focusable, before its label (as in FileImport): Enter or Space
            // opens the file chooser, and the focus ring shows on the label.
            <input id={props.id.clone()} class="file-input" type="file" accept={props.accept.clone()}
                multiple={props.multiple} {onchange} />
            <label class="button" for={props.id.clone()}>{ props.label.clone() }</label>
        </div>
    }
}
