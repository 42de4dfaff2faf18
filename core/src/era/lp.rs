//! The LP relaxation behind ERA's `lp_history` predictor, solved exactly as a flow problem.
//!
//! ERA's data-based predictor (Babaioff et al., WWW 2017, Section 3.2 "Demand Prediction") does not
//! spread a historical request evenly over its window; it solves, offline, the LP relaxation of the
//! value-maximising allocation of the historical requests under the cloud's capacity, and reads
//! the predicted demand at slot `t` off the fractional optimum at `t`. This module is that LP and
//! nothing else: plain types in, the allocation out.
//!
//! # The LP
//!
//! Job `j` ([`LpJob`]) wants `W_j` units for `T_j` slots inside `[arrival_j, deadline_j)` and is
//! worth `V_j`, i.e. `v_j = V_j / (W_j T_j)` per unit and slot. Its window is clipped to the
//! horizon `[0, H)`, `H = capacity.len()`. With one variable `y_jt` per job and slot of its
//! clipped window (the units of job `j` at `t`; the spec's `x_jt = y_jt / W_j`):
//!
//! ```text
//! maximise    Σ_j v_j Σ_t y_jt
//! subject to  0 ≤ y_jt ≤ W_j
//!             Σ_t y_jt ≤ W_j T_j             for every job j
//!             Σ_j y_jt ≤ capacity[t]          for every slot t
//! ```
//!
//! The relaxation ignores contiguity, so a job whose clipped window is shorter than `T_j` can
//! still get a partial allocation. Jobs with `W_j = 0`, `V_j = 0`, `T_j = 0` or an empty clipped
//! window get no variables and an empty allocation: their units are zero, or they are worth
//! nothing (their demand would sit at unit value 0, where it can never raise a price), or they
//! need nothing.
//!
//! # A flow problem, solved greedily
//!
//! The feasible `y` are exactly the flows of the network source → job `j` (capacity `W_j T_j`)
//! → slot `t` of its window (`W_j`) → sink (`capacity[t]`), and the objective depends only on
//! each job's total `f_j = Σ_t y_jt`, weighted by `v_j`. The totals a flow can reach form a
//! polymatroid (its rank `r(S)` is the maximum flow out of the jobs `S`), on which the greedy is
//! optimal (Edmonds, "Submodular functions, matroids, and certain polyhedra", 1970): take the
//! jobs by decreasing `v_j` and give each as much as possible without lowering the earlier
//! ones. `flow.rs` does exactly that: it adds the jobs one by one and pushes each new job to a
//! maximum flow by Dinic's algorithm started at that job only (augmenting paths may reroute an
//! earlier job's units to other slots of its window, never take them away), so every prefix of
//! jobs carries its maximum flow and `f_j = r(jobs up to j) − r(jobs before j)`.
//!
//! # Exact arithmetic
//!
//! Every input is a finite `f64`, i.e. an integer times a power of two. All the widths and
//! capacities are multiplied by one power of two `2^s` (`s` = the most fractional bits among the
//! active jobs' units and their slots' capacities), which makes them integers; the algorithm
//! only adds, subtracts and takes minima, so every flow is an integer too, computed exactly in a
//! `u128` when the scaled numbers fit, else in a 384-bit or a 2,176-bit integer (`amount.rs`;
//! the widest holds any finite inputs). There is no tolerance and no snapping. Each returned
//! `y_jt` is the exact value rounded toward zero to `f64`: exact when it has at most 53
//! significant bits (always, for instance, with integer units and capacities below 2^53), and
//! never above the exact value, so the returned numbers satisfy every constraint exactly.
//!
//! # Which optimum
//!
//! When several allocations are optimal, the returned one is fixed by:
//! 1. **The placement order.** Jobs by decreasing unit value `value / (units × duration)` as an
//!    `f64` (the number the demand curve carries); equal unit values: the job listed first goes
//!    first (for the predictor: history order, a request's parts in order). The totals `f_j`
//!    depend only on this order.
//! 2. **Where a job's units go.** Dinic's phases take the shortest augmenting paths first, so a
//!    job first fills the free capacity of its window directly, earliest slots first (up to
//!    `W_j` a slot, until its work `W_j T_j` is placed); only then does it displace earlier jobs
//!    to other slots of their windows, along the shortest chains, and among chains of one
//!    length the first in the search order (a job's slots ascending, a slot's jobs in
//!    placement order).
//!
//! Unlike the interior point (clarabel) this module replaced, which returned a point near the
//! centre of the optimal face, this does not average: a job with room takes the earliest slots
//! of its window instead of a share of every slot, and of two identical jobs competing for one
//! slot the first takes it all.
//!
//! The order uses the `f64` unit values (two roundings from the exact `V_j / (W_j T_j)`), so
//! jobs whose exact unit values differ by less than about 2^-52 relative may be taken in either
//! order: the result is the exact optimum for the unit values the curves carry, and within about
//! 2^-51 relative of the exact LP optimum.
//!
//! # Cost
//!
//! `n = Σ_j |clipped window_j|` arcs, `m` jobs, `V = m + H` nodes. A Dinic phase (a breadth-first
//! search and a blocking flow) costs O(V·n) in the worst case and a job needs at most V phases,
//! so O(m·V²·n) in all; in practice a phase finds short paths, and a job's last, failing search
//! marks everything it reached as dead for good (it is closed: no later path can leave it), so
//! the failing searches cost O(n + V) over the whole solve. Memory O(n + V). Measured natively
//! (`benches/era_lp.rs`): 1,000 requests on 168 slots (24,440 variables) in 3–6 ms on a loaded
//! machine, where clarabel's interior point took 0.4–0.5 s unloaded (`BENCHMARKS.md`).
//!
//! # Determinism
//!
//! Integer arithmetic in a fixed order, plus one correctly rounded division per job for its unit
//! value and exact conversions (`scalbn`) at the ends: the same bits natively and in wasm32.

