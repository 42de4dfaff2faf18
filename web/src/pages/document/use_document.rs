//! Where a page's document comes from and where it goes: a share link, else the autosave, else
//! the page's example; every change is autosaved; a scenario of another mechanism (imported, or
//! in a link) opens on that mechanism's own page.

use std::ops::Deref;
use std::rc::Rc;

use cloudecon::Scenario;
use yew::prelude::*;
use yew_router::prelude::*;

use super::{DocAction, Document, PageState};
use crate::hooks::{use_errors, ErrorsHandle};
use crate::pages::route_of;
use crate::services::{share, storage};

/// Reads the share fragment, if any — a scenario of any mechanism, or why the link is damaged —
/// and removes it from the address (so that a reload keeps the later edits).
fn read_link() -> Option<Result<Scenario, String>> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let body = share::fragment_body(&hash)?;
    let path = window.location().pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        // Best effort: if the address cannot change, the link is simply read again on reload.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    Some(
        share::decode(body)
            .map_err(|e| format!("Could not open the shared link: {e}. Showing the example scenario instead.")),
    )
}

/// The longest address the hand-over to another page uses (browsers refuse longer ones: Chromium's
/// limit is 2 MiB).
const MAX_ADDRESS: usize = 2_000_000;

/// Opens `scenario` on its mechanism's page: navigates there with the scenario in a share
/// fragment, which that page reads as any share link. `replace` replaces the current history
/// entry instead of adding one (a link that pointed at the wrong page).
fn open_on_its_page(scenario: &Scenario, navigator: Option<&Navigator>, replace: bool) -> Result<(), String> {
    let kind = scenario.kind();
    let route = route_of(kind).ok_or_else(|| format!("{:?} scenarios have no page in this version.", kind.tag()))?;
    let url = format!("{}#s={}", route.to_path(), share::encode(scenario));
    let window = web_sys::window().ok_or("no browser window")?;
    let too_long = || {
        format!(
            "Could not open the {:?} scenario on its page (too large for an address); import the file there.",
            kind.tag()
        )
    };
    if url.len() > MAX_ADDRESS {
        return Err(too_long());
    }
    match navigator {
        Some(navigator) => {
            // The router switches pages on its own navigation; the new page renders after this
            // task, so the fragment is in the address by the time it reads it.
            if replace {
                navigator.replace(&route);
            } else {
                navigator.push(&route);
            }
            let history = window.history().map_err(|_| too_long())?;
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url)).map_err(|_| too_long())
        }
        None => window.location().set_href(&url).map_err(|_| too_long()),
    }
}

/// Reports a message in the error banner (in the console outside an errors provider).
fn report(errors: Option<&ErrorsHandle>, message: String) {
    match errors {
        Some(errors) => errors.report(message),
        None => web_sys::console::error_1(&message.into()),
    }
}

/// Where the page starts, decided once on its first render.
struct Start<S> {
    doc: Document<S>,
    /// A scenario of another mechanism from the link, to open on its own page.
    elsewhere: Option<Scenario>,
    /// A damaged link, explained.
    problem: Option<String>,
}

fn start<S: PageState>() -> Start<S> {
    let saved = || storage::load(S::KIND).as_ref().and_then(Document::from_scenario);
    match read_link() {
        Some(Ok(s)) if s.kind() == S::KIND => {
            Start { doc: Document::from_scenario(&s).unwrap_or_default(), elsewhere: None, problem: None }
        }
        Some(Ok(s)) => Start { doc: saved().unwrap_or_default(), elsewhere: Some(s), problem: None },
        Some(Err(message)) => Start { doc: Document::default(), elsewhere: None, problem: Some(message) },
        None => Start { doc: saved().unwrap_or_default(), elsewhere: None, problem: None },
    }
}

/// A page's document and what the page does with it. Every callback is created once for the
/// page's lifetime, so editors given one are not re-rendered by unrelated edits.
pub struct DocumentHandle<S: PageState> {
    doc: UseReducerHandle<Document<S>>,
    /// The scenario document (recomputed when the document changes).
    pub scenario: Rc<Scenario>,
    /// Every action: the shared ones and the page's own.
    pub dispatch: Callback<DocAction<S>>,
    /// The page's own edits.
    pub edit: Callback<S::Action>,
    /// Opens a scenario: on this page if it is of this mechanism, else on its mechanism's page.
    pub load: Callback<Scenario>,
    /// Back to the page's example.
    pub reset: Callback<()>,
}

impl<S: PageState> Deref for DocumentHandle<S> {
    type Target = Document<S>;

    fn deref(&self) -> &Document<S> {
        &self.doc
    }
}

/// The page's document (from a share link, else the autosave, else the example), its scenario,
/// the autosave of every change, and stable callbacks to change it.
#[hook]
pub fn use_document<S: PageState>() -> DocumentHandle<S> {
    let errors = use_errors();
    let navigator = use_navigator();
    let start = use_memo((), |_| {
        let Start { doc, elsewhere, problem } = start::<S>();
        (Rc::new(doc), elsewhere, problem)
    });
    let doc = {
        let first = Rc::clone(&start.0);
        use_reducer_eq(move || (*first).clone())
    };
    {
        // After the first render: explain a damaged link, or take the link to its own page.
        let (errors, navigator, start) = (errors.clone(), navigator.clone(), start.clone());
        use_effect_with((), move |_| {
            if let Some(message) = &start.2 {
                report(errors.as_ref(), message.clone());
            }
            if let Some(s) = &start.1 {
                if let Err(message) = open_on_its_page(s, navigator.as_ref(), true) {
                    report(errors.as_ref(), message);
                }
            }
        });
    }
    let scenario = use_memo((*doc).clone(), |d| d.to_scenario());
    {
        let errors = errors.clone();
        use_effect_with(Rc::clone(&scenario), move |s| {
            if let Err(e) = storage::save(s) {
                report(errors.as_ref(), e);
            }
        });
    }
    let dispatcher = doc.dispatcher();
    let dispatch = {
        let dispatcher = dispatcher.clone();
        use_callback((), move |a: DocAction<S>, _| dispatcher.dispatch(a))
    };
    let edit = {
        let dispatcher = dispatcher.clone();
        use_callback((), move |a: S::Action, _| dispatcher.dispatch(DocAction::Edit(a)))
    };
    let load = {
        let dispatcher = dispatcher.clone();
        use_callback((), move |s: Scenario, _| load_scenario::<S>(s, &dispatcher, errors.as_ref(), navigator.as_ref()))
    };
    let reset = use_callback((), move |(), _| dispatcher.dispatch(DocAction::Reset));
    DocumentHandle { doc, scenario, dispatch, edit, load, reset }
}

fn load_scenario<S: PageState>(
    scenario: Scenario,
    dispatcher: &UseReducerDispatcher<Document<S>>,
    errors: Option<&ErrorsHandle>,
    navigator: Option<&Navigator>,
) {
    match Document::<S>::from_scenario(&scenario) {
        Some(doc) => dispatcher.dispatch(DocAction::Load(doc)),
        None => {
            if let Err(message) = open_on_its_page(&scenario, navigator, false) {
                report(errors, message);
            }
        }
    }
}
