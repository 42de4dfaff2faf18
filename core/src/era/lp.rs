//! The LP relaxation behind ERA's `lp_history` predictor.
//!
//! ERA's data-based predictor (Babaioff et al., WWW 2017, Section 3.2 "Demand Prediction") does not
//! spread a historical request evenly over its window; it solves, offline, the LP relaxation of the
//! value-maximising allocation of the historical requests under the cloud's capacity, and reads
//! the predicted demand at slot `t` off the fractional optimum at `t`. This module is that LP and
//! nothing else: plain types in, the (snapped) fractional allocation out.
//!
//! # The LP
//!
//! Job `j` ([`LpJob`]) wants `W_j` units for `T_j` slots inside `[arrival_j, deadline_j)` and is
//! worth `V_j`. Its window is clipped to the horizon `[0, H)`, `H = capacity.len()`. With one
//! variable `x_jt` per job and slot of its clipped window (the fraction of its `W_j` units running
//! at `t`):
//!
//! ```text
//! maximise    Σ_j (V_j / T_j) Σ_t x_jt
//! subject to  Σ_t x_jt ≤ T_j                 for every job j
//!             Σ_j W_j x_jt ≤ capacity[t]      for every slot t
//!             0 ≤ x_jt ≤ 1
//! ```
//!
//! The relaxation ignores contiguity, so a job whose clipped window is shorter than `T_j` can
//! still get a fractional (partial) allocation. Jobs with `W_j = 0`, `V_j = 0`, `T_j = 0` or an
//! empty clipped window get no variables and an empty allocation: such a job's units `W_j x_jt`
//! are zero, or it is worth nothing (its allocation is arbitrary in every optimum and its demand
//! sits at unit value 0, where it can never raise a price), or it needs nothing.
//!
//! # Solver and cost
//!
//! The LP goes to [`clarabel`] (a pure-Rust interior-point conic solver: AMD ordering and a QDLDL
//! factorisation, no BLAS, no threads) in its standard form `min qᵀx s.t. Ax + s = b, s ≥ 0`, with
//! `A` built directly in compressed-column form: columns are the variables in job order then slot
//! order; rows are the job constraints (only for jobs whose window is longer than `T_j`; otherwise
//! the bounds imply it), the capacity constraints (only for slots some job can use), then `x ≤ 1`
//! and `−x ≤ 0` for every variable. Sizes: `n = Σ_j |clipped window_j|` variables, at most
//! `#jobs + H + 2n` rows and `4n` nonzeros. Each interior-point iteration factors a sparse
//! quasi-definite KKT system of that size; a solve takes about 5–25 iterations. Measured natively
//! (`benches/era_lp.rs`): 100 requests on 168 slots (windows 1–48, 2,585 variables) in ≈ 20 ms,
//! 1,000 requests (24,440 variables, 22 iterations) in ≈ 0.42–0.54 s.
//!
//! # Interior point on a non-unique optimum
//!
//! When the optimum is not unique (e.g. two identical jobs competing for one slot), an interior
//! point method converges to a point in the relative interior of the optimal face (near its
//! analytic centre: two identical jobs get half each), where a simplex method would return an
//! arbitrary vertex (one job gets everything). This is a deliberate choice: the interior point
//! treats indistinguishable jobs alike and does not depend on an arbitrary pivoting order. The
//! *objective* is the same either way; the demand curves differ only on such degenerate inputs.
//!
//! # Snapping
//!
//! An interior-point solution is noisy (~1e-9, up to ~1e-7 on degenerate instances): a job that
//! fills a slot comes back as `0.999999998`, an unused variable as `3e-10`. Prices compare
//! cumulative predicted demand `Σ W_j x_jt` with an *integer* remaining capacity
//! (`demand_t(p) > R_i`), so `100.0000001` against `100` would flip a price. After solving, every
//! `x_jt` is therefore clamped into `[0, 1]` and rounded to the nearest multiple of `2^-20`
//! (exactly representable), and zeros are dropped.
//! For integer `W_j` (below `2^33`) every product `W_j x_jt` and every sum of them is then exact in
//! `f64`, so an optimum at dyadic values (0, 1, ½, …) is reproduced exactly. A fractional optimum
//! with another denominator (`x = 1/3`) is still off by up to `2^-21` per variable; rounding to
//! nearest can then push a constraint over by a few `2^-20`, so a final deterministic repair
//! lowers variables (capacity rows: the jobs of lowest value per unit and slot first; job rows: the
//! latest slots first) by whole grid steps until every constraint holds again in exact arithmetic.
//! Exact reproduction is thus guaranteed only for dyadic optima; on degenerate histories the
//! interior point's values are arbitrary reals, and a comparison right at a boundary may go either
//! way (deterministically). [`LpSolution::objective`] is the objective of the returned, snapped
//! allocation. Only a fully converged solve is used: clarabel's reduced-accuracy `AlmostSolved`
//! is reported as [`LpError::NotSolved`].
//!
//! # Determinism
//!
//! Our own code uses only `+ − × ÷`, comparisons and the exact operations `round`/`ceil`, in a
//! fixed order (no hash maps, no parallelism). Clarabel on a pure LP (nonnegative cones only) uses
//! `+ − × ÷ sqrt` and `powi(·, 3)` (expanded to multiplications), all correctly rounded IEEE
//! operations, in sequential loops, without FMA contraction (its `ln`/`exp` serve only exponential
//! and power cones): the result has the same bits natively and in wasm32. Its only
//! platform-dependent part is its timer (`std::time::Instant` natively, the `web-time` crate, i.e.
//! JavaScript's `performance.now()`, in wasm32), which only feeds the time limit (left infinite)
//! and the reported solve time.

