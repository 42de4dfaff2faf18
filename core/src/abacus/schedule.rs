//! The probabilistic scheduler of the paper's Section III (Fig. 1), against FIFO and Fair.
//!
//! Resource type `j` has `units_j` identical slots. Users submit jobs over time (Poisson arrivals
//! up to a horizon, or explicit times); each job has, per resource type, a number of tasks and a
//! task duration, and with `phases_in_order` the tasks of type `j+1` wait until every task of type
//! `j` is done (reduces wait for maps). The simulation is event-driven (arrivals and task
//! completions; no fixed time step). At each event time: completions free their slots, arrivals
//! join, and — for `abacus` — the auction is recomputed over the active jobs whenever one arrived
//! or departed. Then every free slot of type `j` goes to a job with a ready task of type `j`:
//!
//! * `abacus`: at random with probability ∝ `s_ij`, renormalised over the ready jobs (uniform if
//!   all their shares are 0);
//! * `fifo`: the job that arrived first;
//! * `fair`: the job with the fewest running tasks of type `j` (Hadoop's Fair Scheduler; ties go to
//!   the earlier job), i.e. equal shares of the slots.
//!
//! All policies see the same arrivals (drawn once from the seed); `abacus` draws its choices from
//! its own seeded stream. Each finished job records its *average job resource* `s̄` (the
//! time-average of its shares over its life, Definition 1), which utility estimation uses.
//! Cost: O(E log E) for E events, plus one auction per arrival and departure under `abacus`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rand_chacha::rand_core::Rng as _;
use serde::{Deserialize, Serialize};

use super::auction::{run_auction, AuctionParams, Bid};
use super::scenario::{validate_budget, validate_utility};
use super::utility::{Utility, UtilitySpec};
use crate::error::{check_finite, Problems};
use crate::sim::{seeded_rng, Job, Progress, Rng, Step};

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
    pub user: usize,
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
    pub jobs: usize,
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
    /// Auctions computed (arrivals and departures under `abacus`).
    pub auctions: u64,
}

/// `schedule_result`: one entry per policy, in the order requested.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScheduleResult {
    pub policies: Vec<PolicyResult>,
}

