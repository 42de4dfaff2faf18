//! Abacus utility estimation (Section V): recovery of known weights (property tests), behaviour
//! under seeded noise, non-negative least squares against its KKT conditions, worked examples,
//! clear errors for every degenerate input, and the scenario's serde boundary.

mod common;

use cloudecon::abacus::estimate::{
    least_squares, non_negative_least_squares, EstimateError, EstimateKind, EstimateResult, Observation,
    MAX_OBSERVATIONS,
};
use cloudecon::abacus::AbacusEstimateScenario;
use cloudecon::sim::{seeded_rng, Rng};
use common::{assert_all_close, close, EPS, EXACT_EPS};
use proptest::prelude::*;
use rand_chacha::rand_core::Rng as _;

// ---------------------------------------------------------------------------------------------
// Helpers

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

/// Uniform in [lo, hi).
fn uniform(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64)
}

/// Standard normal (Box–Muller).
fn gaussian(rng: &mut Rng) -> f64 {
    let u = 1.0 - uniform(rng, 0.0, 1.0); // (0, 1]
    let v = uniform(rng, 0.0, 1.0);
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// `k` observations of `m` shares in [0.02, 1) with utility `Σ_j w_j φ(s_j) + σ·N(0, 1)`.
fn observations(seed: u64, kind: EstimateKind, weights: &[f64], k: usize, sigma: f64) -> Vec<Observation> {
    let mut rng = seeded_rng(seed);
    (0..k)
        .map(|_| {
            let shares: Vec<f64> = weights.iter().map(|_| uniform(&mut rng, 0.02, 1.0)).collect();
            let exact: f64 = shares.iter().zip(weights).map(|(&s, w)| w * kind.phi(s)).sum();
            Observation { shares, utility: exact + sigma * gaussian(&mut rng) }
        })
        .collect()
}

fn scenario(kind: EstimateKind, observations: Vec<Observation>, non_negative: bool) -> AbacusEstimateScenario {
    AbacusEstimateScenario { kind, observations, non_negative, true_weights: None, from_schedule: None }
}

/// Row-major random matrix with entries uniform in [-1, 1), and a random right-hand side.
fn random_problem(seed: u64, rows: usize, cols: usize) -> (Vec<f64>, Vec<f64>) {
    let mut rng = seeded_rng(seed);
    let x = (0..rows * cols).map(|_| uniform(&mut rng, -1.0, 1.0)).collect();
    let y = (0..rows).map(|_| uniform(&mut rng, -1.0, 1.0)).collect();
    (x, y)
}

/// Gradient `Xᵀ(Xw − y)` of `½‖y − Xw‖²` and, per column, the scale `‖x_j‖·(‖y‖ + ‖Xw‖)` of its
/// rounding error.
fn gradient(x: &[f64], rows: usize, cols: usize, y: &[f64], w: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let xw: Vec<f64> = (0..rows).map(|i| (0..cols).map(|j| x[i * cols + j] * w[j]).sum()).collect();
    let norm = |v: &[f64]| v.iter().map(|a| a * a).sum::<f64>().sqrt();
    let size = norm(y) + norm(&xw);
    let g = (0..cols).map(|j| (0..rows).map(|i| x[i * cols + j] * (xw[i] - y[i])).sum()).collect();
    let scale = (0..cols).map(|j| norm(&(0..rows).map(|i| x[i * cols + j]).collect::<Vec<_>>()) * size).collect();
    (g, scale)
}

/// The KKT conditions of NNLS: `w ≥ 0`, `g ≥ 0` and `g_j = 0` where `w_j > 0` (within rounding).
#[track_caller]
fn assert_kkt(x: &[f64], rows: usize, cols: usize, y: &[f64], w: &[f64]) {
    let (g, scale) = gradient(x, rows, cols, y, w);
    for j in 0..cols {
        let tol = EPS * (1.0 + scale[j]);
        assert!(w[j] >= 0.0, "w[{j}] = {} < 0 in {w:?}", w[j]);
        assert!(g[j] >= -tol, "gradient g[{j}] = {} < −{tol} (w = {w:?}, g = {g:?})", g[j]);
        if w[j] > 0.0 {
            assert!(g[j].abs() <= tol, "w[{j}] = {} > 0 but g[{j}] = {} ≠ 0 (g = {g:?})", w[j], g[j]);
        }
    }
}

/// `‖y − Xw‖²`.
fn rss(x: &[f64], rows: usize, cols: usize, y: &[f64], w: &[f64]) -> f64 {
    (0..rows).map(|i| (y[i] - (0..cols).map(|j| x[i * cols + j] * w[j]).sum::<f64>()).powi(2)).sum()
}

/// Reference NNLS optimum: the best feasible least-squares fit over all 2^m supports (the optimum
/// is the unconstrained fit on its own support). O(2^m·rows·m²); only for small m.
fn brute_force_nnls_rss(x: &[f64], rows: usize, cols: usize, y: &[f64]) -> f64 {
    let mut best = rss(x, rows, cols, y, &vec![0.0; cols]);
    for mask in 1u32..1 << cols {
        let support: Vec<usize> = (0..cols).filter(|j| mask >> j & 1 == 1).collect();
        let sub: Vec<f64> = (0..rows).flat_map(|i| support.iter().map(move |&j| x[i * cols + j])).collect();
        if let Ok(z) = least_squares(&sub, rows, support.len(), y) {
            if z.iter().all(|&v| v >= 0.0) {
                let mut w = vec![0.0; cols];
                support.iter().zip(&z).for_each(|(&j, &v)| w[j] = v);
                best = best.min(rss(x, rows, cols, y, &w));
            }
        }
    }
    best
}

/// What a scenario document should give.
enum Expect<'a> {
    /// Weights (to `EXACT_EPS`) and the residual sum of squares.
    Fit { weights: &'a [f64], rss: f64 },
    /// A validation problem at `path` whose message contains `message`.
    Problem { path: &'a str, message: &'a str },
    /// A run error whose message contains every fragment.
    Error(&'a [&'a str]),
}

