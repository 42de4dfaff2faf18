//! The run pipeline shared by the runner, the browser's inline path and its Web Worker.
//!
//! [`start`] validates a [`Scenario`] and returns a resumable [`ScenarioJob`]; [`placement`] is the
//! one place that decides whether a scenario is small enough to run inline (instant feedback while
//! editing) or goes to a worker (progress bar, cancel button). Nothing here knows a mechanism:
//! every step dispatches through the [registry](crate::registry).

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Problem, ScenarioError};
use crate::matrix::Matrix;
use crate::registry::{Every, KindVisitor, Mechanisms, OutputVisitor, OutputVisitorMut, Registered, SpecVisitor};
use crate::scenario::{MechanismKind, Scenario, SCHEMA_VERSION};
use crate::sim::run_to_end;

pub use crate::registry::{RunOutput, ScenarioJob};

/// Scenarios with at most this much work run inline; larger ones go to a worker.
/// One unit is roughly one pass over a coalition, a job or a time slot (~10–100 ns).
pub const INLINE_WORK_LIMIT: u64 = 1 << 17;

/// Work units per worker step: small enough for a progress message every few milliseconds.
pub const WORKER_STEP: u64 = 1 << 15;

/// Where a scenario should run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    Inline,
    Worker,
}

impl RunOutput {
    /// The result document: `{ "version", "mechanism", …result fields }`.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Compact JSON text of the result document.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The result's main table as CSV (header row first), for spreadsheets.
    pub fn to_csv(&self) -> String {
        struct Csv;
        impl OutputVisitor for Csv {
            type Out = String;
            fn visit<M: Registered>(self, output: &M::Output) -> String {
                let mut w = csv::Writer::from_writer(Vec::new());
                let written = M::csv(output, &mut w);
                // Writing to memory cannot fail; an error here would be a bug in the csv crate.
                debug_assert!(written.is_ok());
                String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
            }
        }
        self.visit(Csv)
    }

    /// Iterations the run needed, for mechanisms that iterate (benchmark reports).
    pub fn iterations(&self) -> Option<u32> {
        struct Iterations;
        impl OutputVisitor for Iterations {
            type Out = Option<u32>;
            fn visit<M: Registered>(self, output: &M::Output) -> Option<u32> {
                M::iterations(output)
            }
        }
        self.visit(Iterations)
    }

    /// The result's large matrices, in serialisation order (see [`crate::Mechanism::matrices`]).
    pub fn matrices_mut(&mut self) -> Vec<&mut Matrix> {
        struct Matrices;
        impl<'a> OutputVisitorMut<'a> for Matrices {
            type Out = Vec<&'a mut Matrix>;
            fn visit<M: Registered>(self, output: &'a mut M::Output) -> Self::Out {
                M::matrices(output)
            }
        }
        self.visit_mut(Matrices)
    }

    /// Reads a result document back (e.g. one a Web Worker sent as JSON text).
    pub fn from_json(text: &str) -> Result<Self, String> {
        Self::from_json_in::<Every>(text)
    }

    /// [`from_json`](Self::from_json) for the mechanisms of `S` alone (a page reading its
    /// worker's results links its own results' readers only).
    pub fn from_json_in<S: Mechanisms>(text: &str) -> Result<Self, String> {
        let Value::Object(mut obj) = serde_json::from_str(text).map_err(|e| e.to_string())? else {
            return Err("a result document must be a JSON object".into());
        };
        obj.remove("version");
        let tag = obj.remove("mechanism").and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
        let kind = MechanismKind::from_tag(&tag).ok_or_else(|| format!("unknown mechanism {tag:?} in a result"))?;
        struct Read(Map<String, Value>);
        impl KindVisitor for Read {
            type Out = Result<RunOutput, String>;
            fn visit<M: Registered>(self) -> Self::Out {
                serde_json::from_value::<M::Output>(Value::Object(self.0)).map(M::output).map_err(|e| e.to_string())
            }
        }
        S::visit_kind(kind, Read(obj)).unwrap_or_else(|| Err(format!("a {} result on another page", kind.name())))
    }
}

/// `{ "version", "mechanism", …fields }`, streamed without an intermediate JSON value.
#[derive(Serialize)]
struct Document<'a, T: Serialize> {
    version: u64,
    mechanism: &'static str,
    #[serde(flatten)]
    fields: &'a T,
}

impl Serialize for RunOutput {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Write<S>(S);
        impl<S: serde::Serializer> OutputVisitor for Write<S> {
            type Out = Result<S::Ok, S::Error>;
            fn visit<M: Registered>(self, output: &M::Output) -> Self::Out {
                Document { version: SCHEMA_VERSION, mechanism: M::TAG, fields: output }.serialize(self.0)
            }
        }
        self.visit(Write(serializer))
    }
}

/// Validates `scenario` and prepares its run.
pub fn start(scenario: &Scenario) -> Result<ScenarioJob, ScenarioError> {
    scenario.validate()?;
    Ok(scenario.spec.clone().into_job(scenario.seed))
}

/// Like [`start`], handing the scenario over to the job (no copy of a large document).
pub fn start_owned(scenario: Scenario) -> Result<ScenarioJob, ScenarioError> {
    scenario.validate()?;
    Ok(scenario.spec.into_job(scenario.seed))
}

/// Estimated work of a run, in units (see [`INLINE_WORK_LIMIT`]).
pub fn work(scenario: &Scenario) -> u64 {
    work_in::<Every>(scenario).unwrap_or(0)
}

