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
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none-edits"))?;
    storage
        .set_item(&key(scenario.kind()), &scenario.to_json())
        .map_err(|_| crate::i18n::t("components-storage-full-scenario"))
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
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none-exercise"))?;
    let written = match doc {
        Some(doc) => storage.set_item(&exercise_key(kind), &doc.to_json()),
        None => storage.remove_item(&exercise_key(kind)),
    };
    written.map_err(|_| crate::i18n::t("components-storage-full-exercise"))
}

/// A student's saved answers to the exercise with this fingerprint.
pub fn load_answers(fingerprint: &str) -> Option<Answers> {
    let text = local_storage()?.get_item(&answers_key(fingerprint)).ok().flatten()?;
    Answers::from_json(&text).ok()
}

/// Autosaves a student's answers (per exercise: by fingerprint).
pub fn save_answers(answers: &Answers) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none-answers"))?;
    storage
        .set_item(&answers_key(&answers.exercise), &answers.to_json())
        .map_err(|_| crate::i18n::t("components-storage-full-answers"))
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
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none"))?;
    storage.set_item(&draft_key(kind), &text).map_err(|_| crate::i18n::t("components-storage-full-draft"))
}

fn undo_key(kind: MechanismKind) -> String {
    format!("cloudecon.v1.undo.{}", kind.tag())
}

/// A page's Undo, as saved: the document a replacement replaced, what replaced it, and whether
/// that was undone.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SavedUndo {
    pub scenario: serde_json::Value,
    pub by: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub undone: bool,
    /// The preset the kept document came from (the menu names it again after Undo).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
}

/// The page's Undo, so that a reload right after a wrong click can still take it back.
pub fn load_undo(kind: MechanismKind) -> Option<(Scenario, SavedUndo)> {
    let text = local_storage()?.get_item(&undo_key(kind)).ok().flatten()?;
    let saved: SavedUndo = serde_json::from_str(&text).ok()?;
    let scenario = Scenario::read_value(saved.scenario.clone()).ok().filter(|s| s.kind() == kind)?;
    Some((scenario, saved))
}

/// Keeps (or, with `None`, forgets) the page's Undo.
pub fn save_undo(kind: MechanismKind, undo: Option<&SavedUndo>) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none"))?;
    let written = match undo {
        Some(u) => storage.set_item(&undo_key(kind), &serde_json::to_string(u).map_err(|e| e.to_string())?),
        None => storage.remove_item(&undo_key(kind)),
    };
    written.map_err(|_| crate::i18n::t("components-storage-full-undo"))
}

fn before_exercise_key(kind: MechanismKind) -> String {
    format!("cloudecon.v1.before-exercise.{}", kind.tag())
}

/// The page's work from before the open exercise (brought back when the student leaves it).
pub fn load_before_exercise(kind: MechanismKind) -> Option<Scenario> {
    let text = local_storage()?.get_item(&before_exercise_key(kind)).ok().flatten()?;
    Scenario::read_json(&text).ok().filter(|s| s.kind() == kind)
}

/// Keeps (or, with `None`, forgets) the page's work from before an exercise.
pub fn save_before_exercise(kind: MechanismKind, scenario: Option<&Scenario>) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none"))?;
    let written = match scenario {
        Some(s) => storage.set_item(&before_exercise_key(kind), &s.to_json()),
        None => storage.remove_item(&before_exercise_key(kind)),
    };
    written.map_err(|_| crate::i18n::t("components-storage-full-before-exercise"))
}

fn preset_key(kind: MechanismKind) -> String {
    format!("cloudecon.v1.preset.{}", kind.tag())
}

/// The preset last loaded on a page (the menu shows it while the document is that preset).
pub fn load_preset_name(kind: MechanismKind) -> Option<String> {
    local_storage()?.get_item(&preset_key(kind)).ok().flatten()
}

/// Remembers the preset the page's work came from (or, with `None`, that it came from none).
pub fn save_preset_name(kind: MechanismKind, name: Option<&str>) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none"))?;
    match name {
        Some(name) => storage.set_item(&preset_key(kind), name),
        None => storage.remove_item(&preset_key(kind)),
    }
    .map_err(|_| crate::i18n::t("components-storage-full"))
}

const STUDY_KEY: &str = "cloudecon.v1.study";
const STUDY_TABLE_KEY: &str = "cloudecon.v1.study.table";

/// The study page's inputs as they were left (JSON of the page's own form).
pub fn load_study() -> Option<String> {
    local_storage()?.get_item(STUDY_KEY).ok().flatten()
}

/// Saves the study page's inputs.
pub fn save_study(inputs: &str) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none-edits"))?;
    storage.set_item(STUDY_KEY, inputs).map_err(|_| crate::i18n::t("components-storage-full-study"))
}

/// The study page's last table (`merge`'s JSON) and where it came from.
pub fn load_study_table() -> Option<String> {
    local_storage()?.get_item(STUDY_TABLE_KEY).ok().flatten()
}

/// Saves the study page's table (`None` forgets it).
pub fn save_study_table(table: Option<&str>) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| crate::i18n::t("components-storage-none"))?;
    match table {
        Some(t) => storage.set_item(STUDY_TABLE_KEY, t).map_err(|_| crate::i18n::t("components-storage-full-table")),
        None => storage.remove_item(STUDY_TABLE_KEY).map_err(|_| crate::i18n::t("components-storage-unavailable")),
    }
}

/// A yes/no setting of the reader's, kept across visits (set: `"1"`).
pub fn load_flag(key: &str) -> bool {
    local_storage().and_then(|s| s.get_item(key).ok().flatten()).is_some_and(|v| v == "1")
}

/// Keeps (or clears) a yes/no setting; a browser without storage forgets it with the page.
pub fn save_flag(key: &str, on: bool) {
    if let Some(storage) = local_storage() {
        let _ = if on { storage.set_item(key, "1") } else { storage.remove_item(key) };
    }
}

/// A value of the live games (a phone's seat and code, the teacher's session) under its own key.
pub fn load_game(key: &str) -> Option<String> {
    local_storage()?.get_item(&format!("cloudecon.v1.game.{key}")).ok().flatten()
}

/// Saves a live game's value; explains a failure in the page's language.
pub fn save_game(key: &str, value: &str) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| crate::i18n::t("class-save-no-storage"))?;
    storage.set_item(&format!("cloudecon.v1.game.{key}"), value).map_err(|_| crate::i18n::t("class-save-full"))
}
