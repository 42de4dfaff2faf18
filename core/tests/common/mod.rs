//! Shared helpers and tolerances for the integration tests.
//!
//! Every tolerance lives here (statrs' `prec.rs` habit), never as a magic epsilon in a test.
#![allow(dead_code)]

use cloudecon::shapley::Game;

/// Agreement of two exact-in-principle computations of the same quantity on games whose values
/// are O(1)–O(100) (rounding in a sum of 2^n terms).
pub const EPS: f64 = 1e-9;

/// Agreement with a closed-form rational for small textbook games (values O(1)).
pub const EXACT_EPS: f64 = 1e-12;

/// Relative tolerance, scaled by the magnitude of the compared numbers.
pub fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()))
}

/// Asserts two vectors agree element-wise within `tol` (relative, see [`close`]).
#[track_caller]
pub fn assert_all_close(actual: &[f64], expected: &[f64], tol: f64, context: &str) {
    assert_eq!(actual.len(), expected.len(), "{context}: length differs: {actual:?} vs {expected:?}");
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        assert!(
            close(*a, *e, tol),
            "{context}: element {i}: got {a}, expected {e} (tol {tol})\n  actual   {actual:?}\n  expected {expected:?}"
        );
    }
}

/// Reference Shapley value: the average marginal contribution over all n! orderings of the players
/// (the definition, O(n!·n); only for n ≤ 8).
pub fn brute_force_shapley(game: &Game) -> Vec<f64> {
    let n = game.players();
    assert!(n <= 8, "brute force is for small games");
    let mut order: Vec<usize> = (0..n).collect();
    let mut phi = vec![0.0; n];
    let mut count = 0u64;
    // Heap's algorithm visits every permutation once.
    let mut c = vec![0usize; n];
    let visit = |order: &[usize], phi: &mut [f64]| {
        let mut mask = 0u32;
        for &i in order {
            let next = mask | 1 << i;
            phi[i] += game.value(next) - game.value(mask);
            mask = next;
        }
    };
    visit(&order, &mut phi);
    count += 1;
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                order.swap(0, i)
            } else {
                order.swap(c[i], i)
            }
            visit(&order, &mut phi);
            count += 1;
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    phi.iter().map(|p| p / count as f64).collect()
}

/// A unique path under the system temp directory for this test process.
pub fn temp_path(tag: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let k = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("cloudecon-test-{}-{k}-{tag}.json", std::process::id()))
}
