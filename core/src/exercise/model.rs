//! The `exercise` block of a document: what a teacher writes (see `spec`-style description in
//! ARCHITECTURE.md, "Classroom exercises"). Plain serde types; the checks that need the scenario or
//! a result live in `validate.rs`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An exercise: instructions, the scenario fields the student may not edit, and the tasks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    /// The language the exercise is written in (a BCP 47 tag: `"en"`, `"zh-CN"`): the page says
    /// so when it is not the reader's. Omitted when English (the default), so documents written
    /// before it keep their canonical form and fingerprint.
    #[serde(default = "english", skip_serializing_if = "is_english")]
    pub lang: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// Instructions: plain text, paragraphs separated by blank lines.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// JSON pointers into the scenario that the student cannot edit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub locked: Vec<String>,
    /// What a student is told after checking an answer (the teacher's choice). Omitted when it is
    /// the default, so documents written before it keep their canonical form and fingerprint.
    #[serde(default, skip_serializing_if = "Feedback::is_default")]
    pub feedback: Feedback,
    pub tasks: Vec<Task>,
}

/// The language of an exercise that names none.
pub const DEFAULT_LANG: &str = "en";

fn english() -> String {
    DEFAULT_LANG.to_string()
}

// serde passes the field as it is.
#[allow(clippy::ptr_arg)]
fn is_english(lang: &String) -> bool {
    lang == DEFAULT_LANG
}

/// What a student is told after checking an answer.
///
/// A goal's verdict says where the student's result stands against the bounds at every level
/// but `none` (the result is on the page anyway); a choice's says only right or wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Feedback {
    /// Nothing: the answer is recorded, the teacher grades the answer files.
    None,
    /// ✓ or ✗ (the default: a number task's distance would give its answer away in one try).
    #[default]
    RightWrong,
    /// ✓, or ✗ with "too high" or "too low".
    Direction,
    /// ✓, or ✗ with how far off the answer is and the tolerance.
    Distance,
}

impl Feedback {
    /// Every level, in the teacher's menu order.
    pub const ALL: [Feedback; 4] = [Feedback::None, Feedback::RightWrong, Feedback::Direction, Feedback::Distance];

    pub fn is_default(&self) -> bool {
        *self == Feedback::default()
    }

    /// The level as the document writes it (`"right_wrong"`).
    pub fn tag(self) -> &'static str {
        match self {
            Feedback::None => "none",
            Feedback::RightWrong => "right_wrong",
            Feedback::Direction => "direction",
            Feedback::Distance => "distance",
        }
    }

    /// The level with this tag.
    pub fn from_tag(tag: &str) -> Option<Feedback> {
        Feedback::ALL.into_iter().find(|f| f.tag() == tag)
    }
}

/// What a task asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaskKind {
    /// A number, compared with the answer within a tolerance.
    Number,
    /// One of `options` (by index).
    Choice,
    /// A scenario whose result meets bounds: the student's edited scenario is the answer.
    Goal,
}

/// One task of an exercise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    /// Unique within the exercise; the key of the task's answer in answer files.
    pub id: String,
    pub prompt: String,
    pub kind: TaskKind,
    /// The choices of a `choice` task, shown in this order; answers are indices.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// The expected answer of a `number` or `choice` task.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Answer>,
    /// How far a `number` answer may be from the expected one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<Tolerance>,
    /// Results stay hidden until the student has committed an answer (predict, then run).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub predict: bool,
    /// Revealed one at a time, on request; their use is recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<String>,
    /// What a `goal` task's scenario must achieve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
    /// Shown once the task is answered correctly: why the answer is what it is.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub explanation: String,
}

/// Where the expected answer comes from: exactly one of the two.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// A JSON pointer into the result of the exercise's own scenario (computed when checking).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// A fixed answer: a number, or a choice's index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
}

/// How far a number may be from the expected one: within `abs`, or within `rel` × |expected|
/// (the looser of the two when both are given). Edges count as right.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Tolerance {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abs: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rel: Option<f64>,
}

/// Bounds on one number of the result of the student's scenario (inclusive).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// A JSON pointer into the result of the student's scenario.
    pub result: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

impl Exercise {
    /// Whether the exercise is written in the language `tag` names: the same primary language
    /// (`zh`, `zh-CN` and `zh-Hans` are all Chinese; `en` and `en-GB` English), compared without
    /// regard to case.
    pub fn written_in(&self, tag: &str) -> bool {
        same_language(&self.lang, tag)
    }

    /// The task with this id.
    pub fn task(&self, id: &str) -> Option<&Task> {
        self.tasks.iter().find(|t| t.id == id)
    }

    /// Whether any task asks for a prediction before the results are shown.
    pub fn predicts(&self) -> bool {
        self.tasks.iter().any(|t| t.predict)
    }
}

/// Whether two BCP 47 tags name the same language (their primary subtags agree, case aside).
pub fn same_language(a: &str, b: &str) -> bool {
    let primary = |t: &str| t.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
    primary(a) == primary(b)
}
