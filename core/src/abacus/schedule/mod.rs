//! The probabilistic scheduler of the paper's Section III (Fig. 1), against FIFO and Fair.
//!
//! Resource type `j` has `units_j` identical slots. Users submit jobs over time (Poisson arrivals
//! up to a horizon, or explicit times); each job has, per resource type, a number of tasks and a
//! task duration, and with `phases_in_order` the tasks of type `j+1` wait until every task of type
//! `j` is done (reduces wait for maps). The simulation is event-driven (arrivals and task
//! completions; no fixed time step). At each event time: completions free their slots, arrivals
//! join, and — for `abacus` — the auction is recomputed over the active jobs whenever one arrived
//! or departed, warm-started from the previous one's sub-budgets
//! ([`WarmAuction`](super::auction::WarmAuction); [`ScheduleSpec::job_starting`] can start each
//! from the even split instead, as the paper describes, for comparison). Then every free slot of
//! type `j` goes to a job with a ready task of type `j`:
//!
//! * `abacus`: at random with probability ∝ `s_ij`, renormalised over the ready jobs (uniform if
//!   all their shares are 0);
//! * `fifo`: the job that arrived first;
//! * `fair`: the job with the fewest running tasks of type `j` (Hadoop's Fair Scheduler; ties go to
//!   the earlier job), i.e. equal shares of the slots.
//!
//! All policies see the same arrivals (drawn once from the seed, stream 0); a policy draws its
//! choices from its own stream of the seed, fixed by the policy (`Policy::stream`) and not by its
//! place in `policies`, so its result is the same whichever other policies run beside it. Each
//! finished job records its *average job resource* `s̄` (the time-average of its shares over its
//! life, Definition 1), which utility estimation uses.
//! Cost: O(E log E) for E events, plus under `abacus` one auction per arrival and departure
//! (warm, about one O(n·m) round when the bids are alike), O(n·m) per event for the share
//! integrals of the `n` active jobs, and per slot filled a bisection, after an O(n) sum of the
//! draw weights whenever one changed (see `auctioneer`).

use rand_chacha::rand_core::Rng as _;
use serde::{Deserialize, Serialize};

use super::auction::{validate_budget, AuctionParams, Bid, Start};
use super::utility::{validate_utility, FormulaCheck, Utilities, UtilitySpec};
use crate::error::{check_finite, Problems, ScenarioError};
use crate::sim::{seeded_rng, Job, Progress, Rng, Step};

mod auctioneer;
mod simulation;

use simulation::Simulation;

/// Most users in a schedule.
pub const MAX_USERS: usize = 1_000;
/// Most jobs (arrivals) in a schedule.
pub const MAX_SCHEDULE_JOBS: u64 = 100_000;
/// Most tasks in a schedule, over all jobs.
pub const MAX_SCHEDULE_TASKS: u64 = 10_000_000;
/// Latest time accepted.
pub const MAX_HORIZON: f64 = 10_000_000.0;
/// Points of the utilisation timeline.
pub const TIMELINE_POINTS: usize = 200;

/// A scheduling policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    Abacus,
    Fifo,
    Fair,
}

impl Policy {
    /// The policy's name in documents.
    pub fn tag(self) -> &'static str {
        match self {
            Policy::Abacus => "abacus",
            Policy::Fifo => "fifo",
            Policy::Fair => "fair",
        }
    }

    /// The policy's random stream of the scenario seed (the arrivals use stream 0). Fixed per
    /// policy, never its position in the list: `["abacus"]` and `["fifo", "abacus"]` give the same
    /// Abacus run. Only `abacus` draws today; the others have a stream reserved all the same.
    fn stream(self) -> u64 {
        match self {
            Policy::Abacus => 1,
            Policy::Fifo => 2,
            Policy::Fair => 3,
        }
    }
}

/// How a user's jobs arrive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Arrivals {
    /// A Poisson process of `rate` jobs per time unit, until the schedule's horizon.
    Poisson { rate: f64 },
    /// Explicit arrival times.
    Times(Vec<f64>),
}

/// One user: its bid, the true utility it is judged by, its arrivals and its job template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserSpec {
    pub name: String,
    pub budget: f64,
    /// The true utility (also the bid unless `reported_utility` is given).
    pub utility: UtilitySpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported_budget: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported_utility: Option<UtilitySpec>,
    pub arrivals: Arrivals,
    /// Tasks per resource type.
    pub tasks: Vec<u32>,
    /// Task duration per resource type.
    pub durations: Vec<f64>,
}