/// The data-driven check: parse the document's mechanism fields, run, compare.
#[track_caller]
fn check(json: &str, expect: Expect) {
    let scenario: AbacusEstimateScenario = serde_json::from_str(json).expect("scenario parses");
    let outcome = scenario.run();
    match (expect, outcome) {
        (Expect::Fit { weights, rss }, Ok(result)) => {
            assert_all_close(&result.weights, weights, EXACT_EPS, json);
            assert!(
                close(result.residual_sum_of_squares, rss, EXACT_EPS),
                "rss {} vs {rss}",
                result.residual_sum_of_squares
            );
            assert_eq!(result.observations_used as usize, scenario.observations.len());
            assert_eq!(result.fitted.len(), scenario.observations.len());
        }
        (Expect::Problem { path, message }, Err(EstimateError::Invalid(e))) => {
            assert!(
                e.problems.iter().any(|p| p.path == path && p.message.contains(message)),
                "expected a problem at {path}: …{message}…, got:\n{e}"
            );
            assert!(e.to_string().contains(&format!("{path}: ")), "display names the path: {e}");
        }
        (Expect::Error(fragments), Err(e)) => {
            let text = e.to_string();
            for f in fragments {
                assert!(text.contains(f), "error {text:?} should mention {f:?}");
            }
            assert!(!matches!(e, EstimateError::Invalid(_)), "expected a run error, got a validation one: {text}");
        }
        (_, outcome) => panic!("unexpected outcome for {json}: {outcome:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Recovery of known weights

proptest! {
    #![proptest_config(config(48))]

    /// Noiseless data determine the weights: least squares recovers them to rounding for m = 1..6,
    /// both kinds, and so does NNLS when the true weights are non-negative.
    #[test]
    fn recovers_known_weights_from_noiseless_data(
        m in 1usize..=6,
        extra in 0usize..=20,
        log in any::<bool>(),
        weights in prop::collection::vec(0.0f64..10.0, 6),
        signs in prop::collection::vec(any::<bool>(), 6),
        seed in any::<u64>(),
    ) {
        let kind = if log { EstimateKind::Log } else { EstimateKind::Linear };
        let positive: Vec<f64> = weights[..m].to_vec();
        let signed: Vec<f64> = positive.iter().zip(&signs).map(|(w, &s)| if s { -w } else { *w }).collect();
        let k = 2 * m + 2 + extra;
        for (truth, non_negative) in [(&signed, false), (&positive, true)] {
            let sc = scenario(kind, observations(seed, kind, truth, k, 0.0), non_negative);
            let result = sc.run().map_err(|e| TestCaseError::fail(e.to_string()))?;
            assert_all_close(&result.weights, truth, EPS, "recovered weights");
            let utilities: Vec<f64> = sc.observations.iter().map(|o| o.utility).collect();
            assert_all_close(&result.fitted, &utilities, EPS, "fitted utilities");
            let scale: f64 = utilities.iter().map(|u| u * u).sum();
            prop_assert!(result.residual_sum_of_squares <= EPS * (1.0 + scale));
        }
    }

    /// Plain least squares satisfies its normal equations `Xᵀ(Xw − y) = 0` on noisy data.
    #[test]
    fn least_squares_residual_is_orthogonal_to_the_columns(
        cols in 1usize..=6, extra in 0usize..=15, seed in any::<u64>(),
    ) {
        let rows = cols + 1 + extra;
        let (x, y) = random_problem(seed, rows, cols);
        let w = least_squares(&x, rows, cols, &y).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let (g, scale) = gradient(&x, rows, cols, &y, &w);
        for j in 0..cols {
            prop_assert!(g[j].abs() <= EPS * (1.0 + scale[j]), "g = {g:?}");
        }
    }
}

/// Mean absolute weight error over `seeds` seeds with `k` noisy observations.
fn mean_error(kind: EstimateKind, truth: &[f64], k: usize, sigma: f64, non_negative: bool, seeds: u64) -> f64 {
    let mut total = 0.0;
    for seed in 0..seeds {
        let result = scenario(kind, observations(1000 + seed, kind, truth, k, sigma), non_negative)
            .run()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(result.weights.iter().all(|w| w.is_finite()));
        total += result.weights.iter().zip(truth).map(|(w, t)| (w - t).abs()).sum::<f64>() / truth.len() as f64;
    }
    total / seeds as f64
}

/// With noise of std σ the weight error is bounded (a few σ with 10 jobs, well under σ with 200)
/// and shrinks as observations accumulate (about as 1/√k) — the paper's Fig. 10(b).
#[test]
fn noisy_estimates_are_bounded_and_improve_with_more_observations() {
    // User #3 of Section VI: map weight about 6 times the reduce weight.
    let truth = [6.0, 1.0];
    let sigma = 0.2;
    for kind in [EstimateKind::Linear, EstimateKind::Log] {
        for non_negative in [false, true] {
            let few = mean_error(kind, &truth, 10, sigma, non_negative, 20);
            let many = mean_error(kind, &truth, 200, sigma, non_negative, 20);
            let context = format!("{kind:?}, non_negative {non_negative}: error {few} with 10, {many} with 200");
            assert!(few < 3.0 * sigma, "{context}");
            assert!(many < 0.4 * sigma, "{context}");
            assert!(many < few / 2.0, "{context}");
        }
    }
}

/// Value stability: the same seed gives the same data and the same fit.
#[test]
fn fits_are_deterministic() {
    let data = || scenario(EstimateKind::Log, observations(7, EstimateKind::Log, &[2.0, 0.5, 1.0], 30, 0.1), false);
    assert_eq!(data().run(), data().run());
}

// ---------------------------------------------------------------------------------------------
// Non-negative least squares

proptest! {
    #![proptest_config(config(64))]

    /// On random problems NNLS returns non-negative weights meeting the KKT conditions, reaches
    /// the brute-force optimum over all supports, and equals plain least squares whenever the
    /// unconstrained solution is already non-negative. Some problems are ill-conditioned (columns
    /// that differ by 1e-5) to exercise the passive-set solves near dependence.
    #[test]
    fn nnls_meets_kkt_and_matches_least_squares_when_feasible(
        cols in 1usize..=6,
        extra in 1usize..=15,
        positive_truth in any::<bool>(),
        ill_conditioned in prop::bool::weighted(0.25),
        seed in any::<u64>(),
    ) {
        let rows = cols + 1 + extra;
        let (mut x, mut y) = random_problem(seed, rows, cols);
        if ill_conditioned {
            for i in 0..rows {
                let base = x[i * cols];
                for j in 1..cols {
                    x[i * cols + j] = base + 1e-5 * x[i * cols + j];
                }
            }
        }
        if positive_truth {
            // y = X w + small noise with w > 0, so the unconstrained fit is often feasible.
            let mut rng = seeded_rng(seed ^ 0x5eed);
            let w: Vec<f64> = (0..cols).map(|_| uniform(&mut rng, 0.5, 2.0)).collect();
            for (i, yi) in y.iter_mut().enumerate() {
                *yi = 0.05 * *yi + (0..cols).map(|j| x[i * cols + j] * w[j]).sum::<f64>();
            }
        }
        let nnls = non_negative_least_squares(&x, rows, cols, &y).map_err(|e| TestCaseError::fail(e.to_string()))?;
        assert_kkt(&x, rows, cols, &y, &nnls);
        let (got, best) = (rss(&x, rows, cols, &y, &nnls), brute_force_nnls_rss(&x, rows, cols, &y));
        prop_assert!(got <= best + EPS * (1.0 + best), "nnls rss {} > brute-force optimum {}", got, best);
        let ls = least_squares(&x, rows, cols, &y).map_err(|e| TestCaseError::fail(e.to_string()))?;
        // (Ill-conditioned problems amplify rounding in both answers beyond EPS.)
        if ls.iter().all(|&w| w >= 0.0) && !ill_conditioned {
            assert_all_close(&nnls, &ls, EPS, "nnls = ls when ls is feasible");
        }
    }
}

/// Hand-worked: X = [[1,0],[0,1],[1,1]], y = (1, −1, 0). The unconstrained fit is (1, −1) (exact);
/// with w₁ = 0 the best w₀ minimises (1 − w₀)² + 1 + w₀², so w = (½, 0), RSS 3/2, and the gradient
/// on w₁ is 3/2 > 0.
#[test]
fn nnls_worked_example_with_a_negative_unconstrained_weight() {
    let x = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
    let y = [1.0, -1.0, 0.0];
    assert_all_close(&least_squares(&x, 3, 2, &y).unwrap(), &[1.0, -1.0], EXACT_EPS, "ls");
    let w = non_negative_least_squares(&x, 3, 2, &y).unwrap();
    assert_all_close(&w, &[0.5, 0.0], EXACT_EPS, "nnls");
    assert_eq!(w[1], 0.0, "a clamped weight is exactly zero");
    let (g, _) = gradient(&x, 3, 2, &y, &w);
    assert_all_close(&g, &[0.0, 1.5], EXACT_EPS, "gradient");

    // The same data as a linear scenario (shares of 0 and 1 are allowed).
    let doc = r#"{ "kind": "linear", "non_negative": NN, "observations": [
        { "shares": [1, 0], "utility": 1 }, { "shares": [0, 1], "utility": -1 },
        { "shares": [1, 1], "utility": 0 } ] }"#;
    check(&doc.replace("NN", "false"), Expect::Fit { weights: &[1.0, -1.0], rss: 0.0 });
    check(&doc.replace("NN", "true"), Expect::Fit { weights: &[0.5, 0.0], rss: 1.5 });
}

/// An index that enters the passive set and must leave again (the inner loop of Lawson–Hanson):
/// column 0 is the first to enter, but once columns 1 and 2 are in, its weight would be negative.
/// Exact answer from the normal equations on the support {1, 2} (rational arithmetic):
/// w = (0, 62/89, 173/178), RSS 1381/178, gradient (20/89, 0, 0); unconstrained (−20/29, 22/29, 73/58).
#[test]
fn nnls_worked_example_where_an_entered_weight_leaves() {
    let x = [1.0, 0.0, 2.0, 0.0, 3.0, 0.0, 1.0, 0.0, 3.0, 1.0, 2.0, 1.0];
    let y = [4.0, 3.0, 2.0, 1.0];
    let ls = least_squares(&x, 4, 3, &y).unwrap();
    assert_all_close(&ls, &[-20.0 / 29.0, 22.0 / 29.0, 73.0 / 58.0], EXACT_EPS, "ls");
    let w = non_negative_least_squares(&x, 4, 3, &y).unwrap();
    assert_all_close(&w, &[0.0, 62.0 / 89.0, 173.0 / 178.0], EXACT_EPS, "nnls");
    assert!(close(rss(&x, 4, 3, &y, &w), 1381.0 / 178.0, EXACT_EPS));
    let (g, _) = gradient(&x, 4, 3, &y, &w);
    assert_all_close(&g, &[20.0 / 89.0, 0.0, 0.0], EXACT_EPS, "gradient");
}

/// A fixed batch of seeded problems (so the active-set paths are covered on every run, not only
/// when proptest happens to draw them): KKT and the brute-force optimum.
#[test]
fn nnls_matches_brute_force_on_seeded_problems() {
    for seed in 0..300u64 {
        let cols = 1 + (seed % 6) as usize;
        let rows = cols + 1 + (seed % 7) as usize;
        let (x, y) = random_problem(seed, rows, cols);
        let w = non_negative_least_squares(&x, rows, cols, &y).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_kkt(&x, rows, cols, &y, &w);
        let (got, best) = (rss(&x, rows, cols, &y, &w), brute_force_nnls_rss(&x, rows, cols, &y));
        assert!(got <= best + EPS * (1.0 + best), "seed {seed}: rss {got} > optimum {best}");
    }
}

/// Several negative unconstrained weights at once, and a target that no non-negative weight fits.
#[test]
fn nnls_clamps_several_weights() {
    // Columns e₀, e₁, e₂ plus a row of ones; y pushes w₁ and w₂ negative.
    let x = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0];
    let y = [2.0, -1.0, -1.0, 0.0];
    let w = non_negative_least_squares(&x, 4, 3, &y).unwrap();
    // With w₁ = w₂ = 0: minimise (2 − w₀)² + w₀² → w₀ = 1.
    assert_all_close(&w, &[1.0, 0.0, 0.0], EXACT_EPS, "nnls");
    assert_kkt(&x, 4, 3, &y, &w);
    // All-negative target: the answer is w = 0.
    let w = non_negative_least_squares(&x, 4, 3, &[-1.0, -2.0, -3.0, -1.0]).unwrap();
    assert_eq!(w, vec![0.0, 0.0, 0.0]);
}

