//! An `era` run as a resumable job: build the model and the predictor (one step: the LP has no
//! public iteration), then simulate slot by slot; and its work estimate.

use super::requests::RequestSpec;
use super::result::EraResult;
use super::run::Simulation;
use super::scenario::{EraScenario, HistorySpec, PredictorSpec, RequestsSpec};
use crate::error::ScenarioError;
use crate::sim::{Staged, StagedJob};

/// Work units of a run: each bid's windows × resources, each slot, and the LP's variables.
pub fn work(s: &EraScenario) -> u64 {
    let resources = s.cloud.resources.len().max(1) as f64;
    let window =
        |r: &RequestSpec| r.parts.iter().map(|p| u64::from(p.deadline.saturating_sub(p.arrival)).max(1)).sum::<u64>();
    let requests = match &s.requests {
        RequestsSpec::List(l) => l.iter().map(window).sum::<u64>() as f64,
        RequestsSpec::Generated { generator } => {
            let per: f64 = generator.classes.iter().map(|c| c.duration.mean() + c.slack.mean() + 1.0).sum::<f64>()
                / generator.classes.len().max(1) as f64;
            generator.expected_requests(s.cloud.horizon) * per
        }
    };
    let history = match &s.predictor {
        PredictorSpec::LpHistory { history: HistorySpec::List(l), .. } => {
            l.iter().map(window).sum::<u64>() as f64 * 40.0
        }
        PredictorSpec::LpHistory { history: HistorySpec::Generated { generator, .. }, .. } => {
            generator.expected_requests(s.cloud.horizon) * 40.0 * 24.0
        }
        _ => 0.0,
    };
    // In floating point, clamped: a generator's means may be huge (the run itself is bounded).
    (requests * resources + f64::from(s.cloud.horizon) + history).min(1e18) as u64
}

impl Staged for Simulation {
    type Input = EraScenario;
    type Output = EraResult;

    fn prepare(s: &EraScenario, seed: u64) -> Result<Self, ScenarioError> {
        Simulation::new(s, seed)
    }
    fn finished(&self) -> bool {
        Simulation::finished(self)
    }
    fn advance(&mut self) -> u64 {
        self.step_slot()
    }
    fn result(self) -> EraResult {
        Simulation::result(self)
    }
    fn failure(&mut self) -> Option<ScenarioError> {
        self.take_failure()
    }
}

/// The resumable run of an `era` document: build the model and the predictor (one step: the LP
/// has no public iteration; half the estimate when there is a history), then slot by slot.
pub type EraJob = StagedJob<Simulation>;

/// The run of a validated `era` document.
pub fn start(s: EraScenario, seed: u64) -> EraJob {
    let total = work(&s).max(1);
    let prepare = match &s.predictor {
        PredictorSpec::LpHistory { .. } | PredictorSpec::SpreadHistory { .. } => total / 2,
        _ => 1,
    };
    StagedJob::new(s, seed, total, prepare)
}