fn all_policies() -> Vec<Policy> {
    vec![Policy::Abacus, Policy::Fifo, Policy::Fair]
}
fn yes() -> bool {
    true
}

/// The `schedule` block of an `abacus` scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleSpec {
    #[serde(default = "all_policies")]
    pub policies: Vec<Policy>,
    #[serde(default = "yes")]
    pub phases_in_order: bool,
    /// Poisson arrivals stop at this time.
    #[serde(default)]
    pub horizon: f64,
    pub users: Vec<UserSpec>,
}

/// What happened to one job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobRecord {
    /// The user's index in `schedule.users`.
    pub user: u32,
    pub arrival: f64,
    pub start: f64,
    pub finish: f64,
    pub response_time: f64,
    /// Average job resource `s̄` (only under `abacus`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_shares: Option<Vec<f64>>,
}

/// Per-user summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserStats {
    pub name: String,
    pub jobs: u32,
    pub mean_response_time: f64,
}

/// Slot utilisation averaged over one slice of time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UtilisationSample {
    /// Middle of the slice.
    pub time: f64,
    /// Busy fraction per resource type.
    pub busy: Vec<f64>,
}

/// One policy's run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PolicyResult {
    pub policy: Policy,
    pub jobs: Vec<JobRecord>,
    pub users: Vec<UserStats>,
    pub makespan: f64,
    pub mean_response_time: f64,
    /// Busy slot-time / (units × makespan), per resource type.
    pub utilisation: Vec<f64>,
    pub timeline: Vec<UtilisationSample>,
    /// Auctions computed under `abacus`: one per event time at which a job with tasks arrived or a
    /// job departed (several at one time make one; the last departure, leaving no job, counts).
    pub auctions: u64,
}

/// `schedule_result`: one entry per policy, in the order requested.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScheduleResult {
    pub policies: Vec<PolicyResult>,
}

