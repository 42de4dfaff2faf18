//! The prices of a run as the variable bids read them: one running weighted average per
//! distinct γ, precomputed once per run.

use super::model::PriceHistory;
use crate::math;

/// The prices of a run and what the variable bids read: for each distinct γ, the weighted
/// average of the prices before each slot, by the recurrence `S_n = price[n−1] + g·S_{n−1}`,
/// `W_n = 1 + g·W_{n−1}` with `g = γ^(1/H)` (O(slots) per γ), clamped into the range of the
/// prices so far (so that a constant history averages to exactly its price).
#[derive(Debug, Clone)]
pub struct Prices {
    pub price: Vec<f64>,
    pub per_hour: u64,
    /// `averages[g][n]`: the average before slot `n` (index 0 unused).
    averages: Vec<Vec<f64>>,
}

impl Prices {
    pub fn new(price: Vec<f64>, per_hour: u64, gammas: &[f64]) -> Self {
        let h = per_hour.max(1) as f64;
        let averages = gammas
            .iter()
            .map(|&gamma| {
                let g = if gamma == 0.0 { 0.0 } else { math::pow(gamma, 1.0 / h) };
                let mut out = Vec::with_capacity(price.len() + 1);
                out.push(f64::NAN);
                let (mut s, mut w) = (0.0, 0.0);
                let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
                for &x in &price {
                    s = x + g * s;
                    w = 1.0 + g * w;
                    lo = lo.min(x);
                    hi = hi.max(x);
                    out.push((s / w).clamp(lo, hi));
                }
                out
            })
            .collect();
        Prices { price, per_hour, averages }
    }
}

impl PriceHistory for Prices {
    #[inline]
    fn weighted_average(&self, gamma: usize, n: u64) -> f64 {
        self.averages[gamma][n as usize]
    }
}
