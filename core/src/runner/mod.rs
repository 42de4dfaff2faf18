//! The run pipeline shared by the runner, the browser's inline path and its Web Worker.
//!
//! [`start`] validates a [`Scenario`] and returns a resumable [`ScenarioJob`]; [`placement`] is the
//! one place that decides whether a scenario is small enough to run inline (instant feedback while
//! editing) or goes to a worker (progress bar, cancel button).

use serde::Serialize;
use serde_json::Value;

use crate::abacus::estimate::EstimateResult;
use crate::abacus::{AbacusJob, AbacusResult};
use crate::error::ScenarioError;
use crate::scenario::{MechanismKind, MechanismSpec, Scenario, SCHEMA_VERSION};
use crate::shapley::{ShapleyJob, ShapleyResult};
use crate::sim::{run_to_end, Job, Progress, Step};

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

/// The result of a run, one variant per mechanism.
#[derive(Debug, Clone, PartialEq)]
pub enum RunOutput {
    Abacus(AbacusResult),
    AbacusEstimate(EstimateResult),
    Shapley(ShapleyResult),
}

impl RunOutput {
    pub fn kind(&self) -> MechanismKind {
        match self {
            RunOutput::Abacus(_) => MechanismKind::Abacus,
            RunOutput::AbacusEstimate(_) => MechanismKind::AbacusEstimate,
            RunOutput::Shapley(_) => MechanismKind::Shapley,
        }
    }

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
        let mut w = csv::Writer::from_writer(Vec::new());
        let written: Result<(), csv::Error> = match self {
            RunOutput::AbacusEstimate(r) => (|| {
                w.write_record(["resource", "weight"])?;
                for (j, x) in r.weights.iter().enumerate() {
                    w.write_record([j.to_string(), x.to_string()])?;
                }
                Ok(())
            })(),
            // A scheduler-only run (no auction jobs): one row per job and policy.
            RunOutput::Abacus(AbacusResult { jobs, schedule_result: Some(s), .. }) if jobs.is_empty() => (|| {
                w.write_record(["policy", "job", "user", "arrival", "start", "finish", "response_time"])?;
                for p in &s.policies {
                    let policy = serde_json::to_value(p.policy).ok().and_then(|v| v.as_str().map(String::from));
                    let policy = policy.unwrap_or_default();
                    for (k, j) in p.jobs.iter().enumerate() {
                        let user = p.users.get(j.user).map_or_else(|| j.user.to_string(), |u| u.name.clone());
                        w.write_record([
                            policy.clone(),
                            (k + 1).to_string(),
                            user,
                            j.arrival.to_string(),
                            j.start.to_string(),
                            j.finish.to_string(),
                            j.response_time.to_string(),
                        ])?;
                    }
                }
                Ok(())
            })(
            ),
            RunOutput::Abacus(r) => (|| {
                let mut header = vec!["job".to_string(), "utility".to_string()];
                header.extend(r.resources.iter().map(|x| format!("share_{x}")));
                header.extend(r.resources.iter().map(|x| format!("sub_budget_{x}")));
                w.write_record(&header)?;
                for (i, job) in r.jobs.iter().enumerate() {
                    let mut row = vec![job.clone(), r.utilities[i].to_string()];
                    row.extend(r.shares[i].iter().map(f64::to_string));
                    row.extend(r.sub_budgets[i].iter().map(f64::to_string));
                    w.write_record(&row)?;
                }
                Ok(())
            })(),
            RunOutput::Shapley(r) => (|| {
                w.write_record(["player", "shapley", "share_of_grand_value"])?;
                for (p, phi) in r.players.iter().zip(&r.shapley) {
                    let share = if r.grand_value != 0.0 { phi / r.grand_value } else { f64::NAN };
                    w.write_record([p.clone(), phi.to_string(), share.to_string()])?;
                }
                Ok(())
            })(),
        };
        // Writing to memory cannot fail; an error here would be a bug in the csv crate.
        debug_assert!(written.is_ok());
        String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
    }

    /// Reads a result document back (e.g. one a Web Worker sent as JSON text).
    pub fn from_json(text: &str) -> Result<Self, String> {
        let Value::Object(mut obj) = serde_json::from_str(text).map_err(|e| e.to_string())? else {
            return Err("a result document must be a JSON object".into());
        };
        obj.remove("version");
        let tag = obj.remove("mechanism").and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
        match MechanismKind::from_tag(&tag) {
            Some(MechanismKind::Abacus) => {
                serde_json::from_value(Value::Object(obj)).map(RunOutput::Abacus).map_err(|e| e.to_string())
            }
            Some(MechanismKind::AbacusEstimate) => {
                serde_json::from_value(Value::Object(obj)).map(RunOutput::AbacusEstimate).map_err(|e| e.to_string())
            }
            Some(MechanismKind::Shapley) => {
                serde_json::from_value(Value::Object(obj)).map(RunOutput::Shapley).map_err(|e| e.to_string())
            }
            None => Err(format!("unknown mechanism {tag:?} in a result")),
        }
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
        let (version, mechanism) = (SCHEMA_VERSION, self.kind().tag());
        match self {
            RunOutput::Abacus(r) => Document { version, mechanism, fields: r }.serialize(serializer),
            RunOutput::AbacusEstimate(r) => Document { version, mechanism, fields: r }.serialize(serializer),
            RunOutput::Shapley(r) => Document { version, mechanism, fields: r }.serialize(serializer),
        }
    }
}

