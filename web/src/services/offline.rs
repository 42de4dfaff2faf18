//! Offline use: the service worker that keeps the whole playground in this browser after one
//! visit (`static/service-worker.js`, written into `dist/sw.js` with the build's files by
//! `scripts/site.mjs`), as the page sees it.
//!
//! The page registers the worker a moment after its first result (so the download of every
//! bundle, ~8 MB, never slows the first load), unless the reader turned offline use off or the
//! browser asks to save data; the worker reports its download's progress, its installation and
//! its activation in messages (`{ source: "cloudecon-sw", type, version, … }`), which
//! [`Offline::on_message`] turns into what the footer says. A new build installs beside the
//! running one and waits until the reader asks for it ("reload to update").

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::{site, storage};

/// Where offline use stands, as the footer tells it.
#[derive(Debug, Clone, PartialEq)]
pub enum Offline {
    /// Not known yet (the page waits for its first result before asking).
    Checking,
    /// The browser cannot keep the playground (why).
    Unsupported(String),
    /// Off: turned off by the reader, or the browser asks to save data. `bytes`: what turning
    /// it on downloads, once known.
    Off { bytes: Option<u64> },
    /// Downloading every file: `done` of `total` bytes.
    Preparing { done: u64, total: u64 },
    /// Every page works offline; `bytes` were downloaded for it. `update`: a newer build
    /// downloading beside it (`done` of `total`).
    Ready { bytes: Option<u64>, update: Option<(u64, u64)> },
    /// The download failed (it is tried again on the next visit, or now by the reader).
    Failed(String),
}

/// A newer build, as the page announces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Update {
    None,
    /// Installed and waiting: the reader may reload to use it.
    Waiting,
    /// Another tab switched to it: this page runs the older build until it is reloaded.
    Elsewhere,
}

/// A message of the playground's service worker.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Progress { version: String, done: u64, total: u64 },
    Installed { version: String },
    Activated { version: String },
    Failed { version: String, message: String },
    Status { version: String, bytes: u64 },
}

impl Message {
    /// Reads a message event's data (`None`: not the playground's worker's).
    pub fn read(data: &JsValue) -> Option<Message> {
        let get = |key: &str| js_sys::Reflect::get(data, &key.into()).ok();
        let text = |key: &str| get(key).and_then(|v| v.as_string());
        let number =
            |key: &str| get(key).and_then(|v| v.as_f64()).filter(|n| n.is_finite() && *n >= 0.0).map(|n| n as u64);
        if text("source").as_deref() != Some("cloudecon-sw") {
            return None;
        }
        let version = text("version")?;
        Some(match text("type")?.as_str() {
            "progress" => Message::Progress { version, done: number("done")?, total: number("total")? },
            "installed" => Message::Installed { version },
            "activated" => Message::Activated { version },
            "failed" => Message::Failed { version, message: text("message").unwrap_or_default() },
            "status" => Message::Status { version, bytes: number("bytes")? },
            _ => return None,
        })
    }
}

impl Offline {
    /// The state after a message of the worker of build `version`; `running`: the build that
    /// serves the page offline now, if one does (messages of another build are an update's).
    pub fn on_message(&self, msg: &Message, running: Option<&str>) -> Offline {
        let is_update = |version: &str| running.is_some_and(|r| r != version);
        match (self, msg) {
            (Offline::Ready { bytes, .. }, Message::Progress { version, done, total }) if is_update(version) => {
                Offline::Ready { bytes: *bytes, update: Some((*done, *total)) }
            }
            (Offline::Ready { bytes, .. }, Message::Installed { version } | Message::Failed { version, .. })
                if is_update(version) =>
            {
                Offline::Ready { bytes: *bytes, update: None }
            }
            (_, Message::Progress { done, total, .. }) => Offline::Preparing { done: *done, total: *total },
            (Offline::Preparing { total, .. }, Message::Installed { .. } | Message::Activated { .. }) => {
                Offline::Ready { bytes: Some(*total), update: None }
            }
            (_, Message::Activated { .. }) => Offline::Ready { bytes: self.bytes(), update: None },
            (_, Message::Status { bytes, .. }) => match self {
                Offline::Ready { update, .. } => Offline::Ready { bytes: Some(*bytes), update: *update },
                other => other.clone(),
            },
            (_, Message::Failed { message, .. }) => Offline::Failed(message.clone()),
            (other, Message::Installed { .. }) => other.clone(),
        }
    }

