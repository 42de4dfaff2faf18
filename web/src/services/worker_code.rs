//! A worker's code, downloaded once by the page and handed to every worker it starts: the run
//! worker ([`RUN`]) and, on a phone in a class game, the game's worker ([`PLAY`]).
//!
//! The page fetches the worker's glue (`NAME.js`) and wasm (`NAME_bg.wasm`) itself — so the
//! download shows its progress, and comes gzip-compressed from a plain host ([`super::site`]) —
//! and starts each worker from `blob:` URLs of those bytes. A worker never fetches its own code,
//! so nothing depends on the host's caching (a host that sends no cache headers would otherwise
//! be asked for the worker twice), on the folder the playground is served from, or on the network
//! once the page has it.

use std::cell::RefCell;
use std::rc::Rc;

use futures::channel::oneshot;

use super::site;

/// A caller's progress: bytes of the worker's wasm received, and the total when known.
pub type Progress = Rc<dyn Fn(u64, Option<u64>)>;

/// Where the worker's code is.
enum Code {
    Missing,
    /// Downloading; the callers waiting for it and their progress.
    Loading {
        progress: Vec<Progress>,
        waiting: Vec<oneshot::Sender<Result<String, String>>>,
    },
    /// The worker's loader script, as a `blob:` URL.
    Ready(String),
}

/// The run worker (`worker.js`, `worker_bg.wasm`): runs any scenario, study or benchmark.
pub const RUN: &str = "worker";
/// The phone's class-game worker (`play_worker.js`): previews and closes rounds.
pub const PLAY: &str = "play_worker";

thread_local! {
    /// Each worker's code, by name.
    static CODE: RefCell<Vec<(&'static str, Code)>> = const { RefCell::new(Vec::new()) };
}

/// Calls `f` with the state of worker `name`'s code.
fn with_code<T>(name: &'static str, f: impl FnOnce(&mut Code) -> T) -> T {
    CODE.with(|c| {
        let mut all = c.borrow_mut();
        let at = match all.iter().position(|(n, _)| *n == name) {
            Some(at) => at,
            None => {
                all.push((name, Code::Missing));
                all.len() - 1
            }
        };
        f(&mut all[at].1)
    })
}

/// Worker `name`'s loader script as a `blob:` URL (give it to `spawn`), if the page has it
/// already.
pub fn ready(name: &'static str) -> Option<String> {
    with_code(name, |c| match c {
        Code::Ready(url) => Some(url.clone()),
        _ => None,
    })
}

/// Worker `name`'s loader script as a `blob:` URL, downloading the worker's code the first time
/// (one download however many callers wait for it; each hears its progress). A failed download
/// is tried again by the next call.
pub async fn script(name: &'static str, progress: Progress) -> Result<String, String> {
    enum Next {
        Have(String),
        Wait(oneshot::Receiver<Result<String, String>>),
        Fetch,
    }
    let next = with_code(name, |code| match code {
        Code::Ready(url) => Next::Have(url.clone()),
        Code::Loading { progress: all, waiting } => {
            all.push(progress.clone());
            let (tx, rx) = oneshot::channel();
            waiting.push(tx);
            Next::Wait(rx)
        }
        Code::Missing => {
            *code = Code::Loading { progress: vec![progress.clone()], waiting: Vec::new() };
            Next::Fetch
        }
    });
    match next {
        Next::Have(url) => Ok(url),
        Next::Wait(rx) => rx.await.unwrap_or_else(|_| Err(crate::i18n::t("download-abandoned"))),
        Next::Fetch => {
            let result = download(name).await;
            let waiting = with_code(name, |code| {
                let old = std::mem::replace(
                    code,
                    match &result {
                        Ok(url) => Code::Ready(url.clone()),
                        Err(_) => Code::Missing,
                    },
                );
                match old {
                    Code::Loading { waiting, .. } => waiting,
                    _ => Vec::new(),
                }
            });
            for tx in waiting {
                // A caller that went away no longer waits.
                let _ = tx.send(result.clone());
            }
            result
        }
    }
}

/// Tells every caller waiting for worker `name` how the download goes.
fn tell(name: &'static str, received: u64, total: Option<u64>) {
    let all: Vec<Progress> = with_code(name, |c| match c {
        Code::Loading { progress, .. } => progress.clone(),
        _ => Vec::new(),
    });
    for p in all {
        p(received, total);
    }
}

/// Fetches the glue and the wasm together, and makes the loader script.
async fn download(name: &'static str) -> Result<String, String> {
    let (glue_file, wasm_file) = (format!("{name}.js"), format!("{name}_bg.wasm"));
    let progress = |received, total| tell(name, received, total);
    let (glue, wasm) =
        futures::join!(site::fetch_file(&glue_file, &|_, _| {}), site::fetch_file(&wasm_file, &progress));
    let glue = blob_url(&glue?, "text/javascript")?;
    let wasm = blob_url(&wasm?, "application/wasm")?;
    // The glue's current form of arguments (gloo-worker's own shim passes a bare path, which the
    // glue reports as deprecated in the console).
    // A module that cannot start (too little memory on a phone) rejects a promise, which the page
    // never hears of; the game's worker posts it as its panic instead (its protocol is JSON text,
    // `worker::game::Reply`), so the page fails what waits instead of waiting for ever.
    let on_failure = if name == PLAY {
        // The message in the page's language, around the error (JSON strings are JavaScript's).
        let said = crate::t!("class-worker-could-not-start", error = "\u{1}");
        let (before, after) = said.split_once('\u{1}').unwrap_or((&said, ""));
        let quote = |s: &str| serde_json::to_string(s).unwrap_or_default();
        format!(
            ".catch(function (e) {{ postMessage(JSON.stringify({{ panic: {{ message: {} + e + {} }} }})); }})",
            quote(before),
            quote(after)
        )
    } else {
        String::new()
    };
    let loader = format!("importScripts({glue:?});wasm_bindgen({{ module_or_path: {wasm:?} }}){on_failure};");
    blob_url(loader.as_bytes(), "text/javascript")
}

/// A `blob:` URL of `bytes` (kept for the page's lifetime: every worker it starts uses it).
fn blob_url(bytes: &[u8], kind: &str) -> Result<String, String> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(kind);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser cannot hold the worker's code")?;
    web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "the browser cannot hold the worker's code".into())
}
