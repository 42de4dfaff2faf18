//! Where a page's document comes from and where it goes: a share link, else the autosave, else
//! the page's example; every change is autosaved; a scenario of another mechanism (imported, or
//! in a link) opens on that mechanism's own page. An exercise link opens its exercise, which stays
//! open (across reloads) until the student leaves it; its locked fields guard the document.

use std::ops::Deref;
use std::rc::Rc;

use cloudecon::exercise::ExerciseDocument;
use cloudecon::Scenario;
use yew::prelude::*;
use yew_router::prelude::*;

use wasm_bindgen::JsCast;

use super::{DocAction, Document, Guard, Guarded, PageState, Replaced, Replacement};
use crate::components::{preset_description, ExerciseDoc, PresetMenu, UndoBar, UndoOffer};
use crate::hooks::{use_errors, ErrorsHandle};
use crate::i18n::Text;
use crate::pages::route_of;
use crate::services::share::{self, Shared};
use crate::services::{data, storage};

/// Reads the share fragment, if any — a scenario or exercise of any mechanism, or why the link is
/// damaged — and removes it from the address (so that a reload keeps the later edits).
fn read_link() -> Option<Result<Shared, Text>> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let body = share::fragment_body(&hash)?;
    // The query stays: a link pinned to a language (`?lang=zh-CN`) keeps it across a reload.
    let path = window.location().pathname().unwrap_or_default() + &window.location().search().unwrap_or_default();
    if let Ok(history) = window.history() {
        // Best effort: if the address cannot change, the link is simply read again on reload.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    Some(share::decode(body).map_err(|e| crate::said!("components-link-unreadable", reason = share::error_text(&e))))
}

/// The longest address the hand-over to another page uses (browsers refuse longer ones: Chromium's
/// limit is 2 MiB).
const MAX_ADDRESS: usize = 2_000_000;