mod amount;
mod flow;

use amount::{decompose, Wide};
use flow::Active;

/// A historical request as the LP sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct LpJob {
    /// `W_j`: units used while running (finite, ≥ 0; 0 means no variables).
    pub units: f64,
    /// `T_j`: slots needed (0 means no variables).
    pub duration: u32,
    /// `V_j`: value of the whole job (finite, ≥ 0; 0 means no variables).
    pub value: f64,
    /// First slot of the window.
    pub arrival: u32,
    /// End of the window (exclusive).
    pub deadline: u32,
}

/// The optimum the module doc describes.
#[derive(Debug, Clone, PartialEq)]
pub struct LpSolution {
    /// Per job (same order as the input): `(slot, y_jt)` with `0 < y_jt ≤ W_j`, slots ascending.
    /// Empty for jobs without variables or with nothing allocated.
    pub y: Vec<Vec<(u32, f64)>>,
    /// `Σ_j v_j Σ_t y_jt` of the returned allocation, in `f64` (jobs in input order, slots
    /// ascending).
    pub objective: f64,
}

/// Why the LP could not be solved. Its English is its message (`core/locales/*/errors.ftl`,
/// from [`LpError::key`]).
#[derive(Debug, Clone, PartialEq)]
pub enum LpError {
    /// A job with a non-finite or negative `units` (`value` false) or `value` (`value` true).
    InvalidJob { index: usize, value: bool },
    /// A slot capacity that is negative or not finite.
    InvalidCapacity { slot: usize, value: f64 },
    /// Cannot happen for inputs that fit in memory: the widest integer holds any finite inputs.
    Range,
}

