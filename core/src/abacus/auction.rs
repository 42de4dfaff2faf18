//! Algorithms 1 and 2 of the paper: the auctioneer's budget split.
//!
//! Per round, for each job `i` in order (Gauss–Seidel: a job sees the sub-budgets already updated
//! in this round): `s_ij = b_ij^α / Σ_l b_lj^α`, `h_ij = (∂u_i/∂s_ij)·s_ij·(1 − s_ij)`,
//! `b'_ij = b_i · h_ij / Σ_k h_ik` (kept as is when every `h_ik` is 0, e.g. a lone job; a
//! job keeps at least [`FLOOR`]·`b_i` on every resource it values, see there). Column
//! sums `Σ_l b_lj^α` are recomputed at the start of every round and updated in place after each
//! job, so a round costs **O(n·m)** (one `b^α` per sub-budget), not O(n²·m). The auction stops
//! when no sub-budget moved by more than `tolerance · max_i b_i` in a round, or after
//! `max_iterations` rounds (`converged: false`).

use super::utility::{Compiled, Concave, Form, Linear, Log, Power, Utilities, UtilitySpec};
use crate::error::Problems;
use crate::formula::{Formula, Tape};
use crate::matrix::Matrix;

mod warm;

pub use warm::{Solve, Start, WarmAuction, MAX_WARM_ALPHA};

/// Parameters of the auction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AuctionParams {
    /// α ∈ [0, 1].
    pub alpha: f64,
    /// Relative stopping tolerance (of the largest budget).
    pub tolerance: f64,
    pub max_iterations: u32,
    /// Keep the sub-budgets after each round (at most [`MAX_TRACE_ROUNDS`] rounds and
    /// [`MAX_TRACE_ENTRIES`] numbers).
    pub trace: bool,
}

/// The smallest fraction of its budget a job keeps on a resource it values.
///
/// Without it the auction can oscillate forever: a job that is the only bidder on a resource has
/// share 1 there, so `h = 0` and Algorithm 2 withdraws all its money; the resource then has no
/// bidder and is shared equally (`1/n`), `h > 0` again, the money returns, and so on. With the
/// floor the sole bidder keeps share 1 at a negligible cost (1e-12 of its budget, far below the
/// stopping tolerance), which is the limit the paper's fixed point approaches. Resources the job
/// does not value (weight 0) get nothing, so a resource nobody values is still shared equally.
pub const FLOOR: f64 = 1e-12;

/// Rounds kept in a trace.
pub const MAX_TRACE_ROUNDS: usize = 1000;

/// Sub-budgets kept in a trace over all its rounds (32 MB): a trace of 100,000 jobs × 64
/// resources would otherwise take 51 MB a round. Later rounds are left out of the trace (the
/// result still says how many rounds ran, and [`AuctionResult::changes`] covers every round).
pub const MAX_TRACE_ENTRIES: usize = 1 << 22;

/// Rounds whose largest change is kept in [`AuctionResult::changes`].
pub const MAX_CHANGE_ROUNDS: usize = 10_000;

impl Default for AuctionParams {
    fn default() -> Self {
        AuctionParams { alpha: 0.5, tolerance: 1e-10, max_iterations: 10_000, trace: false }
    }
}

/// Checks a budget at the path `path()`.
pub(crate) fn validate_budget(b: f64, path: impl Fn() -> String, problems: &mut Problems) {
    if !(b.is_finite() && b > 0.0) {
        problems.push_keyed(path(), "err-must-be-finite-number-gt-0-got", vec![("got", b.to_string())]);
    }
}

/// One job's bid.
#[derive(Debug, Clone, PartialEq)]
pub struct Bid {
    pub budget: f64,
    pub utility: super::Utility,
}

/// The outcome: `n × m` matrices, one row per job.
#[derive(Debug, Clone, PartialEq)]
pub struct AuctionResult {
    pub shares: Matrix,
    pub sub_budgets: Matrix,
    /// `u_i(s_i)` under each job's bid utility.
    pub utilities: Vec<f64>,
    pub iterations: u32,
    pub converged: bool,
    /// Sub-budgets after each round, when asked for (see [`MAX_TRACE_ENTRIES`]).
    pub trace: Option<Vec<Matrix>>,
    /// The largest change `max_ij |b'_ij − b_ij|` of each round (the first [`MAX_CHANGE_ROUNDS`]):
    /// the stopping rule's quantity, always kept since it costs one number a round.
    pub changes: Vec<f64>,
}