impl ScheduleSpec {
    /// Checks the block against `units` (one entry per resource type; `formulas` checks formula
    /// utilities over their names).
    pub(crate) fn validate(&self, units: &[u32], formulas: &mut FormulaCheck, problems: &mut Problems) {
        let m = units.len();
        if self.policies.is_empty() {
            problems.push_keyed("schedule.policies", "err-name-at-least-one-of-abacus-fifo", vec![]);
        }
        if self.users.is_empty() {
            problems.push_keyed("schedule.users", "err-at-least-one-user-is-required", vec![]);
        } else if self.users.len() > MAX_USERS {
            problems.push_keyed(
                "schedule.users",
                "err-at-most-max-users-got",
                vec![("max", MAX_USERS.to_string()), ("got", self.users.len().to_string())],
            );
            return;
        }
        if check_finite(problems, "schedule.horizon", self.horizon) && !(0.0..=MAX_HORIZON).contains(&self.horizon) {
            problems.push_keyed(
                "schedule.horizon",
                "err-must-be-from-0-to-max-got",
                vec![("max", MAX_HORIZON.to_string()), ("got", self.horizon.to_string())],
            );
        }
        let (mut jobs, mut tasks) = (0f64, 0f64);
        let mut horizon_reported = false;
        for (u, user) in self.users.iter().enumerate() {
            let path = format!("schedule.users[{u}]");
            validate_budget(user.budget, || format!("{path}.budget"), problems);
            validate_utility(&user.utility, formulas, || format!("{path}.utility"), problems);
            if let Some(b) = user.reported_budget {
                validate_budget(b, || format!("{path}.reported_budget"), problems);
            }
            if let Some(r) = &user.reported_utility {
                validate_utility(r, formulas, || format!("{path}.reported_utility"), problems);
            }
            let expected = match &user.arrivals {
                Arrivals::Poisson { rate } => {
                    if !(rate.is_finite() && *rate > 0.0) {
                        problems.push_keyed(
                            format!("{path}.arrivals.poisson.rate"),
                            "err-must-be-finite-number-gt-0-got",
                            vec![("got", rate.to_string())],
                        );
                        0.0
                    } else {
                        if self.horizon == 0.0 && !horizon_reported {
                            // Once, however many users arrive by Poisson (a negative horizon is reported above).
                            horizon_reported = true;
                            problems.push_keyed(
                                "schedule.horizon",
                                "err-poisson-arrivals-need-horizon-gt-0-when",
                                vec![],
                            );
                        }
                        // Mean plus a generous margin, to refuse workloads that would not fit.
                        rate * self.horizon.max(0.0)
                    }
                }
                Arrivals::Times(times) => {
                    for (k, &t) in times.iter().enumerate() {
                        let p = format!("{path}.arrivals.times[{k}]");
                        if check_finite(problems, &p, t) && !(0.0..=MAX_HORIZON).contains(&t) {
                            problems.push_keyed(
                                p,
                                "err-must-be-from-0-to-max-got",
                                vec![("max", MAX_HORIZON.to_string()), ("got", t.to_string())],
                            );
                        }
                    }
                    times.len() as f64
                }
            };
            if user.tasks.len() != m {
                problems.push_keyed(
                    format!("{path}.tasks"),
                    "err-needs-one-task-count-per-resource-type",
                    vec![("m", m.to_string()), ("got", user.tasks.len().to_string())],
                );
            }
            if user.durations.len() != m {
                problems.push_keyed(
                    format!("{path}.durations"),
                    "err-needs-one-duration-per-resource-type-m",
                    vec![("m", m.to_string()), ("got", user.durations.len().to_string())],
                );
            }
            for (k, &d) in user.durations.iter().enumerate() {
                let p = format!("{path}.durations[{k}]");
                if check_finite(problems, &p, d) && !(d > 0.0 && d <= MAX_HORIZON) {
                    problems.push_keyed(
                        p,
                        "err-must-be-gt-0-and-at-most",
                        vec![("max", MAX_HORIZON.to_string()), ("got", d.to_string())],
                    );
                }
            }
            jobs += expected;
            tasks += expected * user.tasks.iter().map(|&t| f64::from(t)).sum::<f64>();
        }
        if jobs > MAX_SCHEDULE_JOBS as f64 {
            problems.push_keyed(
                "schedule",
                "err-about-jobs-would-arrive-at-most-max",
                vec![("jobs", format!("{jobs:.0}")), ("max", MAX_SCHEDULE_JOBS.to_string())],
            );
        }
        if tasks > MAX_SCHEDULE_TASKS as f64 {
            problems.push_keyed(
                "schedule",
                "err-about-tasks-would-run-at-most-max",
                vec![("tasks", format!("{tasks:.0}")), ("max", MAX_SCHEDULE_TASKS.to_string())],
            );
        }
    }

    /// The arrivals of every job, `(time, user)` sorted by time then user, drawn from `seed`.
    pub fn arrivals(&self, seed: u64) -> Vec<(f64, usize)> {
        let mut rng = seeded_rng(seed);
        let mut all = Vec::new();
        for (u, user) in self.users.iter().enumerate() {
            match &user.arrivals {
                Arrivals::Times(times) => all.extend(times.iter().map(|&t| (t, u))),
                Arrivals::Poisson { rate } => {
                    let mut t = 0.0;
                    loop {
                        t += exponential(&mut rng, *rate);
                        if t >= self.horizon || all.len() as u64 > 2 * MAX_SCHEDULE_JOBS {
                            break;
                        }
                        all.push((t, u));
                    }
                }
            }
        }
        all.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        all
    }

    /// The resumable simulation of every requested policy on a validated block over the
    /// resource types `names` with `units` slots, each auction warm-started from the previous one.
    pub fn job(&self, units: &[u32], names: &[String], params: AuctionParams, seed: u64) -> ScheduleJob {
        self.job_starting(units, names, params, seed, Start::Warm)
    }

