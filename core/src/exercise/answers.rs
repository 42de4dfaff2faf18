//! Answer files: what a student downloads and a teacher collects.
//!
//! ```json
//! { "version": 1, "exercise": "<fingerprint>", "student": "name",
//!   "answers": { "t1": 0.31, "t2": 2, "t3": { "scenario": { … } } },
//!   "attempts": { "t1": 2 }, "hints_used": { "t1": 1 } }
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{Problem, ScenarioError};

/// The format version of answer files this build reads and writes.
pub const ANSWERS_VERSION: u64 = 1;

/// Longest accepted student name, in characters.
pub const MAX_NAME_CHARS: usize = 200;

/// A student's answers to one exercise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    pub version: u64,
    /// The fingerprint of the exercise answered (empty when unknown).
    #[serde(default)]
    pub exercise: String,
    #[serde(default)]
    pub student: String,
    /// By task id: a number, an option's index, or `{ "scenario": … }` for a goal.
    #[serde(default)]
    pub answers: BTreeMap<String, Value>,
    /// Checks made, by task id.
    #[serde(default)]
    pub attempts: BTreeMap<String, u32>,
    /// Hints revealed, by task id.
    #[serde(default)]
    pub hints_used: BTreeMap<String, u32>,
}

impl Answers {
    /// Empty answers of `student` to the exercise with this fingerprint.
    pub fn new(exercise: impl Into<String>, student: impl Into<String>) -> Self {
        Answers { version: ANSWERS_VERSION, exercise: exercise.into(), student: student.into(), ..Default::default() }
    }

    /// Reads an answers file; a problem names its JSON path.
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ScenarioError { problems: vec![crate::error::json_syntax("document", &e)] })?;
        if !value.is_object() {
            return Err(keyed("document", "exercise-err-answers-object", vec![]));
        }
        let answers: Answers = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let path = if path == "." || path.is_empty() { "document".to_string() } else { path };
            ScenarioError { problems: vec![crate::error::json_problem(path, e.inner())] }
        })?;
        if answers.version != ANSWERS_VERSION {
            let args = vec![("version", answers.version.to_string()), ("reads", ANSWERS_VERSION.to_string())];
            return Err(keyed("version", "exercise-err-answers-version", args));
        }
        if answers.student.chars().count() > MAX_NAME_CHARS {
            return Err(keyed("student", "exercise-err-too-long", vec![("max", MAX_NAME_CHARS.to_string())]));
        }
        Ok(answers)
    }

    /// The file's JSON text (indented: people open these files).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The student's scenario of a goal task's answer, if the answer has one.
    pub fn scenario(&self, task: &str) -> Option<&Value> {
        self.answers.get(task)?.get("scenario")
    }
}

/// One problem given as data.
fn keyed(path: &str, id: &'static str, args: Vec<(&'static str, String)>) -> ScenarioError {
    ScenarioError { problems: vec![Problem::keyed(path, id, args)] }
}