#[inline(always)]
fn pow_alpha(b: f64, alpha: f64) -> f64 {
    if alpha == 1.0 {
        b
    } else if alpha == 0.5 {
        b.sqrt()
    } else if alpha == 0.0 {
        1.0
    } else {
        crate::math::pow(b, alpha)
    }
}

/// Rows are processed in chunks of this many resources (padded with resources nobody values), in
/// fixed-size lanes the compiler turns into SIMD instructions. The lane sums are added in a fixed
/// order, so every target (scalar, SSE2, AVX2, wasm SIMD) computes the same numbers bit for bit.
const LANES: usize = 4;
type Lanes = [f64; LANES];

/// The auction state: flat row-major sub-budgets, their powers `b^α`, the weights and the floors,
/// each `n × stride` (`stride` = `m` rounded up to [`LANES`]; padding columns have weight 0 and
/// stay at 0), with the column sums `Σ_l b_lj^α`.
pub struct Auction {
    forms: Vec<Form>,
    m: usize,
    stride: usize,
    params: AuctionParams,
    b: Vec<f64>,
    p: Vec<f64>,
    w: Vec<f64>,
    /// `FLOOR · b_i` on each resource job `i` values (weight > 0), else 0.
    floor: Vec<f64>,
    /// `b_i · (1 − FLOOR · (resources job i values))`: the part of `b_i` split by Algorithm 2.
    split: Vec<f64>,
    col: Vec<f64>,
    h: Vec<f64>,
    scale: f64,
    #[cfg(target_arch = "x86_64")]
    avx2: bool,
    pub rounds: u32,
    pub converged: bool,
    trace: Option<Vec<Matrix>>,
    changes: Vec<f64>,
    /// One row's shares and marginal utilities, for a formula utility (`m` long each), and the
    /// tape of its reverse sweep.
    shares: Vec<f64>,
    marginals: Vec<f64>,
    tape: Tape,
    /// The first formula that gave a value that is not a number: nothing more runs.
    fault: Option<Fault>,
}

/// A formula utility that gave NaN or ±∞: the row, and what happened there.
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    /// The job's row (its index among the auction's jobs).
    pub row: usize,
    pub gave: Gave,
    /// The round (from 1) whose update met it; `None` at the final shares.
    pub round: Option<u64>,
}

/// What a utility formula gave that is not a number, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Gave {
    /// The formula as written.
    pub source: String,
    /// What was computed, in mathematical notation: `u`, or `∂u/∂sj` (j from 1, as a formula names the shares by position).
    pub what: String,
    /// NaN or ±∞.
    pub value: f64,
    /// The shares it was computed at.
    pub shares: Vec<f64>,
}

impl Fault {
    /// The fault as a problem at `path` (the formula's field), with the simulated `time` when an
    /// auction of the scheduler met it: message id and arguments (the value written `NaN`, `∞`
    /// or `−∞`, the shares as `s1 = …, s2 = …`).
    pub fn problem(&self, path: impl Into<String>, time: Option<f64>) -> crate::error::Problem {
        let g = &self.gave;
        let value = match g.value {
            v if v.is_nan() => "NaN",
            v if v > 0.0 => "∞",
            _ => "−∞",
        };
        let shares: Vec<String> = g.shares.iter().enumerate().map(|(j, s)| format!("s{} = {s}", j + 1)).collect();
        let mut args = vec![
            ("source", g.source.clone()),
            ("what", g.what.clone()),
            ("value", value.to_string()),
            ("shares", shares.join(", ")),
        ];
        if let Some(round) = self.round {
            args.push(("round", round.to_string()));
        }
        if let Some(t) = time {
            args.push(("time", t.to_string()));
        }
        let id = match (self.round, time) {
            (Some(_), None) => "err-abacus-formula-gave-in-round",
            (None, None) => "err-abacus-formula-gave-at-final-shares",
            (Some(_), Some(_)) => "err-abacus-formula-gave-in-round-at-time",
            (None, Some(_)) => "err-abacus-formula-gave-at-final-shares-at-time",
        };
        crate::error::Problem::keyed(path, id, args)
    }
}

