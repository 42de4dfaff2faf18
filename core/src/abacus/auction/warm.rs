//! The auction kept between calls, for the scheduler, which reruns it at every arrival and
//! departure (paper Section III).
//!
//! Jobs [`join`](WarmAuction::join) at the end (at the even split `b_i / m`, the cold start's
//! initial bids) and [`leave`](WarmAuction::leave) from anywhere, keeping the others in order; each
//! [`solve`](WarmAuction::solve) runs Algorithm 1 to its stopping rule. With [`Start::Warm`] it
//! starts from the sub-budgets the previous solve ended at: first the jobs that joined since then
//! *settle* — Algorithm 2 on their rows alone, the others held still, until none of them moves by
//! more than `tolerance · max_i b_i` (`O(m)` a sweep) — then full rounds run until one moves
//! nothing by more than that, exactly as from cold. The column sums `Σ_l b_lj^α` the settling
//! starts from are not summed again: they are kept from the end of the previous solve and updated
//! as jobs join and leave (`O(m)` each), and each sweep updates them in place; every full round
//! still sums them from scratch first, as a cold round does, so rounding never accumulates.
//! With [`Start::Cold`] every job restarts from the even split and only full rounds run: bit for
//! bit [`run_auction`](super::run_auction) on the same bids in the same order.
//!
//! **Why the same fixed point.** The stopping rule looks only at the state, not at how it was
//! reached: it accepts sub-budgets that one more round of Algorithm 2 moves by at most
//! `tolerance · max_i b_i`, i.e. where every job's split is its best response to the others
//! within the tolerance (Lemma 2). Starting elsewhere changes how many rounds it takes, not what is
//! accepted. Where that equilibrium is unique in shares (on every random instance the tests
//! draw), warm and cold results are both within `tolerance · max_i b_i / (1 − ρ)` of it, `ρ` the
//! rate at which a round contracts (about α for linear utilities), so they agree to a few times
//! the tolerance (`tests/abacus_warm.rs`: sub-budgets within 3.4 × `tolerance · max_i b_i`,
//! shares within 3e-9, over 18,000 random instances and sequences of arrivals and departures).
//!
//! **Where it may not be, the warm start is not used.** For α > 0.5 ([`MAX_WARM_ALPHA`], the
//! bound of the paper's Theorem 1) the stopping rule can accept a state far from the cold
//! start's: near α = 1 a linear utility's update is nearly multiplicative (`b' ∝ b^α`), so a
//! sub-budget left at its floor by an earlier equilibrium grows by a bounded factor a round, by
//! less than `tolerance · max_i b_i` in absolute terms, and the rule stops at once (on random
//! instances shares then differed by up to 0.7 at α = 1, and by 0.1 at α = 0.8 with weights of 0;
//! by at most 7e-9 for α ≤ 0.7). Such auctions start cold. Second, Algorithm 2 keeps a job's
//! split when every `h_ik` is 0. Among two or more jobs that happens only to a job that is the sole
//! bidder valuing each resource it values (its shares there are 1): it then keeps whatever it holds
//! on the resources it does *not* value, and that money lowers the shares of the jobs that value
//! them. How much it keeps depends on the path: J0 = ($649, y) and J1 = ($65, 2.3·ln x) at
//! α = 0.5 give J1 all of x from cold (J0 moves its money to y before J1 has left y), but if J0
//! was alone first it keeps its even split and J1 gets only 0.31 of x. So a warm solve starts cold
//! whenever such a job is present (weights of 0 that leave a job the only one valuing all it
//! values); [`Solve::start`] says which start was used. Shares are otherwise unique even where
//! sub-budgets are not (a job alone, or one that values nothing, keeps its split either way).
//!
//! **Why it is faster.** A job that arrives among `n` others changes their column sums by about
//! `1/n`; settled first, it no longer drags them through ~30 rounds of its own convergence (a
//! round contracts a linear-utility job's error by only about α), and when the jobs' bids are
//! alike the first full round finds nothing to move. A departure removes a job already at its
//! equilibrium. Cost: `O(m)` per settling sweep, `O(n·m)` per round as before, and `O(n·m)` to
//! remove a row (the rows stay in arrival order, the order of Algorithm 1's rounds).

use super::{pow_alpha, Auction, AuctionParams, AuctionResult, Bid, Fault, Matrix};

/// The largest α at which a solve starts warm: the range of the paper's Theorem 1 (termination
/// for α ≤ 0.5). Above it a warm start can stop far from the cold start's result (see the
/// module docs), so solves start cold.
pub const MAX_WARM_ALPHA: f64 = 0.5;