impl LpError {
    /// Its message id and arguments.
    pub fn key(&self) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            LpError::InvalidJob { index, value: false } => ("err-lp-job-units", vec![("index", index.to_string())]),
            LpError::InvalidJob { index, value: true } => ("err-lp-job-value", vec![("index", index.to_string())]),
            LpError::InvalidCapacity { slot, value } => {
                ("err-lp-capacity", vec![("slot", slot.to_string()), ("value", value.to_string())])
            }
            LpError::Range => ("err-lp-range", vec![]),
        }
    }
}

impl std::fmt::Display for LpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (id, args) = self.key();
        f.write_str(&crate::messages::english(id, &args).unwrap_or_else(|| id.to_string()))
    }
}

impl std::error::Error for LpError {}

/// Solves the LP relaxation of the value-maximising allocation of `jobs` under `capacity` (one
/// entry per slot of the horizon) exactly. See the module doc.
pub fn solve(jobs: &[LpJob], capacity: &[f64]) -> Result<LpSolution, LpError> {
    validate(jobs, capacity)?;
    let active = placement_order(jobs, capacity.len());
    let caps: Vec<(u64, i32)> = capacity.iter().map(|&c| decompose(c)).collect();
    let mut used = vec![false; capacity.len()];
    for a in &active {
        used[a.lo as usize..(a.lo + a.len) as usize].fill(true);
    }
    let exponents =
        active.iter().map(|a| a.units.1).chain(caps.iter().zip(&used).filter(|(_, &u)| u).map(|(c, _)| c.1));
    let scale = exponents.map(|e| (-e).max(0)).max().unwrap_or(0) as u32;
    let y = flow::place::<u128>(&active, &caps, scale)
        .or_else(|| flow::place::<Wide<6>>(&active, &caps, scale))
        .or_else(|| flow::place::<Wide<34>>(&active, &caps, scale))
        .ok_or(LpError::Range)?;
    Ok(collect(jobs, &active, &y))
}

fn validate(jobs: &[LpJob], capacity: &[f64]) -> Result<(), LpError> {
    for (index, job) in jobs.iter().enumerate() {
        if !job.units.is_finite() || job.units < 0.0 {
            return Err(LpError::InvalidJob { index, value: false });
        }
        if !job.value.is_finite() || job.value < 0.0 {
            return Err(LpError::InvalidJob { index, value: true });
        }
    }
    for (slot, &value) in capacity.iter().enumerate() {
        if !value.is_finite() || value < 0.0 {
            return Err(LpError::InvalidCapacity { slot, value });
        }
    }
    Ok(())
}

/// The jobs with variables, in placement order: unit value descending, then input order.
fn placement_order(jobs: &[LpJob], horizon: usize) -> Vec<Active> {
    let mut active: Vec<Active> = jobs
        .iter()
        .enumerate()
        .filter_map(|(index, job)| {
            let lo = (job.arrival as usize).min(horizon);
            let hi = (job.deadline as usize).min(horizon);
            let has_variables = job.units > 0.0 && job.value > 0.0 && job.duration > 0 && hi > lo;
            has_variables.then(|| {
                let len = (hi - lo) as u32;
                Active { index, lo: lo as u32, len, units: decompose(job.units), slots: job.duration.min(len) }
            })
        })
        .collect();
    active
        .sort_by(|a, b| unit_value(&jobs[b.index]).total_cmp(&unit_value(&jobs[a.index])).then(a.index.cmp(&b.index)));
    active
}

/// `V_j / (W_j T_j)`, as the demand curve carries it.
fn unit_value(job: &LpJob) -> f64 {
    job.value / (job.units * f64::from(job.duration))
}

