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

/// Parameters of the auction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AuctionParams {
    /// α ∈ [0, 1].
    pub alpha: f64,
    /// Relative stopping tolerance (of the largest budget).
    pub tolerance: f64,
    pub max_iterations: u32,
    /// Keep the sub-budgets after each round (at most [`MAX_TRACE_ROUNDS`]).
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

impl Default for AuctionParams {
    fn default() -> Self {
        AuctionParams { alpha: 0.5, tolerance: 1e-10, max_iterations: 10_000, trace: false }
    }
}

/// One job's bid.
#[derive(Debug, Clone, PartialEq)]
pub struct Bid {
    pub budget: f64,
    pub utility: super::Utility,
}

/// The outcome: `n × m` matrices as rows per job.
#[derive(Debug, Clone, PartialEq)]
pub struct AuctionResult {
    pub shares: Vec<Vec<f64>>,
    pub sub_budgets: Vec<Vec<f64>>,
    /// `u_i(s_i)` under each job's bid utility.
    pub utilities: Vec<f64>,
    pub iterations: u32,
    pub converged: bool,
    /// Sub-budgets after each round (`[round][job][resource]`), when asked for.
    pub trace: Option<Vec<Vec<Vec<f64>>>>,
}

#[inline]
fn pow_alpha(b: f64, alpha: f64) -> f64 {
    if alpha == 1.0 {
        b
    } else if alpha == 0.5 {
        b.sqrt()
    } else if alpha == 0.0 {
        1.0
    } else {
        b.powf(alpha)
    }
}

/// The auction state: flat row-major `n × m` sub-budgets and their powers, with column sums.
pub struct Auction {
    bids: Vec<Bid>,
    m: usize,
    params: AuctionParams,
    b: Vec<f64>,
    p: Vec<f64>,
    col: Vec<f64>,
    /// `FLOOR · b_i` on each resource job `i` values (weight > 0), else 0; flat `n × m`.
    floor: Vec<f64>,
    /// `1 − FLOOR · (resources job i values)`: the part of `b_i` split by Algorithm 2.
    keep: Vec<f64>,
    s: Vec<f64>,
    h: Vec<f64>,
    scale: f64,
    pub rounds: u32,
    pub converged: bool,
    trace: Option<Vec<Vec<Vec<f64>>>>,
}

impl Auction {
    /// Starts from the even split `b_i / m`. Bids must be validated (budgets > 0, `m` weights).
    pub fn new(bids: Vec<Bid>, m: usize, params: AuctionParams) -> Self {
        let n = bids.len();
        let mut b = Vec::with_capacity(n * m);
        for bid in &bids {
            b.extend(std::iter::repeat_n(bid.budget / m as f64, m));
        }
        let p = b.iter().map(|&x| pow_alpha(x, params.alpha)).collect();
        let scale = bids.iter().map(|b| b.budget).fold(0.0, f64::max);
        let floor = bids
            .iter()
            .flat_map(|bid| bid.utility.weights.iter().map(move |&w| if w > 0.0 { bid.budget * FLOOR } else { 0.0 }))
            .collect();
        let keep = bids
            .iter()
            .map(|bid| 1.0 - FLOOR * bid.utility.weights.iter().filter(|&&w| w > 0.0).count() as f64)
            .collect();
        Auction {
            floor,
            keep,
            bids,
            m,
            params,
            b,
            p,
            col: vec![0.0; m],
            s: vec![0.0; m],
            h: vec![0.0; m],
            scale,
            rounds: 0,
            converged: false,
            trace: params.trace.then(Vec::new),
        }
    }

    fn column_sums(&mut self) {
        self.col.iter_mut().for_each(|c| *c = 0.0);
        for row in self.p.chunks_exact(self.m) {
            for (c, &x) in self.col.iter_mut().zip(row) {
                *c += x;
            }
        }
    }

    /// One round of Algorithm 1; returns the largest change of a sub-budget.
    pub fn round(&mut self) -> f64 {
        // One specialised loop per common α, so the power is inlined (and vectorisable).
        let alpha = self.params.alpha;
        let max_delta = if alpha == 0.5 {
            self.round_with(f64::sqrt)
        } else if alpha == 1.0 {
            self.round_with(|b| b)
        } else {
            self.round_with(|b| pow_alpha(b, alpha))
        };
        self.rounds += 1;
        if let Some(t) = &mut self.trace {
            if t.len() < MAX_TRACE_ROUNDS {
                t.push(self.b.chunks_exact(self.m).map(<[f64]>::to_vec).collect());
            }
        }
        if max_delta <= self.params.tolerance * self.scale {
            self.converged = true;
        }
        max_delta
    }

    fn round_with(&mut self, pow: impl Fn(f64) -> f64) -> f64 {
        let (m, n) = (self.m, self.bids.len());
        debug_assert!(m > 0);
        let equal = 1.0 / n as f64;
        self.column_sums();
        let mut max_delta = 0.0f64;
        let rows = self.b.chunks_exact_mut(m).zip(self.p.chunks_exact_mut(m)).zip(self.floor.chunks_exact(m));
        for ((bid, keep), ((b_row, p_row), floor_row)) in self.bids.iter().zip(&self.keep).zip(rows) {
            for ((s, &p), &c) in self.s.iter_mut().zip(p_row.iter()).zip(&self.col) {
                *s = if c > 0.0 { (p / c).min(1.0) } else { equal };
            }
            let total = bid.utility.h_into(&self.s, &mut self.h);
            if !(total > 0.0 && total.is_finite()) {
                continue;
            }
            let factor = bid.budget * keep / total;
            for ((((b, p), c), &h), &floor) in
                b_row.iter_mut().zip(p_row.iter_mut()).zip(self.col.iter_mut()).zip(&self.h).zip(floor_row)
            {
                let nb = h * factor + floor;
                max_delta = max_delta.max((nb - *b).abs());
                let np = pow(nb);
                *c += np - *p;
                *b = nb;
                *p = np;
            }
        }
        max_delta
    }

    /// Sub-budget entries, `n · m`: the work of one round.
    pub fn size(&self) -> u64 {
        self.b.len() as u64
    }

    /// Whether another round should run.
    pub fn running(&self) -> bool {
        !self.converged && self.rounds < self.params.max_iterations
    }

    /// Shares at the current sub-budgets (`[job][resource]`).
    pub fn shares(&mut self) -> Vec<Vec<f64>> {
        self.column_sums();
        let equal = 1.0 / self.bids.len() as f64;
        self.p
            .chunks_exact(self.m)
            .map(|row| {
                row.iter().zip(&self.col).map(|(&p, &c)| if c > 0.0 { (p / c).min(1.0) } else { equal }).collect()
            })
            .collect()
    }

    /// The result at the current state.
    pub fn finish(mut self) -> AuctionResult {
        let shares = self.shares();
        let utilities = self.bids.iter().zip(&shares).map(|(bid, s)| bid.utility.value(s)).collect();
        AuctionResult {
            sub_budgets: self.b.chunks_exact(self.m).map(<[f64]>::to_vec).collect(),
            shares,
            utilities,
            iterations: self.rounds,
            converged: self.converged,
            trace: self.trace,
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
    let mut auction = Auction::new(bids.to_vec(), m, params);
    while auction.running() {
        auction.round();
    }
    auction.finish()
}