    /// [`Self::job`] with each auction started from `start`: [`Start::Cold`] reruns every auction
    /// from the even split, as the paper describes (and as this scheduler did before issue 23);
    /// the results agree within the auction's tolerance, the cold start is slower.
    pub fn job_starting(
        &self,
        units: &[u32],
        names: &[String],
        params: AuctionParams,
        seed: u64,
        start: Start,
    ) -> ScheduleJob {
        let arrivals = self.arrivals(seed);
        let tasks_per_user: Vec<u64> = self.users.iter().map(|u| u.tasks.iter().map(|&t| u64::from(t)).sum()).collect();
        let events: u64 = arrivals.iter().map(|&(_, u)| 1 + tasks_per_user[u]).sum();
        let mut utilities = Utilities::new(names);
        let mut fault = None;
        let mut bids = Vec::with_capacity(self.users.len());
        for (k, u) in self.users.iter().enumerate() {
            match utilities.utility(u.reported_utility.as_ref().unwrap_or(&u.utility)) {
                Ok(utility) => bids.push(Bid { budget: u.reported_budget.unwrap_or(u.budget), utility }),
                // Validation reports a formula that does not compile first: never reached.
                Err(e) => fault = fault.or(Some(ScenarioError { problems: vec![e.problem(self.bid_path(k))] })),
            }
        }
        ScheduleJob {
            fault,
            spec: self.clone(),
            bids,
            units: units.to_vec(),
            params: AuctionParams { trace: false, ..params },
            start,
            seed,
            arrivals,
            events_per_policy: events,
            next_policy: 0,
            current: None,
            done_events: 0,
            results: Vec::new(),
        }
    }
}

impl ScheduleSpec {
    /// The path of the formula user `u` bids (its reported utility, or its utility).
    fn bid_path(&self, u: usize) -> String {
        let which = match self.users.get(u).and_then(|x| x.reported_utility.as_ref()) {
            Some(_) => "reported_utility",
            None => "utility",
        };
        format!("schedule.users[{u}].{which}.formula")
    }
}

impl ScheduleJob {
    /// The fault that ended the job early, if any: a formula utility that gave a value that is
    /// not a number (the result handed out with it is incomplete and must not be used).
    pub fn take_fault(&mut self) -> Option<ScenarioError> {
        self.fault.take()
    }
}

/// An exponential draw of the given rate, by inversion.
fn exponential(rng: &mut Rng, rate: f64) -> f64 {
    let u = ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64); // in (0, 1)
    -crate::math::ln(u) / rate
}

/// All requested policies, one after the other, as a resumable job (a unit is one event).
pub struct ScheduleJob {
    /// A formula utility that could not be built or gave a value that is not a number: the job
    /// ends with it (see [`ScheduleJob::take_fault`]).
    fault: Option<ScenarioError>,
    spec: ScheduleSpec,
    /// Each user's bid (its reported budget and utility), resolved once.
    bids: Vec<Bid>,
    units: Vec<u32>,
    params: AuctionParams,
    start: Start,
    seed: u64,
    arrivals: Vec<(f64, usize)>,
    events_per_policy: u64,
    next_policy: usize,
    current: Option<Simulation>,
    done_events: u64,
    results: Vec<PolicyResult>,
}

impl Job for ScheduleJob {
    type Output = ScheduleResult;

    fn step(&mut self, budget: u64) -> Step<ScheduleResult> {
        let mut left = budget.max(1);
        loop {
            if self.fault.is_some() {
                return Step::Done(ScheduleResult { policies: std::mem::take(&mut self.results) });
            }
            if self.current.is_none() {
                let Some(&policy) = self.spec.policies.get(self.next_policy) else {
                    return Step::Done(ScheduleResult { policies: std::mem::take(&mut self.results) });
                };
                self.current = Some(Simulation::new(policy, &self.units, self.params, self.start, self.seed));
                self.next_policy += 1;
            }
            let Some(sim) = self.current.as_mut() else { continue };
            let (handled, work) = sim.advance(&self.spec, &self.bids, &self.units, &self.arrivals);
            if let Some((user, fault, time)) = sim.take_fault() {
                self.fault =
                    Some(ScenarioError { problems: vec![fault.problem(self.spec.bid_path(user), Some(time))] });
                continue;
            }
            if handled == 0 {
                if let Some(sim) = self.current.take() {
                    self.results.push(sim.finish(&self.spec, &self.units));
                }
                continue;
            }
            self.done_events += handled;
            left = left.saturating_sub(work);
            if left == 0 {
                return Step::Working(self.progress());
            }
        }
    }

    fn progress(&self) -> Progress {
        let total = self.events_per_policy * self.spec.policies.len() as u64;
        Progress { done: self.done_events.min(total), total }
    }
}

#[cfg(test)]
mod tests {
    use super::Policy;

    #[test]
    fn policy_streams_are_fixed_and_apart_from_the_arrivals() {
        let streams = [Policy::Abacus, Policy::Fifo, Policy::Fair].map(Policy::stream);
        // Stream 0 draws the arrivals; Abacus keeps stream 1, which it had when listed first.
        assert_eq!(streams, [1, 2, 3]);
    }
}
