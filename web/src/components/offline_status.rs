//! Whether the playground works offline, in the footer of every page, and the announcement of a
//! new version (`services::offline`).
//!
//! The footer says where offline use stands — being prepared (with the download's progress),
//! available (and what it downloaded once), off (and what turning it on downloads), not possible
//! here (and why) — with the one button that changes it. A newer build that finished installing
//! beside the running one is announced in a box at the bottom of the screen: "Reload to update"
//! switches to it (the work on the page is autosaved), "Later" keeps the running one.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::{t, use_lang};
use crate::services::offline::{self, Message, Offline, Update};
use crate::t;

/// How long after the page's start the offline download begins: the page's own first result
/// comes first.
const START_DELAY_MS: u32 = 2_500;

/// What the component keeps between events.
#[derive(Default)]
struct Shared {
    /// The build that serves the page offline now (its worker's version), once known.
    running: RefCell<Option<String>>,
    /// Whether the page was served by a worker (a change of worker is then a new build).
    controlled: Cell<bool>,
    /// Whether the reader asked for the new version (the page reloads once it is in charge).
    asked: Cell<bool>,
    listeners: RefCell<Vec<EventListener>>,
}

#[component]
pub fn OfflineStatus() -> Html {
    use_lang();
    let state = use_reducer_eq(|| Held(Offline::Checking));
    let update = use_state_eq(|| Update::None);
    let dismissed = use_state_eq(|| false);
    let shared = use_memo((), |_| Rc::new(Shared::default()));
    {
        let (state, update, shared) = (state.dispatcher(), update.setter(), (*shared).clone());
        use_effect_with((), move |_| {
            let keep = Rc::clone(&shared);
            wasm_bindgen_futures::spawn_local(async move {
                gloo_timers::future::TimeoutFuture::new(START_DELAY_MS).await;
                begin(&shared, &state, &update).await;
            });
            move || keep.listeners.borrow_mut().clear()
        });
    }
    let start = {
        let state = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            let state = state.clone();
            offline::set_turned_off(false);
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(container) = offline::container() {
                    register(&container, &state).await;
                }
            });
        })
    };
    let remove = {
        let state = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            let state = state.clone();
            offline::set_turned_off(true);
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(container) = offline::container() {
                    offline::remove(&container).await;
                }
                state.dispatch(Act::Set(Offline::Off { bytes: None }));
                state.dispatch(Act::Set(Offline::Off { bytes: offline::download_size().await }));
            });
        })
    };
    let reload = {
        let shared = (*shared).clone();
        Callback::from(move |_: MouseEvent| {
            shared.asked.set(true);
            wasm_bindgen_futures::spawn_local(async move {
                let waiting = match offline::container() {
                    Ok(container) => offline::registration(&container).await.and_then(|r| r.waiting()),
                    Err(_) => None,
                };
                match waiting {
                    // The page reloads when the new worker is in charge (controllerchange).
                    Some(worker) => offline::skip_waiting(&worker),
                    None => reload_page(),
                }
            });
        })
    };
    let later = {
        let dismissed = dismissed.setter();
        Callback::from(move |_: MouseEvent| dismissed.set(true))
    };
    let line = match &state.0 {
        Offline::Checking => html! { { t("offline-checking") } },
        Offline::Unsupported(why) => html! { { t!("offline-impossible", reason = offline::reason(why)) } },
        Offline::Off { bytes } => html! {
            <>
                { t("offline-off") }{ " " }
                <button type="button" id="offline-start" onclick={start.clone()}>{ t("offline-start") }</button>
                if let Some(b) = bytes {
                    { " " }{ t!("offline-download-size", size = offline::megabytes(*b)) }
                }
            </>
        },
        Offline::Preparing { done, total } => html! {
            <>
                { t("offline-preparing") }{ " " }
                if *total > 0 {
                    <progress max={total.to_string()} value={done.to_string()} aria-label={t("offline-progress")}></progress>
                    { " " }{ t!("offline-of", done = offline::megabytes(*done), total = offline::megabytes(*total)) }
                } else {
                    { t("offline-starting") }
                }
            </>
        },
        Offline::Ready { bytes, update: downloading } => html! {
            <>
                if let Some(b) = bytes {
                    { t!("offline-ready-size", size = offline::megabytes(*b)) }
                } else {
                    { t("offline-ready") }
                }
                { " " }
                if let Some((done, total)) = downloading {
                    { t!("offline-updating", done = offline::megabytes(*done), total = offline::megabytes(*total)) }{ " " }
                }
                <button type="button" id="offline-remove" onclick={remove}>{ t("offline-remove") }</button>
            </>
        },
        Offline::Failed(why) => html! {
            <>
                { t!("offline-failed", reason = offline::reason(why)) }{ " " }
                <button type="button" id="offline-start" onclick={start}>{ t("offline-retry") }</button>
            </>
        },
    };
    let toast = match *update {
        Update::None => html! {},
        _ if *dismissed => html! {},
        Update::Waiting => html! {
            <div class="update-toast" role="status" id="update-toast">
                <span>{ t("update-ready") }</span>
                <button type="button" id="update-reload" onclick={reload.clone()}>{ t("update-reload") }</button>
                <button type="button" id="update-later" onclick={later.clone()}>{ t("update-later") }</button>
            </div>
        },
        Update::Elsewhere => html! {
            <div class="update-toast" role="status" id="update-toast">
                <span>{ t("update-elsewhere") }</span>
                <button type="button" id="update-reload" onclick={reload}>{ t("update-reload-now") }</button>
                <button type="button" id="update-later" onclick={later}>{ t("update-later") }</button>
            </div>
        },
    };
    html! {
        <>
            <p class="offline-status" id="offline-status" data-state={state.0.name()}>{ line }</p>
            { toast }
        </>
    }
}

