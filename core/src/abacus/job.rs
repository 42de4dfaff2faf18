//! An `abacus` scenario as a resumable job: auction rounds, then the sweep's points, then the
//! schedule's events, then the study's random instances. Work units are sub-budget updates (n·m
//! per round, per sweep auction round, per study round) and scheduler events.

use super::auction::Auction;
use super::incentive::Sweeper;
use super::scenario::{AbacusResult, AbacusScenario};
use super::schedule::ScheduleJob;
use super::study::{StudyJob, StudyResult};
use crate::error::ScenarioError;
use crate::sim::{Job, Progress, Step};

/// Rounds assumed per auction when estimating work (measured: 5–60 for the paper's settings).
pub const ESTIMATED_ROUNDS: u64 = 40;

enum Phase {
    Auction(Box<Auction>),
    /// A formula utility failed (it did not compile, or gave a value that is not a number).
    Failed(ScenarioError),
    Sweep(Box<Sweeper>),
    Schedule(Box<ScheduleJob>),
    Study(Box<StudyJob>),
    Finished,
    /// The result has been handed out; a further step is an error.
    Spent,
}

/// The whole run of an `abacus` scenario.
pub struct AbacusJob {
    scenario: AbacusScenario,
    seed: u64,
    phase: Phase,
    auction: Option<super::AuctionResult>,
    sweep: Option<super::incentive::SweepResult>,
    schedule: Option<super::schedule::ScheduleResult>,
    study: Option<StudyResult>,
    /// Work done in the auction and sweep phases, and the estimates fixed at the start.
    done: u64,
    before_schedule: u64,
    schedule_work: u64,
    study_work: u64,
}

impl AbacusScenario {
    /// Estimated work of the auction and its sweep.
    fn auction_work(&self) -> u64 {
        let nm = (self.jobs.len() * self.resources.len()) as u64;
        let sweep = self.sweep.as_ref().map_or(0, |s| u64::from(s.points) + 1);
        nm * ESTIMATED_ROUNDS * (1 + sweep)
    }

    /// Estimated work of the scheduler: each arrival and departure recomputes an auction over
    /// the active jobs.
    fn schedule_work(&self) -> u64 {
        self.schedule.as_ref().map_or(0, |s| {
            let jobs: f64 = s
                .users
                .iter()
                .map(|u| match &u.arrivals {
                    super::schedule::Arrivals::Poisson { rate } => rate * s.horizon,
                    super::schedule::Arrivals::Times(t) => t.len() as f64,
                })
                .sum();
            (jobs * s.policies.len() as f64 * (self.resources.len() as f64) * ESTIMATED_ROUNDS as f64 * 8.0) as u64
        })
    }

    /// Estimated work of a run, for choosing inline vs worker and for progress.
    pub fn work(&self) -> u64 {
        self.auction_work() + self.schedule_work() + self.study.as_ref().map_or(0, |s| s.work())
    }

    /// The resumable run of this (validated) scenario, which it takes over.
    pub fn into_job(self, seed: u64) -> AbacusJob {
        let mut utilities = self.utilities();
        let auction =
            Auction::of_specs(self.jobs.iter().map(|j| (j.budget, &j.utility)), &mut utilities, self.params());
        AbacusJob {
            // Validation compiles every formula first: the error is never reached.
            phase: match auction {
                Ok(a) => Phase::Auction(Box::new(a)),
                Err((i, e)) => {
                    Phase::Failed(ScenarioError { problems: vec![e.problem(format!("jobs[{i}].utility.formula"))] })
                }
            },
            seed,
            auction: None,
            sweep: None,
            schedule: None,
            study: None,
            done: 0,
            before_schedule: self.auction_work(),
            schedule_work: self.schedule_work(),
            study_work: self.study.as_ref().map_or(0, |s| s.work()),
            scenario: self,
        }
    }
}