/// [`work`] for the mechanisms of `S` alone (`None` for another mechanism's scenario).
pub fn work_in<S: Mechanisms>(scenario: &Scenario) -> Option<u64> {
    struct Work;
    impl SpecVisitor for Work {
        type Out = u64;
        fn visit<M: Registered>(self, scenario: &M::Scenario) -> u64 {
            M::work(scenario)
        }
    }
    S::visit_spec(&scenario.spec, Work)
}

/// Inline for small scenarios, a worker for the rest.
pub fn placement(scenario: &Scenario) -> Placement {
    placement_of(work(scenario))
}

/// The placement of a run of `work` units.
pub fn placement_of(work: u64) -> Placement {
    if work <= INLINE_WORK_LIMIT {
        Placement::Inline
    } else {
        Placement::Worker
    }
}

/// Validates `scenario` and decides where it runs, with the mechanisms of `S` alone: what a
/// page's bundle asks before it runs its own mechanisms' scenarios ([`run_in`]).
pub fn placement_in<S: Mechanisms>(scenario: &Scenario) -> Result<Placement, ScenarioError> {
    scenario.validate_in::<S>()?;
    Ok(placement_of(work_in::<S>(scenario).unwrap_or(0)))
}

/// [`run`] with the mechanisms of `S` alone: it steps the mechanism's own job rather than a
/// [`ScenarioJob`] (whose dispatch names every mechanism), so a page's bundle links its own runs
/// only. The result is the one [`run`] gives; a scenario of another mechanism is refused.
pub fn run_in<S: Mechanisms>(scenario: &Scenario) -> Result<RunOutput, ScenarioError> {
    scenario.validate_in::<S>()?;
    struct Run(u64);
    impl SpecVisitor for Run {
        type Out = Result<RunOutput, ScenarioError>;
        fn visit<M: Registered>(self, scenario: &M::Scenario) -> Self::Out {
            M::finish(run_to_end(M::start(scenario.clone(), self.0))).map(M::output)
        }
    }
    S::visit_spec(&scenario.spec, Run(scenario.seed)).unwrap_or_else(|| {
        Err(ScenarioError::keyed(
            "mechanism",
            crate::scenario::OTHER_PAGE,
            vec![("name", scenario.kind().name().to_string())],
        ))
    })
}

/// Validates and runs a scenario to completion.
pub fn run(scenario: &Scenario) -> Result<RunOutput, ScenarioError> {
    run_to_end(start(scenario)?)
}

/// [`run`], handing the scenario over.
pub fn run_owned(scenario: Scenario) -> Result<RunOutput, ScenarioError> {
    run_to_end(start_owned(scenario)?)
}

/// Reads, validates and runs a JSON document (what `cloudecon run` does).
pub fn run_json(text: &str) -> Result<RunOutput, ScenarioError> {
    run_owned(Scenario::from_json(text)?)
}

/// Validates and runs a document of one mechanism known in advance, `M`, and returns what
/// [`run`] returns for it, as JSON (the same value `cloudecon run` prints).
///
/// It reads the document straight into `M`'s fields and never goes through the registry, so a
/// build that calls only this (the phone's class-game worker) links `M` and not every mechanism.
/// It is for documents a program wrote (a class game's round), not for what a person typed: the
/// document must be of `M` and of this schema version, and a problem names only its path (the
/// scenario readers' messages and migrations are [`Scenario::from_json`]'s).
pub fn run_document<M: crate::mechanism::Mechanism>(document: &Value) -> Result<Value, ScenarioError> {
    let Value::Object(obj) = document else {
        return Err(ScenarioError::keyed("document", "err-must-be-json-object", vec![]));
    };
    if obj.get("version").and_then(Value::as_u64) != Some(SCHEMA_VERSION) {
        return Err(ScenarioError::keyed("version", "err-must-be-max", vec![("max", SCHEMA_VERSION.to_string())]));
    }
    if obj.get("mechanism").and_then(Value::as_str) != Some(M::TAG) {
        return Err(ScenarioError::keyed("mechanism", "err-must-be-max", vec![("max", format!("{:?}", M::TAG))]));
    }
    let mut problems = crate::error::Problems::new();
    let mut fields = Map::new();
    let mut seed = 0;
    for (key, value) in obj {
        match key.as_str() {
            "version" | "mechanism" | crate::scenario::EXERCISE_KEY => {}
            "seed" => match value.as_u64() {
                Some(s) => seed = s,
                None => problems.push_keyed("seed", "err-must-be-integer-from-0-to-2", vec![]),
            },
            "title" | "notes" => {
                let limit =
                    if key == "title" { crate::scenario::MAX_TITLE_CHARS } else { crate::scenario::MAX_NOTES_CHARS };
                if !value.as_str().is_some_and(|s| s.chars().count() <= limit) {
                    problems.push_keyed(
                        key.as_str(),
                        "err-must-be-text-of-at-most-limit",
                        vec![("limit", limit.to_string())],
                    );
                }
            }
            _ => {
                fields.insert(key.clone(), value.clone());
            }
        }
    }
    let scenario: M::Scenario = serde_json::from_value(Value::Object(fields)).map_err(|e| {
        let inner = crate::error::json_problem("", &e);
        ScenarioError {
            problems: vec![Problem::keyed_nested("document", "err-cannot-be-read-e", vec![], vec![("e", inner)])],
        }
    })?;
    M::validate(&scenario, &mut problems);
    problems.into_result()?;
    let output = M::finish(run_to_end(M::start(scenario, seed)))?;
    serde_json::to_value(Document { version: SCHEMA_VERSION, mechanism: M::TAG, fields: &output })
        // Never met: the outputs are plain data (a number that is not one is written null).
        .map_err(|e| ScenarioError { problems: vec![crate::error::json_problem("run", &e)] })
}