impl Offline {
    /// The state's name (`data-state`, for tests and styles).
    fn name(&self) -> &'static str {
        match self {
            Offline::Checking => "checking",
            Offline::Unsupported(_) => "unsupported",
            Offline::Off { .. } => "off",
            Offline::Preparing { .. } => "preparing",
            Offline::Ready { .. } => "ready",
            Offline::Failed(_) => "failed",
        }
    }
}

/// The footer's state, changed by the worker's messages or set.
#[derive(PartialEq)]
struct Held(Offline);

enum Act {
    Set(Offline),
    Heard(Message, Option<String>),
}

impl Reducible for Held {
    type Action = Act;
    fn reduce(self: Rc<Self>, action: Act) -> Rc<Self> {
        Rc::new(Held(match action {
            Act::Set(s) => s,
            Act::Heard(msg, running) => self.0.on_message(&msg, running.as_deref()),
        }))
    }
}

fn reload_page() {
    if let Some(w) = web_sys::window() {
        // A page that cannot reload stays as it is; the reader can reload it.
        let _ = w.location().reload();
    }
}

/// Looks at the browser's service workers once the page has settled: listens to the worker's
/// messages, then reports the existing registration or makes one.
async fn begin(shared: &Rc<Shared>, state: &UseReducerDispatcher<Held>, update: &UseStateSetter<Update>) {
    let container = match offline::container() {
        Ok(c) => c,
        Err(why) => return state.dispatch(Act::Set(Offline::Unsupported(why))),
    };
    shared.controlled.set(container.controller().is_some());
    {
        let (shared_, state, update_) = (Rc::clone(shared), state.clone(), update.clone());
        let on_message = EventListener::new(&container, "message", move |e| {
            let Some(msg) = e.dyn_ref::<web_sys::MessageEvent>().and_then(|e| Message::read(&e.data())) else { return };
            let running = shared_.running.borrow().clone();
            if offline::announces_update(&msg, running.as_deref()) {
                update_.set(Update::Waiting);
            }
            match &msg {
                Message::Status { version, .. } => *shared_.running.borrow_mut() = Some(version.clone()),
                Message::Activated { version } if running.is_none() => {
                    *shared_.running.borrow_mut() = Some(version.clone())
                }
                _ => {}
            }
            state.dispatch(Act::Heard(msg, running));
        });
        let (shared_, update) = (Rc::clone(shared), update.clone());
        let on_change = EventListener::new(&container, "controllerchange", move |_| {
            if shared_.asked.get() {
                reload_page();
            } else if shared_.controlled.get() {
                update.set(Update::Elsewhere);
            }
            shared_.controlled.set(true);
        });
        shared.listeners.borrow_mut().extend([on_message, on_change]);
    }
    // Messages wait in a queue until the page says it listens.
    if let Ok(start) = js_sys::Reflect::get(&container, &"startMessages".into()) {
        if let Some(start) = start.dyn_ref::<js_sys::Function>() {
            let _ = start.call0(&container);
        }
    }
    if let Some(controller) = container.controller() {
        offline::ask_status(&controller);
    }
    match offline::registration(&container).await {
        Some(registration) => {
            watch_installs(shared, &registration, &container, update);
            if let Some(active) = registration.active() {
                state.dispatch(Act::Set(Offline::Ready { bytes: None, update: None }));
                offline::ask_status(&active);
            } else {
                state.dispatch(Act::Set(Offline::Preparing { done: 0, total: 0 }));
            }
            if registration.waiting().is_some() && container.controller().is_some() {
                update.set(Update::Waiting);
            }
        }
        None if offline::turned_off() || offline::saves_data() => {
            state.dispatch(Act::Set(Offline::Off { bytes: None }));
            state.dispatch(Act::Set(Offline::Off { bytes: offline::download_size().await }));
        }
        None => register(&container, state).await,
    }
}

/// Announces a newer build once its worker is installed beside the one in charge (the worker's
/// own message says so too; this also catches an install the page did not hear from).
fn watch_installs(
    shared: &Rc<Shared>,
    registration: &web_sys::ServiceWorkerRegistration,
    container: &web_sys::ServiceWorkerContainer,
    update: &UseStateSetter<Update>,
) {
    let (shared_, found, container, update) =
        (Rc::downgrade(shared), registration.clone(), container.clone(), update.clone());
    let listener = EventListener::new(registration, "updatefound", move |_| {
        let (Some(shared), Some(installing)) = (shared_.upgrade(), found.installing()) else { return };
        let (worker, container, update) = (installing.clone(), container.clone(), update.clone());
        let on_state = EventListener::new(&installing, "statechange", move |_| {
            if worker.state() == web_sys::ServiceWorkerState::Installed && container.controller().is_some() {
                update.set(Update::Waiting);
            }
        });
        shared.listeners.borrow_mut().push(on_state);
    });
    shared.listeners.borrow_mut().push(listener);
}

/// Registers the worker, which downloads everything (its messages tell the progress).
async fn register(container: &web_sys::ServiceWorkerContainer, state: &UseReducerDispatcher<Held>) {
    state.dispatch(Act::Set(Offline::Preparing { done: 0, total: 0 }));
    match offline::register(container).await {
        Ok(registration) => {
            // Registered again over a worker already there (after a removal the browser may
            // keep it until the page closes): it is ready now.
            if registration.installing().is_none() && registration.waiting().is_none() {
                if let Some(active) = registration.active() {
                    state.dispatch(Act::Set(Offline::Ready { bytes: None, update: None }));
                    offline::ask_status(&active);
                }
            }
        }
        Err(why) => state.dispatch(Act::Set(Offline::Failed(why))),
    }
}