// ---------------------------------------------------------------------------------------------
// Errors

#[test]
fn validation_problems_name_their_json_path() {
    let cases: &[(&str, &str, &str)] = &[
        (
            r#"{ "kind": "log", "observations": [
                 { "shares": [0.5, 0.5], "utility": 1 }, { "shares": [0.2, 0.3], "utility": 1 },
                 { "shares": [0.1, 0.9], "utility": 1 }, { "shares": [0.4, 0], "utility": 1 } ] }"#,
            "observations[3].shares[1]",
            "must be in (0, 1] for a log utility, got 0",
        ),
        (
            r#"{ "kind": "linear", "observations": [
                 { "shares": [0.5, 0.5], "utility": 1 }, { "shares": [0.2, 0.3], "utility": 1 },
                 { "shares": [0.1, 0.9, 0.3], "utility": 1 } ] }"#,
            "observations[2].shares",
            "has 3 entries, expected 2 (as observations[0])",
        ),
        (
            r#"{ "kind": "linear", "observations": [ { "shares": [0.5, 0.5], "utility": 1 } ] }"#,
            "observations",
            "at least 2 observations are needed for 2 resource types, got 1",
        ),
        (r#"{ "kind": "linear", "observations": [] }"#, "observations", "at least one observation is required"),
        (
            r#"{ "kind": "linear", "observations": [ { "shares": [], "utility": 1 } ] }"#,
            "observations[0].shares",
            "at least one resource type",
        ),
        (
            r#"{ "kind": "linear", "observations": [ { "shares": [1.5], "utility": 1 } ] }"#,
            "observations[0].shares[0]",
            "must be in [0, 1] (a share is a probability), got 1.5",
        ),
        (
            r#"{ "kind": "log", "observations": [ { "shares": [-0.5], "utility": 1 } ] }"#,
            "observations[0].shares[0]",
            "must be in (0, 1] for a log utility, got -0.5",
        ),
    ];
    for &(doc, path, message) in cases {
        check(doc, Expect::Problem { path, message });
    }
}

