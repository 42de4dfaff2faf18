//! Running one job under a policy, hour by hour (spec "Running one job under one policy").
//!
//! Every policy runs a job over the same hours, so the price work is done once per job
//! ([`JobHours::load`]: per hour, the prefix sums of its slot prices and their running maximum);
//! a policy's hour then costs O(log H): the first slot priced above the bid (by the tie rule,
//! above `b + 1e-12·max(1, |b|)`) is a binary search on the running maximum, and the spot cost is
//! one prefix sum.

use super::formula::{self as spot_formula, clamp_counts, CompiledFamily, FormulaExpert, SLOTS, VARIABLES};
use super::history::Prices;
use super::model::{
    interrupt_threshold, BidRule, Decision, Family, HourState, Job, Policy, PriceHistory, RemainingUnit,
    COMPLETION_SLACK,
};

/// An expert of the learner: one of the paper's policies, or one combination of a formula
/// family's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Expert {
    Paper(Policy),
    Formula(FormulaExpert),
}

/// A formula that gave no finite number: which field, what it gave, the hour and the values of
/// the variables and parameters there.
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    /// Index of the expert.
    pub expert: usize,
    /// `on_demand`, `spot` or `bid`.
    pub field: &'static str,
    pub value: f64,
    pub hour: u32,
    /// The variables' values, then the parameters'.
    pub values: Vec<f64>,
}

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

/// A formula's value that is not finite, as a fault (the expert's index is filled in by the
/// caller).
fn check(field: &'static str, value: f64, hour: u32, values: &[f64]) -> Result<f64, Fault> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(Fault { expert: 0, field, value, hour, values: values.to_vec() })
    }
}

/// Runs `job` under an expert of a formula family (see `spot::formula`); `hours` must be loaded
/// with this job. The run is the one of [`run`] with the formulas' decisions.
pub fn run_formula(
    job: &Job,
    expert: &FormulaExpert,
    family: &CompiledFamily,
    hours: &JobHours,
    prices: &Prices,
    terms: Terms,
) -> Result<Outcome, Fault> {
    use spot_formula::{A, AVG, C, D, H, LAST, M, P, Q, R, V, Z};
    let p = terms.on_demand_price;
    let per_hour = hours.per_hour as f64;
    let params = family.params.len();
    let mut values = [0.0; SLOTS];
    let len = VARIABLES.len() + params;
    values[VARIABLES.len()..len].copy_from_slice(&expert.params[..params]);
    values[C] = job.parallelism;
    values[P] = p;
    values[V] = job.value;
    values[Z] = job.size;
    values[D] = f64::from(job.deadline);
    let values = &mut values[..len];
    let (mut remaining, mut cost) = (job.size, 0.0);
    for hour in 0..job.deadline {
        let n = job.arrival + u64::from(hour) * prices.per_hour;
        values[M] = terms.remaining_unit.m(job.deadline - hour, prices.per_hour);
        values[R] = remaining;
        values[Q] = cost;
        let a = remaining.min(job.parallelism);
        values[A] = a;
        values[H] = f64::from(hour);
        values[LAST] = if n == 0 { p } else { prices.price[n as usize - 1] };
        values[AVG] =
            if n == 0 || !family.uses_avg { p } else { prices.weighted_average(expert.gamma_index as usize, n) };
        if family.drop.holds(values) {
            return Ok(Outcome { payoff: -cost, completed: false });
        }
        let o = check("on_demand", family.on_demand.eval(values), hour, values)?;
        let s = check("spot", family.spot.eval(values), hour, values)?;
        let (on_demand, spot) = clamp_counts(o, s, a);
        let mut work = on_demand;
        cost += p * on_demand;
        if spot > 0.0 {
            let bid = check("bid", family.bid.eval(values), hour, values)?;
            let k = hours.slots_below(hour as usize, bid);
            cost += spot * hours.sum(hour as usize, k) / per_hour;
            work += spot * (k as f64 / per_hour);
        }
        if work >= remaining - COMPLETION_SLACK {
            return Ok(Outcome { payoff: job.value - cost, completed: true });
        }
        remaining -= work;
    }
    Ok(Outcome { payoff: -cost, completed: false })
}

/// Runs `job` under every expert into `out` (payoffs) and `completed`; the first formula that
/// gives no finite number ends it.
#[allow(clippy::too_many_arguments)]
pub fn run_all(
    job: &Job,
    experts: &[Expert],
    families: &[CompiledFamily],
    hours: &mut JobHours,
    prices: &Prices,
    terms: Terms,
    out: &mut [f64],
    completed: &mut [bool],
) -> Result<(), Fault> {
    hours.load(job, prices);
    for (k, ((expert, f), c)) in experts.iter().zip(out.iter_mut()).zip(completed.iter_mut()).enumerate() {
        let o = match expert {
            Expert::Paper(policy) => run(job, policy, hours, prices, terms),
            Expert::Formula(e) => run_formula(job, e, &families[e.family as usize], hours, prices, terms)
                .map_err(|fault| Fault { expert: k, ..fault })?,
        };
        *f = o.payoff;
        *c = o.completed;
    }
    Ok(())
}
