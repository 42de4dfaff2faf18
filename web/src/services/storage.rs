//! Autosave: each page keeps its scenario in `localStorage`, so a reload loses nothing.

use cloudecon::{MechanismKind, Scenario};

fn key(kind: MechanismKind) -> String {
    format!("cloudecon.v1.scenario.{}", kind.tag())
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The saved scenario of a mechanism, if there is a readable one — possibly with problems the
/// user was still fixing: they are kept, and shown again, rather than lost.
pub fn load(kind: MechanismKind) -> Option<Scenario> {
    let text = local_storage()?.get_item(&key(kind)).ok().flatten()?;
    Scenario::read_json(&text).ok().filter(|s| s.kind() == kind)
}

/// Saves a scenario; explains the failure (quota, private mode) instead of hiding it.
pub fn save(scenario: &Scenario) -> Result<(), String> {
    let storage =
        local_storage().ok_or("this browser does not allow local storage; edits will not survive a reload")?;
    storage
        .set_item(&key(scenario.kind()), &scenario.to_json())
        .map_err(|_| "could not autosave: local storage is full; export the scenario as a file".to_string())
}