#[test]
fn limits_and_non_finite_values_are_validation_problems() {
    let many = scenario(
        EstimateKind::Linear,
        vec![Observation { shares: vec![0.5], utility: 1.0 }; MAX_OBSERVATIONS + 1],
        false,
    );
    let e = many.check().unwrap_err();
    assert_eq!(e.problems[0].path, "observations");
    assert!(e.problems[0].message.contains("at most 100000 observations"), "{e}");

    let wide = scenario(EstimateKind::Linear, vec![Observation { shares: vec![0.5; 65], utility: 1.0 }; 70], false);
    let e = wide.check().unwrap_err();
    assert_eq!(e.to_string(), "observations[0].shares: at most 64 resource types are accepted, got 65");

    let nan = scenario(
        EstimateKind::Log,
        vec![
            Observation { shares: vec![f64::NAN], utility: f64::INFINITY },
            Observation { shares: vec![0.5], utility: 1.0 },
        ],
        false,
    );
    let text = nan.run().unwrap_err().to_string();
    assert!(text.contains("observations[0].utility: must be a finite number, got inf"), "{text}");
    assert!(text.contains("observations[0].shares[0]: must be a finite number, got NaN"), "{text}");

    // A utility so large the fit would overflow is refused at its field, before the run (CI
    // found 1e308 accepted by validation and refused by the fit, away from the field).
    let huge = scenario(
        EstimateKind::Linear,
        vec![
            Observation { shares: vec![0.3, 0.4], utility: 2.0 },
            Observation { shares: vec![0.35, 0.45], utility: 1e308 },
            Observation { shares: vec![0.2, 0.35], utility: -1e101 },
        ],
        false,
    );
    let e = huge.check().unwrap_err();
    let paths: Vec<&str> = e.problems.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["observations[1].utility", "observations[2].utility"], "{e}");
    assert!(e.problems[0].message.contains("at most 1e100 in magnitude"), "{e}");
    let fine = scenario(
        EstimateKind::Linear,
        vec![
            Observation { shares: vec![0.3, 0.4], utility: 1e100 },
            Observation { shares: vec![0.35, 0.45], utility: 2e99 },
        ],
        false,
    );
    assert!(fine.run().is_ok(), "{:?}", fine.run());

    // Every observation wrong: the list is capped and says how many more there are.
    let bad = scenario(EstimateKind::Log, vec![Observation { shares: vec![0.0], utility: 1.0 }; 500], false);
    let e = bad.check().unwrap_err();
    assert_eq!(e.problems.len(), 101);
    assert_eq!(
        e.problems[100].to_string(),
        "document: … and 400 more problems not listed (400 at observations[*].shares[*])"
    );

    assert!(AbacusEstimateScenario::default().check().is_ok());
}

