//! Menus that show what the page holds. Yew writes an option's `selected` as an attribute, and a
//! browser moves a `<select>` to an option that gains the attribute only while the reader has not
//! chosen that option by hand (its "dirtiness"): after Undo, a kind menu could go on naming the
//! kind the reader had chosen before, not the one on the page. One observer of the whole page
//! makes every option that gains `selected` the selected one.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Keeps every `<select>` of the page on the option its `selected` attribute names (once per page).
pub fn keep_in_step() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let on_change = Closure::<dyn FnMut(js_sys::Array)>::new(|records: js_sys::Array| {
        for record in records.iter() {
            let Ok(record) = record.dyn_into::<web_sys::MutationRecord>() else { continue };
            let Some(option) = record.target().and_then(|t| t.dyn_into::<web_sys::HtmlOptionElement>().ok()) else {
                continue;
            };
            if option.has_attribute("selected") && !option.selected() {
                option.set_selected(true);
            }
        }
    });
    let Ok(observer) = web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref()) else { return };
    let options = web_sys::MutationObserverInit::new();
    options.set_subtree(true);
    options.set_attributes(true);
    options.set_attribute_filter(&js_sys::Array::of1(&"selected".into()));
    if observer.observe_with_options(&document, &options).is_ok() {
        // The observer lives as long as the page.
        on_change.forget();
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use wasm_bindgen::JsCast;

    /// An option the reader chose by hand, then another that gains `selected` (as Yew renders an
    /// Undo): the menu shows the second.
    #[wasm_bindgen_test::wasm_bindgen_test]
    async fn an_option_that_gains_selected_is_the_one_shown() {
        super::keep_in_step();
        let document = web_sys::window().unwrap().document().unwrap();
        let select: web_sys::HtmlSelectElement = document.create_element("select").unwrap().unchecked_into();
        let option = |value: &str| {
            let o: web_sys::HtmlOptionElement = document.create_element("option").unwrap().unchecked_into();
            o.set_value(value);
            select.append_child(&o).unwrap();
            o
        };
        let (a, b) = (option("a"), option("b"));
        document.body().unwrap().append_child(&select).unwrap();
        b.set_selected(true); // chosen by hand: dirty
        a.set_attribute("selected", "").unwrap();
        b.remove_attribute("selected").unwrap();
        // The observer runs as a microtask.
        for _ in 0..2 {
            wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(&wasm_bindgen::JsValue::NULL)).await.unwrap();
        }
        assert_eq!(select.value(), "a");
        select.remove();
    }
}