    /// The bytes this state knows of.
    fn bytes(&self) -> Option<u64> {
        match self {
            Offline::Off { bytes } | Offline::Ready { bytes, .. } => *bytes,
            Offline::Preparing { total, .. } => Some(*total),
            _ => None,
        }
    }
}

/// A message of a newer build, installed while another one serves the page: announced.
pub fn announces_update(msg: &Message, running: Option<&str>) -> bool {
    matches!(msg, Message::Installed { version } if running.is_some_and(|r| r != version))
}

/// Megabytes, as the footer writes them ("8.2 MB").
pub fn megabytes(bytes: u64) -> String {
    crate::t!("offline-megabytes", size = crate::format::fixed(bytes as f64 / 1e6, 1))
}

/// A reason of [`container`] or [`register`] in the reader's language: ours are message ids
/// (`offline-…`), the browser's own text is shown as it is.
pub fn reason(why: &str) -> String {
    if why.starts_with("offline-") {
        crate::i18n::t(why)
    } else {
        why.to_string()
    }
}

/// The browser's service workers, if it has them here (not from `file://`, nor from an address
/// that is not secure: plain http but for localhost).
pub fn container() -> Result<web_sys::ServiceWorkerContainer, String> {
    let window = web_sys::window().ok_or("offline-no-window")?;
    if !window.is_secure_context() {
        return Err("offline-needs-https".into());
    }
    let navigator = window.navigator();
    let worker = js_sys::Reflect::get(&navigator, &"serviceWorker".into()).unwrap_or(JsValue::UNDEFINED);
    worker.dyn_into::<web_sys::ServiceWorkerContainer>().map_err(|_| "offline-unsupported".into())
}

/// The registration of the playground's worker, if there is one.
pub async fn registration(container: &web_sys::ServiceWorkerContainer) -> Option<web_sys::ServiceWorkerRegistration> {
    let found = JsFuture::from(container.get_registration_with_document_url(&site::root())).await.ok()?;
    found.dyn_into::<web_sys::ServiceWorkerRegistration>().ok()
}

/// Registers the playground's worker (`sw.js` beside `index.html`, for that folder).
pub async fn register(
    container: &web_sys::ServiceWorkerContainer,
) -> Result<web_sys::ServiceWorkerRegistration, String> {
    let options = web_sys::RegistrationOptions::new();
    options.set_scope(&site::root());
    let registered =
        JsFuture::from(container.register_with_options(&site::url("sw.js"), &options)).await.map_err(|e| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| "offline-refused".into())
        })?;
    registered.dyn_into().map_err(|_| "offline-refused".into())
}

/// Removes the offline copy: the worker and its caches (this folder's only).
pub async fn remove(container: &web_sys::ServiceWorkerContainer) {
    if let Some(registration) = registration(container).await {
        if let Ok(done) = registration.unregister() {
            // Best effort: a worker that stays is removed by the browser with the site's data.
            let _ = JsFuture::from(done).await;
        }
    }
    let Some(caches) = web_sys::window().and_then(|w| w.caches().ok()) else { return };
    let Ok(keys) = JsFuture::from(caches.keys()).await else { return };
    let prefix = format!("cloudecon {} ", site::root());
    for key in js_sys::Array::from(&keys).iter().filter_map(|k| k.as_string()) {
        if key.starts_with(&prefix) {
            let _ = JsFuture::from(caches.delete(&key)).await;
        }
    }
}

/// Asks a worker for its build and size (answered with a `status` message).
pub fn ask_status(worker: &web_sys::ServiceWorker) {
    let question = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&question, &"type".into(), &"status".into());
    // A worker that cannot be asked leaves the size unsaid.
    let _ = worker.post_message(&question);
}

