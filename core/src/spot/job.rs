//! A `spot` run as a resumable job (progress = policy-hours evaluated), and its work estimate.

use super::jobs::JobsSpec;
use super::policies::PoliciesSpec;
use super::result::SpotResult;
use super::run::Evaluation;
use super::scenario::SpotScenario;
use crate::error::ScenarioError;
use crate::sim::{Job, Progress, Step};

/// Work units of a run: policy-hours (each job's deadline hours × the policies), estimated
/// cheaply; in floating point, clamped (a generator's parameters may be huge).
pub fn work(s: &SpotScenario) -> u64 {
    let policies = match &s.policies {
        PoliciesSpec::Paper(set) => set.policies().len(),
        PoliciesSpec::List(l) => l.len(),
    } as f64;
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

enum Phase {
    Prepare(Box<SpotScenario>, u64),
    Evaluate(Box<Evaluation>),
    Spent,
}

/// The resumable run of a `spot` document.
pub struct SpotJob {
    phase: Phase,
    total: u64,
    done: u64,
}

impl SpotJob {
    pub fn new(s: SpotScenario, seed: u64) -> Self {
        let total = work(&s).max(1);
        SpotJob { phase: Phase::Prepare(Box::new(s), seed), total, done: 0 }
    }
}

impl Job for SpotJob {
    type Output = Result<SpotResult, ScenarioError>;

    fn step(&mut self, budget: u64) -> Step<Self::Output> {
        let mut left = budget.max(1);
        loop {
            match &mut self.phase {
                Phase::Prepare(s, seed) => match Evaluation::new(s, *seed) {
                    Ok(e) => {
                        // The estimate becomes exact once the jobs exist.
                        self.total = (0..e.jobs()).map(|j| e.cost_of(j)).fold(0u64, u64::saturating_add).max(1);
                        self.phase = Phase::Evaluate(Box::new(e));
                    }
                    Err(e) => {
                        self.phase = Phase::Spent;
                        return Step::Done(Err(e));
                    }
                },
                Phase::Evaluate(e) => {
                    if e.finished() {
                        if let Phase::Evaluate(e) = std::mem::replace(&mut self.phase, Phase::Spent) {
                            return Step::Done(Ok(e.result()));
                        }
                        continue;
                    }
                    let w = e.cost_of(e.done());
                    e.step();
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
