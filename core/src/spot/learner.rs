//! The online learner (the paper's Algorithm 2): multiplicative weights over the policies with
//! feedback delayed by `d` jobs.
//!
//! ```text
//! w_1 = (1/n, …, 1/n);   for job j: draw π_j ~ w_j;
//! if j > d:  w_{j+1,π} ∝ w_{j,π} · exp(η_j · scale · f_{j−d}(π))      else w_{j+1} = w_j
//! ```
//!
//! Weights are kept as normalised logarithms (`log w`, log-sum-exp = 0): an update adds
//! `η·scale·f` to each and renormalises by subtracting the log-sum-exp, so no payoff — however
//! large, with any `payoff_scale` — overflows a weight or turns one NaN (increments are clamped to
//! the finite range; a weight may underflow to exactly 0). O(n) per update.

use crate::math;

/// The three step-size rules of the spec.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StepRule {
    /// `η_j = sqrt(2·ln n / (d·(j − d)))` (the paper's Algorithm 2 box; the default).
    Algorithm,
    /// `η_j = sqrt(ln n / (2·d·(j − d)))` (Theorem 1).
    Theorem,
    /// `η_j = c·sqrt(ln n / (d·(j − d)))`.
    Constant(f64),
}

impl StepRule {
    /// `η_j` for job `j > d` (1-based) with `n` policies and delay `d`.
    pub fn eta(self, n: usize, d: u64, j: u64) -> f64 {
        let ln_n = math::ln(n as f64);
        let dj = d as f64 * j.saturating_sub(d) as f64;
        match self {
            StepRule::Algorithm => (2.0 * ln_n / dj).sqrt(),
            StepRule::Theorem => (ln_n / (2.0 * dj)).sqrt(),
            StepRule::Constant(c) => c * (ln_n / dj).sqrt(),
        }
    }
}

/// Hedge with delayed feedback over `n` policies.
#[derive(Debug, Clone)]
pub struct Learner {
    log_w: Vec<f64>,
    delay: u64,
    rule: StepRule,
    scale: f64,
}

impl Learner {
    /// Uniform weights over `n ≥ 1` policies.
    pub fn new(n: usize, delay: u64, rule: StepRule, scale: f64) -> Self {
        let n = n.max(1);
        Learner { log_w: vec![-math::ln(n as f64); n], delay: delay.max(1), rule, scale }
    }

    pub fn delay(&self) -> u64 {
        self.delay
    }

    /// The current weights `w_j` into `out` (they sum to 1 up to rounding).
    pub fn weights(&self, out: &mut [f64]) {
        for (w, &l) in out.iter_mut().zip(&self.log_w) {
            *w = math::exp(l);
        }
    }

    /// The end of round `j` (1-based): when `j > d`, updates with `delayed`, the payoffs of job
    /// `j − d` under every policy; otherwise nothing.
    pub fn end_round(&mut self, j: u64, delayed: &[f64]) {
        if j <= self.delay {
            return;
        }
        let step = self.rule.eta(self.log_w.len(), self.delay, j) * self.scale;
        let mut max = f64::NEG_INFINITY;
        for (l, &f) in self.log_w.iter_mut().zip(delayed) {
            let inc = finite(step * f);
            *l = finite(*l + inc);
            max = max.max(*l);
        }
        // Subtract the log-sum-exp in two steps — first the largest log-weight, then the log of
        // the (now moderate) sum — so that `ln(sum)` is not lost next to a huge maximum.
        for l in &mut self.log_w {
            *l -= max;
        }
        let log_sum = math::ln(self.log_w.iter().map(|&l| math::exp(l)).sum::<f64>());
        for l in &mut self.log_w {
            *l -= log_sum;
        }
    }
}

/// `x` clamped into the finite range (a NaN step from `0 · ∞` counts as 0).
#[inline]
fn finite(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(-f64::MAX, f64::MAX)
    }
}

/// The index drawn from `weights` by a uniform `u` in [0, 1) (the last positive weight if
/// rounding leaves `u` beyond their sum).
pub fn draw(weights: &[f64], u: f64) -> usize {
    let total: f64 = weights.iter().sum();
    let target = u * total;
    let mut acc = 0.0;
    let mut last = 0;
    for (i, &w) in weights.iter().enumerate() {
        if w > 0.0 {
            last = i;
            acc += w;
            if target < acc {
                return i;
            }
        }
    }
    last
}

/// The paper's "jobs arriving during a job's lifetime", the `auto` delay: over jobs `i` in
/// processing order (`arrivals` sorted), the largest number of later jobs that arrive strictly
/// before `arrival_i + deadline_i·H`; at least 1. O(J log J).
pub fn auto_delay(arrivals: &[u64], deadline_slots: &[u64]) -> u64 {
    let mut best = 0usize;
    for (i, (&a, &d)) in arrivals.iter().zip(deadline_slots).enumerate() {
        let end = a.saturating_add(d);
        let before = arrivals.partition_point(|&x| x < end);
        best = best.max(before.saturating_sub(i + 1));
    }
    (best as u64).max(1)
}

/// The Theorem 1 bound on the average regret, `9·sqrt(2·d·ln(n/δ)/J)` with δ = 0.05 (it assumes
/// payoffs in [0, 1]).
pub fn regret_bound(n: usize, d: u64, jobs: u64) -> f64 {
    const DELTA: f64 = 0.05;
    9.0 * (2.0 * d as f64 * math::ln(n as f64 / DELTA) / jobs.max(1) as f64).sqrt()
}