/// Where each [`WarmAuction::solve`] starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Start {
    /// From the previous solve's sub-budgets; jobs that joined since settle first.
    #[default]
    Warm,
    /// From the even split `b_i / m` for every job, as the paper reruns it.
    Cold,
}

/// What one [`WarmAuction::solve`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solve {
    /// The start used: a warm solve falls back to [`Start::Cold`] where the fixed point is not
    /// unique (see the module docs).
    pub start: Start,
    /// Full rounds of Algorithm 1.
    pub rounds: u32,
    /// Sweeps over the newly joined jobs alone before the rounds (0 from cold).
    pub settle_sweeps: u32,
    pub converged: bool,
    /// Sub-budget updates: `n · m` per round plus `joined · m` per settling sweep.
    pub work: u64,
}

/// An auction whose jobs come and go between solves. See the module docs.
pub struct WarmAuction {
    auction: Auction,
    budgets: Vec<f64>,
    /// Per resource, the jobs that value it (weight > 0).
    valuers: Vec<u32>,
    /// The column sums `Σ_l b_lj^α` (`stride` long): summed at the end of each solve, then
    /// updated as jobs join and leave, for the newcomers' settling and the shares.
    sums: Vec<f64>,
    /// Jobs that joined since the last solve: the last `fresh` rows.
    fresh: usize,
    /// How many budgets equal the largest (`auction.scale`, the stopping rule's scale).
    at_scale: usize,
}

impl WarmAuction {
    /// No jobs yet, `m` resources. `params.trace` is ignored (no trace is kept).
    pub fn new(m: usize, params: AuctionParams) -> Self {
        let params = AuctionParams { trace: false, ..params };
        let auction = Auction::with_capacity(0, m, params);
        let sums = vec![0.0; auction.stride];
        WarmAuction { auction, budgets: Vec::new(), valuers: vec![0; m], sums, fresh: 0, at_scale: 0 }
    }

    /// The formula utility that gave a value that is not a number (its row among the jobs then
    /// in the auction): no solve runs after it.
    pub fn fault(&self) -> Option<&Fault> {
        self.auction.fault()
    }

    /// Jobs in the auction.
    pub fn len(&self) -> usize {
        self.budgets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.budgets.is_empty()
    }

    /// Adds a validated bid (budget > 0, `m` weights) as the last job, at the even split.
    pub fn join(&mut self, bid: &Bid) {
        if bid.budget > self.auction.scale {
            self.at_scale = 0;
        }
        self.at_scale += usize::from(bid.budget >= self.auction.scale);
        self.auction.push_row(bid.budget, bid.utility.form().clone(), &bid.utility.weights);
        self.budgets.push(bid.budget);
        let stride = self.auction.stride;
        let p = &self.auction.p[self.auction.p.len() - stride..];
        for (c, &x) in self.sums.iter_mut().zip(p) {
            *c += x;
        }
        for (v, &w) in self.valuers.iter_mut().zip(&bid.utility.weights) {
            *v += u32::from(w > 0.0);
        }
        self.fresh += 1;
    }

    /// Removes job `row` (counted from 0 in the order they joined and remain); the others keep
    /// their order and sub-budgets. `false`, and nothing removed, if there is no such job.
    pub fn leave(&mut self, row: usize) -> bool {
        let n = self.budgets.len();
        if row >= n {
            return false;
        }
        let a = &mut self.auction;
        let flat = row * a.stride..(row + 1) * a.stride;
        for (v, &w) in self.valuers.iter_mut().zip(&a.w[flat.clone()]) {
            *v -= u32::from(w > 0.0);
        }
        for (c, &x) in self.sums.iter_mut().zip(&a.p[flat.clone()]) {
            *c -= x;
        }
        for v in [&mut a.b, &mut a.p, &mut a.w, &mut a.floor] {
            v.drain(flat.clone());
        }
        a.forms.remove(row);
        a.split.remove(row);
        let budget = self.budgets.remove(row);
        if budget == a.scale {
            // The largest budget, kept for the stopping rule: found again only when the last job
            // with it leaves.
            self.at_scale -= 1;
            if self.at_scale == 0 {
                a.scale = self.budgets.iter().fold(0.0, |s, &b| s.max(b));
                self.at_scale = self.budgets.iter().filter(|&&b| b == a.scale).count();
            }
        }
        if row >= n - self.fresh {
            self.fresh -= 1;
        }
        true
    }

