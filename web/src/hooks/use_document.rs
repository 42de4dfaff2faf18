//! Where a page's scenario comes from and where it goes: a share link, else the autosave, else
//! the page's example; every change is autosaved.

use std::rc::Rc;

use cloudecon::{MechanismKind, Scenario};
use yew::prelude::*;

use super::use_errors;
use crate::services::{share, storage};

/// Reads the share fragment, if any, and removes it from the address (so that a reload keeps the
/// later edits). `Err` explains a damaged link.
fn from_link(kind: MechanismKind) -> Option<Result<Scenario, String>> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let body = share::fragment_body(&hash)?;
    let path = window.location().pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        // Best effort: if the address cannot change, the link is simply read again on reload.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    Some(match share::decode(body) {
        Ok(s) if s.kind() == kind => Ok(s),
        Ok(s) => Err(format!("That link holds a {:?} scenario; open it on its own page.", s.kind().tag())),
        Err(e) => Err(format!("Could not open the shared link: {e}. Showing the example scenario instead.")),
    })
}

/// The scenario a page starts from (computed once): link, else autosave, else `None` (the
/// page's example). A damaged link is reported in the error banner.
#[hook]
fn use_initial_scenario(kind: MechanismKind) -> Rc<Option<Scenario>> {
    let start = use_memo((), move |_| match from_link(kind) {
        Some(Ok(s)) => (Some(s), None),
        Some(Err(message)) => (None, Some(message)),
        None => (storage::load(kind), None),
    });
    let errors = use_errors();
    {
        let start = start.clone();
        use_effect_with((), move |_| {
            if let (Some(message), Some(errors)) = (&start.1, errors) {
                errors.report(message.clone());
            }
        });
    }
    use_memo((), move |_| start.0.clone())
}

/// Saves every change of `scenario` to local storage (failures go to the error banner).
#[hook]
fn use_autosave(scenario: &Scenario) {
    let errors = use_errors();
    use_effect_with(scenario.clone(), move |s| {
        if let (Err(e), Some(errors)) = (storage::save(s), errors) {
            errors.report(e);
        }
    });
}

/// A page's editable state: plain data with a reducer, convertible to and from its scenario.
pub trait Document: Reducible + Clone + Default + PartialEq + 'static {
    /// The mechanism of the page.
    const KIND: MechanismKind;
    /// The state of a scenario of this mechanism (`None` for another mechanism).
    fn from_scenario(scenario: &Scenario) -> Option<Self>;
    /// The scenario document of this state.
    fn to_scenario(&self) -> Scenario;
}

/// The page's state (from a share link, else the autosave, else the example), its scenario
/// document (recomputed on change), and the autosave of every change.
#[hook]
pub fn use_document<D: Document>() -> (UseReducerHandle<D>, Rc<Scenario>) {
    let initial = use_initial_scenario(D::KIND);
    let state = use_reducer_eq(move || initial.as_ref().as_ref().and_then(D::from_scenario).unwrap_or_default());
    let scenario = use_memo((*state).clone(), |s| s.to_scenario());
    use_autosave(&scenario);
    (state, scenario)
}