/// Opens a scenario (or exercise) on its mechanism's page: navigates there with it in a share
/// fragment, which that page reads as any share link. `replace` replaces the current history
/// entry instead of adding one (a link that pointed at the wrong page).
fn open_on_its_page(shared: &Shared, navigator: Option<&Navigator>, replace: bool) -> Result<(), String> {
    let kind = shared.scenario().kind();
    let route =
        route_of(kind).ok_or_else(|| crate::t!("components-link-no-page", mechanism = format!("{:?}", kind.tag())))?;
    let body = match shared {
        Shared::Scenario(s) => share::encode(s),
        Shared::Exercise(e) => share::encode_exercise(e),
    };
    let url = format!("{}#s={body}", route.href());
    let window = web_sys::window().ok_or("no browser window")?;
    let too_long = || crate::t!("components-link-too-large", mechanism = format!("{:?}", kind.tag()));
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
fn report(errors: Option<&ErrorsHandle>, message: impl Into<Text>) {
    let message = message.into();
    match errors {
        Some(errors) => errors.report(message),
        None => web_sys::console::error_1(&message.show().into()),
    }
}

/// Where the page starts, decided once on its first render.
struct Start<S> {
    doc: Document<S>,
    /// The open exercise.
    exercise: Option<Rc<ExerciseDocument>>,
    /// A scenario or exercise of another mechanism from the link, to open on its own page.
    elsewhere: Option<Shared>,
    /// A damaged link, explained.
    problem: Option<Text>,
    /// What Undo brings back: the work a link replaced, or the saved Undo.
    undo: Option<Rc<Replaced<S>>>,
    /// The preset the document came from: the saved work's (none for a link's document).
    preset: Option<String>,
}

/// Whether `e` is the exercise open on this page (a link to it again continues the work).
fn is_open<S: PageState>(e: &ExerciseDocument) -> bool {
    storage::load_exercise(S::KIND).is_some_and(|o| o.fingerprint() == e.fingerprint())
}

/// The saved Undo of the page.
fn saved_undo<S: PageState>() -> Option<Rc<Replaced<S>>> {
    let (scenario, saved) = storage::load_undo(S::KIND)?;
    let by = match saved.by.as_str() {
        "loaded" => Replacement::Loaded(saved.title),
        "reset" => Replacement::Reset,
        "link" => Replacement::Link,
        "exercise" => Replacement::Exercise(saved.title),
        "left-exercise" => Replacement::LeftExercise,
        "back-to-exercise" => Replacement::BackToExercise,
        // The edit as data (JSON); an Undo saved before that, its words as they were.
        "edit" => Replacement::Edit(serde_json::from_str(&saved.title).unwrap_or(Text::Plain(saved.title))),
        _ => return None,
    };
    Some(Rc::new(Replaced { doc: Document::from_scenario(&scenario)?, by, undone: saved.undone, preset: saved.preset }))
}

/// The Undo as saved.
fn to_saved<S: PageState>(undo: &Replaced<S>) -> storage::SavedUndo {
    let (by, title) = match &undo.by {
        Replacement::Loaded(t) => ("loaded", t.clone()),
        Replacement::Reset => ("reset", String::new()),
        Replacement::Link => ("link", String::new()),
        Replacement::Exercise(t) => ("exercise", t.clone()),
        Replacement::LeftExercise => ("left-exercise", String::new()),
        Replacement::BackToExercise => ("back-to-exercise", String::new()),
        Replacement::Edit(what) => ("edit", serde_json::to_string(what).unwrap_or_default()),
    };
    storage::SavedUndo {
        scenario: undo.doc.to_scenario().to_value(),
        by: by.into(),
        title,
        undone: undo.undone,
        preset: undo.preset.clone(),
    }
}

/// The work a link replaces, kept for Undo (when there was work and it differs).
fn replaced_by_link<S: PageState>(
    saved: Option<Document<S>>,
    new: &Document<S>,
    by: Replacement,
) -> Option<Rc<Replaced<S>>> {
    let preset = storage::load_preset_name(S::KIND);
    saved.filter(|s| s != new).map(|doc| Rc::new(Replaced { doc, by, undone: false, preset }))
}

fn start<S: PageState>() -> Start<S> {
    let saved = || storage::load(S::KIND).as_ref().and_then(Document::from_scenario);
    let open = || storage::load_exercise(S::KIND).map(Rc::new);
    let plain = |doc, exercise, undo| Start { doc, exercise, elsewhere: None, problem: None, undo, preset: None };
    // The saved work, named by the preset it came from.
    let kept = |doc, exercise, undo| Start { preset: storage::load_preset_name(S::KIND), ..plain(doc, exercise, undo) };
    match read_link() {
        Some(Ok(Shared::Exercise(e))) if e.scenario.kind() == S::KIND => {
            // The same exercise again: the student's work continues; a new one starts afresh,
            // and the work it replaces is kept (for Undo now, and for when the exercise is left).
            if is_open::<S>(&e) {
                let doc = saved().or_else(|| Document::from_scenario(&e.scenario)).unwrap_or_default();
                return kept(doc, Some(Rc::new(e)), saved_undo());
            }
            let doc = Document::from_scenario(&e.scenario).unwrap_or_default();
            let before = saved();
            if storage::load_exercise(S::KIND).is_none() {
                if let Some(b) = &before {
                    // Best effort: without storage there is nothing to come back to after a reload.
                    let _ = storage::save_before_exercise(S::KIND, Some(&b.to_scenario()));
                }
            }
            // Best effort: without storage the exercise is open until the page is left.
            let _ = storage::save_exercise(S::KIND, Some(&e));
            let undo = replaced_by_link(before, &doc, Replacement::Exercise(e.exercise.title.clone()));
            plain(doc, Some(Rc::new(e)), undo)
        }
        Some(Ok(Shared::Scenario(s))) if s.kind() == S::KIND => {
            // A scenario link closes the open exercise (its answers stay saved with it).
            let _ = storage::save_exercise(S::KIND, None);
            let doc = Document::from_scenario(&s).unwrap_or_default();
            let undo = replaced_by_link(saved(), &doc, Replacement::Link);
            plain(doc, None, undo)
        }
        Some(Ok(other)) => Start { elsewhere: Some(other), ..kept(saved().unwrap_or_default(), open(), saved_undo()) },
        Some(Err(message)) => Start { problem: Some(message), ..plain(Document::default(), None, None) },
        None => match saved() {
            Some(doc) => kept(doc, open(), saved_undo()),
            None => plain(Document::default(), open(), saved_undo()),
        },
    }
}

/// A page's document and what the page does with it. Every callback is created once for the
/// page's lifetime, so editors given one are not re-rendered by unrelated edits.
pub struct DocumentHandle<S: PageState> {
    doc: UseReducerHandle<Guarded<S>>,
    /// The open exercise, if any.
    pub exercise: Option<Rc<ExerciseDocument>>,
    /// Opens an exercise on this page (from its scenario), or with `None` leaves the open one
    /// (bringing back the work from before it).
    pub set_exercise: Callback<Option<ExerciseDocument>>,
    /// Why the last change was refused (a locked field), with a counter.
    pub refused: Option<(u32, String)>,
    /// Lifts the open exercise's locks (`true`: teacher mode edits freely) or puts them back.
    pub lift_locks: Callback<bool>,
    /// The scenario document (recomputed when the document changes).
    pub scenario: Rc<Scenario>,
    /// Every action: the shared ones and the page's own.
    pub dispatch: Callback<DocAction<S>>,
    /// The page's own edits.
    pub edit: Callback<S::Action>,
    /// Opens a scenario: on this page if it is of this mechanism, else on its mechanism's page.
    pub load: Callback<Scenario>,
    /// Loads a preset by name (and the menu shows it while the document is that preset).
    pub load_preset: Callback<String>,
    /// The preset last loaded, and whether the document was edited since.
    pub preset: Option<(String, bool)>,
    /// The data being fetched for a preset (its description), if any.
    pub fetching: Option<String>,
    /// Back to the page's example.
    pub reset: Callback<()>,
    /// Brings back what the last replacement replaced (again: redoes it).
    pub undo: Callback<()>,
    /// The open exercise's own scenario again (its locks too), kept for Undo.
    back_to_exercise: Callback<()>,
}

impl<S: PageState> DocumentHandle<S> {
    /// What the exercise panel needs of the document.
    pub fn exercise_doc(&self) -> ExerciseDoc {
        ExerciseDoc {
            exercise: self.exercise.clone(),
            scenario: Rc::clone(&self.scenario),
            set_exercise: self.set_exercise.clone(),
            back: self.back_to_exercise.clone(),
            // The exercise panel offers Undo beside its note while going back is what Undo takes
            // back (the page's Undo bar does the same).
            undo_back: self
                .doc
                .undo
                .as_ref()
                .filter(|u| u.by == Replacement::BackToExercise && !u.undone)
                .map(|_| self.undo.clone()),
            refused: self.refused.clone(),
            lift_locks: self.lift_locks.clone(),
        }
    }

    /// What Undo would take back: its words, whether it is a redo, and whether a link replaced
    /// the page's work.
    pub fn undo_offer(&self) -> Option<UndoOffer> {
        self.doc.undo.as_ref().map(|u| UndoOffer {
            what: u.by.describe(),
            redo: u.undone,
            link: matches!(u.by, Replacement::Link | Replacement::Exercise(_)) && !u.undone,
        })
    }

    /// The page's preset menu (showing the loaded preset) and its Undo.
    pub fn presets_and_undo(&self) -> Html {
        html! {
            <>
                <PresetMenu kind={S::KIND} onload={self.load_preset.clone()} current={self.preset.clone()} fetching={self.fetching.clone()} />
                <UndoBar offer={self.undo_offer()} onundo={self.undo.clone()} />
            </>
        }
    }
}

impl<S: PageState> Deref for DocumentHandle<S> {
    type Target = Document<S>;

    fn deref(&self) -> &Document<S> {
        &self.doc.doc
    }
}

/// Whether a key press happened outside anything that edits text (where Ctrl+Z is the field's
/// own undo).
fn outside_text_fields(e: &web_sys::KeyboardEvent) -> bool {
    let Some(target) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return true };
    let tag = target.tag_name().to_ascii_lowercase();
    !(matches!(tag.as_str(), "input" | "textarea" | "select")
        || target.closest("[contenteditable]").ok().flatten().is_some())
}

