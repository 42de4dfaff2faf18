//! The teacher's "ask about a number on the page": result numbers name their place in the result
//! document (`data-result`, a JSON pointer); in this mode they are outlined and a click on one
//! makes a number task of it. (The list of the result's numbers is the keyboard's way to the same.)

use yew::prelude::*;

use super::locks::{attribute_of, css_string, listen};
use super::precision::Precision;

/// How the page shows the number at `pointer` of its result: the precision of the text of its
/// `data-result` element, or three significant digits of `x` when the page does not show it.
pub fn shown(pointer: &str, x: f64) -> Precision {
    let text = || {
        let doc = web_sys::window()?.document()?;
        let element = doc.query_selector(&format!("[data-result={}]", css_string(pointer))).ok()??;
        element.text_content()
    };
    text().as_deref().and_then(Precision::of_text).unwrap_or_else(|| Precision::for_value(x))
}

const STYLE: &str = "[data-result] { outline: 2px dashed var(--accent); outline-offset: -2px; cursor: copy; }\n\
                     [data-result]:hover { background: #fff4d6; }\n";

#[derive(Properties, PartialEq)]
pub struct ResultPickProps {
    /// Told the pointer of the number clicked.
    pub pick: Callback<String>,
}

/// While rendered: result numbers outlined, a click on one picks its pointer.
#[component]
pub fn ResultPick(props: &ResultPickProps) -> Html {
    use_effect_with(props.pick.clone(), |pick| {
        let pick = pick.clone();
        let listeners = listen(&["click"], move |event: &Event| {
            if let Some(pointer) = attribute_of(event, "data-result") {
                event.prevent_default();
                event.stop_propagation();
                pick.emit(pointer);
            }
        });
        move || drop(listeners)
    });
    html! { <style id="exercise-result-pick">{ STYLE }</style> }
}