/// Asks a waiting worker to take over (the page reloads when it has).
pub fn skip_waiting(worker: &web_sys::ServiceWorker) {
    let question = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&question, &"type".into(), &"skip-waiting".into());
    let _ = worker.post_message(&question);
}

/// Whether the browser asks pages to save data (Chromium's "Lite mode", a phone's data saver).
pub fn saves_data() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"connection".into()).ok())
        .filter(|c| c.is_object())
        .and_then(|c| js_sys::Reflect::get(&c, &"saveData".into()).ok())
        .and_then(|s| s.as_bool())
        .unwrap_or(false)
}

/// What making the playground available offline downloads, from the build's `build.json`.
pub async fn download_size() -> Option<u64> {
    let bytes = site::fetch_file("build.json", &|_, _| {}).await.ok()?;
    let build: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    build.get("bytes")?.as_u64()
}

/// Whether the reader turned offline use off (kept across visits).
pub fn turned_off() -> bool {
    storage::load_flag(OFF_KEY)
}

/// Keeps the reader's choice.
pub fn set_turned_off(off: bool) {
    storage::save_flag(OFF_KEY, off);
}

const OFF_KEY: &str = "cloudecon.v1.offline-off";

#[cfg(test)]
mod tests {
    use super::*;

    fn progress(version: &str, done: u64) -> Message {
        Message::Progress { version: version.into(), done, total: 100 }
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_first_install_goes_from_preparing_to_ready() {
        let s = Offline::Checking.on_message(&progress("a", 0), None);
        assert_eq!(s, Offline::Preparing { done: 0, total: 100 });
        let s = s.on_message(&progress("a", 60), None);
        assert_eq!(s, Offline::Preparing { done: 60, total: 100 });
        let s = s.on_message(&Message::Installed { version: "a".into() }, None);
        assert_eq!(s, Offline::Ready { bytes: Some(100), update: None });
        let s = s.on_message(&Message::Activated { version: "a".into() }, Some("a"));
        assert_eq!(s, Offline::Ready { bytes: Some(100), update: None });
        assert!(!announces_update(&Message::Installed { version: "a".into() }, None));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn an_update_downloads_beside_the_running_build_and_is_announced() {
        let ready = Offline::Ready { bytes: Some(100), update: None };
        let s = ready.on_message(&progress("b", 30), Some("a"));
        assert_eq!(s, Offline::Ready { bytes: Some(100), update: Some((30, 100)) });
        let installed = Message::Installed { version: "b".into() };
        assert!(announces_update(&installed, Some("a")));
        assert_eq!(s.on_message(&installed, Some("a")), ready);
        // A failed update leaves the running build as it is.
        let failed = Message::Failed { version: "b".into(), message: "HTTP 500".into() };
        assert_eq!(s.on_message(&failed, Some("a")), ready);
        // A failed first install says why.
        assert_eq!(
            Offline::Preparing { done: 1, total: 2 }.on_message(&failed, None),
            Offline::Failed("HTTP 500".into())
        );
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_status_gives_the_size() {
        let s = Offline::Ready { bytes: None, update: None };
        let status = Message::Status { version: "a".into(), bytes: 8_200_000 };
        assert_eq!(s.on_message(&status, Some("a")), Offline::Ready { bytes: Some(8_200_000), update: None });
        assert_eq!(megabytes(8_200_000), "8.2 MB");
        assert_eq!(Offline::Off { bytes: None }.on_message(&status, None), Offline::Off { bytes: None });
    }

    #[cfg(target_arch = "wasm32")]
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn messages_are_read_from_the_workers_objects_only() {
        let data =
            js_sys::JSON::parse(r#"{"source":"cloudecon-sw","type":"progress","version":"v","done":5,"total":9}"#)
                .unwrap();
        assert_eq!(Message::read(&data), Some(Message::Progress { version: "v".into(), done: 5, total: 9 }));
        for other in [
            r#"{"type":"progress","version":"v","done":5,"total":9}"#,
            r#""text""#,
            r#"{"source":"cloudecon-sw","type":"x","version":"v"}"#,
        ] {
            assert_eq!(Message::read(&js_sys::JSON::parse(other).unwrap()), None, "{other}");
        }
    }
}