#[test]
fn singular_systems_are_clear_errors() {
    // Resource types 0 and 1 always get the same share: their weights cannot be told apart.
    check(
        r#"{ "kind": "linear", "observations": [ { "shares": [0.2, 0.2], "utility": 1 },
             { "shares": [0.5, 0.5], "utility": 2 }, { "shares": [0.7, 0.7], "utility": 3 } ] }"#,
        Expect::Error(&["singular system (rank 1 of 2)", "resource type 1", "column 1 ≈ 1·column 0"]),
    );
    // A resource type of which every job got all (log: ln 1 = 0) …
    check(
        r#"{ "kind": "log", "non_negative": true, "observations": [ { "shares": [0.2, 1], "utility": 1 },
             { "shares": [0.5, 1], "utility": 2 } ] }"#,
        Expect::Error(&["column 1", "resource type 1", "zero in every observation"]),
    );
    // … or none (linear).
    check(
        r#"{ "kind": "linear", "observations": [ { "shares": [0, 0.2], "utility": 1 },
             { "shares": [0, 0.5], "utility": 2 } ] }"#,
        Expect::Error(&["column 0", "zero in every observation"]),
    );
    // A combination of several: s₂ = s₀ + 2·s₁.
    check(
        r#"{ "kind": "linear", "observations": [ { "shares": [0.1, 0.2, 0.5], "utility": 1 },
             { "shares": [0.3, 0.1, 0.5], "utility": 2 }, { "shares": [0.2, 0.3, 0.8], "utility": 3 },
             { "shares": [0.4, 0.05, 0.5], "utility": 2 } ] }"#,
        Expect::Error(&["rank 2 of 3", "≈"]),
    );

    let dup = [0.2, 0.2, 0.5, 0.5, 0.7, 0.7];
    for solver in [least_squares, non_negative_least_squares] {
        match solver(&dup, 3, 2, &[1.0, 2.0, 3.0]) {
            Err(EstimateError::Singular { column: 1, rank: 1, cols: 2, combination }) => {
                assert_eq!(combination.len(), 1);
                assert_eq!(combination[0].0, 0);
                assert!(close(combination[0].1, 1.0, EPS));
            }
            other => panic!("expected a singular error, got {other:?}"),
        }
        // Scaled duplicates (column 1 = 3·column 0) are just as singular.
        let scaled = [0.1, 0.3, 0.2, 0.6, 0.4, 1.2];
        let e = solver(&scaled, 3, 2, &[1.0, 2.0, 3.0]).unwrap_err();
        assert!(e.to_string().contains("column 1 ≈ 3·column 0"), "{e}");
        assert_eq!(solver(&[0.0, 1.0, 0.0, 2.0], 2, 2, &[1.0, 2.0]), Err(EstimateError::ZeroColumn { column: 0 }));
    }
}

