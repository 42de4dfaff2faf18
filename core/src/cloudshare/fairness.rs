//! Fairness of a schedule: the coalition values `v(C)` (the total wait of each coalition on its
//! own machines), the Shapley values — exact through the `shapley` module (O(2^N · N) after the
//! 2^N − 1 simulations) or sampled by permutations — and the L1 unfairness.

use std::collections::BTreeMap;

use super::algorithm::Rule;
use super::model::{Federation, Workload};
use crate::error::Problem;
use crate::shapley::{sampling, shapley_values, Game};
use crate::sim::{seeded_rng, Rng};

/// The stream of the permutation draws (the document's seed).
pub const SAMPLING_STREAM: u64 = 3;

/// Simulates the coalitions `masks` under `rule`: their total waits, in order; or the first
/// coalition (in `masks`' order) whose simulation the rule could not finish, and why. In
/// parallel where the build allows (the runner), sequentially in the browser.
pub fn coalition_values(
    w: &Workload,
    rule: &Rule,
    federation: Option<&Federation>,
    horizon: u64,
    masks: &[u64],
) -> Result<Vec<f64>, (u64, Problem)> {
    let one = |&mask: &u64| {
        let o = rule.simulate(w, mask, federation, horizon, false);
        match o.fault {
            Some(f) => Err((mask, f)),
            None => Ok(o.total_wait() as f64),
        }
    };
    #[cfg(feature = "parallel")]
    let all: Vec<Result<f64, (u64, Problem)>> = {
        use rayon::prelude::*;
        masks.par_iter().map(one).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let all: Vec<Result<f64, (u64, Problem)>> = masks.iter().map(one).collect();
    all.into_iter().collect()
}

/// The work of simulating coalition `mask`: its pieces (at least 1).
pub fn cost(pieces_per_org: &[u64], mask: u64) -> u64 {
    pieces_per_org.iter().enumerate().filter(|(o, _)| mask >> o & 1 == 1).map(|(_, &p)| p).sum::<u64>().max(1)
}

/// The coalitions whose values permutation sampling needs: every prefix of the `permutations`
/// orderings drawn from `seed` (the same draws as [`sampled`]).
pub fn sampled_masks(n: usize, permutations: u32, seed: u64) -> Vec<u64> {
    let mut masks = std::collections::BTreeSet::new();
    sampling::sample(n, permutations, &mut sampling_rng(seed), |m| {
        masks.insert(m);
        0.0
    });
    masks.into_iter().collect()
}

fn sampling_rng(seed: u64) -> Rng {
    let mut rng = seeded_rng(seed);
    rng.set_stream(SAMPLING_STREAM);
    rng
}

/// Sampled Shapley values from the values of [`sampled_masks`].
pub fn sampled(n: usize, permutations: u32, seed: u64, values: &BTreeMap<u64, f64>) -> sampling::Estimate {
    sampling::sample(n, permutations, &mut sampling_rng(seed), |m| values.get(&m).copied().unwrap_or(0.0))
}

/// Exact Shapley values from all `2^N` coalition values (by bitmask, `values[0] = 0`).
pub fn exact(n: usize, values: Vec<f64>) -> Vec<f64> {
    match Game::new(n, values) {
        Ok(game) => shapley_values(&game),
        Err(_) => vec![f64::NAN; n],
    }
}

/// `Σ_o |wait(o) − φ_o|`.
pub fn unfairness(wait: &[f64], shapley: &[f64]) -> f64 {
    wait.iter().zip(shapley).map(|(w, p)| (w - p).abs()).sum()
}

/// Table 1's rule: in a run, an algorithm scores a point for each other algorithm it is
/// strictly fairer than.
pub fn points(unfairness: &[f64]) -> Vec<u32> {
    unfairness.iter().map(|&a| unfairness.iter().filter(|&&b| a < b).count() as u32).collect()
}