impl Auction {
    /// Starts from the even split `b_i / m`. Bids must be validated (budgets > 0, `m` weights).
    pub fn new(bids: &[Bid], m: usize, params: AuctionParams) -> Self {
        let mut auction = Self::with_capacity(bids.len(), m, params);
        for b in bids {
            auction.push_row(b.budget, b.utility.form().clone(), &b.utility.weights);
        }
        auction
    }

    /// The auction of validated `(budget, utility)` bids as written in a document over the
    /// resource types `utilities` was made for (without building a [`Bid`] of each first); a
    /// formula that does not compile (validation reports it first) is an error.
    pub fn of_specs<'a>(
        bids: impl ExactSizeIterator<Item = (f64, &'a UtilitySpec)>,
        utilities: &mut Utilities,
        params: AuctionParams,
    ) -> Result<Self, (usize, crate::formula::FormulaError)> {
        let m = utilities.resources();
        let mut auction = Self::with_capacity(bids.len(), m, params);
        for (row, (budget, u)) in bids.enumerate() {
            match Form::paper(u) {
                Some(form) => auction.push_row(budget, form, &u.weights),
                None => {
                    let u = utilities.utility(u).map_err(|e| (row, e))?;
                    auction.push_row(budget, u.form().clone(), &u.weights);
                }
            }
        }
        Ok(auction)
    }

    /// An auction with no bids yet, room for `n`.
    fn with_capacity(n: usize, m: usize, params: AuctionParams) -> Self {
        let stride = m.next_multiple_of(LANES);
        Auction {
            forms: Vec::with_capacity(n),
            m,
            stride,
            params,
            b: Vec::with_capacity(n * stride),
            p: Vec::with_capacity(n * stride),
            w: Vec::with_capacity(n * stride),
            floor: Vec::with_capacity(n * stride),
            split: Vec::with_capacity(n),
            col: vec![0.0; stride],
            h: vec![0.0; stride],
            scale: 0.0,
            #[cfg(target_arch = "x86_64")]
            avx2: std::arch::is_x86_feature_detected!("avx2"),
            rounds: 0,
            converged: false,
            trace: params.trace.then(Vec::new),
            changes: Vec::new(),
            shares: vec![0.0; m],
            marginals: vec![0.0; m],
            tape: Tape::default(),
            fault: None,
        }
    }

    /// Appends a job at the even split `b_i / m` (the cold start), `weights` being `m` long.
    fn push_row(&mut self, budget: f64, form: Form, weights: &[f64]) {
        let (m, stride) = (self.m, self.stride);
        let start = self.b.len();
        self.b.resize(start + stride, 0.0);
        self.w.resize(start + stride, 0.0);
        self.floor.resize(start + stride, 0.0);
        self.b[start..start + m].fill(budget / m as f64);
        self.w[start..start + m].iter_mut().zip(weights).for_each(|(x, &y)| *x = y);
        let mut valued = 0;
        for (f, &wj) in self.floor[start..start + m].iter_mut().zip(weights) {
            if wj > 0.0 {
                *f = budget * FLOOR;
                valued += 1;
            }
        }
        let alpha = self.params.alpha;
        self.p.extend(self.b[start..].iter().map(|&x| pow_alpha(x, alpha)));
        self.split.push(budget * (1.0 - FLOOR * valued as f64));
        self.forms.push(form);
        self.scale = self.scale.max(budget);
    }

    /// `Σ_l b_lj^α` into `col`, adding the rows in order. One lane group at a time, its sums
    /// kept in registers down the rows (not stored and reloaded after each row).
    fn column_sums(&mut self) {
        let (col, _) = self.col.as_chunks_mut::<LANES>();
        for (k, c) in col.iter_mut().enumerate() {
            let mut acc: Lanes = [0.0; LANES];
            for row in self.p.chunks_exact(self.stride) {
                let x = &row[k * LANES..(k + 1) * LANES];
                acc = std::array::from_fn(|l| acc[l] + x[l]);
            }
            *c = acc;
        }
    }