#[test]
fn malformed_solver_inputs_are_errors() {
    for solver in [least_squares, non_negative_least_squares] {
        let e = solver(&[1.0, 2.0], 1, 2, &[1.0]).unwrap_err();
        assert_eq!(e, EstimateError::TooFewObservations { needed: 2, got: 1 });
        assert_eq!(
            e.to_string(),
            "at least 2 observations are needed to estimate 2 weights (one per resource type), got 1"
        );
        assert!(matches!(solver(&[1.0, 2.0, 3.0], 2, 2, &[1.0, 2.0]), Err(EstimateError::Dimensions { .. })));
        assert!(matches!(solver(&[1.0, 2.0], 2, 1, &[1.0]), Err(EstimateError::Dimensions { .. })));
        assert_eq!(solver(&[1.0, f64::NAN], 2, 1, &[1.0, 2.0]), Err(EstimateError::NonFinite { what: "x", index: 1 }));
        let e = solver(&[1.0, 2.0], 2, 1, &[1.0, f64::INFINITY]).unwrap_err();
        assert_eq!(e.to_string(), "y[1] is not a finite number");
        assert_eq!(solver(&[], 0, 0, &[]), Ok(vec![]));
    }
}

/// One entry of a degenerate random matrix: ordinary, zero, ±1, huge, tiny, or (rarely) non-finite.
fn entry() -> impl Strategy<Value = f64> {
    prop_oneof![
        6 => -10.0f64..10.0,
        2 => Just(0.0),
        1 => Just(1.0),
        1 => Just(-1.0),
        1 => Just(1e300),
        1 => Just(-1e-300),
        1 => Just(1e-12),
        1 => prop_oneof![Just(f64::NAN), Just(f64::INFINITY)],
    ]
}

