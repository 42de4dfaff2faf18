//! A panic in wasm kills the app; this hook at least tells the user, instead of a dead page.

use std::panic;

/// Installs a panic hook that shows the message in the `#panic` element and logs it.
pub fn install() {
    panic::set_hook(Box::new(|info| {
        let message = format!(
            "Something went wrong inside the playground and this page stopped working: {info}. \
             Your scenario was autosaved; reload the page to continue."
        );
        web_sys::console::error_1(&message.clone().into());
        let element = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("panic"));
        if let Some(el) = element {
            el.set_text_content(Some(&message));
            let _ = el.remove_attribute("hidden"); // already in a panic: nothing more to do
        }
    }));
}

/// In the worker there is no page: log the panic; the page notices the worker went silent.
pub fn install_in_worker() {
    panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("worker panicked: {info}").into());
    }));
}