    /// One round of Algorithm 1; returns the largest change of a sub-budget.
    pub fn round(&mut self) -> f64 {
        #[cfg(target_arch = "x86_64")]
        let max_delta = if self.avx2 {
            // SAFETY: `new` checked that the CPU supports AVX2. The arithmetic is the same
            // either way (no fused multiply-adds; lanes summed in a fixed order).
            unsafe { self.round_avx2() }
        } else {
            self.round_specialised()
        };
        #[cfg(not(target_arch = "x86_64"))]
        let max_delta = self.round_specialised();
        self.rounds += 1;
        let keep = self.trace_rounds();
        if let Some(t) = &mut self.trace {
            if t.len() < keep {
                t.push(real_columns(&self.b, self.stride, self.m));
            }
        }
        if self.changes.len() < MAX_CHANGE_ROUNDS {
            self.changes.push(max_delta);
        }
        if max_delta <= self.params.tolerance * self.scale {
            self.converged = true;
        }
        max_delta
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn round_avx2(&mut self) -> f64 {
        self.round_specialised()
    }

    /// One loop per common α, so the power is inlined (and vectorised), and one row update per
    /// utility form.
    #[inline(always)]
    fn round_specialised(&mut self) -> f64 {
        let alpha = self.params.alpha;
        if alpha == 0.5 {
            self.round_with(f64::sqrt)
        } else if alpha == 1.0 {
            self.round_with(|b| b)
        } else {
            self.round_with(|b| pow_alpha(b, alpha))
        }
    }

    #[inline(always)]
    fn round_with(&mut self, pow: impl Fn(f64) -> f64 + Copy) -> f64 {
        self.prepare_columns();
        self.sweep(0..self.forms.len(), pow)
    }

    /// Column sums from scratch, ready for [`Self::sweep`].
    #[inline(always)]
    fn prepare_columns(&mut self) {
        self.column_sums();
        self.empty_columns_infinite();
    }

    #[inline(always)]
    fn empty_columns_infinite(&mut self) {
        // A resource nobody values (and a padding column) has column sum 0 and is shared equally,
        // but every `h` there is 0 whatever the share, because every weight is 0. An infinite sum
        // gives share 0 there instead of 0/0, so the row update needs no special case. Sums of
        // valued resources stay > 0 (FLOOR), and those of the others never change.
        for c in &mut self.col {
            if *c <= 0.0 {
                *c = f64::INFINITY;
            }
        }
    }

    /// Algorithm 2 for each job of `rows` in order, the column sums updated in place after each;
    /// returns the largest change of a sub-budget.
    #[inline(always)]
    fn sweep(&mut self, rows: std::ops::Range<usize>, pow: impl Fn(f64) -> f64 + Copy) -> f64 {
        let stride = self.stride;
        let first = rows.start;
        let flat = rows.start * stride..rows.end * stride;
        let mut max_delta = [0.0; LANES];
        let live = self.b[flat.clone()].chunks_exact_mut(stride).zip(self.p[flat.clone()].chunks_exact_mut(stride));
        let fixed = self.w[flat.clone()].chunks_exact(stride).zip(self.floor[flat].chunks_exact(stride));
        for (k, ((form, (b, p)), ((w, floor), &split))) in
            self.forms[rows.clone()].iter().zip(live).zip(fixed.zip(&self.split[rows])).enumerate()
        {
            let row = Row { b, p, w, floor, split };
            let (col, h, md) = (&mut self.col[..], &mut self.h[..], &mut max_delta);
            match form {
                Form::Linear => row.update(&Linear, col, h, pow, md),
                Form::Log => row.update(&Log, col, h, pow, md),
                Form::Power(e) => row.update(&Power(*e), col, h, pow, md),
                Form::Formula(f) => {
                    let scratch = (&mut self.shares[..], &mut self.marginals[..], &mut self.tape);
                    if let Err(gave) = row.update_formula(f, scratch, col, h, pow, md) {
                        self.fault = Some(Fault { row: first + k, gave, round: Some(self.rounds as u64 + 1) });
                        break;
                    }
                }
            }
        }
        max_delta.into_iter().fold(0.0, f64::max)
    }

    /// Rounds a trace can keep at this size: [`MAX_TRACE_ROUNDS`], fewer when `n · m` is so large
    /// that they would exceed [`MAX_TRACE_ENTRIES`] (none when one round alone would).
    pub fn trace_rounds(&self) -> usize {
        (MAX_TRACE_ENTRIES / (self.forms.len() * self.m).max(1)).min(MAX_TRACE_ROUNDS)
    }

    /// Sub-budget entries, `n · m`: the work of one round.
    pub fn size(&self) -> u64 {
        (self.forms.len() * self.m) as u64
    }

    /// Whether another round should run.
    pub fn running(&self) -> bool {
        !self.converged && self.rounds < self.params.max_iterations && self.fault.is_none()
    }

    /// The formula utility that gave a value that is not a number, which ended the auction.
    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    /// Shares at the current sub-budgets.
    pub fn shares(&mut self) -> Matrix {
        let mut data = Vec::with_capacity(self.forms.len() * self.m);
        self.shares_into(&mut data);
        Matrix::from_flat(self.m, data).unwrap_or_default()
    }

    /// Appends the shares at the current sub-budgets to `out`, row by row (`n · m` numbers).
    fn shares_into(&mut self, out: &mut Vec<f64>) {
        self.column_sums();
        self.write_shares(out);
    }

    /// [`Self::shares_into`] with the column sums already in `col`.
    fn write_shares(&self, out: &mut Vec<f64>) {
        let (m, equal) = (self.m, 1.0 / self.forms.len() as f64);
        if m == 0 {
            return;
        }
        let start = out.len();
        out.resize(start + self.forms.len() * m, 0.0);
        for (s, row) in out[start..].chunks_exact_mut(m).zip(self.p.chunks_exact(self.stride)) {
            for ((s, &p), &c) in s.iter_mut().zip(row).zip(&self.col) {
                *s = share(p, c, equal);
            }
        }
    }

    /// `u_i(s_i)` of every job at the given shares; a formula's value that is not a number is a
    /// fault (the first one is kept).
    fn utilities(&mut self, shares: &Matrix) -> Vec<f64> {
        let weights = self.w.chunks_exact(self.stride);
        let mut fault = None;
        let values = self
            .forms
            .iter()
            .zip(weights)
            .zip(shares)
            .enumerate()
            .map(|(i, ((form, w), s))| {
                let u = form.value(&w[..self.m], s);
                if let (Form::Formula(f), false, None) = (form, u.is_finite(), &fault) {
                    fault = Some(Fault { row: i, gave: not_a_number(f, "u".into(), u, s), round: None });
                }
                u
            })
            .collect();
        if self.fault.is_none() {
            self.fault = fault;
        }
        values
    }

    /// The result at the current state, or the fault that ended it.
    pub fn finish(self) -> AuctionResult {
        self.finish_checked().0
    }

    /// The result at the current state, with the first formula fault (during the rounds, or at
    /// the final shares).
    pub fn finish_checked(mut self) -> (AuctionResult, Option<Fault>) {
        let shares = self.shares();
        let utilities = self.utilities(&shares);
        let fault = self.fault.take();
        let result = AuctionResult {
            sub_budgets: real_columns(&self.b, self.stride, self.m),
            shares,
            utilities,
            iterations: self.rounds,
            converged: self.converged,
            trace: self.trace,
            changes: self.changes,
        };
        (result, fault)
    }
}

/// Says that formula `f` gave `value` (NaN or ±∞) for `what` at `shares`.
pub(crate) fn not_a_number(f: &Formula, what: String, value: f64, shares: &[f64]) -> Gave {
    Gave { source: f.source().to_string(), what, value, shares: shares.to_vec() }
}

/// Keeps the first `m` of every `stride` columns.
fn real_columns(flat: &[f64], stride: usize, m: usize) -> Matrix {
    let data = flat.chunks_exact(stride).flat_map(|row| &row[..m]).copied().collect();
    Matrix::from_flat(m, data).unwrap_or_default()
}

/// `s = p / Σ p` (at most 1), or the equal split `1/n` of a resource nobody bids on.
#[inline(always)]
fn share(p: f64, col: f64, equal: f64) -> f64 {
    // Both computed, one selected: no branch, so whole lanes are computed at once.
    let s = bounded_share(p, col);
    if col > 0.0 {
        s
    } else {
        equal
    }
}

/// `s = p / Σ p`, at most 1 (the column sums are updated in place and may round a hair below a
/// lone bidder's `p`). Branch-free, with a comparison rather than `f64::min` (whose NaN rule costs
/// extra instructions), so whole lanes are computed at once on every target.
#[inline(always)]
fn bounded_share(p: f64, col: f64) -> f64 {
    let s = p / col;
    if s < 1.0 {
        s
    } else {
        1.0
    }
}

/// One job's row during a round.
struct Row<'a> {
    b: &'a mut [f64],
    p: &'a mut [f64],
    w: &'a [f64],
    floor: &'a [f64],
    split: f64,
}

