//! A `spot` run as a resumable job (progress = policy-hours evaluated), and its work estimate.

use super::jobs::JobsSpec;
use super::result::SpotResult;
use super::run::Evaluation;
use super::scenario::SpotScenario;
use crate::error::ScenarioError;
use crate::sim::{Staged, StagedJob};

/// Work units of a run: policy-hours (each job's deadline hours × the policies), estimated
/// cheaply; in floating point, clamped (a generator's parameters may be huge).
pub fn work(s: &SpotScenario) -> u64 {
    let policies = s.policies.count() as f64;
    let hours = match &s.jobs {
        JobsSpec::List(l) => l.iter().map(|j| f64::from(j.deadline)).sum::<f64>(),
        JobsSpec::Generator(g) => {
            let factor = (g.deadline_factor[0] + g.deadline_factor[1]) / 2.0;
            g.count as f64 * (factor * g.size_max / 2.0 / g.parallelism + 1.0)
        }
        JobsSpec::Swf(w) => {
            let lines = w.swf.lines().filter(|l| !l.trim_start().starts_with(';')).count() as f64;
            w.count.map_or(lines, |c| c as f64) * 2.0
        }
    };
    let total = policies * hours;
    if total.is_finite() {
        total.clamp(1.0, 1e18) as u64
    } else {
        1_000_000_000_000_000_000
    }
}

impl Staged for Evaluation {
    type Input = SpotScenario;
    type Output = SpotResult;

    fn prepare(s: &SpotScenario, seed: u64) -> Result<Self, ScenarioError> {
        Evaluation::new(s, seed)
    }
    fn finished(&self) -> bool {
        Evaluation::finished(self)
    }
    fn advance(&mut self) -> u64 {
        let w = self.cost_of(self.done());
        self.step();
        w
    }
    fn result(self) -> SpotResult {
        Evaluation::result(self)
    }
    fn failure(&mut self) -> Option<ScenarioError> {
        self.take_failure()
    }
    /// Exact once the jobs exist: each job's hours × the policies.
    fn remaining(&self) -> Option<u64> {
        Some((self.done()..self.jobs()).map(|j| self.cost_of(j)).fold(0u64, u64::saturating_add))
    }
}

/// The resumable run of a `spot` document: draw the jobs and prices, then one job per step.
pub type SpotJob = StagedJob<Evaluation>;

/// The run of a validated `spot` document.
pub fn start(s: SpotScenario, seed: u64) -> SpotJob {
    let w = work(&s);
    StagedJob::new(s, seed, w, 0)
}
