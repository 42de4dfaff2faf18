//! Running one job under a policy, hour by hour (spec "Running one job under one policy").
//!
//! Every policy runs a job over the same hours, so the price work is done once per job
//! ([`JobHours::load`]: per hour, the prefix sums of its slot prices and their running maximum);
//! a policy's hour then costs O(log H): the first slot priced above the bid (by the tie rule,
//! above `b + 1e-12·max(1, |b|)`) is a binary search on the running maximum, and the spot cost is
//! one prefix sum.

use super::history::Prices;
use super::model::{
    interrupt_threshold, BidRule, Decision, Family, HourState, Job, Policy, RemainingUnit, COMPLETION_SLACK,
};

/// The outcome of one job under one policy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// Earned value − total cost (can be negative).
    pub payoff: f64,
    /// Done within the deadline.
    pub completed: bool,
}

/// The price structure of one job's hours, shared by every policy.
#[derive(Debug, Default, Clone)]
pub struct JobHours {
    per_hour: usize,
    /// Per hour, `H + 1` prefix sums of its slot prices (starting at 0).
    prefix: Vec<f64>,
    /// Per hour, `H` running maxima of its slot prices.
    running_max: Vec<f64>,
}

impl JobHours {
    /// Loads the hours of `job` (its slots must lie within the price series).
    pub fn load(&mut self, job: &Job, prices: &Prices) {
        let h = prices.per_hour as usize;
        self.per_hour = h;
        self.prefix.clear();
        self.running_max.clear();
        let start = job.arrival as usize;
        let end = start + job.deadline as usize * h;
        for hour in prices.price[start..end].chunks(h) {
            let (mut sum, mut max) = (0.0, f64::NEG_INFINITY);
            self.prefix.push(0.0);
            for &x in hour {
                sum += x;
                max = max.max(x);
                self.prefix.push(sum);
                self.running_max.push(max);
            }
        }
    }

    /// `k`: the number of slots of hour `hour` before the first one that interrupts `bid` (priced
    /// above [`interrupt_threshold`]; `H` if none).
    #[inline]
    fn slots_below(&self, hour: usize, bid: f64) -> usize {
        let h = self.per_hour;
        let limit = interrupt_threshold(bid);
        self.running_max[hour * h..(hour + 1) * h].partition_point(|&m| m <= limit)
    }

    /// The sum of the first `k` slot prices of hour `hour`.
    #[inline]
    fn sum(&self, hour: usize, k: usize) -> f64 {
        self.prefix[hour * (self.per_hour + 1) + k]
    }
}

/// The terms every policy runs a job under: the on-demand price `p` and the unit of `m`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Terms {
    pub on_demand_price: f64,
    pub remaining_unit: RemainingUnit,
}

/// Runs `job` under `policy`; `hours` must be loaded with this job.
pub fn run(job: &Job, policy: &Policy, hours: &JobHours, prices: &Prices, terms: Terms) -> Outcome {
    let p = terms.on_demand_price;
    if !policy.family.admits(job, p) {
        return Outcome { payoff: 0.0, completed: false };
    }
    let h = hours.per_hour as f64;
    let (mut remaining, mut cost) = (job.size, 0.0);
    for hour in 0..job.deadline {
        let m = terms.remaining_unit.m(job.deadline - hour, prices.per_hour);
        let state = HourState { m, remaining, cost, usable: remaining.min(job.parallelism) };
        let (on_demand, spot) = match policy.family.hour(job, &state, p) {
            Decision::Drop => return Outcome { payoff: -cost, completed: false },
            Decision::Run { on_demand, spot } => (on_demand, spot),
        };
        let mut work = on_demand;
        cost += p * on_demand;
        if spot > 0.0 {
            let n = job.arrival + u64::from(hour) * prices.per_hour;
            let bid = policy.bid.bid(n, p, prices);
            let k = hours.slots_below(hour as usize, bid);
            cost += spot * hours.sum(hour as usize, k) / h;
            work += spot * (k as f64 / h);
        }
        if work >= remaining - COMPLETION_SLACK {
            return Outcome { payoff: job.value - cost, completed: true };
        }
        remaining -= work;
    }
    Outcome { payoff: -cost, completed: false }
}

/// Runs `job` under every policy into `out` (payoffs) and `completed`.
pub fn run_all(
    job: &Job,
    policies: &[Policy],
    hours: &mut JobHours,
    prices: &Prices,
    terms: Terms,
    out: &mut [f64],
    completed: &mut [bool],
) {
    hours.load(job, prices);
    for ((policy, f), c) in policies.iter().zip(out.iter_mut()).zip(completed.iter_mut()) {
        let o = run(job, policy, hours, prices, terms);
        *f = o.payoff;
        *c = o.completed;
    }
}