use clarabel::algebra::CscMatrix;
use clarabel::solver::{DefaultSettingsBuilder, DefaultSolver, IPSolver, SolverStatus, SupportedConeT};

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

/// The snapped fractional optimum.
#[derive(Debug, Clone, PartialEq)]
pub struct LpSolution {
    /// Per job (same order as the input): `(slot, x_jt)` with `0 < x_jt ≤ 1` a multiple of
    /// `2^-20`, slots ascending. Empty for jobs without variables or with nothing allocated.
    pub x: Vec<Vec<(u32, f64)>>,
    /// `Σ_j (V_j / T_j) Σ_t x_jt` of the returned allocation.
    pub objective: f64,
}

/// Why the LP could not be solved.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LpError {
    /// A job with a non-finite or negative `units` or `value`.
    #[error("LP job {index}: {problem}")]
    InvalidJob { index: usize, problem: &'static str },
    /// A slot capacity that is negative or not finite.
    #[error("LP capacity at slot {slot} is {value}; it must be finite and non-negative")]
    InvalidCapacity { slot: usize, value: f64 },
    /// Clarabel refused the problem or its settings.
    #[error("the LP solver rejected the problem: {0}")]
    Setup(String),
    /// Clarabel stopped without an optimal solution.
    #[error("the LP solver did not converge (clarabel status {status}, {iterations} iterations)")]
    NotSolved { status: String, iterations: u32 },
}

/// The grid of [`LpSolution::x`]: multiples of `2^-20`.
const GRID: f64 = 1_048_576.0;

/// Solver tolerances (gap and feasibility).
const TOLERANCE: f64 = 1e-9;

/// Solves the LP relaxation of the value-maximising allocation of `jobs` under `capacity` (one
/// entry per slot of the horizon). See the module doc.
pub fn solve(jobs: &[LpJob], capacity: &[f64]) -> Result<LpSolution, LpError> {
    validate(jobs, capacity)?;
    let layout = Layout::new(jobs, capacity.len());
    let mut x = vec![0.0; layout.n];
    if layout.n > 0 {
        let raw = solve_raw(jobs, capacity, &layout)?;
        for (xi, r) in x.iter_mut().zip(&raw) {
            *xi = snap(*r);
        }
        repair(jobs, capacity, &layout, &mut x);
    }
    Ok(collect(jobs, &layout, &x))
}

fn validate(jobs: &[LpJob], capacity: &[f64]) -> Result<(), LpError> {
    for (index, job) in jobs.iter().enumerate() {
        if !job.units.is_finite() || job.units < 0.0 {
            return Err(LpError::InvalidJob { index, problem: "units must be finite and non-negative" });
        }
        if !job.value.is_finite() || job.value < 0.0 {
            return Err(LpError::InvalidJob { index, problem: "value must be finite and non-negative" });
        }
    }
    for (slot, &value) in capacity.iter().enumerate() {
        if !value.is_finite() || value < 0.0 {
            return Err(LpError::InvalidCapacity { slot, value });
        }
    }
    Ok(())
}

