//! One policy's event-driven simulation: task completions in a heap, arrivals in time order,
//! slot assignment by policy, share integrals for the average job resource (under `abacus`, in
//! the [`Auctioneer`]), utilisation segments.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::auctioneer::Auctioneer;
use super::{JobRecord, Policy, PolicyResult, ScheduleSpec, UserStats, UtilisationSample, TIMELINE_POINTS};
use crate::abacus::auction::{AuctionParams, Bid, Fault, Start};
use crate::sim::{seeded_rng, Rng};

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
    /// Time integral of the shares from arrival to departure (abacus; kept by the
    /// [`Auctioneer`] while the job is active).
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
pub(super) struct Simulation {
    policy: Policy,
    rng: Rng,
    time: f64,
    next_arrival: usize,
    jobs: Vec<JobState>,
    /// Indices into `jobs` of the jobs that arrived with tasks and have not finished, ascending
    /// (arrival order): the auctioneer's rows.
    active: Vec<usize>,
    /// Under `abacus`: the auction and the active jobs' shares.
    auctioneer: Option<Auctioneer>,
    free: Vec<u32>,
    heap: BinaryHeap<Reverse<Completion>>,
    seq: u64,
    last_share_update: f64,
    /// (from, to, busy slots per resource) segments for utilisation.
    segments: Vec<(f64, f64, Vec<u32>)>,
    auctions: u64,
    /// A formula utility that gave a value that is not a number: the user whose job bid it, and
    /// what happened. The simulation stops there.
    fault: Option<(usize, Fault, f64)>,
}

impl Simulation {
    pub(super) fn new(policy: Policy, units: &[u32], params: AuctionParams, start: Start, seed: u64) -> Self {
        let mut rng = seeded_rng(seed);
        rng.set_stream(policy.stream());
        Simulation {
            policy,
            rng,
            time: 0.0,
            next_arrival: 0,
            jobs: Vec::new(),
            active: Vec::new(),
            auctioneer: (policy == Policy::Abacus).then(|| Auctioneer::new(units.len(), params, start)),
            free: units.to_vec(),
            heap: BinaryHeap::new(),
            seq: 0,
            last_share_update: 0.0,
            segments: Vec::new(),
            auctions: 0,
            fault: None,
        }
    }

    /// Adds the share integral up to `t` for every active job.
    fn integrate_shares(&mut self, t: f64) {
        let dt = t - self.last_share_update;
        if dt > 0.0 {
            if let Some(a) = &mut self.auctioneer {
                a.integrate(dt);
            }
        }
        self.last_share_update = t;
    }

    /// The row of active job `i`, if it is active.
    fn row(&self, i: usize) -> Option<usize> {
        self.active.binary_search(&i).ok()
    }

    /// Tells the auctioneer which resources job `i` has a ready task of now.
    fn update_ready(&mut self, i: usize, in_order: bool) {
        let Some(a) = &mut self.auctioneer else { return };
        let Ok(row) = self.active.binary_search(&i) else { return };
        let job = &self.jobs[i];
        for j in 0..job.pending.len() {
            a.set_ready(row, j, job.ready(j, in_order));
        }
    }

    /// The job that gets a free slot of resource `j` (see the module docs of `schedule`).
    fn choose(&mut self, j: usize, in_order: bool) -> Option<usize> {
        if let Some(a) = &mut self.auctioneer {
            return a.choose(j, &mut self.rng).map(|row| self.active[row]);
        }
        let ready = self.active.iter().copied().filter(|&i| self.jobs[i].ready(j, in_order));
        match self.policy {
            Policy::Fifo => ready.min(),
            Policy::Fair => ready.min_by_key(|&i| (self.jobs[i].running[j], i)),
            Policy::Abacus => None,
        }
    }