impl ScheduleSpec {
    /// Checks the block against `units` (one entry per resource type).
    pub(crate) fn validate(&self, units: &[u32], problems: &mut Problems) {
        let m = units.len();
        if self.policies.is_empty() {
            problems.push("schedule.policies", "name at least one of \"abacus\", \"fifo\", \"fair\"");
        }
        if self.users.is_empty() {
            problems.push("schedule.users", "at least one user is required");
        } else if self.users.len() > MAX_USERS {
            problems.push("schedule.users", format!("at most {MAX_USERS} users, got {}", self.users.len()));
            return;
        }
        if check_finite(problems, "schedule.horizon", self.horizon) && !(0.0..=MAX_HORIZON).contains(&self.horizon) {
            problems.push("schedule.horizon", format!("must be from 0 to {MAX_HORIZON}, got {}", self.horizon));
        }
        let (mut jobs, mut tasks) = (0f64, 0f64);
        let mut horizon_reported = false;
        for (u, user) in self.users.iter().enumerate() {
            let path = format!("schedule.users[{u}]");
            validate_budget(user.budget, || format!("{path}.budget"), problems);
            validate_utility(&user.utility, m, || format!("{path}.utility"), problems);
            if let Some(b) = user.reported_budget {
                validate_budget(b, || format!("{path}.reported_budget"), problems);
            }
            if let Some(r) = &user.reported_utility {
                validate_utility(r, m, || format!("{path}.reported_utility"), problems);
            }
            let expected = match &user.arrivals {
                Arrivals::Poisson { rate } => {
                    if !(rate.is_finite() && *rate > 0.0) {
                        problems.push(format!("{path}.arrivals.poisson.rate"), format!("must be a finite number > 0, got {rate}"));
                        0.0
                    } else {
                        if self.horizon == 0.0 && !horizon_reported {
                            // Once, however many users arrive by Poisson (a negative horizon is reported above).
                            horizon_reported = true;
                            problems.push("schedule.horizon", "Poisson arrivals need a horizon > 0 (when submissions stop)");
                        }
                        // Mean plus a generous margin, to refuse workloads that would not fit.
                        rate * self.horizon.max(0.0)
                    }
                }
                Arrivals::Times(times) => {
                    for (k, &t) in times.iter().enumerate() {
                        let p = format!("{path}.arrivals.times[{k}]");
                        if check_finite(problems, &p, t) && !(0.0..=MAX_HORIZON).contains(&t) {
                            problems.push(p, format!("must be from 0 to {MAX_HORIZON}, got {t}"));
                        }
                    }
                    times.len() as f64
                }
            };
            if user.tasks.len() != m {
                problems.push(format!("{path}.tasks"), format!("needs one task count per resource type ({m}), got {}", user.tasks.len()));
            }
            if user.durations.len() != m {
                problems.push(format!("{path}.durations"), format!("needs one duration per resource type ({m}), got {}", user.durations.len()));
            }
            for (k, &d) in user.durations.iter().enumerate() {
                let p = format!("{path}.durations[{k}]");
                if check_finite(problems, &p, d) && !(d > 0.0 && d <= MAX_HORIZON) {
                    problems.push(p, format!("must be > 0 and at most {MAX_HORIZON}, got {d}"));
                }
            }
            jobs += expected;
            tasks += expected * user.tasks.iter().map(|&t| f64::from(t)).sum::<f64>();
        }
        if jobs > MAX_SCHEDULE_JOBS as f64 {
            problems.push("schedule", format!("about {jobs:.0} jobs would arrive; at most {MAX_SCHEDULE_JOBS} are simulated"));
        }
        if tasks > MAX_SCHEDULE_TASKS as f64 {
            problems.push("schedule", format!("about {tasks:.0} tasks would run; at most {MAX_SCHEDULE_TASKS} are simulated"));
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

    /// The resumable simulation of every requested policy on a validated block.
    pub fn job(&self, units: &[u32], params: AuctionParams, seed: u64) -> ScheduleJob {
        let arrivals = self.arrivals(seed);
        let tasks_per_user: Vec<u64> = self.users.iter().map(|u| u.tasks.iter().map(|&t| u64::from(t)).sum()).collect();
        let events: u64 = arrivals.iter().map(|&(_, u)| 1 + tasks_per_user[u]).sum();
        ScheduleJob {
            spec: self.clone(),
            units: units.to_vec(),
            params: AuctionParams { trace: false, ..params },
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

/// An exponential draw of the given rate, by inversion.
fn exponential(rng: &mut Rng, rate: f64) -> f64 {
    let u = ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64); // in (0, 1)
    -u.ln() / rate
}

/// A uniform draw in [0, 1).
fn uniform(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Task completion event, ordered by time then sequence number.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Completion {
    time: f64,
    seq: u64,
    job: usize,
    resource: usize,
}

impl Eq for Completion {}
impl PartialOrd for Completion {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Completion {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.time.total_cmp(&other.time).then(self.seq.cmp(&other.seq))
    }
}

struct JobState {
    user: usize,
    arrival: f64,
    start: Option<f64>,
    finish: Option<f64>,
    pending: Vec<u32>,
    running: Vec<u32>,
    /// Current shares (abacus) and their time integral since arrival.
    shares: Vec<f64>,
    share_integral: Vec<f64>,
}

impl JobState {
    fn ready(&self, j: usize, in_order: bool) -> bool {
        self.pending[j] > 0 && (!in_order || (0..j).all(|k| self.pending[k] == 0 && self.running[k] == 0))
    }
    fn done(&self) -> bool {
        self.pending.iter().all(|&p| p == 0) && self.running.iter().all(|&r| r == 0)
    }
}

/// One policy's simulation in progress.
struct Simulation {
    policy: Policy,
    rng: Rng,
    time: f64,
    next_arrival: usize,
    jobs: Vec<JobState>,
    active: Vec<usize>,
    free: Vec<u32>,
    heap: BinaryHeap<Reverse<Completion>>,
    seq: u64,
    last_share_update: f64,
    /// (from, to, busy slots per resource) segments for utilisation.
    segments: Vec<(f64, f64, Vec<u32>)>,
    auctions: u64,
}

impl Simulation {
    fn new(policy: Policy, units: &[u32], seed: u64, policy_index: usize) -> Self {
        let mut rng = seeded_rng(seed);
        rng.set_stream(policy_index as u64 + 1);
        Simulation {
            policy,
            rng,
            time: 0.0,
            next_arrival: 0,
            jobs: Vec::new(),
            active: Vec::new(),
            free: units.to_vec(),
            heap: BinaryHeap::new(),
            seq: 0,
            last_share_update: 0.0,
            segments: Vec::new(),
            auctions: 0,
        }
    }

    /// Adds the share integral up to `t` for every active job.
    fn integrate_shares(&mut self, t: f64) {
        let dt = t - self.last_share_update;
        if dt > 0.0 && self.policy == Policy::Abacus {
            for &i in &self.active {
                let job = &mut self.jobs[i];
                for (acc, s) in job.share_integral.iter_mut().zip(&job.shares) {
                    *acc += s * dt;
                }
            }
        }
        self.last_share_update = t;
    }

    fn auction(&mut self, spec: &ScheduleSpec, params: AuctionParams, m: usize) {
        self.auctions += 1;
        let bids: Vec<Bid> = self
            .active
            .iter()
            .map(|&i| {
                let u = &spec.users[self.jobs[i].user];
                Bid {
                    budget: u.reported_budget.unwrap_or(u.budget),
                    utility: Utility::from_spec(u.reported_utility.as_ref().unwrap_or(&u.utility)),
                }
            })
            .collect();
        if bids.is_empty() {
            return;
        }
        let result = run_auction(&bids, m, params);
        for (&i, s) in self.active.iter().zip(result.shares) {
            self.jobs[i].shares = s;
        }
    }

    fn choose(&mut self, j: usize, in_order: bool) -> Option<usize> {
        let ready = self.active.iter().copied().filter(|&i| self.jobs[i].ready(j, in_order));
        match self.policy {
            Policy::Fifo => ready.min(),
            Policy::Fair => ready.min_by_key(|&i| (self.jobs[i].running[j], i)),
            Policy::Abacus => {
                let candidates: Vec<usize> = ready.collect();
                if candidates.is_empty() {
                    return None;
                }
                let total: f64 = candidates.iter().map(|&i| self.jobs[i].shares[j]).sum();
                if total > 0.0 {
                    let mut x = uniform(&mut self.rng) * total;
                    for &i in &candidates {
                        x -= self.jobs[i].shares[j];
                        if x < 0.0 {
                            return Some(i);
                        }
                    }
                    candidates.iter().rev().copied().find(|&i| self.jobs[i].shares[j] > 0.0)
                } else {
                    let k = (uniform(&mut self.rng) * candidates.len() as f64) as usize;
                    candidates.get(k.min(candidates.len() - 1)).copied()
                }
            }
        }
    }

    /// Processes one event time; returns the number of events handled (0 when finished).
    fn advance(&mut self, spec: &ScheduleSpec, units: &[u32], params: AuctionParams, arrivals: &[(f64, usize)]) -> u64 {
        let m = units.len();
        let next_completion = self.heap.peek().map(|c| c.0.time);
        let next_arrival = arrivals.get(self.next_arrival).map(|a| a.0);
        let t = match (next_completion, next_arrival) {
            (None, None) => return 0,
            (Some(c), None) => c,
            (None, Some(a)) => a,
            (Some(c), Some(a)) => c.min(a),
        };
        let busy: Vec<u32> = units.iter().zip(&self.free).map(|(u, f)| u - f).collect();
        if t > self.time {
            self.segments.push((self.time, t, busy));
        }
        self.integrate_shares(t);
        self.time = t;
        let mut handled = 0;
        let mut changed = false;
        while self.heap.peek().is_some_and(|c| c.0.time == t) {
            let Some(Reverse(c)) = self.heap.pop() else { break };
            handled += 1;
            self.free[c.resource] += 1;
            let job = &mut self.jobs[c.job];
            job.running[c.resource] -= 1;
            if job.done() {
                job.finish = Some(t);
                self.active.retain(|&i| i != c.job);
                changed = true;
            }
        }
        while let Some(&(at, user)) = arrivals.get(self.next_arrival).filter(|a| a.0 == t) {
            self.next_arrival += 1;
            handled += 1;
            let u = &spec.users[user];
            let index = self.jobs.len();
            let mut job = JobState {
                user,
                arrival: at,
                start: None,
                finish: None,
                pending: u.tasks.clone(),
                running: vec![0; m],
                shares: vec![0.0; m],
                share_integral: vec![0.0; m],
            };
            if job.done() {
                job.start = Some(at);
                job.finish = Some(at);
                self.jobs.push(job);
            } else {
                self.jobs.push(job);
                self.active.push(index);
                changed = true;
            }
        }
        if changed && self.policy == Policy::Abacus {
            self.auction(spec, params, m);
        }
        for j in 0..m {
            while self.free[j] > 0 {
                let Some(i) = self.choose(j, spec.phases_in_order) else { break };
                let duration = spec.users[self.jobs[i].user].durations[j];
                let job = &mut self.jobs[i];
                job.pending[j] -= 1;
                job.running[j] += 1;
                job.start.get_or_insert(t);
                self.free[j] -= 1;
                self.seq += 1;
                self.heap.push(Reverse(Completion { time: t + duration, seq: self.seq, job: i, resource: j }));
            }
        }
        handled
    }

    fn finish(self, spec: &ScheduleSpec, units: &[u32]) -> PolicyResult {
        let m = units.len();
        let makespan = self.jobs.iter().filter_map(|j| j.finish).fold(0.0, f64::max);
        let jobs: Vec<JobRecord> = self
            .jobs
            .iter()
            .map(|j| {
                let finish = j.finish.unwrap_or(makespan);
                let life = finish - j.arrival;
                JobRecord {
                    user: j.user,
                    arrival: j.arrival,
                    start: j.start.unwrap_or(finish),
                    finish,
                    response_time: life,
                    average_shares: (self.policy == Policy::Abacus).then(|| {
                        j.share_integral.iter().map(|x| if life > 0.0 { x / life } else { 0.0 }).collect()
                    }),
                }
            })
            .collect();
        let users = spec
            .users
            .iter()
            .enumerate()
            .map(|(u, user)| {
                let mine: Vec<&JobRecord> = jobs.iter().filter(|j| j.user == u).collect();
                let mean = mine.iter().map(|j| j.response_time).sum::<f64>() / mine.len().max(1) as f64;
                UserStats { name: user.name.clone(), jobs: mine.len(), mean_response_time: mean }
            })
            .collect();
        let mean_response_time = jobs.iter().map(|j| j.response_time).sum::<f64>() / jobs.len().max(1) as f64;
        let mut busy_time = vec![0.0; m];
        for (from, to, busy) in &self.segments {
            for (acc, &b) in busy_time.iter_mut().zip(busy) {
                *acc += f64::from(b) * (to - from);
            }
        }
        let utilisation = busy_time
            .iter()
            .zip(units)
            .map(|(b, &u)| if makespan > 0.0 { b / (f64::from(u) * makespan) } else { 0.0 })
            .collect();
        PolicyResult {
            policy: self.policy,
            timeline: timeline(&self.segments, units, makespan),
            jobs,
            users,
            makespan,
            mean_response_time,
            utilisation,
            auctions: self.auctions,
        }
    }
}

/// Time-averaged busy fractions over [`TIMELINE_POINTS`] equal slices of `[0, makespan]`.
fn timeline(segments: &[(f64, f64, Vec<u32>)], units: &[u32], makespan: f64) -> Vec<UtilisationSample> {
    if makespan <= 0.0 {
        return Vec::new();
    }
    let k = TIMELINE_POINTS;
    let width = makespan / k as f64;
    let mut acc = vec![vec![0.0; units.len()]; k];
    for (from, to, busy) in segments {
        let first = ((from / width) as usize).min(k - 1);
        let last = ((to / width) as usize).min(k - 1);
        for (slot, row) in acc.iter_mut().enumerate().take(last + 1).skip(first) {
            let lo = from.max(slot as f64 * width);
            let hi = to.min((slot + 1) as f64 * width);
            if hi > lo {
                for ((a, &b), &u) in row.iter_mut().zip(busy).zip(units) {
                    *a += f64::from(b) / f64::from(u) * (hi - lo);
                }
            }
        }
    }
    acc.into_iter()
        .enumerate()
        .map(|(slot, row)| UtilisationSample { time: (slot as f64 + 0.5) * width, busy: row.into_iter().map(|x| x / width).collect() })
        .collect()
}

/// All requested policies, one after the other, as a resumable job (a unit is one event).
pub struct ScheduleJob {
    spec: ScheduleSpec,
    units: Vec<u32>,
    params: AuctionParams,
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
            if self.current.is_none() {
                let Some(&policy) = self.spec.policies.get(self.next_policy) else {
                    return Step::Done(ScheduleResult { policies: std::mem::take(&mut self.results) });
                };
                self.current = Some(Simulation::new(policy, &self.units, self.seed, self.next_policy));
                self.next_policy += 1;
            }
            let Some(sim) = self.current.as_mut() else { continue };
            let handled = sim.advance(&self.spec, &self.units, self.params, &self.arrivals);
            if handled == 0 {
                if let Some(sim) = self.current.take() {
                    self.results.push(sim.finish(&self.spec, &self.units));
                }
                continue;
            }
            self.done_events += handled;
            left = left.saturating_sub(handled);
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