/// Where each job's variables live.
struct Layout {
    /// Per job: first variable index, first slot, number of slots (0: no variables).
    spans: Vec<(usize, usize, usize)>,
    /// Number of variables.
    n: usize,
}

impl Layout {
    fn new(jobs: &[LpJob], horizon: usize) -> Self {
        let mut spans = Vec::with_capacity(jobs.len());
        let mut n = 0;
        for job in jobs {
            let lo = (job.arrival as usize).min(horizon);
            let hi = (job.deadline as usize).min(horizon);
            let len = if has_variables(job) && hi > lo { hi - lo } else { 0 };
            spans.push((n, lo, len));
            n += len;
        }
        Layout { spans, n }
    }
}

fn has_variables(job: &LpJob) -> bool {
    job.units > 0.0 && job.value > 0.0 && job.duration > 0
}

/// Builds the conic problem and returns clarabel's primal solution.
fn solve_raw(jobs: &[LpJob], capacity: &[f64], layout: &Layout) -> Result<Vec<f64>, LpError> {
    let n = layout.n;
    // Row numbering: job rows, then capacity rows, then x ≤ 1, then −x ≤ 0.
    let mut job_row = vec![usize::MAX; jobs.len()];
    let mut b = Vec::new();
    for (j, (job, &(_, _, len))) in jobs.iter().zip(&layout.spans).enumerate() {
        if len > job.duration as usize {
            job_row[j] = b.len();
            b.push(f64::from(job.duration));
        }
    }
    let mut slot_used = vec![false; capacity.len()];
    for &(_, lo, len) in &layout.spans {
        for used in &mut slot_used[lo..lo + len] {
            *used = true;
        }
    }
    let mut slot_row = vec![usize::MAX; capacity.len()];
    for (t, &used) in slot_used.iter().enumerate() {
        if used {
            slot_row[t] = b.len();
            b.push(capacity[t]);
        }
    }
    let upper = b.len();
    let lower = upper + n;
    let m = lower + n;
    b.resize(upper + n, 1.0);
    b.resize(m, 0.0);

    let mut colptr = Vec::with_capacity(n + 1);
    let mut rowval = Vec::with_capacity(4 * n);
    let mut nzval = Vec::with_capacity(4 * n);
    let mut q = Vec::with_capacity(n);
    colptr.push(0);
    for (j, (job, &(first, lo, len))) in jobs.iter().zip(&layout.spans).enumerate() {
        let gain = job.value / f64::from(job.duration.max(1));
        for k in 0..len {
            let var = first + k;
            // Row indices ascend within the column: job row < slot row < upper < lower.
            if job_row[j] != usize::MAX {
                rowval.push(job_row[j]);
                nzval.push(1.0);
            }
            rowval.push(slot_row[lo + k]);
            nzval.push(job.units);
            rowval.push(upper + var);
            nzval.push(1.0);
            rowval.push(lower + var);
            nzval.push(-1.0);
            colptr.push(rowval.len());
            q.push(-gain);
        }
    }
    let a = CscMatrix::new(m, n, colptr, rowval, nzval);
    let p = CscMatrix::zeros((n, n));
    let cones = [SupportedConeT::NonnegativeConeT(m)];
    let settings = DefaultSettingsBuilder::default()
        .verbose(false)
        .tol_gap_abs(TOLERANCE)
        .tol_gap_rel(TOLERANCE)
        .tol_feas(TOLERANCE)
        .build()
        .map_err(|e| LpError::Setup(e.to_string()))?;
    let mut solver = DefaultSolver::new(&p, &q, &a, &b, &cones, settings).map_err(|e| LpError::Setup(e.to_string()))?;
    solver.solve();
    let solution = solver.solution;
    if solution.status != SolverStatus::Solved || solution.x.len() != n {
        return Err(LpError::NotSolved { status: format!("{:?}", solution.status), iterations: solution.iterations });
    }
    Ok(solution.x)
}

/// Clamps into `[0, 1]` and rounds to the nearest multiple of `2^-20` (NaN becomes 0).
fn snap(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        0.0
    } else if x >= 1.0 {
        1.0
    } else {
        (x * GRID).round() / GRID
    }
}

