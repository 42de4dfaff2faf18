//! The `abacus_estimate` document (utility estimation, the paper's Section V), its run and its
//! registration: observations typed or imported, or made by running the scheduler first
//! (`from_schedule`, as the paper does: a user bids the default utility and its finished jobs are
//! measured), then fitted by (non-negative) least squares ([`super::estimate`]).

use serde::{Deserialize, Serialize};

use super::estimate::{
    fit, EstimateError, EstimateKind, EstimateResult, Observation, MAX_OBSERVATIONS, MAX_RESOURCE_TYPES, MAX_UTILITY,
};
use super::observe::{observations, Measure};
use super::presets;
use super::scenario::AbacusScenario;
use super::schedule::{Policy, ScheduleJob};
use super::utility::{Utility, UtilityKind, UtilitySpec};
use crate::error::{Problems, ScenarioError};
use crate::mechanism::{Build, Document, Example, Mechanism, ShippedExercise};
use crate::sim::{run_to_end, Job, Progress, Step};

fn default_jobs() -> u32 {
    20
}

/// `from_schedule`: run an `abacus` scenario's scheduler under Abacus, with `user` bidding the
/// default utility (linear, equal weights) while its own utility stays hidden, and observe its
/// first `jobs` finished jobs: each gives its average shares `s̄` and the `measure`d utility.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FromSchedule {
    /// The `abacus` fields (resources, α, and a `schedule`); its `jobs`, `sweep` and `study` are
    /// not used.
    pub scenario: AbacusScenario,
    /// The observed user's name in `scenario.schedule.users`.
    pub user: String,
    /// Finished jobs kept, in order of completion.
    #[serde(default = "default_jobs")]
    pub jobs: u32,
    pub measure: Measure,
}

impl FromSchedule {
    fn validate(&self, problems: &mut Problems) {
        problems.nested("from_schedule.scenario", |p| self.scenario.validate(p));
        match &self.scenario.schedule {
            None => problems.push_keyed(
                "from_schedule.scenario.schedule",
                "err-required-scheduler-that-makes-observations",
                vec![],
            ),
            Some(s) if !s.users.iter().any(|u| u.name == self.user) => problems.push_keyed(
                "from_schedule.user",
                "err-no-user-of-schedule-is-named-user",
                vec![("user", format!("{:?}", self.user))],
            ),
            Some(_) => {}
        }
        if self.jobs == 0 || self.jobs as usize > MAX_OBSERVATIONS {
            problems.push_keyed(
                "from_schedule.jobs",
                "err-must-be-from-1-to-max-got",
                vec![("max", MAX_OBSERVATIONS.to_string()), ("got", self.jobs.to_string())],
            );
        }
    }

    /// The observed user's index in the schedule.
    fn user_index(&self) -> usize {
        self.scenario.schedule.as_ref().and_then(|s| s.users.iter().position(|u| u.name == self.user)).unwrap_or(0)
    }

    /// The scheduler-only `abacus` fields that are run: Abacus alone, the user bidding the
    /// default utility.
    fn run_scenario(&self) -> AbacusScenario {
        let m = self.scenario.resources.len();
        let mut schedule = self.scenario.schedule.clone();
        if let Some(s) = &mut schedule {
            s.policies = vec![Policy::Abacus];
            let k = self.user_index();
            if let Some(u) = s.users.get_mut(k) {
                u.reported_utility = Some(UtilitySpec::linear(vec![1.0; m]));
            }
        }
        AbacusScenario { jobs: Vec::new(), sweep: None, study: None, trace: false, schedule, ..self.scenario.clone() }
    }

    /// The observed user's hidden (true) utility.
    fn hidden(&self) -> Utility {
        let spec = self.scenario.schedule.as_ref().and_then(|s| s.users.get(self.user_index())).map(|u| &u.utility);
        spec.and_then(|u| self.scenario.utilities().utility(u).ok()).unwrap_or_else(|| Utility::linear(Vec::new()))
    }

    /// The scheduler's run (`None` without a schedule, which validation reports).
    fn schedule_job(&self, seed: u64) -> Option<ScheduleJob> {
        let run = self.run_scenario();
        run.schedule.as_ref().map(|schedule| schedule.job(&run.units(), &run.names(), run.params(), seed))
    }
}

/// Scenario fields of mechanism `abacus_estimate` (the common fields version/mechanism/title/notes/seed
/// are read by the scenario reader).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbacusEstimateScenario {
    pub kind: EstimateKind,
    /// The observed jobs; empty (or omitted) when `from_schedule` produces them.
    #[serde(default)]
    pub observations: Vec<Observation>,
    /// `false`: plain least squares; `true`: non-negative least squares.
    #[serde(default)]
    pub non_negative: bool,
    /// Known true weights, if any, shown beside the estimate for comparison (Fig. 10); the fit
    /// does not use them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub true_weights: Option<Vec<f64>>,
    /// Observations made by running a scheduler first (an extension of the spec; see
    /// [`FromSchedule`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_schedule: Option<FromSchedule>,
}

