//! The Abacus policy's side of a simulation: the auction over the active jobs, kept between
//! events ([`WarmAuction`]), and per active job — row `k` is the `k`-th active job in arrival
//! order, the auction's order — its shares, their time integral and, per resource, its draw
//! weight (its share while it has a ready task there, else 0).
//!
//! Flat arrays instead of fields of each job: an event touches every active job's integral and a
//! free slot draws among every job's weight, thousands of jobs in an overloaded cluster. The draw
//! takes `x` uniform in `[0, Σ weights)` and the first row whose running sum of weights (in row
//! order) exceeds it, found by bisection in the running sums; those are summed again only when a
//! weight has changed (at an auction, or when a job's ready tasks change), since a slot taken from
//! a job with more tasks of that type left changes nothing. A row that is not ready adds an exact
//! 0, so the draw is the one over the ready jobs alone.

use crate::abacus::auction::{AuctionParams, Bid, Fault, Start, WarmAuction};
use crate::sim::unit_interval as uniform;
use crate::sim::Rng;

pub(super) struct Auctioneer {
    auction: WarmAuction,
    start: Start,
    m: usize,
    /// `n × m`, row-major: each active job's shares since the last auction.
    shares: Vec<f64>,
    /// `n × m`: `∫ s dt` since each job arrived.
    integral: Vec<f64>,
    /// Per resource, `n` weights: the share while the job has a ready task there, else 0.
    weight: Vec<Vec<f64>>,
    /// Per resource, `n` flags: the job has a ready task there.
    ready: Vec<Vec<bool>>,
    /// Per resource, the number of set flags.
    ready_count: Vec<usize>,
    /// Per resource, the running sums of `weight` in row order, kept while no weight changes.
    running: Vec<Vec<f64>>,
    /// Per resource, whether `running` is out of date.
    stale: Vec<bool>,
}

impl Auctioneer {
    pub(super) fn new(m: usize, params: AuctionParams, start: Start) -> Self {
        Auctioneer {
            auction: WarmAuction::new(m, params),
            start,
            m,
            shares: Vec::new(),
            integral: Vec::new(),
            weight: vec![Vec::new(); m],
            ready: vec![Vec::new(); m],
            ready_count: vec![0; m],
            running: vec![Vec::new(); m],
            stale: vec![true; m],
        }
    }

    /// A job arrives (the last row), with shares 0 until the next auction.
    pub(super) fn join(&mut self, bid: &Bid, ready: impl Fn(usize) -> bool) {
        self.auction.join(bid);
        self.shares.extend(std::iter::repeat_n(0.0, self.m));
        self.integral.extend(std::iter::repeat_n(0.0, self.m));
        for j in 0..self.m {
            let r = ready(j);
            self.ready[j].push(r);
            self.weight[j].push(0.0);
            self.ready_count[j] += usize::from(r);
            self.stale[j] = true;
        }
    }

    /// Job `row` departs; returns its share integral.
    pub(super) fn leave(&mut self, row: usize) -> Vec<f64> {
        self.auction.leave(row);
        let span = row * self.m..(row + 1) * self.m;
        self.shares.drain(span.clone());
        let integral = self.integral.drain(span).collect();
        for j in 0..self.m {
            self.ready_count[j] -= usize::from(self.ready[j].remove(row));
            self.weight[j].remove(row);
            self.stale[j] = true;
        }
        integral
    }

    /// Whether job `row` has a ready task of resource `j` now.
    pub(super) fn set_ready(&mut self, row: usize, j: usize, ready: bool) {
        let was = std::mem::replace(&mut self.ready[j][row], ready);
        if was != ready {
            self.ready_count[j] = self.ready_count[j] + usize::from(ready) - usize::from(was);
            self.weight[j][row] = if ready { self.shares[row * self.m + j] } else { 0.0 };
            self.stale[j] = true;
        }
    }

    /// Adds `s · dt` to every active job's integral.
    pub(super) fn integrate(&mut self, dt: f64) {
        for (acc, s) in self.integral.iter_mut().zip(&self.shares) {
            *acc += s * dt;
        }
    }

    /// The formula utility that gave a value that is not a number (its row among the active
    /// jobs): nothing more should run.
    pub(super) fn fault(&self) -> Option<&Fault> {
        self.auction.fault()
    }

    /// Reruns the auction over the active jobs; returns its work (sub-budget updates).
    pub(super) fn auction(&mut self) -> u64 {
        if self.auction.is_empty() {
            return 0;
        }
        let work = self.auction.solve(self.start).work;
        self.auction.shares_into(&mut self.shares);
        for (j, (weight, ready)) in self.weight.iter_mut().zip(&self.ready).enumerate() {
            for ((w, &r), s) in weight.iter_mut().zip(ready).zip(self.shares.chunks_exact(self.m)) {
                // A share times 1 or 0 (shares are finite and ≥ 0): no branch on the flag.
                *w = s[j] * f64::from(u8::from(r));
            }
        }
        self.stale.fill(true);
        work
    }

    /// A row with a ready task of resource `j`, drawn with probability ∝ its share among those
    /// rows (uniformly if all their shares are 0); `None`, drawing nothing, if there is none.
    pub(super) fn choose(&mut self, j: usize, rng: &mut Rng) -> Option<usize> {
        if self.ready_count[j] == 0 {
            return None;
        }
        let (weight, running) = (&self.weight[j], &mut self.running[j]);
        if std::mem::take(&mut self.stale[j]) {
            running.clear();
            let mut sum = 0.0;
            running.extend(weight.iter().map(|&w| {
                sum += w;
                sum
            }));
        }
        let total = running.last().copied().unwrap_or(0.0);
        if total > 0.0 {
            let x = uniform(rng) * total;
            // The first row whose running sum exceeds x (it has a weight > 0); none only if x
            // rounded up to the total, then the last row with a weight.
            let row = running.partition_point(|&s| s <= x);
            if row < running.len() {
                Some(row)
            } else {
                weight.iter().rposition(|&w| w > 0.0)
            }
        } else {
            let count = self.ready_count[j];
            let k = ((uniform(rng) * count as f64) as usize).min(count - 1);
            self.ready[j].iter().enumerate().filter(|(_, &r)| r).nth(k).map(|(row, _)| row)
        }
    }

    /// Every active job's share integral, row by row (`m` each).
    pub(super) fn integrals(&self) -> impl Iterator<Item = &[f64]> {
        self.integral.chunks_exact(self.m.max(1))
    }
}