enum Inner {
    Abacus(Box<AbacusJob>),
    /// Estimation is a single least-squares solve: done when the job is created.
    Ready(Option<RunOutput>),
    Shapley(ShapleyJob),
}

/// A running scenario of any mechanism.
pub struct ScenarioJob {
    inner: Inner,
}

impl Job for ScenarioJob {
    type Output = RunOutput;

    fn step(&mut self, budget: u64) -> Step<RunOutput> {
        match &mut self.inner {
            Inner::Abacus(job) => match job.step(budget) {
                Step::Working(p) => Step::Working(p),
                Step::Done(r) => Step::Done(RunOutput::Abacus(r)),
            },
            Inner::Ready(out) => match out.take() {
                Some(out) => Step::Done(out),
                None => panic!("a finished job was stepped again"),
            },
            Inner::Shapley(job) => match job.step(budget) {
                Step::Working(p) => Step::Working(p),
                Step::Done(r) => Step::Done(RunOutput::Shapley(r)),
            },
        }
    }

    fn progress(&self) -> Progress {
        match &self.inner {
            Inner::Abacus(job) => job.progress(),
            Inner::Ready(out) => Progress { done: u64::from(out.is_none()), total: 1 },
            Inner::Shapley(job) => job.progress(),
        }
    }
}

/// Validates `scenario` and prepares its run.
pub fn start(scenario: &Scenario) -> Result<ScenarioJob, ScenarioError> {
    scenario.validate()?;
    prepare(&scenario.spec, scenario.seed)
}

/// Like [`start`], handing the scenario over to the job (no copy of a large document).
pub fn start_owned(scenario: Scenario) -> Result<ScenarioJob, ScenarioError> {
    scenario.validate()?;
    match scenario.spec {
        MechanismSpec::Abacus(s) => Ok(ScenarioJob { inner: Inner::Abacus(Box::new(s.into_job(scenario.seed))) }),
        spec => prepare(&spec, scenario.seed),
    }
}

fn prepare(spec: &MechanismSpec, seed: u64) -> Result<ScenarioJob, ScenarioError> {
    let inner = match spec {
        MechanismSpec::Abacus(s) => Inner::Abacus(Box::new(s.clone().into_job(seed))),
        MechanismSpec::AbacusEstimate(s) => {
            let fit = s.run().map_err(|e| ScenarioError::single("observations", e.to_string()))?;
            Inner::Ready(Some(RunOutput::AbacusEstimate(fit)))
        }
        MechanismSpec::Shapley(s) => Inner::Shapley(s.job(seed)),
    };
    Ok(ScenarioJob { inner })
}

/// Estimated work of a run, in units (see [`INLINE_WORK_LIMIT`]).
pub fn work(scenario: &Scenario) -> u64 {
    match &scenario.spec {
        MechanismSpec::Abacus(s) => s.work(),
        MechanismSpec::AbacusEstimate(s) => s.work(),
        MechanismSpec::Shapley(s) => s.work(),
    }
}

/// Inline for small scenarios, a worker for the rest.
pub fn placement(scenario: &Scenario) -> Placement {
    if work(scenario) <= INLINE_WORK_LIMIT {
        Placement::Inline
    } else {
        Placement::Worker
    }
}

/// Validates and runs a scenario to completion.
pub fn run(scenario: &Scenario) -> Result<RunOutput, ScenarioError> {
    Ok(run_to_end(start(scenario)?))
}

/// [`run`], handing the scenario over.
pub fn run_owned(scenario: Scenario) -> Result<RunOutput, ScenarioError> {
    Ok(run_to_end(start_owned(scenario)?))
}

/// Reads, validates and runs a JSON document (what `cloudecon run` does).
pub fn run_json(text: &str) -> Result<RunOutput, ScenarioError> {
    run_owned(Scenario::from_json(text)?)
}
