//! The `abacus` scenario document and its result.

use serde::{Deserialize, Serialize};

use super::auction::{validate_budget, AuctionParams, AuctionResult, Bid};
use super::incentive::{SweepOver, SweepResult, SweepSpec};
use super::schedule::{ScheduleResult, ScheduleSpec};
use super::study::{StudyResult, StudySpec};
use super::utility::{validate_utility, FormulaCheck, Utilities, UtilitySpec};
use crate::error::{check_finite, Problems};
use crate::matrix::Matrix;

/// Largest auction accepted.
pub const MAX_JOBS: usize = 100_000;
/// Most resource types accepted.
pub const MAX_RESOURCES: usize = 64;
/// Most points in an incentive sweep.
pub const MAX_SWEEP_POINTS: usize = 1_000;

fn default_alpha() -> f64 {
    0.5
}
fn default_tolerance() -> f64 {
    1e-10
}
fn default_max_iterations() -> u32 {
    10_000
}
/// Most units (scheduler slots) of one resource type.
pub const MAX_UNITS: u32 = 1_000_000;

fn default_units() -> u32 {
    1
}

/// A resource type: a name and its number of identical units (slots) for the scheduler.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceSpec {
    pub name: String,
    #[serde(default = "default_units")]
    pub units: u32,
}

/// A job's bid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobSpec {
    pub name: String,
    pub budget: f64,
    pub utility: UtilitySpec,
}

/// Mechanism `abacus` (see `spec/abacus.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbacusScenario {
    #[serde(default = "default_alpha")]
    pub alpha: f64,
    #[serde(default = "default_tolerance")]
    pub tolerance: f64,
    #[serde(default = "default_max_iterations")]
    pub max_iterations: u32,
    #[serde(default)]
    pub trace: bool,
    pub resources: Vec<ResourceSpec>,
    #[serde(default)]
    pub jobs: Vec<JobSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sweep: Option<SweepSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<ScheduleSpec>,
    /// Convergence statistics over random instances (Fig. 6), independent of `jobs`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub study: Option<StudySpec>,
}

/// Result fields of mechanism `abacus`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AbacusResult {
    pub jobs: Vec<String>,
    pub resources: Vec<String>,
    pub shares: Matrix,
    pub sub_budgets: Matrix,
    pub utilities: Vec<f64>,
    pub iterations: u32,
    pub converged: bool,
    /// The largest sub-budget change of each round (the quantity the stopping rule compares
    /// with `tolerance · max_i b_i`), for the first 10,000 rounds.
    #[serde(default)]
    pub round_changes: Vec<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<Vec<Matrix>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sweep: Option<SweepResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule_result: Option<ScheduleResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub study_result: Option<StudyResult>,
}

impl AbacusResult {
    /// Assembles the result from its parts (the jobs' names are moved, not copied).
    pub fn new(
        jobs: Vec<JobSpec>,
        resources: &[ResourceSpec],
        auction: AuctionResult,
        sweep: Option<SweepResult>,
        schedule_result: Option<ScheduleResult>,
        study_result: Option<StudyResult>,
    ) -> Self {
        AbacusResult {
            jobs: jobs.into_iter().map(|j| j.name).collect(),
            resources: resources.iter().map(|r| r.name.clone()).collect(),
            shares: auction.shares,
            sub_budgets: auction.sub_budgets,
            utilities: auction.utilities,
            iterations: auction.iterations,
            converged: auction.converged,
            round_changes: auction.changes,
            trace: auction.trace,
            sweep,
            schedule_result,
            study_result,
        }
    }
}

impl AbacusScenario {
    pub fn params(&self) -> AuctionParams {
        AuctionParams {
            alpha: self.alpha,
            tolerance: self.tolerance,
            max_iterations: self.max_iterations,
            trace: self.trace,
        }
    }

    /// The jobs' bids (a formula that does not compile — validation reports it first — is an
    /// error at its path).
    pub fn bids(&self) -> Result<Vec<Bid>, crate::error::ScenarioError> {
        let mut utilities = self.utilities();
        self.jobs
            .iter()
            .enumerate()
            .map(|(i, j)| match utilities.utility(&j.utility) {
                Ok(utility) => Ok(Bid { budget: j.budget, utility }),
                Err(e) => {
                    Err(crate::error::ScenarioError { problems: vec![e.problem(format!("jobs[{i}].utility.formula"))] })
                }
            })
            .collect()
    }

    /// Builds the utilities of this scenario's jobs and users (formulas over its resource names).
    pub fn utilities(&self) -> Utilities {
        Utilities::new(&self.names())
    }

    pub fn units(&self) -> Vec<u32> {
        self.resources.iter().map(|r| r.units).collect()
    }

    /// The resource types' names.
    pub fn names(&self) -> Vec<String> {
        self.resources.iter().map(|r| r.name.clone()).collect()
    }