impl AbacusJob {
    fn next_phase(&mut self) {
        let s = &self.scenario;
        self.phase = match std::mem::replace(&mut self.phase, Phase::Finished) {
            Phase::Auction(a) => {
                let (result, fault) = a.finish_checked();
                if let Some(f) = fault {
                    let problem = f.problem(format!("jobs[{}].utility.formula", f.row), None);
                    self.phase = Phase::Failed(ScenarioError { problems: vec![problem] });
                    return;
                }
                self.auction = Some(result);
                match s.sweep.as_ref().and_then(|sw| s.jobs.iter().position(|j| j.name == sw.job).map(|i| (sw, i))) {
                    Some((sw, i)) => match s.bids() {
                        Ok(bids) => {
                            Phase::Sweep(Box::new(Sweeper::new(bids, s.resources.len(), s.params(), i, sw.clone())))
                        }
                        Err(e) => Phase::Failed(e),
                    },
                    None => self.schedule_phase(),
                }
            }
            Phase::Sweep(sw) => {
                let i = sw.job();
                match sw.finish() {
                    Ok(result) => {
                        self.sweep = Some(result);
                        self.schedule_phase()
                    }
                    Err(failure) => Phase::Failed(ScenarioError {
                        problems: vec![failure.problem(format!("jobs[{i}].utility.formula"))],
                    }),
                }
            }
            Phase::Failed(e) => Phase::Failed(e),
            Phase::Schedule(_) => self.study_phase(),
            Phase::Study(_) | Phase::Finished => Phase::Finished,
            Phase::Spent => Phase::Spent,
        };
    }

    fn study_phase(&self) -> Phase {
        match &self.scenario.study {
            Some(spec) => Phase::Study(Box::new(spec.job(self.seed))),
            None => Phase::Finished,
        }
    }

    fn schedule_phase(&self) -> Phase {
        match &self.scenario.schedule {
            Some(spec) => Phase::Schedule(Box::new(spec.job(
                &self.scenario.units(),
                &self.scenario.names(),
                self.scenario.params(),
                self.seed,
            ))),
            None => self.study_phase(),
        }
    }
}

impl Job for AbacusJob {
    /// The result, or an error if the job is stepped again after it (the auction phase always
    /// runs first, so a finished job always has its auction).
    type Output = Result<AbacusResult, ScenarioError>;

    fn step(&mut self, budget: u64) -> Step<Self::Output> {
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
                Phase::Failed(_) => {
                    return Step::Done(Err(match std::mem::replace(&mut self.phase, Phase::Spent) {
                        Phase::Failed(e) => e,
                        _ => spent(),
                    }));
                }
                Phase::Schedule(job) => match job.step(left) {
                    Step::Working(_) => return Step::Working(self.progress()),
                    Step::Done(result) => {
                        if let Some(e) = job.take_fault() {
                            self.phase = Phase::Failed(e);
                            continue;
                        }
                        self.schedule = Some(result);
                        self.next_phase();
                        continue;
                    }
                },
                Phase::Study(job) => match job.step(left) {
                    Step::Working(_) => return Step::Working(self.progress()),
                    Step::Done(result) => {
                        self.study = Some(result);
                        self.phase = Phase::Finished;
                        continue;
                    }
                },
                Phase::Finished => {
                    self.phase = Phase::Spent;
                    let Some(auction) = self.auction.take() else { return Step::Done(Err(spent())) };
                    let s = &mut self.scenario;
                    let jobs = std::mem::take(&mut s.jobs);
                    return Step::Done(Ok(AbacusResult::new(
                        jobs,
                        &s.resources,
                        auction,
                        self.sweep.take(),
                        self.schedule.take(),
                        self.study.take(),
                    )));
                }
                Phase::Spent => return Step::Done(Err(spent())),
            }
            if left == 0 {
                return Step::Working(self.progress());
            }
        }
    }

    fn progress(&self) -> Progress {
        let total = (self.before_schedule + self.schedule_work + self.study_work).max(1);
        let done = match &self.phase {
            Phase::Schedule(job) => {
                self.before_schedule + (self.schedule_work as f64 * job.progress().fraction()) as u64
            }
            Phase::Study(job) => {
                self.before_schedule + self.schedule_work + (self.study_work as f64 * job.progress().fraction()) as u64
            }
            Phase::Finished | Phase::Spent => total,
            // Estimates can fall short: stay below the schedule's share until it starts.
            _ => self.done.min(self.before_schedule.saturating_sub(1)),
        };
        Progress { done: done.min(total), total }
    }
}

/// The error of a job stepped again after its result.
fn spent() -> ScenarioError {
    ScenarioError::keyed("document", "err-this-run-has-already-finished", vec![])
}