impl Row<'_> {
    /// Algorithm 2 for one job: shares from the current column sums, `h`, the new sub-budgets,
    /// and the column sums updated in place. All slices are `stride` long.
    #[inline(always)]
    fn update<C: Concave>(
        self,
        g: &C,
        col: &mut [f64],
        h: &mut [f64],
        pow: impl Fn(f64) -> f64,
        max_delta: &mut Lanes,
    ) {
        let (h, _) = h.as_chunks_mut::<LANES>();
        let mut acc: Lanes = [0.0; LANES];
        {
            let (p, _) = self.p.as_chunks::<LANES>();
            let (c, _) = col.as_chunks::<LANES>();
            let (w, _) = self.w.as_chunks::<LANES>();
            for (((h, p), c), w) in h.iter_mut().zip(p).zip(c).zip(w) {
                // Whole lanes in, whole lanes out: the compiler vectorises only what it can see
                // does not alias.
                let (p, c, w) = (*p, *c, *w);
                let hv: Lanes = std::array::from_fn(|l| g.h(w[l], bounded_share(p[l], c[l])));
                *h = hv;
                acc = std::array::from_fn(|l| acc[l] + hv[l]);
            }
        }
        let total = (acc[0] + acc[1]) + (acc[2] + acc[3]);
        self.apply(col, h, total, pow, max_delta);
    }

    /// Algorithm 2 for a job bidding a formula utility: `h_ij = (∂u/∂s_ij)·s_ij·(1 − s_ij)` with
    /// the derivatives of the compiled formula at the job's shares (exact, every resource in one
    /// reverse sweep, [`Formula::gradient`]; a formula affine in the shares has them once and
    /// for all, [`Compiled::slopes`]), for each
    /// resource the formula reads (the others get nothing, as a weight of 0 does); a negative
    /// marginal utility counts as 0 (a job never bids less than nothing on a resource). The same
    /// sums and update as the paper's forms, so `3*map + 2*reduce` gives `linear [3, 2]`'s bits.
    /// `Err` says where a derivative was not a number.
    #[inline(always)]
    fn update_formula(
        self,
        f: &Compiled,
        (shares, marginals, tape): (&mut [f64], &mut [f64], &mut Tape),
        col: &mut [f64],
        h: &mut [f64],
        pow: impl Fn(f64) -> f64,
        max_delta: &mut Lanes,
    ) -> Result<(), Gave> {
        let m = shares.len();
        for ((s, &p), &c) in shares.iter_mut().zip(self.p.iter()).zip(col.iter()) {
            *s = bounded_share(p, c);
        }
        h.fill(0.0);
        match &f.slopes {
            Some(slopes) => marginals.copy_from_slice(slopes),
            None => {
                f.gradient(shares, marginals, tape);
            }
        }
        for j in 0..m {
            if self.w[j] > 0.0 {
                let d = marginals[j];
                if !d.is_finite() {
                    return Err(not_a_number(f, format!("∂u/∂s{}", j + 1), d, shares));
                }
                let s = shares[j];
                h[j] = if d > 0.0 { d * s * (1.0 - s) } else { 0.0 };
            }
        }
        let (hc, _) = h.as_chunks_mut::<LANES>();
        let mut acc: Lanes = [0.0; LANES];
        for hv in hc.iter() {
            acc = std::array::from_fn(|l| acc[l] + hv[l]);
        }
        let total = (acc[0] + acc[1]) + (acc[2] + acc[3]);
        self.apply(col, hc, total, pow, max_delta);
        Ok(())
    }

    /// The new sub-budgets `b'_ij = split_i · h_ij / Σ_k h_ik + floor_ij` (kept when the `h` sum
    /// is 0 or not finite), their powers and the column sums updated in place.
    #[inline(always)]
    fn apply(self, col: &mut [f64], h: &[Lanes], total: f64, pow: impl Fn(f64) -> f64, max_delta: &mut Lanes) {
        if !(total > 0.0 && total.is_finite()) {
            return;
        }
        let factor = self.split / total;
        let (b, _) = self.b.as_chunks_mut::<LANES>();
        let (p, _) = self.p.as_chunks_mut::<LANES>();
        let (col, _) = col.as_chunks_mut::<LANES>();
        let (floor, _) = self.floor.as_chunks::<LANES>();
        for ((((b, p), c), h), f) in b.iter_mut().zip(p.iter_mut()).zip(col.iter_mut()).zip(h.iter()).zip(floor) {
            let (bv, pv, cv, hv, fv) = (*b, *p, *c, *h, *f);
            let nb: Lanes = std::array::from_fn(|l| hv[l] * factor + fv[l]);
            *max_delta = std::array::from_fn(|l| {
                let d = (nb[l] - bv[l]).abs();
                if d > max_delta[l] {
                    d
                } else {
                    max_delta[l]
                }
            });
            let np: Lanes = std::array::from_fn(|l| pow(nb[l]));
            *c = std::array::from_fn(|l| cv[l] + (np[l] - pv[l]));
            *b = nb;
            *p = np;
        }
    }
}