impl Default for AbacusEstimateScenario {
    /// Five jobs of the paper's user #3 (Section VI-E), whose true utility is about `6x + y`
    /// (map vs reduce); the utilities carry a little measurement noise.
    fn default() -> Self {
        let rows = [
            ([0.30, 0.40], 2.23),
            ([0.25, 0.55], 2.02),
            ([0.40, 0.30], 2.74),
            ([0.35, 0.45], 2.51),
            ([0.20, 0.35], 1.55),
        ];
        AbacusEstimateScenario {
            kind: EstimateKind::Linear,
            observations: rows.iter().map(|(s, u)| Observation { shares: s.to_vec(), utility: *u }).collect(),
            non_negative: false,
            true_weights: Some(vec![6.0, 1.0]),
            from_schedule: None,
        }
    }
}

impl AbacusEstimateScenario {
    /// Every problem with its JSON path (see [`Self::check`]).
    pub(crate) fn validate(&self, problems: &mut Problems) {
        if let Some(source) = &self.from_schedule {
            source.validate(problems);
            if !self.observations.is_empty() {
                problems.push_keyed("observations", "err-must-be-empty-when-from-schedule-makes", vec![]);
            }
            let m = source.scenario.resources.len();
            if let Some(w) = self.true_weights.as_ref().filter(|w| w.len() != m) {
                problems.push_keyed(
                    "true_weights",
                    "err-needs-one-weight-per-resource-type-m",
                    vec![("m", m.to_string()), ("got", w.len().to_string())],
                );
            }
            return;
        }
        self.validate_observations(problems);
    }

    fn validate_observations(&self, problems: &mut Problems) {
        let k = self.observations.len();
        if k == 0 {
            problems.push_keyed("observations", "err-at-least-one-observation-is-required", vec![]);
            return;
        }
        if k > MAX_OBSERVATIONS {
            problems.push_keyed(
                "observations",
                "err-at-most-max-observations-are-accepted-got",
                vec![("max", MAX_OBSERVATIONS.to_string()), ("got", k.to_string())],
            );
            return;
        }
        let m = self.observations[0].shares.len();
        if let Some(w) = &self.true_weights {
            if w.len() != m {
                problems.push_keyed(
                    "true_weights",
                    "err-needs-one-weight-per-resource-type-m",
                    vec![("m", m.to_string()), ("got", w.len().to_string())],
                );
            }
            if let Some(k) = w.iter().position(|x| !x.is_finite()) {
                problems.push_keyed(format!("true_weights[{k}]"), "err-must-be-finite-number", vec![]);
            }
        }
        if m == 0 {
            problems.push_keyed("observations[0].shares", "err-at-least-one-resource-type-one-share", vec![]);
        } else if m > MAX_RESOURCE_TYPES {
            problems.push_keyed(
                "observations[0].shares",
                "err-at-most-max-resource-types-are-accepted",
                vec![("max", MAX_RESOURCE_TYPES.to_string()), ("got", m.to_string())],
            );
            return;
        }
        // Per-observation problems (`Problems` lists the first hundred and counts the rest).
        let mut report =
            |path: String, id: &'static str, args: Vec<(&'static str, String)>| problems.push_keyed(path, id, args);
        for (l, obs) in self.observations.iter().enumerate() {
            if !obs.utility.is_finite() {
                report(
                    format!("observations[{l}].utility"),
                    "err-must-be-finite-number-got",
                    vec![("got", obs.utility.to_string())],
                );
            } else if obs.utility.abs() > MAX_UTILITY {
                report(
                    format!("observations[{l}].utility"),
                    "err-must-be-at-most-max-in-magnitude",
                    vec![("max", format!("{MAX_UTILITY:e}")), ("got", obs.utility.to_string())],
                );
            }
            if obs.shares.len() != m {
                report(
                    format!("observations[{l}].shares"),
                    "err-has-count-entries-expected-m-as-observations",
                    vec![("count", obs.shares.len().to_string()), ("m", m.to_string())],
                );
                continue;
            }
            for (j, &s) in obs.shares.iter().enumerate() {
                let id = match self.kind {
                    _ if !s.is_finite() => "err-must-be-finite-number-got",
                    EstimateKind::Log if !(s > 0.0 && s <= 1.0) => "err-must-be-in-0-1-for-log-utility",
                    EstimateKind::Linear if !(0.0..=1.0).contains(&s) => "err-must-be-in-0-1-share-is-probability",
                    _ => continue,
                };
                report(format!("observations[{l}].shares[{j}]"), id, vec![("got", s.to_string())]);
            }
        }
        if m > 0 && k < m {
            problems.push_keyed(
                "observations",
                "err-at-least-m-observations-are-needed-for",
                vec![("m", m.to_string()), ("got", k.to_string())],
            );
        }
    }

    /// `Ok` if the scenario is valid, else every problem with its JSON path.
    pub fn check(&self) -> Result<(), ScenarioError> {
        let mut problems = Problems::new();
        self.validate(&mut problems);
        problems.into_result()
    }

    /// Number of resource types (shares per observation).
    pub fn resource_types(&self) -> usize {
        match &self.from_schedule {
            Some(source) => source.scenario.resources.len(),
            None => self.observations.first().map_or(0, |o| o.shares.len()),
        }
    }

    /// Work units of a run: the scheduler's, if it makes the observations, and the fit (`k·m²`).
    pub fn work(&self) -> u64 {
        let m = self.resource_types() as u64;
        match &self.from_schedule {
            Some(source) => source.run_scenario().work() + u64::from(source.jobs) * m * m,
            None => self.observations.len() as u64 * m * m,
        }
    }

    /// Runs the fit (the scheduler first, with `from_schedule`, drawing from seed 0: a document's
    /// own seed applies when it runs through the runner). The scenario is validated again
    /// (an invalid one is [`EstimateError::Invalid`]); a singular system is an error that names
    /// the dependent column, never a NaN.
    pub fn run(&self) -> Result<EstimateResult, EstimateError> {
        self.check().map_err(EstimateError::Invalid)?;
        run_to_end(self.clone().job(0))
    }

    /// The resumable run of this (validated) scenario; the scheduler draws from `seed`.
    pub fn job(self, seed: u64) -> EstimationJob {
        let phase = match &self.from_schedule {
            Some(source) => match source.schedule_job(seed) {
                Some(job) => Phase::Schedule(Box::new(job)),
                None => Phase::Fit,
            },
            None => Phase::Fit,
        };
        EstimationJob { scenario: self, phase }
    }

    /// The fit of `observations` (made by the run, or the document's).
    fn fit(&self, made: Option<Vec<Observation>>) -> Result<EstimateResult, EstimateError> {
        let Some(observations) = made else { return fit(self.kind, &self.observations, self.non_negative) };
        let m = self.resource_types();
        if observations.len() < m {
            let source = self.from_schedule.as_ref().map_or("", |s| s.user.as_str());
            return Err(EstimateError::Invalid(ScenarioError::keyed(
                "from_schedule.jobs",
                "err-scheduler-finished-count-jobs-of-source-at",
                vec![
                    ("count", observations.len().to_string()),
                    ("source", format!("{source:?}")),
                    ("m", m.to_string()),
                ],
            )));
        }
        let mut result = fit(self.kind, &observations, self.non_negative)?;
        result.observations = Some(observations);
        Ok(result)
    }
}

