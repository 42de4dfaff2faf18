//! Monte-Carlo Shapley values by permutation sampling (Castro, Gómez, Tejada, "Polynomial
//! calculation of the Shapley value based on sampling", Computers & Operations Research 36(5),
//! 2009, doi:10.1016/j.cor.2008.04.004): draw `k` orderings of the players uniformly; a player's
//! estimate is the mean of its marginal contributions `v(P ∪ {i}) − v(P)` to the players `P`
//! before it. Unbiased; the 95 % confidence half-width is `1.96 · s / sqrt(k)` with `s` the
//! sample standard deviation. The value function is any oracle on bitmasks (player `i` is bit
//! `i`, so at most 64 players); each estimate costs `k · n` oracle calls (callers cache).

use crate::sim::{unit_interval, Rng};

/// Estimates and 95 % confidence half-widths, in player order.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub values: Vec<f64>,
    pub half_widths: Vec<f64>,
}

/// A uniformly random ordering of `0..n` (Fisher–Yates).
fn permutation(n: usize, rng: &mut Rng) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = ((unit_interval(rng) * (i + 1) as f64) as usize).min(i);
        p.swap(i, j);
    }
    p
}

/// Shapley values of `n ≤ 64` players estimated from `permutations ≥ 1` orderings.
pub fn sample(n: usize, permutations: u32, rng: &mut Rng, mut value: impl FnMut(u64) -> f64) -> Estimate {
    let (mut sum, mut sum_sq) = (vec![0.0; n], vec![0.0; n]);
    for _ in 0..permutations {
        let mut mask = 0u64;
        let mut before = 0.0;
        for i in permutation(n, rng) {
            mask |= 1u64 << i;
            let after = value(mask);
            let m = after - before;
            sum[i] += m;
            sum_sq[i] += m * m;
            before = after;
        }
    }
    let k = f64::from(permutations.max(1));
    let values: Vec<f64> = sum.iter().map(|s| s / k).collect();
    let half_widths = (0..n)
        .map(|i| {
            if permutations < 2 {
                f64::INFINITY
            } else {
                let var = ((sum_sq[i] - k * values[i] * values[i]) / (k - 1.0)).max(0.0);
                1.96 * (var / k).sqrt()
            }
        })
        .collect();
    Estimate { values, half_widths }
}
