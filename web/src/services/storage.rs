//! Autosave: each page keeps its scenario in `localStorage`, so a reload loses nothing; so do an
//! open exercise and the student's answers to it.

use cloudecon::exercise::{Answers, Exercise, ExerciseDocument};
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

fn exercise_key(kind: MechanismKind) -> String {
    format!("cloudecon.v1.exercise.{}", kind.tag())
}

fn answers_key(fingerprint: &str) -> String {
    format!("cloudecon.v1.answers.{fingerprint}")
}

/// The exercise open on a mechanism's page (it survives reloads until the student leaves it).
pub fn load_exercise(kind: MechanismKind) -> Option<ExerciseDocument> {
    let text = local_storage()?.get_item(&exercise_key(kind)).ok().flatten()?;
    ExerciseDocument::from_json(&text).ok().filter(|d| d.scenario.kind() == kind)
}

/// Keeps (or, with `None`, forgets) the exercise open on a mechanism's page.
pub fn save_exercise(kind: MechanismKind, doc: Option<&ExerciseDocument>) -> Result<(), String> {
    let storage =
        local_storage().ok_or("this browser does not allow local storage; the exercise will not survive a reload")?;
    let written = match doc {
        Some(doc) => storage.set_item(&exercise_key(kind), &doc.to_json()),
        None => storage.remove_item(&exercise_key(kind)),
    };
    written.map_err(|_| "could not keep the exercise: local storage is full".to_string())
}

/// A student's saved answers to the exercise with this fingerprint.
pub fn load_answers(fingerprint: &str) -> Option<Answers> {
    let text = local_storage()?.get_item(&answers_key(fingerprint)).ok().flatten()?;
    Answers::from_json(&text).ok()
}

/// Autosaves a student's answers (per exercise: by fingerprint).
pub fn save_answers(answers: &Answers) -> Result<(), String> {
    let storage =
        local_storage().ok_or("this browser does not allow local storage; download your answers to keep them")?;
    storage
        .set_item(&answers_key(&answers.exercise), &answers.to_json())
        .map_err(|_| "could not autosave the answers: local storage is full; download them as a file".to_string())
}

fn draft_key(kind: MechanismKind) -> String {
    format!("cloudecon.v1.exercise-draft.{}", kind.tag())
}

/// The teacher's unfinished exercise block on a mechanism's page.
pub fn load_draft(kind: MechanismKind) -> Option<Exercise> {
    let text = local_storage()?.get_item(&draft_key(kind)).ok().flatten()?;
    serde_json::from_str(&text).ok()
}

/// Autosaves the teacher's unfinished exercise block.
pub fn save_draft(kind: MechanismKind, draft: &Exercise) -> Result<(), String> {
    let text = serde_json::to_string(draft).map_err(|e| e.to_string())?;
    let storage = local_storage().ok_or("this browser does not allow local storage")?;
    storage.set_item(&draft_key(kind), &text).map_err(|_| "could not keep the draft: local storage is full".to_string())
}