/// The per-job lists (from the arcs, job-major in placement order) and the objective.
fn collect(jobs: &[LpJob], active: &[Active], y: &[f64]) -> LpSolution {
    let mut out = vec![Vec::new(); jobs.len()];
    let mut arc = 0;
    for a in active {
        let arcs = &y[arc..arc + a.len as usize];
        arc += a.len as usize;
        out[a.index] = arcs.iter().enumerate().filter(|&(_, &v)| v > 0.0).map(|(k, &v)| (a.lo + k as u32, v)).collect();
    }
    let objective = jobs
        .iter()
        .zip(&out)
        .filter(|(_, list)| !list.is_empty())
        .map(|(job, list)| unit_value(job) * list.iter().fold(0.0, |s, &(_, v)| s + v))
        .fold(0.0, |s, v| s + v);
    LpSolution { y: out, objective }
}

#[cfg(test)]
mod tests {
    use super::amount::Amount;
    use super::*;
    use crate::sim::seeded_rng;
    use rand_chacha::rand_core::Rng as _;

    /// `solve` with the amount type forced.
    fn solve_with<A: Amount>(jobs: &[LpJob], capacity: &[f64]) -> Option<LpSolution> {
        let active = placement_order(jobs, capacity.len());
        let caps: Vec<(u64, i32)> = capacity.iter().map(|&c| decompose(c)).collect();
        let exponents = active.iter().map(|a| a.units.1).chain(caps.iter().map(|c| c.1));
        let scale = exponents.map(|e| (-e).max(0)).max().unwrap_or(0) as u32;
        flow::place::<A>(&active, &caps, scale).map(|y| collect(jobs, &active, &y))
    }

    /// Random instances with units and capacities in tenths (not dyadic: 55 fractional bits).
    fn random_instance(rng: &mut crate::sim::Rng) -> (Vec<LpJob>, Vec<f64>) {
        let mut below = |n: u32| rng.next_u32() % n;
        let h = 1 + below(12);
        let capacity: Vec<f64> = (0..h).map(|_| f64::from(below(110)) / 10.0).collect();
        let jobs = (0..1 + below(15))
            .map(|_| {
                let arrival = below(h);
                let deadline = arrival + 1 + below(h + 1 - arrival);
                let units = f64::from(1 + below(50)) / 10.0;
                LpJob { units, duration: 1 + below(4), value: f64::from(1 + below(9)), arrival, deadline }
            })
            .collect();
        (jobs, capacity)
    }

    #[test]
    fn every_width_of_integer_gives_the_same_bits() {
        let mut rng = seeded_rng(23);
        for _ in 0..200 {
            let (jobs, capacity) = random_instance(&mut rng);
            let narrow = solve_with::<u128>(&jobs, &capacity).unwrap();
            assert_eq!(solve_with::<Wide<3>>(&jobs, &capacity).as_ref(), Some(&narrow));
            assert_eq!(solve_with::<Wide<34>>(&jobs, &capacity).as_ref(), Some(&narrow));
            assert_eq!(solve(&jobs, &capacity).unwrap(), narrow);
        }
    }

    #[test]
    fn numbers_too_wide_for_u128_take_the_wide_path() {
        // 2^-100 units next to 3 · 2^40: 142 bits after scaling by 2^100.
        let (tiny, big) = (libm::scalbn(1.0, -100), 3.0 * libm::scalbn(1.0, 40));
        let jobs = [
            LpJob { units: tiny, duration: 2, value: 1.0, arrival: 0, deadline: 2 },
            LpJob { units: big, duration: 1, value: 1.0, arrival: 0, deadline: 1 },
        ];
        // A capacity too large even after scaling is above the reach (which fits): not binding.
        let capacity = [libm::scalbn(1.0, 1000), big + tiny];
        assert!(solve_with::<u128>(&jobs, &capacity).is_none());
        assert!(solve_with::<Wide<2>>(&jobs, &capacity).is_none());
        let s = solve(&jobs, &capacity).unwrap();
        assert_eq!(s, solve_with::<Wide<34>>(&jobs, &capacity).unwrap());
        // The tiny job (the higher unit value) takes both its slots; the other fills slot 0.
        assert_eq!(s.y, vec![vec![(0, tiny), (1, tiny)], vec![(0, big)]]);
    }
}