    pub(crate) fn validate(&self, problems: &mut Problems) {
        if !(0.0..=1.0).contains(&self.alpha) {
            problems.push_keyed("alpha", "err-must-be-in-0-1-got", vec![("got", self.alpha.to_string())]);
        }
        if !(self.tolerance.is_finite() && self.tolerance > 0.0) {
            problems.push_keyed(
                "tolerance",
                "err-must-be-finite-number-gt-0-got",
                vec![("got", self.tolerance.to_string())],
            );
        }
        if self.max_iterations == 0 || self.max_iterations > 1_000_000 {
            problems.push_keyed(
                "max_iterations",
                "err-must-be-from-1-to-1-000",
                vec![("got", self.max_iterations.to_string())],
            );
        }
        let m = self.resources.len();
        if m == 0 {
            problems.push_keyed("resources", "err-at-least-one-resource-type-is-required", vec![]);
        } else if m > MAX_RESOURCES {
            problems.push_keyed(
                "resources",
                "err-at-most-max-resource-types-got",
                vec![("max", MAX_RESOURCES.to_string()), ("got", m.to_string())],
            );
        }
        for (k, r) in self.resources.iter().enumerate() {
            if r.name.trim().is_empty() {
                problems.push_keyed(format!("resources[{k}].name"), "err-resource-type-needs-name", vec![]);
            }
            if r.units == 0 {
                problems.push_keyed(format!("resources[{k}].units"), "err-must-be-at-least-1", vec![]);
            } else if r.units > MAX_UNITS {
                problems.push_keyed(
                    format!("resources[{k}].units"),
                    "err-must-be-at-most-max-got",
                    vec![("max", MAX_UNITS.to_string()), ("got", r.units.to_string())],
                );
            }
        }
        if self.jobs.is_empty() && self.schedule.is_none() && self.study.is_none() {
            problems.push_keyed("jobs", "err-at-least-one-job-is-required-or", vec![]);
        }
        if self.jobs.len() > MAX_JOBS {
            problems.push_keyed(
                "jobs",
                "err-at-most-max-jobs-in-one-auction",
                vec![("max", MAX_JOBS.to_string()), ("got", self.jobs.len().to_string())],
            );
            return;
        }
        let mut formulas = FormulaCheck::new(&self.names());
        for (i, job) in self.jobs.iter().enumerate() {
            validate_budget(job.budget, || format!("jobs[{i}].budget"), problems);
            validate_utility(&job.utility, &mut formulas, || format!("jobs[{i}].utility"), problems);
        }
        if let Some(s) = &self.sweep {
            self.validate_sweep(s, problems);
        }
        if let Some(s) = &self.schedule {
            s.validate(&self.units(), &mut formulas, problems);
        }
        if let Some(s) = &self.study {
            s.validate(problems);
        }
    }

    fn validate_sweep(&self, s: &SweepSpec, problems: &mut Problems) {
        if !self.jobs.iter().any(|j| j.name == s.job) {
            problems.push_keyed("sweep.job", "err-no-job-is-named-job", vec![("job", format!("{:?}", s.job))]);
        }
        let ok = check_finite(problems, "sweep.from", s.from) & check_finite(problems, "sweep.to", s.to);
        let positive = match s.over {
            SweepOver::Budget => "budgets",
            SweepOver::WeightRatio => "weight ratios",
        };
        if ok && !(s.from > 0.0 && s.to >= s.from) {
            problems.push_keyed(
                "sweep.to",
                "err-positive-must-satisfy-0-lt-from-at",
                vec![("positive", positive.to_string()), ("from", s.from.to_string()), ("to", s.to.to_string())],
            );
        }
        if s.points < 2 || s.points as usize > MAX_SWEEP_POINTS {
            problems.push_keyed(
                "sweep.points",
                "err-must-be-from-2-to-max-got",
                vec![("max", MAX_SWEEP_POINTS.to_string()), ("got", s.points.to_string())],
            );
        }
        if let Some(r) = s.resources.as_ref().filter(|r| r.len() != 2) {
            problems.push_keyed(
                "sweep.resources",
                "err-needs-exactly-two-resource-indices-b-invalid",
                vec![("count", r.len().to_string())],
            );
            return;
        }
        if let (SweepOver::WeightRatio, m) = (s.over, self.resources.len()) {
            let [a, b] = s.pair();
            if m < 2 || a >= m || b >= m || a == b {
                problems.push_keyed(
                    "sweep.resources",
                    "err-needs-two-different-resource-indices-below-m",
                    vec![("m", m.to_string()), ("got", a.to_string()), ("got2", b.to_string())],
                );
            } else if let Some(job) = self.jobs.iter().find(|j| j.name == s.job) {
                // The truthful ratio w_a / w_b must be a finite number (it is reported in the result).
                if job.utility.kind == super::UtilityKind::Formula {
                    problems.push_keyed(
                        "sweep.over",
                        "err-job-bids-formula-utility-which-has-no",
                        vec![("job", format!("{:?}", s.job))],
                    );
                } else if job.utility.weights.get(b) == Some(&0.0) {
                    problems.push_keyed(
                        "sweep.resources",
                        "err-job-has-weight-0-on-resource-b",
                        vec![("job", format!("{:?}", s.job)), ("b", b.to_string()), ("a", a.to_string())],
                    );
                }
            }
        }
    }
}