/// Runs Algorithm 1 to convergence (or the round cap) on validated bids over `m` resources.
///
/// ```
/// use cloudecon::abacus::{run_auction, AuctionParams, Bid, Utility};
/// let bids = [
///     Bid { budget: 100.0, utility: Utility::linear(vec![3.0, 2.0]) },
///     Bid { budget: 200.0, utility: Utility::linear(vec![3.0, 2.0]) },
///     Bid { budget: 160.0, utility: Utility::linear(vec![2.0, 4.0]) },
/// ];
/// let r = run_auction(&bids, 2, AuctionParams::default());
/// assert!(r.converged);
/// assert!((r.sub_budgets[0][0] - 64.0).abs() < 0.5 && (r.shares[0][0] - 0.309).abs() < 1e-3);
/// ```
pub fn run_auction(bids: &[Bid], m: usize, params: AuctionParams) -> AuctionResult {
    let mut auction = Auction::new(bids, m, params);
    while auction.running() {
        auction.round();
    }
    auction.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abacus::presets::random_bids;
    use crate::abacus::{Utility, UtilityKind};
    use crate::sim::seeded_rng;

    /// Runs to the end with the AVX2 rounds on or off.
    #[cfg(target_arch = "x86_64")]
    fn run(bids: &[Bid], m: usize, params: AuctionParams, avx2: bool) -> AuctionResult {
        let mut a = Auction::new(bids, m, params);
        a.avx2 = a.avx2 && avx2;
        while a.running() {
            a.round();
        }
        a.finish()
    }

    /// The vectorised and the portable rounds must agree to the last bit (determinism across
    /// machines and with the browser). Sizes cover padding (m not a multiple of the lanes),
    /// every utility form, mixed forms and the specialised and general powers.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_and_portable_rounds_agree_bit_for_bit() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = seeded_rng(7);
        for (n, m) in [(1, 1), (3, 2), (17, 5), (40, 8), (64, 13)] {
            let mut bids = random_bids(n, m, UtilityKind::Linear, &mut rng);
            for (i, bid) in bids.iter_mut().enumerate() {
                let w = bid.utility.weights.clone();
                bid.utility = match i % 3 {
                    0 => Utility::linear(w),
                    1 => Utility::log(w),
                    _ => Utility::power(w, 0.3),
                };
                if i % 4 == 0 {
                    bid.utility.weights[0] = 0.0; // a resource the job does not value
                }
            }
            for alpha in [0.0, 0.3, 0.5, 1.0] {
                let params = AuctionParams { alpha, trace: true, max_iterations: 200, ..AuctionParams::default() };
                let (fast, portable) = (run(&bids, m, params, true), run(&bids, m, params, false));
                let bits = |r: &AuctionResult| {
                    r.shares.as_flat().iter().chain(r.sub_budgets.as_flat()).map(|x| x.to_bits()).collect::<Vec<_>>()
                };
                assert_eq!(bits(&fast), bits(&portable), "n = {n}, m = {m}, α = {alpha}");
                assert_eq!(fast, portable);
            }
        }
    }

    #[test]
    fn padding_columns_stay_empty_and_out_of_the_result() {
        let bids = random_bids(5, 3, UtilityKind::Log, &mut seeded_rng(3));
        let mut a = Auction::new(&bids, 3, AuctionParams::default());
        while a.running() {
            a.round();
        }
        assert_eq!(a.stride, LANES);
        assert!(a.b.chunks_exact(a.stride).all(|row| row[3] == 0.0));
        let r = a.finish();
        assert_eq!((r.shares.len(), r.shares.cols(), r.sub_budgets.cols()), (5, 3, 3));
        for (bid, row) in bids.iter().zip(&r.sub_budgets) {
            assert!((row.iter().sum::<f64>() - bid.budget).abs() < 1e-9 * bid.budget);
        }
    }
}