/// 1 to 3 shares in [0, 1], often exactly 0, ½ or 1.
fn share_list() -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec(prop_oneof![0.0f64..=1.0, Just(0.0), Just(1.0), Just(0.5)], 1..=3)
}

proptest! {
    #![proptest_config(config(256))]

    /// Any matrix, including duplicate, scaled and zero columns: an answer with finite weights
    /// (non-negative for NNLS) or an error with a message — never a panic or a NaN.
    #[test]
    fn never_panics_or_returns_nan(
        rows in 0usize..=8,
        cols in 0usize..=5,
        entries in prop::collection::vec(entry(), 40),
        rhs in prop::collection::vec(entry(), 8),
        copy in prop::option::of((0usize..5, 0usize..5, prop_oneof![Just(1.0), Just(-2.0), Just(1e-9), Just(0.0)])),
    ) {
        let mut x: Vec<f64> = entries[..rows * cols].to_vec();
        if let Some((from, to, factor)) = copy {
            if from < cols && to < cols {
                for i in 0..rows {
                    x[i * cols + to] = factor * x[i * cols + from];
                }
            }
        }
        let y = &rhs[..rows];
        type Solver = fn(&[f64], usize, usize, &[f64]) -> Result<Vec<f64>, EstimateError>;
        let solvers: [(&str, Solver); 2] = [("ls", least_squares), ("nnls", non_negative_least_squares)];
        for (name, solver) in solvers {
            match solver(&x, rows, cols, y) {
                Ok(w) => {
                    prop_assert_eq!(w.len(), cols);
                    prop_assert!(w.iter().all(|v| v.is_finite()), "{}: {:?}", name, w);
                    if name == "nnls" {
                        prop_assert!(w.iter().all(|&v| v >= 0.0), "nnls: {:?}", w);
                    }
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }

    /// Random (often invalid) scenarios: `run` gives finite results or an error.
    #[test]
    fn scenario_runs_never_panic(
        log in any::<bool>(),
        non_negative in any::<bool>(),
        rows in prop::collection::vec((share_list(), -5.0f64..5.0), 0..=6),
    ) {
        let kind = if log { EstimateKind::Log } else { EstimateKind::Linear };
        let obs = rows.into_iter().map(|(shares, utility)| Observation { shares, utility }).collect();
        if let Ok(result) = scenario(kind, obs, non_negative).run() {
            prop_assert!(result.weights.iter().chain(&result.fitted).all(|v| v.is_finite()));
            prop_assert!(result.residual_sum_of_squares.is_finite() && result.residual_sum_of_squares >= 0.0);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Serde boundary

#[test]
fn scenario_serde_rejects_unknown_fields_and_round_trips() {
    let ok = r#"{ "kind": "log", "observations": [ { "shares": [0.5], "utility": 2 } ] }"#;
    let parsed: AbacusEstimateScenario = serde_json::from_str(ok).unwrap();
    assert_eq!(parsed.kind, EstimateKind::Log);
    assert!(!parsed.non_negative, "non_negative defaults to false");
    let again: AbacusEstimateScenario = serde_json::from_str(&serde_json::to_string(&parsed).unwrap()).unwrap();
    assert_eq!(parsed, again);

    for bad in [
        r#"{ "kind": "log", "observations": [], "weights": [1] }"#,
        r#"{ "kind": "log", "observations": [ { "shares": [0.5], "utility": 2, "time": 3 } ] }"#,
        r#"{ "kind": "quadratic", "observations": [] }"#,
        r#"{ "observations": [] }"#,
    ] {
        let e = serde_json::from_str::<AbacusEstimateScenario>(bad).unwrap_err().to_string();
        assert!(
            e.contains("unknown field") || e.contains("unknown variant") || e.contains("missing field"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn result_serialises_with_snake_case_kind() {
    let result: EstimateResult = AbacusEstimateScenario::default().run().unwrap();
    let value = serde_json::to_value(&result).unwrap();
    assert_eq!(value["kind"], "linear");
    assert_eq!(value["observations_used"], 5);
    assert_eq!(value["weights"].as_array().map(Vec::len), Some(2));
    // The default preset (the paper's user #3) gives a map weight several times the reduce one.
    assert!(result.weights[0] > 3.0 * result.weights[1], "{:?}", result.weights);
}

// ---------------------------------------------------------------------------------------------
// Estimation fed by the scheduler (Section VI-E: User 3 of Table I bids the default utility)

fn estimate_preset(name: &str) -> (AbacusEstimateScenario, EstimateResult) {
    let scenario = cloudecon::presets::find(name).unwrap_or_else(|| panic!("no preset {name}")).scenario();
    let result = match cloudecon::runner::run(&scenario) {
        Ok(cloudecon::RunOutput::AbacusEstimate(r)) => r,
        other => panic!("{name}: {other:?}"),
    };
    let cloudecon::MechanismSpec::AbacusEstimate(spec) = scenario.spec else { panic!("{name} is not abacus_estimate") };
    (spec, result)
}

/// The observations come from the scheduler, in the run (20 of User 3's jobs, each with its
/// average shares in (0, 1) and a positive measured utility): the preset itself holds none.
fn assert_from_scheduler(spec: &AbacusEstimateScenario, result: &EstimateResult) {
    assert!(spec.observations.is_empty() && spec.from_schedule.is_some(), "made by the run, not the preset");
    let observations = result.observations.as_deref().unwrap_or_default();
    assert_eq!(observations.len(), 20, "20 finished jobs of User 3");
    assert_eq!(result.observations_used, 20);
    assert_eq!(spec.true_weights.as_deref(), Some(&[6.0, 1.0][..]), "User 3's hidden utility is 6x + y");
    for o in observations {
        assert_eq!(o.shares.len(), 2);
        assert!(o.shares.iter().all(|&s| s > 0.0 && s <= 1.0), "average shares {:?}", o.shares);
        assert!(o.utility > 0.0 && o.utility.is_finite());
    }
    // The jobs ran among different competitors, so their average shares differ: the system is
    // not singular.
    let first = &observations[0].shares;
    assert!(observations.iter().any(|o| (o.shares[0] - first[0]).abs() > 1e-3));
}

#[test]
fn the_scheduler_fed_estimation_recovers_the_hidden_weights() {
    let (spec, result) = estimate_preset("abacus-estimate-user-3-model");
    assert_from_scheduler(&spec, &result);
    assert!(!spec.non_negative, "plain least squares");
    // Each measurement is 6·s̄_map + 1·s̄_reduce exactly, so least squares gives the weights back.
    assert_all_close(&result.weights, &[6.0, 1.0], 1e-9, "recovered weights");
    assert!(result.residual_sum_of_squares < 1e-18, "rss {}", result.residual_sum_of_squares);
}

#[test]
fn the_paper_measure_gives_a_map_dominated_fit() {
    // With 1 / response time as the measure (the paper's Hadoop measure) the simulated cluster's
    // response times are not linear in s̄, so the weights are not recovered exactly; the fit puts
    // the weight on map, as User 3's jobs (60 s maps, 10 s reduces) need (ARCHITECTURE.md).
    let (spec, result) = estimate_preset("abacus-estimate-user-3");
    assert_from_scheduler(&spec, &result);
    assert!(spec.non_negative, "NNLS keeps the weights meaningful");
    assert!(result.weights.iter().all(|&w| w >= 0.0));
    assert!(result.weights[0] > 0.0 && result.weights[0] > 5.0 * result.weights[1], "{:?}", result.weights);
}

/// Issue 35: a valid `from_schedule` document whose scheduler is overloaded (User 1 at 20 jobs a
/// time unit, every budget 2^64 − 1: tens of thousands of jobs waiting at once) takes minutes.
/// It is placed in the worker (the page shows its progress and Cancel) and its run advances step
/// by step — cancellable between steps — rather than in one call (`cloudecon run` shows the same
/// progress on a terminal).
#[test]
fn an_overloaded_schedule_runs_in_the_worker_step_by_step() {
    use cloudecon::runner::{self, Placement};
    use cloudecon::sim::{Job, Step};
    let out = common::cloudecon(&["preset", "abacus-estimate-user-3-model"], None);
    let mut doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let user = &mut doc["from_schedule"]["scenario"]["schedule"]["users"][0];
    user["budget"] = serde_json::json!(18446744073709551615u64);
    user["arrivals"] = serde_json::json!({ "poisson": { "rate": 20 } });
    let scenario = cloudecon::Scenario::from_json(&doc.to_string()).expect("valid");
    assert_eq!(runner::placement(&scenario), Placement::Worker);
    let mut job = runner::start(&scenario).expect("starts");
    let total = job.progress().total;
    let mut last = 0;
    for _ in 0..20 {
        match job.step((total / 1000).max(1)) {
            Step::Working(p) => {
                assert!(p.done >= last && p.done < p.total, "progress goes forward: {p:?}");
                last = p.done;
            }
            Step::Done(_) => panic!("the whole run in 20 thousandths"),
        }
    }
    assert!(last > 0, "the run advanced");
}