/// Lowers snapped variables by whole grid steps until every constraint holds (see the module doc).
/// A no-op when snapping has not pushed anything over, e.g. for every dyadic optimum.
fn repair(jobs: &[LpJob], capacity: &[f64], layout: &Layout, x: &mut [f64]) {
    // The variables at each slot, in job order (counting sort: deterministic).
    let mut count = vec![0usize; capacity.len() + 1];
    for &(_, lo, len) in &layout.spans {
        for c in &mut count[lo + 1..lo + len + 1] {
            *c += 1;
        }
    }
    for t in 0..capacity.len() {
        count[t + 1] += count[t];
    }
    let mut at_slot = vec![(0usize, 0usize); layout.n];
    let mut fill = count.clone();
    for (j, &(first, lo, len)) in layout.spans.iter().enumerate() {
        for k in 0..len {
            at_slot[fill[lo + k]] = (j, first + k);
            fill[lo + k] += 1;
        }
    }
    let load = |vars: &[(usize, usize)], x: &[f64]| vars.iter().fold(0.0, |s, &(j, v)| s + jobs[j].units * x[v]);
    for (t, &cap) in capacity.iter().enumerate() {
        let vars = &at_slot[count[t]..count[t + 1]];
        if load(vars, x) <= cap {
            continue;
        }
        // Lowest value per unit and slot first; ties: the later job first.
        let mut order: Vec<(usize, usize)> = vars.to_vec();
        order.sort_by(|&(a, _), &(b, _)| unit_value(&jobs[a]).total_cmp(&unit_value(&jobs[b])).then(b.cmp(&a)));
        for &(j, v) in &order {
            let mut over = load(vars, x) - cap;
            while over > 0.0 && x[v] > 0.0 {
                let steps = (over / jobs[j].units * GRID).ceil().max(1.0);
                x[v] = (x[v] - steps / GRID).max(0.0);
                over = load(vars, x) - cap;
            }
            if over <= 0.0 {
                break;
            }
        }
    }
    for (job, &(first, _, len)) in jobs.iter().zip(&layout.spans) {
        let vars = &mut x[first..first + len];
        let limit = f64::from(job.duration);
        let mut over = vars.iter().sum::<f64>() - limit;
        for xv in vars.iter_mut().rev() {
            if over <= 0.0 {
                break;
            }
            let cut = over.min(*xv);
            *xv -= cut;
            over -= cut;
        }
    }
}

fn unit_value(job: &LpJob) -> f64 {
    job.value / (job.units * f64::from(job.duration))
}

