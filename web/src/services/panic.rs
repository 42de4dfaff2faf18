//! A panic in wasm kills the app; these hooks at least tell the user, instead of a dead page.
//!
//! Yew replaces any panic hook with its own when the app is rendered, unless the hook was set
//! through `yew::set_custom_panic_hook`: ours is, so it stays (an e2e test panics on purpose on the
//! test-only route `/__test/panic`). A worker has no page: its hook logs the panic and announces
//! it on a [`BroadcastChannel`](web_sys::BroadcastChannel) named [`WORKER_PANICS`], with the key
//! of the worker that panicked, so that the page fails that worker's run at once instead of
//! waiting for its silence.

use std::panic;
use std::sync::atomic::{AtomicU32, Ordering};

/// The channel on which workers announce their panics (`{ "worker": key, "message": text }`).
pub const WORKER_PANICS: &str = "cloudecon-worker-panics";

/// The key the page gave this worker (0 until its first run).
static WORKER_KEY: AtomicU32 = AtomicU32::new(0);

/// Installs the app's panic hook: the message in the `#panic` element, and in the console.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let message = crate::t!("panic-message", info = info.to_string());
        web_sys::console::error_1(&message.clone().into());
        let element = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("panic"));
        if let Some(el) = element {
            el.set_text_content(Some(&message));
            let _ = el.remove_attribute("hidden"); // already in a panic: nothing more to do
        }
    }));
}

/// Remembers which worker this is (the key comes with each run).
pub fn set_worker_key(key: u32) {
    WORKER_KEY.store(key, Ordering::Relaxed);
}

/// In the worker: log the panic and announce it to the page.
pub fn install_in_worker() {
    panic::set_hook(Box::new(|info| {
        let message = format!("worker panicked: {info}");
        web_sys::console::error_1(&message.clone().into());
        let note = serde_json::json!({ "worker": WORKER_KEY.load(Ordering::Relaxed), "message": message });
        if let Ok(channel) = web_sys::BroadcastChannel::new(WORKER_PANICS) {
            // Already in a panic: nothing more to do if the page cannot be told.
            let _ = channel.post_message(&note.to_string().into());
            channel.close();
        }
    }));
}

/// A worker's panic as the page hears it: the worker's key and the message.
pub fn read_worker_panic(data: &wasm_bindgen::JsValue) -> Option<(u32, String)> {
    let text = data.as_string()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    Some((u32::try_from(v.get("worker")?.as_u64()?).ok()?, v.get("message")?.as_str()?.to_string()))
}
