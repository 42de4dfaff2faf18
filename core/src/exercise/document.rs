//! Exercise documents: a scenario document of any mechanism with an `exercise` block. They are
//! read with every problem at its JSON path, written in one canonical form (the form share links
//! carry), and identified by the fingerprint of that form.

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::check::{expected, Expected};
use super::model::Exercise;
use super::validate;
use crate::error::{Problem, Problems, ScenarioError};
pub use crate::scenario::EXERCISE_KEY as KEY;
use crate::scenario::{Scenario, MAX_DOCUMENT_BYTES};

/// A scenario with its exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct ExerciseDocument {
    pub scenario: Scenario,
    pub exercise: Exercise,
}

impl ExerciseDocument {
    /// Reads and checks an exercise document: the scenario as any scenario (migrated, validated),
    /// the block's fields, and the block against the scenario. All problems at once.
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        let (scenario, exercise, rest, mut problems) = read_parts(text)?;
        if let (Some(s), Some(_)) = (&scenario, &exercise) {
            if let Err(e) = s.validate() {
                for p in e.problems {
                    problems.push_problem(p);
                }
            }
        }
        match &exercise {
            // The block's checks against the scenario as written, even when the scenario has
            // problems of its own: every problem at once.
            Some(ex) => validate::check(ex, &scenario.as_ref().map_or(rest, Scenario::to_value), &mut problems),
            None if problems.is_empty() => {
                problems.push_keyed(KEY, "exercise-err-no-exercise", vec![]);
            }
            None => {}
        }
        problems.into_result()?;
        match (scenario, exercise) {
            (Some(scenario), Some(exercise)) => Ok(ExerciseDocument { scenario, exercise }),
            _ => Err(unreadable()),
        }
    }

    /// Validates the scenario and the block against it.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let mut problems = Problems::new();
        if let Err(e) = self.scenario.validate() {
            for p in e.problems {
                problems.push_problem(p);
            }
        }
        validate::check(&self.exercise, &self.scenario.to_value(), &mut problems);
        problems.into_result()
    }

    /// Checks the pointers into results against the result of the exercise's own scenario.
    pub fn check_result(&self, result: &Value) -> Result<(), ScenarioError> {
        let mut problems = Problems::new();
        validate::check_result(&self.exercise, result, &mut problems);
        problems.into_result()
    }

    /// The expected answer of each task (`None` for goals), from the result of the exercise's own
    /// scenario; the problems of pointers that do not resolve, with their paths.
    pub fn expectations(&self, result: &Value) -> Result<Vec<Option<Expected>>, ScenarioError> {
        self.check_result(result)?;
        Ok((self.exercise.tasks.iter())
            .map(|task| {
                let answer = task.answer.as_ref()?;
                let value = match (&answer.result, &answer.value) {
                    (Some(p), _) => result.pointer(p)?,
                    (None, Some(v)) => v,
                    (None, None) => return None,
                };
                expected(task, value).ok()
            })
            .collect())
    }

    /// The document as JSON: the scenario's fields, then `exercise`.
    pub fn to_value(&self) -> Value {
        let mut doc = self.scenario.to_value();
        if let (Value::Object(obj), Ok(block)) = (&mut doc, serde_json::to_value(&self.exercise)) {
            obj.insert(KEY.into(), block);
        }
        doc
    }

    /// The canonical compact JSON text: what share links carry and what the fingerprint hashes.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    /// Indented JSON, for files people read.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_else(|_| self.to_json())
    }

    /// The exercise's fingerprint: the SHA-256 of [`ExerciseDocument::to_json`], as 64 lower-case
    /// hexadecimal digits. Answer files carry it, so that files of another exercise (or of an
    /// edited one) are told apart. The same natively and in wasm.
    pub fn fingerprint(&self) -> String {
        Sha256::digest(self.to_json().as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// "document: could not be read".
fn unreadable() -> ScenarioError {
    ScenarioError { problems: vec![Problem::keyed("document", "exercise-err-unreadable", vec![])] }
}

/// Reads a document that may carry an exercise: the scenario as far as it could be read (shape and
/// types, not values — for work in progress) and its block, if it has one. Problems of the block
/// come with their paths under `exercise`.
pub fn read(text: &str) -> Result<(Scenario, Option<Exercise>), ScenarioError> {
    let (scenario, exercise, _, problems) = read_parts(text)?;
    problems.into_result()?;
    let scenario = scenario.ok_or_else(unreadable)?;
    Ok((scenario, exercise))
}

/// The scenario and the block as far as they could be read, the rest of the document as JSON, and
/// the problems met (an `Err` when the text is not a JSON object at all).
fn read_parts(text: &str) -> Result<(Option<Scenario>, Option<Exercise>, Value, Problems), ScenarioError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Scenario::read_json(text).map(|s| (Some(s), None, Value::Null, Problems::new()));
    }
    let mut obj: Map<String, Value> = match serde_json::from_str(text) {
        Ok(obj) => obj,
        // Not an object, or not JSON: the scenario reader explains which.
        Err(_) => return Scenario::read_json(text).map(|s| (Some(s), None, Value::Null, Problems::new())),
    };
    let block = obj.remove(KEY);
    let rest = Value::Object(obj);
    let mut problems = Problems::new();
    let scenario = match Scenario::read_value(rest.clone()) {
        Ok(s) => Some(s),
        Err(e) => {
            for p in e.problems {
                problems.push_problem(p);
            }
            None
        }
    };
    let exercise = block.and_then(|block| match serde_path_to_error::deserialize::<_, Exercise>(block) {
        Ok(exercise) => Some(exercise),
        Err(e) => {
            let inner = e.path().to_string();
            let path = if inner == "." || inner.is_empty() { KEY.to_string() } else { format!("{KEY}.{inner}") };
            problems.push_problem(crate::error::json_problem(path, e.inner()));
            None
        }
    });
    Ok((scenario, exercise, rest, problems))
}