    /// Runs Algorithm 1 from `start` until its stopping rule (or the round cap); from cold
    /// instead of warm where the fixed point is not unique (see the module docs).
    pub fn solve(&mut self, start: Start) -> Solve {
        let (n, m) = (self.budgets.len(), self.auction.m);
        let start = if start == Start::Warm && !self.warm_is_safe() { Start::Cold } else { start };
        let a = &mut self.auction;
        a.rounds = 0;
        a.converged = false;
        a.changes.clear();
        let mut settle_sweeps = 0;
        match start {
            Start::Cold => self.restart_cold(),
            Start::Warm if self.fresh > 0 => {
                self.auction.col.copy_from_slice(&self.sums);
                settle_sweeps = self.auction.settle(n - self.fresh..n);
            }
            Start::Warm => {}
        }
        let fresh = std::mem::take(&mut self.fresh) as u64;
        let a = &mut self.auction;
        while a.running() {
            a.round();
        }
        a.column_sums();
        self.sums.copy_from_slice(&a.col);
        Solve {
            start,
            rounds: a.rounds,
            settle_sweeps,
            converged: a.converged,
            work: (n * m) as u64 * u64::from(a.rounds) + fresh * m as u64 * u64::from(settle_sweeps),
        }
    }

    /// Whether a warm start reaches the cold start's fixed point: α ≤ [`MAX_WARM_ALPHA`] and no
    /// job that values something is the only job valuing each resource it values (see the
    /// module docs). `O(m)`, and `O(n·m)` when some resource has a single valuer.
    fn warm_is_safe(&self) -> bool {
        self.auction.params.alpha <= MAX_WARM_ALPHA && !self.self_sufficient()
    }

    /// Whether, among two or more jobs, one values something and is the only job valuing each
    /// resource it values: where Algorithm 2 can leave it holding a path-dependent amount on the
    /// resources it does not value.
    fn self_sufficient(&self) -> bool {
        if self.budgets.len() < 2 || !self.valuers.contains(&1) {
            return false;
        }
        let (m, stride) = (self.auction.m, self.auction.stride);
        self.auction.w.chunks_exact(stride).any(|w| {
            let valued = || w[..m].iter().zip(&self.valuers).filter(|(&w, _)| w > 0.0);
            valued().next().is_some() && valued().all(|(_, &v)| v == 1)
        })
    }

    /// Every job back at the even split `b_i / m`.
    fn restart_cold(&mut self) {
        let a = &mut self.auction;
        let (m, stride, alpha) = (a.m, a.stride, a.params.alpha);
        for ((b, p), &budget) in a.b.chunks_exact_mut(stride).zip(a.p.chunks_exact_mut(stride)).zip(&self.budgets) {
            b[..m].fill(budget / m as f64);
            for (p, &b) in p.iter_mut().zip(b.iter()) {
                *p = pow_alpha(b, alpha);
            }
        }
    }

    /// The shares at the current sub-budgets into `out` (cleared first), row by row: `n · m`
    /// numbers, as [`AuctionResult::shares`] would hold them.
    pub fn shares_into(&mut self, out: &mut Vec<f64>) {
        out.clear();
        if !self.is_empty() {
            self.auction.col.copy_from_slice(&self.sums);
            self.auction.write_shares(out);
        }
    }

    /// The result at the current state, as [`run_auction`](super::run_auction) would report it
    /// (`iterations` counts the last solve's full rounds; no trace).
    pub fn result(&mut self) -> AuctionResult {
        let mut flat = Vec::with_capacity(self.len() * self.auction.m);
        self.shares_into(&mut flat);
        let shares = Matrix::from_flat(self.auction.m, flat).unwrap_or_default();
        let utilities = self.auction.utilities(&shares);
        let a = &self.auction;
        AuctionResult {
            utilities,
            sub_budgets: super::real_columns(&a.b, a.stride, a.m),
            shares,
            iterations: a.rounds,
            converged: a.converged,
            trace: None,
            changes: a.changes.clone(),
        }
    }
}

impl Auction {
    /// Gauss–Seidel over `rows` alone (the others held still), from the column sums in `col`,
    /// until no sub-budget of theirs moves by more than the tolerance, or the round cap; returns
    /// the sweeps run. Portable code: its arithmetic is the rounds' (no fused multiply-adds,
    /// lanes summed in order).
    fn settle(&mut self, rows: std::ops::Range<usize>) -> u32 {
        let alpha = self.params.alpha;
        if alpha == 0.5 {
            self.settle_with(rows, f64::sqrt)
        } else if alpha == 1.0 {
            self.settle_with(rows, |b| b)
        } else {
            self.settle_with(rows, |b| pow_alpha(b, alpha))
        }
    }

    fn settle_with(&mut self, rows: std::ops::Range<usize>, pow: impl Fn(f64) -> f64 + Copy) -> u32 {
        let limit = self.params.tolerance * self.scale;
        self.empty_columns_infinite();
        for sweep in 1..=self.params.max_iterations {
            if self.sweep(rows.clone(), pow) <= limit || self.fault.is_some() {
                return sweep;
            }
        }
        self.params.max_iterations
    }
}