enum Phase {
    Schedule(Box<ScheduleJob>),
    Fit,
    /// The result has been handed out; a further step is an error.
    Spent,
}

/// An `abacus_estimate` run: the scheduler (with `from_schedule`), then the fit.
pub struct EstimationJob {
    scenario: AbacusEstimateScenario,
    phase: Phase,
}

impl Job for EstimationJob {
    type Output = Result<EstimateResult, EstimateError>;

    fn step(&mut self, budget: u64) -> Step<Self::Output> {
        let made = match &mut self.phase {
            Phase::Spent => {
                return Step::Done(Err(EstimateError::Invalid(ScenarioError::keyed(
                    "document",
                    "err-this-run-has-already-finished",
                    vec![],
                ))))
            }
            Phase::Fit => None,
            Phase::Schedule(job) => match job.step(budget) {
                Step::Working(_) => return Step::Working(self.progress()),
                Step::Done(result) => {
                    let source = self.scenario.from_schedule.as_ref();
                    let mut made = match (source, result.policies.first()) {
                        (Some(s), Some(policy)) => observations(policy, s.user_index(), s.measure, &s.hidden()),
                        _ => Vec::new(),
                    };
                    made.truncate(source.map_or(0, |s| s.jobs as usize));
                    Some(made)
                }
            },
        };
        self.phase = Phase::Spent;
        Step::Done(self.scenario.fit(made))
    }

    fn progress(&self) -> Progress {
        match &self.phase {
            Phase::Schedule(job) => {
                let p = job.progress();
                Progress { done: p.done.min(p.total.saturating_sub(1)), total: p.total.max(1) }
            }
            Phase::Fit => Progress { done: 0, total: 1 },
            Phase::Spent => Progress { done: 1, total: 1 },
        }
    }
}

/// Utility estimation (Abacus, Section V), registered as `abacus_estimate`.
pub struct AbacusEstimate;