/// The per-job lists and the objective of the snapped allocation.
fn collect(jobs: &[LpJob], layout: &Layout, x: &[f64]) -> LpSolution {
    let mut out = Vec::with_capacity(jobs.len());
    let mut objective = 0.0;
    for (job, &(first, lo, len)) in jobs.iter().zip(&layout.spans) {
        let vars = &x[first..first + len];
        let list: Vec<(u32, f64)> =
            vars.iter().enumerate().filter(|&(_, &xv)| xv > 0.0).map(|(k, &xv)| ((lo + k) as u32, xv)).collect();
        if !list.is_empty() {
            let total = list.iter().fold(0.0, |s, &(_, xv)| s + xv);
            objective += job.value / f64::from(job.duration) * total;
        }
        out.push(list);
    }
    LpSolution { x: out, objective }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::seeded_rng;
    use rand_chacha::rand_core::Rng as _;

    fn job(units: f64, duration: u32, value: f64, arrival: u32, deadline: u32) -> LpJob {
        LpJob { units, duration, value, arrival, deadline }
    }

    #[test]
    fn the_valuable_job_takes_the_only_slot() {
        let jobs = [job(10.0, 1, 5.0, 0, 1), job(10.0, 1, 10.0, 0, 1)];
        let s = solve(&jobs, &[10.0]).unwrap();
        assert_eq!(s.x, vec![vec![], vec![(0, 1.0)]]);
        assert_eq!(s.objective, 10.0);
    }

    #[test]
    fn day_job_gets_the_day_flexible_job_the_night() {
        let jobs = [job(10.0, 1, 100.0, 0, 1), job(10.0, 1, 50.0, 0, 2)];
        let s = solve(&jobs, &[10.0, 10.0]).unwrap();
        assert_eq!(s.x, vec![vec![(0, 1.0)], vec![(1, 1.0)]]);
        assert_eq!(s.objective, 150.0);
    }

    #[test]
    fn capacity_splits_a_job_fractionally() {
        let s = solve(&[job(10.0, 1, 1.0, 0, 1)], &[5.0]).unwrap();
        assert_eq!(s.x, vec![vec![(0, 0.5)]]);
        assert_eq!(s.objective, 0.5);
    }

    #[test]
    fn the_leftover_capacity_goes_to_the_next_job() {
        let jobs = [job(10.0, 1, 10.0, 0, 1), job(10.0, 1, 100.0, 0, 1)];
        let s = solve(&jobs, &[15.0]).unwrap();
        assert_eq!(s.x, vec![vec![(0, 0.5)], vec![(0, 1.0)]]);
        assert_eq!(s.objective, 105.0);
    }

    #[test]
    fn a_long_job_fills_its_window_and_loses_to_a_denser_one() {
        // A: 200 over 10 units × 2 slots (10 per unit-slot); B: 50 over 10 units × 1 slot (5).
        let jobs = [job(10.0, 2, 200.0, 0, 2), job(10.0, 1, 50.0, 1, 2)];
        let s = solve(&jobs, &[10.0, 10.0]).unwrap();
        assert_eq!(s.x, vec![vec![(0, 1.0), (1, 1.0)], vec![]]);
        assert_eq!(s.objective, 200.0);
    }

    #[test]
    fn a_window_shorter_than_the_duration_gets_a_partial_allocation() {
        // The window [3, 10) is clipped to the horizon [0, 5): 2 slots for a 3-slot job.
        let s = solve(&[job(1.0, 3, 3.0, 3, 10)], &[10.0; 5]).unwrap();
        assert_eq!(s.x, vec![vec![(3, 1.0), (4, 1.0)]]);
        assert_eq!(s.objective, 2.0);
    }

    #[test]
    fn jobs_without_variables_get_empty_allocations() {
        let jobs = [
            job(0.0, 1, 5.0, 0, 2), // no units
            job(1.0, 1, 0.0, 0, 2), // no value
            job(1.0, 0, 5.0, 0, 2), // no duration
            job(1.0, 1, 5.0, 2, 9), // window past the horizon
            job(1.0, 1, 5.0, 1, 1), // empty window
            job(1.0, 1, 4.0, 0, 2), // the only real one
        ];
        let s = solve(&jobs, &[1.0, 0.0]).unwrap();
        assert_eq!(s.x, vec![vec![], vec![], vec![], vec![], vec![], vec![(0, 1.0)]]);
        assert_eq!(s.objective, 4.0);
        let none = solve(&jobs[..5], &[1.0, 0.0]).unwrap();
        assert_eq!(none, LpSolution { x: vec![vec![]; 5], objective: 0.0 });
        assert_eq!(solve(&[], &[]).unwrap(), LpSolution { x: vec![], objective: 0.0 });
    }

    #[test]
    fn bad_inputs_are_errors() {
        let ok = job(1.0, 1, 1.0, 0, 1);
        let e = solve(&[ok.clone(), job(f64::NAN, 1, 1.0, 0, 1)], &[1.0]).unwrap_err();
        assert_eq!(e, LpError::InvalidJob { index: 1, problem: "units must be finite and non-negative" });
        assert!(e.to_string().contains("job 1"));
        assert!(matches!(solve(&[job(1.0, 1, -1.0, 0, 1)], &[1.0]), Err(LpError::InvalidJob { index: 0, .. })));
        assert!(matches!(solve(&[job(1.0, 1, f64::INFINITY, 0, 1)], &[1.0]), Err(LpError::InvalidJob { .. })));
        let e = solve(std::slice::from_ref(&ok), &[1.0, -2.0]).unwrap_err();
        assert_eq!(e, LpError::InvalidCapacity { slot: 1, value: -2.0 });
        assert!(e.to_string().contains("slot 1"));
        assert!(matches!(solve(&[ok], &[f64::NAN]), Err(LpError::InvalidCapacity { slot: 0, .. })));
    }

    /// Not a unique optimum: the interior point splits the slot between identical jobs.
    #[test]
    fn identical_jobs_share_a_slot_evenly() {
        let jobs = [job(10.0, 1, 7.0, 0, 1), job(10.0, 1, 7.0, 0, 1)];
        let s = solve(&jobs, &[10.0]).unwrap();
        assert_eq!(s.x, vec![vec![(0, 0.5)], vec![(0, 0.5)]]);
        assert_eq!(s.objective, 7.0);
    }

    #[test]
    fn snapping_clamps_and_rounds_to_the_grid() {
        assert_eq!(snap(-1e-9), 0.0);
        assert_eq!(snap(3e-10), 0.0);
        assert_eq!(snap(f64::NAN), 0.0);
        assert_eq!(snap(0.999_999_998), 1.0);
        assert_eq!(snap(1.000_000_002), 1.0);
        assert_eq!(snap(0.5 + 1e-9), 0.5);
        assert_eq!(snap(1.0 / 3.0), 349_525.0 / GRID);
    }

    #[test]
    fn repair_restores_feasibility_after_rounding_up() {
        // Three jobs of 3 units at 2/3 each would fill 6 units; 2/3 rounds up on the grid.
        let jobs = vec![job(3.0, 1, 1.0, 0, 1); 3];
        let layout = Layout::new(&jobs, 1);
        let mut x = vec![snap(2.0 / 3.0); 3];
        assert!(3.0 * x[0] * 3.0 > 6.0);
        repair(&jobs, &[6.0], &layout, &mut x);
        assert!(jobs.iter().zip(&x).fold(0.0, |s, (j, &xv)| s + j.units * xv) <= 6.0);
        // Ties in value: the latest job gives up one grid step, the others keep theirs.
        assert_eq!(x[..2], [snap(2.0 / 3.0); 2]);
        assert_eq!(x[2], snap(2.0 / 3.0) - 1.0 / GRID);
    }

    /// A random small instance with integer data; windows may run past the horizon.
    fn random_instance(rng: &mut crate::sim::Rng, max_jobs: u32, max_h: u32) -> (Vec<LpJob>, Vec<f64>) {
        let mut below = |n: u32| rng.next_u32() % n;
        let h = 1 + below(max_h);
        let capacity: Vec<f64> = (0..h).map(|_| f64::from(below(11))).collect();
        let count = 1 + below(max_jobs);
        let jobs = (0..count)
            .map(|_| {
                let arrival = below(h);
                let deadline = arrival + 1 + below(h + 1 - arrival);
                job(f64::from(1 + below(5)), 1 + below(3), f64::from(1 + below(50)), arrival, deadline)
            })
            .collect();
        (jobs, capacity)
    }

    /// Greedy feasible allocation: jobs by value per unit and slot, earliest slots first.
    fn greedy(jobs: &[LpJob], capacity: &[f64]) -> f64 {
        let mut order: Vec<usize> = (0..jobs.len()).collect();
        order.sort_by(|&a, &b| unit_value(&jobs[b]).total_cmp(&unit_value(&jobs[a])).then(a.cmp(&b)));
        let mut left = capacity.to_vec();
        let mut objective = 0.0;
        for j in order {
            let job = &jobs[j];
            let mut remaining = f64::from(job.duration);
            let hi = (job.deadline as usize).min(capacity.len());
            for room in left.iter_mut().take(hi).skip(job.arrival as usize) {
                let x = 1f64.min(remaining).min(*room / job.units);
                *room -= job.units * x;
                remaining -= x;
                objective += job.value / f64::from(job.duration) * x;
            }
        }
        objective
    }

    /// Exact optimum by max flow in units (`y_jt = W_j x_jt`): source → job (`W_j T_j`) → slot of
    /// its window (`W_j`) → sink (`capacity[t]`). The value per unit depends only on the job, so
    /// the reachable job totals form a polymatroid and adding jobs by decreasing value per unit,
    /// each augmented to a maximum flow, is exact. Integer data: integer flows.
    fn flow_optimum(jobs: &[LpJob], capacity: &[f64]) -> f64 {
        let (nj, h) = (jobs.len(), capacity.len());
        let (source, sink) = (0, nj + h + 1);
        let nodes = nj + h + 2;
        let mut cap = vec![vec![0i64; nodes]; nodes];
        for (t, &c) in capacity.iter().enumerate() {
            cap[1 + nj + t][sink] = c as i64;
        }
        for (j, job) in jobs.iter().enumerate() {
            for t in job.arrival as usize..(job.deadline as usize).min(h) {
                cap[1 + j][1 + nj + t] = job.units as i64;
            }
        }
        let mut order: Vec<usize> = (0..nj).collect();
        order.sort_by(|&a, &b| unit_value(&jobs[b]).total_cmp(&unit_value(&jobs[a])));
        let mut flow_in = vec![0i64; nj];
        for j in order {
            cap[source][1 + j] = (jobs[j].units * f64::from(jobs[j].duration)) as i64;
            loop {
                // BFS for an augmenting path in the residual graph.
                let mut prev = vec![usize::MAX; nodes];
                prev[source] = source;
                let mut queue = std::collections::VecDeque::from([source]);
                while let Some(u) = queue.pop_front() {
                    for v in 0..nodes {
                        if prev[v] == usize::MAX && cap[u][v] > 0 {
                            prev[v] = u;
                            queue.push_back(v);
                        }
                    }
                }
                if prev[sink] == usize::MAX {
                    break;
                }
                let mut push = i64::MAX;
                let mut v = sink;
                while v != source {
                    push = push.min(cap[prev[v]][v]);
                    v = prev[v];
                }
                let mut v = sink;
                while v != source {
                    let u = prev[v];
                    cap[u][v] -= push;
                    cap[v][u] += push;
                    if u == source {
                        flow_in[v - 1] += push;
                    }
                    v = u;
                }
            }
        }
        jobs.iter().zip(&flow_in).map(|(job, &f)| job.value / f64::from(job.duration) * f as f64 / job.units).sum()
    }

    fn check(jobs: &[LpJob], capacity: &[f64]) {
        let s = solve(jobs, capacity).unwrap();
        assert_eq!(s.x.len(), jobs.len());
        let mut load = vec![0.0; capacity.len()];
        let mut slack = 1e-6;
        for (job, x) in jobs.iter().zip(&s.x) {
            assert!(x.windows(2).all(|w| w[0].0 < w[1].0), "slots ascending");
            for &(t, xt) in x {
                assert!(xt > 0.0 && xt <= 1.0 && xt * GRID == (xt * GRID).round(), "x on the grid");
                assert!(t >= job.arrival && t < job.deadline && (t as usize) < capacity.len(), "inside the window");
                load[t as usize] += job.units * xt;
            }
            assert!(x.iter().map(|&(_, xt)| xt).sum::<f64>() <= f64::from(job.duration), "job constraint");
            let len = (job.deadline as usize).min(capacity.len()).saturating_sub(job.arrival as usize);
            slack += job.value / f64::from(job.duration) * len as f64 * 2.0 / GRID;
        }
        for (l, c) in load.iter().zip(capacity) {
            assert!(l <= c, "capacity constraint: {l} > {c}");
        }
        let exact = flow_optimum(jobs, capacity);
        assert!(s.objective >= greedy(jobs, capacity) - slack, "{jobs:?} {capacity:?}");
        assert!((s.objective - exact).abs() <= slack, "LP {} vs flow {exact}: {jobs:?} {capacity:?}", s.objective);
    }

    #[test]
    fn random_small_instances_are_feasible_and_optimal() {
        let mut rng = seeded_rng(2017);
        for _ in 0..400 {
            let (jobs, capacity) = random_instance(&mut rng, 6, 6);
            check(&jobs, &capacity);
        }
    }

    #[test]
    fn random_larger_instances_are_feasible_and_optimal() {
        let mut rng = seeded_rng(3054186);
        for _ in 0..20 {
            let (jobs, capacity) = random_instance(&mut rng, 60, 24);
            check(&jobs, &capacity);
        }
    }

    #[test]
    fn solving_twice_gives_the_same_bits() {
        let mut rng = seeded_rng(7);
        let (jobs, capacity) = random_instance(&mut rng, 40, 24);
        let (a, b) = (solve(&jobs, &capacity).unwrap(), solve(&jobs, &capacity).unwrap());
        assert_eq!(a.objective.to_bits(), b.objective.to_bits());
        assert_eq!(a, b);
    }
}