    /// Processes one event time; returns the events handled (0 when finished) and the work done
    /// (events plus the auction's sub-budget updates), so a step's budget bounds its time.
    pub(super) fn advance(
        &mut self,
        spec: &ScheduleSpec,
        bids: &[Bid],
        units: &[u32],
        arrivals: &[(f64, usize)],
    ) -> (u64, u64) {
        let m = units.len();
        let next_completion = self.heap.peek().map(|c| c.0.time);
        let next_arrival = arrivals.get(self.next_arrival).map(|a| a.0);
        let t = match (next_completion, next_arrival) {
            (None, None) => return (0, 0),
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
        let mut work = 0;
        let mut changed = false;
        while self.heap.peek().is_some_and(|c| c.0.time == t) {
            let Some(Reverse(c)) = self.heap.pop() else { break };
            handled += 1;
            self.free[c.resource] += 1;
            let job = &mut self.jobs[c.job];
            job.running[c.resource] -= 1;
            if job.done() {
                job.finish = Some(t);
                if let Some(row) = self.row(c.job) {
                    self.active.remove(row);
                    if let Some(a) = &mut self.auctioneer {
                        self.jobs[c.job].share_integral = a.leave(row);
                    }
                }
                changed = true;
            } else {
                self.update_ready(c.job, spec.phases_in_order);
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
                share_integral: vec![0.0; m],
            };
            if job.done() {
                job.start = Some(at);
                job.finish = Some(at);
                self.jobs.push(job);
            } else {
                if let Some(a) = &mut self.auctioneer {
                    a.join(&bids[user], |j| job.ready(j, spec.phases_in_order));
                }
                self.jobs.push(job);
                self.active.push(index);
                changed = true;
            }
        }
        if changed {
            if let Some(a) = &mut self.auctioneer {
                // One auction per event time at which the active jobs changed (the last departure,
                // leaving none, counts; see `PolicyResult::auctions`).
                self.auctions += 1;
                work += a.auction();
                if let Some(f) = a.fault() {
                    let user = self.active.get(f.row).map_or(0, |&i| self.jobs[i].user);
                    self.fault = Some((user, f.clone(), t));
                    // Nothing more runs: the job reports the fault.
                    self.heap.clear();
                    self.next_arrival = arrivals.len();
                    return (handled.max(1), handled + work);
                }
            }
        }
        for j in 0..m {
            while self.free[j] > 0 {
                let Some(i) = self.choose(j, spec.phases_in_order) else { break };
                let duration = spec.users[self.jobs[i].user].durations[j];
                let job = &mut self.jobs[i];
                job.pending[j] -= 1;
                job.running[j] += 1;
                job.start.get_or_insert(t);
                self.update_ready(i, spec.phases_in_order);
                self.free[j] -= 1;
                self.seq += 1;
                self.heap.push(Reverse(Completion { time: t + duration, seq: self.seq, job: i, resource: j }));
            }
        }
        (handled, handled + work)
    }

    /// The user whose formula utility gave a value that is not a number, and where.
    pub(super) fn take_fault(&mut self) -> Option<(usize, Fault, f64)> {
        self.fault.take()
    }

    pub(super) fn finish(mut self, spec: &ScheduleSpec, units: &[u32]) -> PolicyResult {
        let m = units.len();
        if let Some(a) = &self.auctioneer {
            // Jobs still active (none once every task has run) keep the integral so far.
            for (&i, integral) in self.active.iter().zip(a.integrals()) {
                self.jobs[i].share_integral = integral.to_vec();
            }
        }
        let makespan = self.jobs.iter().filter_map(|j| j.finish).fold(0.0, f64::max);
        let jobs: Vec<JobRecord> = self
            .jobs
            .iter()
            .map(|j| {
                let finish = j.finish.unwrap_or(makespan);
                let life = finish - j.arrival;
                JobRecord {
                    user: j.user as u32,
                    arrival: j.arrival,
                    start: j.start.unwrap_or(finish),
                    finish,
                    response_time: life,
                    average_shares: (self.policy == Policy::Abacus)
                        .then(|| j.share_integral.iter().map(|x| if life > 0.0 { x / life } else { 0.0 }).collect()),
                }
            })
            .collect();
        let users = spec
            .users
            .iter()
            .enumerate()
            .map(|(u, user)| {
                let mine: Vec<&JobRecord> = jobs.iter().filter(|j| j.user as usize == u).collect();
                let mean = mine.iter().map(|j| j.response_time).sum::<f64>() / mine.len().max(1) as f64;
                UserStats { name: user.name.clone(), jobs: mine.len() as u32, mean_response_time: mean }
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
pub(super) fn timeline(segments: &[(f64, f64, Vec<u32>)], units: &[u32], makespan: f64) -> Vec<UtilisationSample> {
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
        .map(|(slot, row)| UtilisationSample {
            time: (slot as f64 + 0.5) * width,
            busy: row.into_iter().map(|x| x / width).collect(),
        })
        .collect()
}