impl Mechanism for AbacusEstimate {
    const TAG: &'static str = "abacus_estimate";
    const NAME: &'static str = "Abacus utility estimation";
    type Scenario = AbacusEstimateScenario;
    type Output = EstimateResult;
    type Job = EstimationJob;

    fn validate(scenario: &AbacusEstimateScenario, problems: &mut Problems) {
        scenario.validate(problems)
    }

    fn work(scenario: &AbacusEstimateScenario) -> u64 {
        scenario.work()
    }

    fn start(scenario: AbacusEstimateScenario, seed: u64) -> EstimationJob {
        scenario.job(seed)
    }

    fn finish(output: Result<EstimateResult, EstimateError>) -> Result<EstimateResult, ScenarioError> {
        output.map_err(|e| e.into_scenario_error("observations"))
    }

    /// One row per resource type: its estimated weight.
    fn csv(r: &EstimateResult, w: &mut csv::Writer<Vec<u8>>) -> csv::Result<()> {
        w.write_record(["resource", "weight"])?;
        for (j, x) in r.weights.iter().enumerate() {
            w.write_record([j.to_string(), x.to_string()])?;
        }
        Ok(())
    }

    fn exercises() -> &'static [ShippedExercise] {
        // The originals in teaching order, then their translations (NAME.LANG: see
        // `exercise::shipped`).
        &[
            ShippedExercise { name: "abacus-estimate-fit", json: include_str!("exercises/abacus-estimate-fit.json") },
            ShippedExercise {
                name: "abacus-estimate-observations",
                json: include_str!("exercises/abacus-estimate-observations.json"),
            },
            ShippedExercise { name: "abacus-estimate-nnls", json: include_str!("exercises/abacus-estimate-nnls.json") },
            ShippedExercise {
                name: "abacus-estimate-fit.zh-CN",
                json: include_str!("exercises/abacus-estimate-fit.zh-CN.json"),
            },
            ShippedExercise {
                name: "abacus-estimate-observations.zh-CN",
                json: include_str!("exercises/abacus-estimate-observations.zh-CN.json"),
            },
            ShippedExercise {
                name: "abacus-estimate-nnls.zh-CN",
                json: include_str!("exercises/abacus-estimate-nnls.zh-CN.json"),
            },
        ]
    }

    fn presets() -> Vec<Example<AbacusEstimateScenario>> {
        vec![
            Example {
                name: "abacus-estimate-user-3",
                description: "Fig. 10: User 3 of Table I bids the default utility; fit its weights to 1 / response time of 20 jobs",
                build: Build::Ready(|| user_three(Measure::InverseResponseTime)),
            },
            Example {
                name: "abacus-estimate-user-3-model",
                description: "User 3 of Table I bids the default utility; its jobs measured by its hidden 6x + y (weights recovered)",
                build: Build::Ready(|| user_three(Measure::HiddenUtility)),
            },
            Example {
                name: "abacus-estimate-example",
                description: "five observed jobs of a user whose true utility is about 6x + y",
                build: Build::Ready(|| Document::new(AbacusEstimateScenario::default())),
            },
        ]
    }
}

/// User 3 of Table I under the default utility, its first 20 finished jobs as observations
/// (made when the scenario runs).
fn user_three(measure: Measure) -> Document<AbacusEstimateScenario> {
    let table = presets::table_one();
    let name = "User 3";
    let hidden =
        table.spec.schedule.as_ref().and_then(|s| s.users.iter().find(|u| u.name == name)).map(|u| u.utility.clone());
    let kind = match hidden.as_ref().map(|u| u.kind) {
        Some(UtilityKind::Log) => EstimateKind::Log,
        _ => EstimateKind::Linear,
    };
    let measured = match measure {
        Measure::InverseResponseTime => "the measured utility 1 / response time (the paper's Hadoop measure)",
        Measure::HiddenUtility => "its hidden true utility at those shares (the estimation model's measurement)",
    };
    Document {
        title: format!("Estimating {name}'s utility from its jobs"),
        notes: format!(
            "{name} bid the default utility (equal weights) while its true utility stayed hidden; each observation is one of \
             its finished jobs under Abacus: the average share of each resource over the job's life and {measured}. \
             Built from \"{}\" (seed {}).",
            table.title, table.seed
        ),
        seed: table.seed,
        spec: AbacusEstimateScenario {
            kind,
            observations: Vec::new(),
            non_negative: measure == Measure::InverseResponseTime,
            true_weights: hidden.map(|u| u.weights),
            from_schedule: Some(FromSchedule {
                // Only what the scheduler uses: resources, α and the schedule.
                scenario: AbacusScenario { jobs: Vec::new(), sweep: None, study: None, trace: false, ..table.spec },
                user: name.into(),
                jobs: 20,
                measure,
            }),
        },
    }
}