/// The page's document (from a share link, else the autosave, else the example), its scenario,
/// the autosave of every change, and stable callbacks to change it.
#[hook]
pub fn use_document<S: PageState>() -> DocumentHandle<S> {
    let errors = use_errors();
    let navigator = use_navigator();
    let start = use_memo((), |_| {
        let Start { doc, exercise, elsewhere, problem, undo, preset } = start::<S>();
        (Rc::new(doc), elsewhere, problem, exercise, undo, preset)
    });
    let exercise = use_state(|| start.3.clone());
    let doc = {
        let (first, guard, undo, preset) =
            (Rc::clone(&start.0), start.3.as_deref().and_then(Guard::of), start.4.clone(), start.5.clone());
        use_reducer_eq(move || Guarded { guard, undo, preset, ..Guarded::new((*first).clone()) })
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
    let scenario = use_memo(doc.doc.clone(), |d| d.to_scenario());
    {
        let errors = errors.clone();
        use_effect_with(Rc::clone(&scenario), move |s| {
            if let Err(e) = storage::save(s) {
                report(errors.as_ref(), e);
            }
        });
    }
    {
        // The Undo survives a reload too (best effort: it is a convenience, the work is saved).
        use_effect_with(doc.undo.clone(), move |u| {
            let _ = storage::save_undo(S::KIND, u.as_deref().map(to_saved).as_ref());
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
        let (errors, navigator) = (errors.clone(), navigator.clone());
        use_callback((), move |s: Scenario, _| load_scenario::<S>(s, &dispatcher, errors.as_ref(), navigator.as_ref()))
    };
    // The preset the work came from (the document's, so Undo names the right one), kept
    // across reloads.
    let preset_name = doc.preset.clone();
    {
        use_effect_with(preset_name.clone(), move |name| {
            // Best effort: the menu then forgets which preset it was after a reload.
            let _ = storage::save_preset_name(S::KIND, name.as_deref());
        });
    }
    // What the page is fetching for a preset that replays real data ("the first 14 days of …").
    let fetching = use_state(|| None::<String>);
    // Bumped when fetched data arrives: the "(edited)" comparison can then be made.
    let data_arrived = use_state(|| 0u32);
    // Counts preset choices: data that arrives for an earlier choice loads nothing.
    let choice = use_memo((), |_| std::cell::Cell::new(0u32));
    let load_preset = {
        let (dispatcher, fetching) = (dispatcher.clone(), fetching.setter());
        let (errors, choice) = (errors.clone(), Rc::clone(&choice));
        use_callback((), move |name: String, _| {
            let Some(p) = cloudecon::presets::find(&name) else { return };
            let this = choice.get().wrapping_add(1);
            choice.set(this);
            let choice = Rc::clone(&choice);
            let dispatcher = dispatcher.clone();
            let apply = move |scenario: &Scenario| {
                if let Some(doc) = Document::<S>::from_scenario(scenario) {
                    dispatcher.dispatch(DocAction::Preset(doc, name));
                }
            };
            if let Ok(scenario) = data::preset_scenario(&p) {
                fetching.set(None); // an earlier choice's download no longer matters
                return apply(&scenario);
            }
            // Its data first, from the bundle (once a session); the page stays usable meanwhile.
            fetching.set(data::pending(p.data));
            let (fetching, errors) = (fetching.clone(), errors.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let fetched = data::fetch(p.data).await;
                if choice.get() != this {
                    return; // another preset was chosen meanwhile
                }
                fetching.set(None);
                match fetched.and_then(|()| {
                    data::preset_scenario(&p)
                        .map_err(|f| crate::t!("components-data-missing", what = crate::services::data::described(f)))
                }) {
                    Ok(scenario) => apply(&scenario),
                    Err(e) => report(
                        errors.as_ref(),
                        crate::t!("components-preset-not-loaded", preset = preset_description(&p), reason = e),
                    ),
                }
            });
        })
    };
    let preset = use_memo((preset_name.clone(), Rc::clone(&scenario), *data_arrived), |(name, scenario, _)| {
        let name = name.clone()?;
        let p = cloudecon::presets::find(&name).filter(|p| p.mechanism == S::KIND)?;
        // A preset whose data is not fetched yet (after a reload) counts as unedited until it is.
        // Its title and notes do not count (they are in the language it was loaded in), as for an
        // exercise's scenario.
        let edited = data::preset_scenario(&p).is_ok_and(|s| s.seed != scenario.seed || s.spec != scenario.spec);
        Some((name, edited))
    });
    {
        // After a reload on a preset that replays data: fetch it, to tell whether it was edited.
        let data_arrived = data_arrived.clone();
        use_effect_with(preset_name.clone(), move |name| {
            let p = name.as_deref().and_then(cloudecon::presets::find).filter(|p| p.mechanism == S::KIND);
            if let Some(p) = p.filter(|p| data::pending(p.data).is_some()) {
                wasm_bindgen_futures::spawn_local(async move {
                    if data::fetch(p.data).await.is_ok() {
                        data_arrived.set(*data_arrived + 1);
                    }
                });
            }
        });
    }
    let reset = {
        let dispatcher = dispatcher.clone();
        use_callback((), move |(), _| dispatcher.dispatch(DocAction::Reset))
    };
    let undo = {
        let dispatcher = dispatcher.clone();
        use_callback((), move |(), _| dispatcher.dispatch(DocAction::Undo))
    };
    {
        // Ctrl+Z (⌘Z) outside text fields is the page's Undo.
        let dispatcher = dispatcher.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().and_then(|w| w.document()).map(|d| {
                // Not passive: the browser's own Ctrl+Z is prevented when the page's Undo runs.
                let options = gloo_events::EventListenerOptions::enable_prevent_default();
                gloo_events::EventListener::new_with_options(&d, "keydown", options, move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                    if (e.ctrl_key() || e.meta_key())
                        && !e.shift_key()
                        && e.key().eq_ignore_ascii_case("z")
                        && outside_text_fields(e)
                    {
                        e.prevent_default();
                        dispatcher.dispatch(DocAction::Undo);
                    }
                })
            });
            move || drop(listener)
        });
    }
    // The scenario of the latest render, for callbacks created once (the hashchange listener
    // holds the first render's callbacks: a captured scenario would be the first one).
    let latest = use_mut_ref(|| Rc::clone(&scenario));
    *latest.borrow_mut() = Rc::clone(&scenario);
    let back_to_exercise = {
        let dispatcher = dispatcher.clone();
        use_callback((*exercise).clone(), move |(), open: &Option<Rc<ExerciseDocument>>| {
            let Some(e) = open else { return };
            if let Some(doc) = Document::from_scenario(&e.scenario) {
                dispatcher.dispatch(DocAction::Open(doc, Guard::of(e), Replacement::BackToExercise));
            }
        })
    };
    let set_exercise = {
        let (exercise, errors) = (exercise.setter(), use_errors());
        let (dispatcher, latest) = (dispatcher.clone(), latest.clone());
        use_callback((), move |e: Option<ExerciseDocument>, _| {
            let current = &*latest.borrow().clone();
            let open = storage::load_exercise(S::KIND);
            match &e {
                Some(e) => {
                    if open.is_none() {
                        // The work from before the exercise comes back when it is left.
                        if let Err(message) = storage::save_before_exercise(S::KIND, Some(current)) {
                            report(errors.as_ref(), message);
                        }
                    }
                    let doc = Document::from_scenario(&e.scenario).unwrap_or_default();
                    dispatcher.dispatch(DocAction::Open(
                        doc,
                        Guard::of(e),
                        Replacement::Exercise(e.exercise.title.clone()),
                    ));
                }
                None => match storage::load_before_exercise(S::KIND).as_ref().and_then(Document::from_scenario) {
                    Some(before) => dispatcher.dispatch(DocAction::Open(before, None, Replacement::LeftExercise)),
                    None => dispatcher.dispatch(DocAction::Guard(None)),
                },
            }
            if e.is_none() {
                let _ = storage::save_before_exercise(S::KIND, None);
            }
            if let Err(message) = storage::save_exercise(S::KIND, e.as_ref()) {
                report(errors.as_ref(), message);
            }
            exercise.set(e.map(Rc::new));
        })
    };
    {
        // A share link pasted into the address bar of an open page only changes the fragment:
        // open it as the first render would have (the work it replaces is kept for Undo).
        let (dispatcher, exercise, set_exercise) = (doc.dispatcher(), exercise.setter(), set_exercise.clone());
        let (errors, navigator) = (use_errors(), use_navigator());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                gloo_events::EventListener::new(&w, "hashchange", move |_| match read_link() {
                    Some(Ok(Shared::Exercise(e))) if e.scenario.kind() == S::KIND && !is_open::<S>(&e) => {
                        set_exercise.emit(Some(e));
                    }
                    // The open exercise again: the student's work continues, as on a reload.
                    Some(Ok(Shared::Exercise(e))) if e.scenario.kind() == S::KIND => {}
                    Some(Ok(Shared::Scenario(s))) if s.kind() == S::KIND => {
                        let _ = storage::save_exercise(S::KIND, None);
                        exercise.set(None);
                        let doc = Document::from_scenario(&s).unwrap_or_default();
                        dispatcher.dispatch(DocAction::Open(doc, None, Replacement::Link));
                    }
                    Some(Ok(other)) => {
                        if let Err(message) = open_on_its_page(&other, navigator.as_ref(), true) {
                            report(errors.as_ref(), message);
                        }
                    }
                    Some(Err(message)) => report(errors.as_ref(), message),
                    None => {}
                })
            });
            move || drop(listener)
        });
    }
    let lift_locks = {
        let (dispatcher, open) = (doc.dispatcher(), (*exercise).clone());
        Callback::from(move |lift: bool| {
            let guard = if lift { None } else { open.as_deref().and_then(Guard::of) };
            dispatcher.dispatch(DocAction::Guard(guard));
        })
    };
    let refused = doc.refused.clone();
    DocumentHandle {
        doc,
        exercise: (*exercise).clone(),
        set_exercise,
        refused,
        lift_locks,
        scenario,
        dispatch,
        edit,
        load,
        load_preset,
        preset: (*preset).clone(),
        fetching: (*fetching).clone(),
        reset,
        undo,
        back_to_exercise,
    }
}

fn load_scenario<S: PageState>(
    scenario: Scenario,
    dispatcher: &UseReducerDispatcher<Guarded<S>>,
    errors: Option<&ErrorsHandle>,
    navigator: Option<&Navigator>,
) {
    match Document::<S>::from_scenario(&scenario) {
        Some(doc) => dispatcher.dispatch(DocAction::Load(doc)),
        None => {
            if let Err(message) = open_on_its_page(&Shared::Scenario(scenario), navigator, false) {
                report(errors, message);
            }
        }
    }
}
