//! An `abacus` scenario as a resumable job: auction rounds, then the sweep's points, then the
//! schedule's events. Work units are sub-budget updates (n·m per round, per sweep auction round)
//! and scheduler events.

use super::auction::Auction;
use super::incentive::Sweeper;
use super::scenario::{AbacusResult, AbacusScenario};
use super::schedule::ScheduleJob;
use crate::sim::{Job, Progress, Step};

/// Rounds assumed per auction when estimating work (measured: 5–60 for the paper's settings).
pub const ESTIMATED_ROUNDS: u64 = 40;

enum Phase {
    Auction(Box<Auction>),
    Sweep(Box<Sweeper>),
    Schedule(Box<ScheduleJob>),
    Finished,
}

/// The whole run of an `abacus` scenario.
pub struct AbacusJob {
    scenario: AbacusScenario,
    seed: u64,
    phase: Phase,
    auction: Option<super::AuctionResult>,
    sweep: Option<super::incentive::SweepResult>,
    done: u64,
}

impl AbacusScenario {
    /// Estimated work of a run, for choosing inline vs worker and for progress.
    pub fn work(&self) -> u64 {
        let nm = (self.jobs.len() * self.resources.len()) as u64;
        let sweep = self.sweep.as_ref().map_or(0, |s| u64::from(s.points) + 1);
        let schedule = self.schedule.as_ref().map_or(0, |s| {
            let jobs: f64 = s
                .users
                .iter()
                .map(|u| match &u.arrivals {
                    super::schedule::Arrivals::Poisson { rate } => rate * s.horizon,
                    super::schedule::Arrivals::Times(t) => t.len() as f64,
                })
                .sum();
            // Each arrival and departure recomputes an auction over the active jobs.
            (jobs * s.policies.len() as f64 * (self.resources.len() as f64) * ESTIMATED_ROUNDS as f64 * 8.0) as u64
        });
        nm * ESTIMATED_ROUNDS * (1 + sweep) + schedule
    }

    /// The resumable run of this (validated) scenario.
    pub fn job(&self, seed: u64) -> AbacusJob {
        let phase = if self.jobs.is_empty() {
            Phase::Auction(Box::new(Auction::new(Vec::new(), self.resources.len(), self.params())))
        } else {
            Phase::Auction(Box::new(Auction::new(self.bids(), self.resources.len(), self.params())))
        };
        AbacusJob { scenario: self.clone(), seed, phase, auction: None, sweep: None, done: 0 }
    }
}

impl AbacusJob {
    fn next_phase(&mut self) {
        let s = &self.scenario;
        self.phase = match std::mem::replace(&mut self.phase, Phase::Finished) {
            Phase::Auction(a) => {
                self.auction = Some(a.finish());
                match s.sweep.as_ref().and_then(|sw| s.jobs.iter().position(|j| j.name == sw.job).map(|i| (sw, i))) {
                    Some((sw, i)) => {
                        Phase::Sweep(Box::new(Sweeper::new(s.bids(), s.resources.len(), s.params(), i, sw.clone())))
                    }
                    None => self.schedule_phase(),
                }
            }
            Phase::Sweep(sw) => {
                self.sweep = Some(sw.finish());
                self.schedule_phase()
            }
            Phase::Schedule(_) | Phase::Finished => Phase::Finished,
        };
    }

    fn schedule_phase(&self) -> Phase {
        match &self.scenario.schedule {
            Some(spec) => {
                Phase::Schedule(Box::new(spec.job(&self.scenario.units(), self.scenario.params(), self.seed)))
            }
            None => Phase::Finished,
        }
    }
}

impl Job for AbacusJob {
    type Output = AbacusResult;

    fn step(&mut self, budget: u64) -> Step<AbacusResult> {
        let mut left = budget.max(1);
        loop {
            match &mut self.phase {
                Phase::Auction(a) => {
                    if a.size() == 0 || !a.running() {
                        self.next_phase();
                        continue;
                    }
                    a.round();
                    self.done += a.size();
                    left = left.saturating_sub(a.size());
                }
                Phase::Sweep(sw) => {
                    if !sw.next_point() {
                        self.next_phase();
                        continue;
                    }
                    let cost = (self.scenario.jobs.len() * self.scenario.resources.len()) as u64 * ESTIMATED_ROUNDS;
                    self.done += cost;
                    left = left.saturating_sub(cost);
                }
                Phase::Schedule(job) => match job.step(left) {
                    Step::Working(_) => return Step::Working(self.progress()),
                    Step::Done(result) => {
                        let auction = self.auction.take().unwrap_or_else(|| empty_auction(&self.scenario));
                        self.phase = Phase::Finished;
                        return Step::Done(self.scenario.result(auction, self.sweep.take(), Some(result)));
                    }
                },
                Phase::Finished => {
                    let auction = self.auction.take().unwrap_or_else(|| empty_auction(&self.scenario));
                    return Step::Done(self.scenario.result(auction, self.sweep.take(), None));
                }
            }
            if left == 0 {
                return Step::Working(self.progress());
            }
        }
    }

    fn progress(&self) -> Progress {
        let total = self.scenario.work().max(1);
        let done = match &self.phase {
            Phase::Schedule(job) => {
                let p = job.progress();
                let before = total.saturating_sub(self.schedule_work());
                before + (self.schedule_work() as f64 * p.fraction()) as u64
            }
            Phase::Finished => total,
            _ => self.done.min(total.saturating_sub(self.schedule_work()).saturating_sub(1)),
        };
        Progress { done: done.min(total), total }
    }
}

impl AbacusJob {
    fn schedule_work(&self) -> u64 {
        let without = AbacusScenario { schedule: None, ..self.scenario.clone() };
        self.scenario.work() - without.work()
    }
}

fn empty_auction(s: &AbacusScenario) -> super::AuctionResult {
    super::AuctionResult {
        shares: Vec::new(),
        sub_budgets: Vec::new(),
        utilities: Vec::new(),
        iterations: 0,
        converged: true,
        trace: s.trace.then(Vec::new),
    }
}
