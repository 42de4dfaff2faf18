//! An `era` run as a resumable job: build the model and the predictor (one step: the LP has no
//! public iteration), then simulate slot by slot; and its work estimate.

use super::requests::RequestSpec;
use super::result::EraResult;
use super::run::Simulation;
use super::scenario::{EraScenario, HistorySpec, PredictorSpec, RequestsSpec};
use crate::error::ScenarioError;
use crate::sim::{Job, Progress, Step};

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

enum Phase {
    Prepare(Box<EraScenario>, u64),
    Simulate(Box<Simulation>),
    Spent,
}

/// The resumable run of an `era` document.
pub struct EraJob {
    phase: Phase,
    total: u64,
    done: u64,
    prepare: u64,
}

impl EraJob {
    pub fn new(s: EraScenario, seed: u64) -> Self {
        let total = work(&s).max(1);
        let prepare = match &s.predictor {
            PredictorSpec::LpHistory { .. } | PredictorSpec::SpreadHistory { .. } => total / 2,
            _ => 1,
        };
        EraJob { phase: Phase::Prepare(Box::new(s), seed), total: total.saturating_add(prepare), done: 0, prepare }
    }
}

impl Job for EraJob {
    type Output = Result<EraResult, ScenarioError>;

    fn step(&mut self, budget: u64) -> Step<Self::Output> {
        let mut left = budget.max(1);
        loop {
            match &mut self.phase {
                Phase::Prepare(s, seed) => match Simulation::new(s, *seed) {
                    Ok(sim) => {
                        self.phase = Phase::Simulate(Box::new(sim));
                        self.done = self.done.saturating_add(self.prepare);
                        left = left.saturating_sub(self.prepare);
                    }
                    Err(e) => {
                        self.phase = Phase::Spent;
                        return Step::Done(Err(e));
                    }
                },
                Phase::Simulate(sim) => {
                    if sim.finished() {
                        if let Phase::Simulate(sim) = std::mem::replace(&mut self.phase, Phase::Spent) {
                            return Step::Done(Ok(sim.result()));
                        }
                        continue;
                    }
                    let w = sim.step_slot();
                    self.done = self.done.saturating_add(w);
                    left = left.saturating_sub(w);
                }
                Phase::Spent => {
                    return Step::Done(Err(ScenarioError::single("document", "this run has already finished")));
                }
            }
            if left == 0 {
                return Step::Working(self.progress());
            }
        }
    }

    fn progress(&self) -> Progress {
        match self.phase {
            Phase::Spent => Progress { done: self.total, total: self.total },
            _ => Progress { done: self.done.min(self.total.saturating_sub(1)), total: self.total },
        }
    }
}
