//! The phone's class-game worker, from the page's side (`worker::game` is the other side).
//!
//! One worker per page, started on first use from the code `worker_code` downloads ([`PLAY`]);
//! requests sent before it says `Ready` wait in a queue. Each answer goes to its request's
//! callback. A worker that panics, fails to start or cannot be downloaded fails every request
//! waiting for it, with the reason; the next request starts a new one.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::data;
use super::worker_code::{self, PLAY};
use crate::worker::game::{Ask, Reply, Request};
use cloudecon::data::DataFile;

type Callback = Box<dyn FnOnce(Result<Value, String>)>;

#[derive(Default)]
struct State {
    /// The worker, once started.
    worker: Option<web_sys::Worker>,
    /// Its handlers (dropped with it).
    handlers: Vec<Closure<dyn Fn(JsValue)>>,
    /// Downloading or starting: requests queue until `Ready`.
    starting: bool,
    ready: bool,
    next_id: u32,
    /// Requests not yet sent (the worker is not ready).
    queue: Vec<String>,
    /// Requests sent or queued, waiting for their answer.
    waiting: Vec<(u32, Callback)>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Starts downloading and starting the worker, if it is not there yet (the page calls this
/// after its first screen, so that the first preview does not wait for the download).
pub fn warm() {
    let start = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let start = s.worker.is_none() && !s.starting;
        s.starting |= start;
        start
    });
    if start {
        wasm_bindgen_futures::spawn_local(async {
            match worker_code::script(PLAY, Rc::new(|_, _| {})).await {
                Ok(script) => spawn(&script),
                Err(e) => fail_all(crate::t!("class-worker-not-loaded", error = e)),
            }
        });
    }
}

/// Asks the worker, with the texts of the data files `files` (fetched first from the
/// playground's `data/` folder, once a page); `reply` hears the answer, or why there is none.
pub fn ask(ask: Ask, files: Vec<&'static DataFile>, reply: impl FnOnce(Result<Value, String>) + 'static) {
    if data::pending(&files).is_none() {
        return ask_with(ask, files, reply);
    }
    wasm_bindgen_futures::spawn_local(async move {
        match data::fetch(&files).await {
            Ok(()) => ask_with(ask, files, reply),
            Err(e) => reply(Err(crate::t!("class-data-not-loaded", error = e))),
        }
    });
}

/// [`ask`] once the files are at hand.
fn ask_with(ask: Ask, files: Vec<&'static DataFile>, reply: impl FnOnce(Result<Value, String>) + 'static) {
    let held = data::held_of(&files);
    let texts = files.iter().filter_map(|f| Some((f.name.to_string(), held.get(f)?.to_string()))).collect();
    send(ask, texts, reply)
}

/// Sends a request (or queues it until the worker is ready).
fn send(ask: Ask, data: Vec<(String, String)>, reply: impl FnOnce(Result<Value, String>) + 'static) {
    let send = STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.next_id = s.next_id.wrapping_add(1).max(1);
        let id = s.next_id;
        let text = serde_json::to_string(&Request { id, ask, data, lang: crate::i18n::current().tag().to_string() })
            .unwrap_or_default();
        s.waiting.push((id, Box::new(reply)));
        match (&s.worker, s.ready) {
            (Some(worker), true) => Some((worker.clone(), text)),
            _ => {
                s.queue.push(text);
                None
            }
        }
    });
    match send {
        Some((worker, text)) => {
            if worker.post_message(&text.into()).is_err() {
                fail_all(crate::i18n::t("class-worker-not-answering"));
            }
        }
        None => warm(),
    }
}

/// Starts the worker from its loader script.
fn spawn(script: &str) {
    let worker = match web_sys::Worker::new(script) {
        Ok(w) => w,
        Err(_) => return fail_all(crate::i18n::t("class-worker-no-start")),
    };
    let onmessage = Closure::<dyn Fn(JsValue)>::new(|e: JsValue| {
        let text = e.dyn_ref::<web_sys::MessageEvent>().and_then(|e| e.data().as_string()).unwrap_or_default();
        match serde_json::from_str::<Reply>(&text) {
            Ok(Reply::Ready) => flush(),
            Ok(Reply::Answer { id, result }) => {
                let reply = STATE.with(|s| {
                    let mut s = s.borrow_mut();
                    let at = s.waiting.iter().position(|(i, _)| *i == id)?;
                    Some(s.waiting.remove(at).1)
                });
                if let Some(reply) = reply {
                    reply(result);
                }
            }
            Ok(Reply::Panic { message }) => fail_all(message),
            Err(_) => fail_all(crate::i18n::t("class-worker-unreadable-answer")),
        }
    });
    let onerror = Closure::<dyn Fn(JsValue)>::new(|e: JsValue| {
        let message = e.dyn_ref::<web_sys::ErrorEvent>().map(|e| e.message()).unwrap_or_default();
        fail_all(crate::t!("class-worker-failed", error = message));
    });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.worker = Some(worker);
        s.handlers = vec![onmessage, onerror];
    });
}

/// The worker is ready: sends the queued requests.
fn flush() {
    let (worker, queue) = STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.ready = true;
        s.starting = false;
        (s.worker.clone(), std::mem::take(&mut s.queue))
    });
    if let Some(worker) = worker {
        for text in queue {
            if worker.post_message(&text.into()).is_err() {
                return fail_all(crate::i18n::t("class-worker-not-answering"));
            }
        }
    }
}

/// Fails every waiting request with `message` and drops the worker (the next request starts a
/// new one).
fn fail_all(message: String) {
    let (waiting, worker, handlers) = STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.starting = false;
        s.ready = false;
        s.queue.clear();
        (std::mem::take(&mut s.waiting), s.worker.take(), std::mem::take(&mut s.handlers))
    });
    if let Some(worker) = worker {
        // No event of the stopped worker reaches the handlers dropped below.
        worker.set_onmessage(None);
        worker.set_onerror(None);
        worker.terminate();
    }
    // The handlers may be the caller: drop them after this call returns.
    if !handlers.is_empty() {
        wasm_bindgen_futures::spawn_local(async move { drop(handlers) });
    }
    for (_, reply) in waiting {
        reply(Err(message.clone()));
    }
}
