//! # Utility estimation by (non-negative) least squares
//!
//! Zhang et al., "Abacus", IC2E 2013, Section V (experiment in Section VI-E). A user who does not
//! know its utility runs jobs under a default one; for each finished job `l` the system records the
//! *average job resource* `s̄_l` (Definition 1: the time-average of the job's shares, one number per
//! resource type) and a measured utility `u_l` (e.g. 1 / response time). The weights of a `linear`
//! (`φ(s) = s`) or `log` (`φ(s) = ln s`) utility are the regression (paper eq. 2)
//!
//! ```text
//! min_w  Σ_l ( u_l − Σ_j w_j φ(s̄_lj) )²        l = 1..k observations, j = 1..m resource types
//! ```
//!
//! optionally subject to `w ≥ 0` (`non_negative`), since a utility must be non-decreasing.
//!
//! ## Choices
//! * **Householder QR, not the normal equations.** Forming `XᵀX` squares the condition number κ,
//!   and shares of different resource types are often strongly correlated; with QR the error grows
//!   like κ (for small residuals) instead of κ². Cost O(k·m²) for `k` observations and `m` resource
//!   types (the paper quotes O(m³) for the solve alone), O(k·m) memory.
//! * **Equilibration and column pivoting.** Each column is first scaled to unit 2-norm (the fit does
//!   not depend on the units of a resource), then QR picks at each step the column farthest from
//!   the span of those already chosen (Businger–Golub). A column counts as *dependent* when that
//!   distance is at most `RANK_TOLERANCE · max_j ‖x_j‖` = 1e-12 ([`RANK_TOLERANCE`]; all scaled
//!   norms are 1), i.e. it agrees with a combination of the others to about 12 digits. A zero column or a rank below `m` is
//!   an [`EstimateError`] that names the column and the combination — never a NaN.
//! * **Non-negative least squares by Lawson–Hanson** (Lawson & Hanson 1974, *Solving Least Squares
//!   Problems*, ch. 23, algorithm NNLS): an active-set method that moves one index at a time from
//!   the zero set `Z` to the passive set `P` while the dual `Xᵀ(y − Xw)` has a positive entry on
//!   `Z`, and interpolates back to feasibility when an unconstrained passive solution goes
//!   negative. It ends with the KKT conditions `w ≥ 0`, `g = Xᵀ(Xw − y) ≥ 0`, `w_j g_j = 0`.
//!   The problem is first reduced through the QR above to the `m × m` system `R w = Qᵀy` (same
//!   minimiser, same dual), so each passive solve costs O(m³) instead of O(k·m²).
//! * **Singularity in NNLS.** If `X` itself is rank-deficient the result is the same error as for
//!   plain least squares (the weights are not identifiable). Otherwise every passive subset is, in
//!   exact arithmetic, of full rank; it is still solved with the same pivoted QR, and a candidate
//!   whose column is numerically dependent on the passive ones, or whose trial weight is not
//!   positive, is rejected for that round (as in Lawson–Hanson's own code). A dependent column met
//!   while shrinking `P` gets weight 0 (a basic solution) and leaves `P`, so no step divides by 0.
//!   The solver stops with an error after `10·m + 50` passive solves (it needs about `m` in
//!   practice).
//!
//! Invariants: the weights returned are finite; NNLS weights are `≥ 0`; on noiseless data of full
//! rank the true weights are recovered to rounding.

use serde::{Deserialize, Serialize};

use crate::error::{Problems, ScenarioError};

/// Most observations accepted in a scenario.
pub const MAX_OBSERVATIONS: usize = 100_000;
/// Most resource types accepted (as `abacus::MAX_RESOURCES`).
pub const MAX_RESOURCE_TYPES: usize = 64;
/// Relative rank tolerance of the pivoted QR, on columns scaled to unit norm.
pub const RANK_TOLERANCE: f64 = 1e-12;
/// Validation lists at most this many problems about individual observations.
const MAX_LISTED_PROBLEMS: usize = 100;

/// Which φ maps a share to a regressor: `linear` → φ(s) = s, `log` → φ(s) = ln s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EstimateKind {
    Linear,
    Log,
}

impl EstimateKind {
    /// The regressor of a share.
    pub fn phi(self, share: f64) -> f64 {
        match self {
            EstimateKind::Linear => share,
            EstimateKind::Log => share.ln(),
        }
    }
}

/// One finished job: its average job resource `s̄` (m shares) and its measured utility.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    pub shares: Vec<f64>,
    pub utility: f64,
}

/// Scenario fields of mechanism `abacus_estimate` (the common fields version/mechanism/title/notes/seed
/// are handled by [`crate::scenario`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbacusEstimateScenario {
    pub kind: EstimateKind,
    pub observations: Vec<Observation>,
    /// `false`: plain least squares; `true`: non-negative least squares.
    #[serde(default)]
    pub non_negative: bool,
    /// Known true weights, if any, shown beside the estimate for comparison (Fig. 10); the fit
    /// does not use them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub true_weights: Option<Vec<f64>>,
}

impl Default for AbacusEstimateScenario {
    /// Five jobs of the paper's user #3 (Section VI-E), whose true utility is about `6x + y`
    /// (map vs reduce); the utilities carry a little measurement noise.
    fn default() -> Self {
        let rows = [
            ([0.30, 0.40], 2.23),
            ([0.25, 0.55], 2.02),
            ([0.40, 0.30], 2.74),
            ([0.35, 0.45], 2.51),
            ([0.20, 0.35], 1.55),
        ];
        AbacusEstimateScenario {
            kind: EstimateKind::Linear,
            observations: rows.iter().map(|(s, u)| Observation { shares: s.to_vec(), utility: *u }).collect(),
            non_negative: false,
            true_weights: Some(vec![6.0, 1.0]),
        }
    }
}

/// The fitted weights.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EstimateResult {
    /// `w_j`, one per resource type.
    pub weights: Vec<f64>,
    /// `Σ_l (u_l − fitted_l)²`.
    pub residual_sum_of_squares: f64,
    /// Observations in the fit (all of them).
    pub observations_used: usize,
    pub kind: EstimateKind,
    pub non_negative: bool,
    /// Fitted utility `Σ_j w_j φ(s̄_lj)` per observation.
    pub fitted: Vec<f64>,
}

/// Why a fit has no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EstimateError {
    /// The scenario failed validation (every problem with its JSON path).
    #[error("{0}")]
    Invalid(ScenarioError),
    #[error(
        "at least {needed} observations are needed to estimate {needed} weights (one per resource type), got {got}"
    )]
    TooFewObservations { needed: usize, got: usize },
    #[error("the matrix has {x_len} entries and the right-hand side {y_len}, expected {rows} × {cols} and {rows}")]
    Dimensions { rows: usize, cols: usize, x_len: usize, y_len: usize },
    #[error("{what}[{index}] is not a finite number")]
    NonFinite { what: &'static str, index: usize },
    #[error(
        "singular system: column {column} of the regressors (resource type {column}) is zero in every \
         observation (a share of 0 for a linear utility, of 1 for a log one), so its weight cannot be estimated"
    )]
    ZeroColumn { column: usize },
    #[error(
        "singular system (rank {rank} of {cols}): column {column} of the regressors (resource type {column}) \
         is a linear combination of the others, column {column} ≈ {}, so the weights cannot be told apart; \
         observations with more varied shares are needed",
        describe(.combination)
    )]
    Singular { column: usize, rank: usize, cols: usize, combination: Vec<(usize, f64)> },
    #[error(
        "non-negative least squares stopped after {iterations} iterations without meeting its optimality \
         conditions (the system is probably very badly conditioned)"
    )]
    NoConvergence { iterations: usize },
    #[error("the numbers are too large or too small to fit without overflow; rescale the utilities")]
    Overflow,
}

/// `1·column 0 − 0.5·column 2`.
fn describe(combination: &[(usize, f64)]) -> String {
    let number = |c: f64| {
        let s = format!("{c:.6}");
        let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.') } else { &s };
        s.to_string()
    };
    if combination.is_empty() {
        return "0".to_string();
    }
    let mut out = String::new();
    for (k, &(j, c)) in combination.iter().enumerate() {
        match (k, c < 0.0) {
            (0, _) => out.push_str(&number(c)),
            (_, false) => out.push_str(&format!(" + {}", number(c))),
            (_, true) => out.push_str(&format!(" − {}", number(-c))),
        }
        out.push_str(&format!("·column {j}"));
    }
    out
}

impl AbacusEstimateScenario {
    /// Every problem with its JSON path (see [`Self::check`]).
    pub(crate) fn validate(&self, problems: &mut Problems) {
        let k = self.observations.len();
        if k == 0 {
            problems.push("observations", "at least one observation is required");
            return;
        }
        if k > MAX_OBSERVATIONS {
            problems.push("observations", format!("at most {MAX_OBSERVATIONS} observations are accepted, got {k}"));
            return;
        }
        let m = self.observations[0].shares.len();
        if let Some(w) = &self.true_weights {
            if w.len() != m {
                problems.push("true_weights", format!("needs one weight per resource type ({m}), got {}", w.len()));
            }
            if let Some(k) = w.iter().position(|x| !x.is_finite()) {
                problems.push(format!("true_weights[{k}]"), "must be a finite number");
            }
        }
        if m == 0 {
            problems.push("observations[0].shares", "at least one resource type (one share) is needed");
        } else if m > MAX_RESOURCE_TYPES {
            problems.push(
                "observations[0].shares",
                format!("at most {MAX_RESOURCE_TYPES} resource types are accepted, got {m}"),
            );
            return;
        }
        // Per-observation problems, of which the first MAX_LISTED_PROBLEMS are listed.
        let mut listed: Vec<(String, String)> = Vec::new();
        let mut count = 0usize;
        let mut report = |path: String, message: String| {
            count += 1;
            if count <= MAX_LISTED_PROBLEMS {
                listed.push((path, message));
            }
        };
        for (l, obs) in self.observations.iter().enumerate() {
            if !obs.utility.is_finite() {
                report(format!("observations[{l}].utility"), format!("must be a finite number, got {}", obs.utility));
            }
            if obs.shares.len() != m {
                report(
                    format!("observations[{l}].shares"),
                    format!("has {} entries, expected {m} (as observations[0])", obs.shares.len()),
                );
                continue;
            }
            for (j, &s) in obs.shares.iter().enumerate() {
                let message = match self.kind {
                    _ if !s.is_finite() => format!("must be a finite number, got {s}"),
                    EstimateKind::Log if !(s > 0.0 && s <= 1.0) => {
                        format!("must be in (0, 1] for a log utility, got {s}")
                    }
                    EstimateKind::Linear if !(0.0..=1.0).contains(&s) => {
                        format!("must be in [0, 1] (a share is a probability), got {s}")
                    }
                    _ => continue,
                };
                report(format!("observations[{l}].shares[{j}]"), message);
            }
        }
        for (path, message) in listed {
            problems.push(path, message);
        }
        if count > MAX_LISTED_PROBLEMS {
            problems.push("observations", format!("{} more problems not listed", count - MAX_LISTED_PROBLEMS));
        }
        if m > 0 && k < m {
            problems
                .push("observations", format!("at least {m} observations are needed for {m} resource types, got {k}"));
        }
    }

    /// `Ok` if the scenario is valid, else every problem with its JSON path.
    pub fn check(&self) -> Result<(), ScenarioError> {
        let mut problems = Problems::new();
        self.validate(&mut problems);
        problems.into_result()
    }

    /// Number of resource types (shares per observation).
    pub fn resource_types(&self) -> usize {
        self.observations.first().map_or(0, |o| o.shares.len())
    }

    /// Work units of a fit (`k·m²`), to choose inline vs worker.
    pub fn work(&self) -> u64 {
        let m = self.resource_types() as u64;
        self.observations.len() as u64 * m * m
    }

    /// Runs the fit. The scenario is validated again (an invalid one is [`EstimateError::Invalid`]);
    /// a singular system is an error that names the dependent column, never a NaN.
    pub fn run(&self) -> Result<EstimateResult, EstimateError> {
        self.check().map_err(EstimateError::Invalid)?;
        let (k, m) = (self.observations.len(), self.resource_types());
        let x: Vec<f64> = self.observations.iter().flat_map(|o| o.shares.iter().map(|&s| self.kind.phi(s))).collect();
        let y: Vec<f64> = self.observations.iter().map(|o| o.utility).collect();
        let weights =
            if self.non_negative { non_negative_least_squares(&x, k, m, &y)? } else { least_squares(&x, k, m, &y)? };
        let fitted: Vec<f64> = x.chunks(m).map(|row| row.iter().zip(&weights).map(|(a, w)| a * w).sum()).collect();
        let rss: f64 = fitted.iter().zip(&y).map(|(f, u)| (u - f) * (u - f)).sum();
        if !rss.is_finite() || fitted.iter().any(|f| !f.is_finite()) {
            return Err(EstimateError::Overflow);
        }
        Ok(EstimateResult {
            weights,
            residual_sum_of_squares: rss,
            observations_used: k,
            kind: self.kind,
            non_negative: self.non_negative,
            fitted,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Numerics

/// 2-norm without overflow (scaled by the largest magnitude).
fn norm2(v: &[f64]) -> f64 {
    let max = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if max == 0.0 || !max.is_finite() {
        return max;
    }
    max * v.iter().map(|x| (x / max) * (x / max)).sum::<f64>().sqrt()
}

/// Dot product with four accumulators (lets the compiler vectorise).
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len());
    let (a4, b4) = (a[..n].chunks_exact(4), b[..n].chunks_exact(4));
    let rest: f64 = a4.remainder().iter().zip(b4.remainder()).map(|(x, y)| x * y).sum();
    let mut acc = [0.0; 4];
    for (x, y) in a4.zip(b4) {
        for i in 0..4 {
            acc[i] += x[i] * y[i];
        }
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + rest
}

/// Column-major `rows × cols` matrix with unit-norm columns, their original norms, and `y / ‖y‖`.
struct Scaled {
    rows: usize,
    cols: usize,
    columns: Vec<f64>,
    column_norms: Vec<f64>,
    y: Vec<f64>,
    y_norm: f64,
}

impl Scaled {
    fn new(x: &[f64], rows: usize, cols: usize, y: &[f64]) -> Result<Self, EstimateError> {
        if rows.checked_mul(cols) != Some(x.len()) || y.len() != rows {
            return Err(EstimateError::Dimensions { rows, cols, x_len: x.len(), y_len: y.len() });
        }
        if let Some(index) = x.iter().position(|v| !v.is_finite()) {
            return Err(EstimateError::NonFinite { what: "x", index });
        }
        if let Some(index) = y.iter().position(|v| !v.is_finite()) {
            return Err(EstimateError::NonFinite { what: "y", index });
        }
        if rows < cols {
            return Err(EstimateError::TooFewObservations { needed: cols, got: rows });
        }
        let mut columns = Vec::with_capacity(rows * cols);
        let mut column_norms = Vec::with_capacity(cols);
        for j in 0..cols {
            let start = columns.len();
            columns.extend((0..rows).map(|i| x[i * cols + j]));
            let norm = norm2(&columns[start..]);
            if norm == 0.0 {
                return Err(EstimateError::ZeroColumn { column: j });
            }
            if !norm.is_finite() {
                return Err(EstimateError::Overflow);
            }
            columns[start..].iter_mut().for_each(|v| *v /= norm);
            column_norms.push(norm);
        }
        let y_norm = norm2(y);
        if !y_norm.is_finite() {
            return Err(EstimateError::Overflow);
        }
        let y_norm = if y_norm == 0.0 { 1.0 } else { y_norm };
        Ok(Scaled { rows, cols, columns, column_norms, y: y.iter().map(|v| v / y_norm).collect(), y_norm })
    }

    /// The pivoted QR of the scaled matrix (which it consumes), or the singular-system error.
    fn full_rank_qr(&mut self) -> Result<Qr, EstimateError> {
        let qr = Qr::factor(std::mem::take(&mut self.columns), self.rows, self.cols);
        if qr.rank == self.cols {
            return Ok(qr);
        }
        let (column, coefficients) = qr.dependency();
        let mut combination: Vec<(usize, f64)> = coefficients
            .into_iter()
            .map(|(i, c)| (i, c * self.column_norms[column] / self.column_norms[i]))
            .filter(|(_, c)| c.is_finite())
            .collect();
        combination.sort_by_key(|&(i, _)| i);
        Err(EstimateError::Singular { column, rank: qr.rank, cols: self.cols, combination })
    }

    /// Weights of the original problem from weights of the scaled one.
    fn unscale(&self, z: &[f64]) -> Result<Vec<f64>, EstimateError> {
        let w: Vec<f64> = z.iter().zip(&self.column_norms).map(|(z, d)| z / d * self.y_norm).collect();
        if w.iter().all(|v| v.is_finite()) {
            Ok(w)
        } else {
            Err(EstimateError::Overflow)
        }
    }
}

/// Householder QR with column pivoting of a column-major `rows × cols` matrix: `A P = Q R`.
struct Qr {
    rows: usize,
    /// Reflector `k` in rows `k..` of column `k`; `R` strictly above the diagonal.
    a: Vec<f64>,
    /// `r_kk` and `vᵀv / 2` of each reflector, for `k < rank`.
    diag: Vec<f64>,
    beta: Vec<f64>,
    /// `perm[position] = original column`.
    perm: Vec<usize>,
    rank: usize,
}

impl Qr {
    /// Factors until the largest remaining column norm is at most `RANK_TOLERANCE · max_j ‖a_j‖`.
    fn factor(mut a: Vec<f64>, rows: usize, cols: usize) -> Qr {
        // Squared norms of the columns' trailing parts (rows k..), recomputed exactly right after each
        // reflector is applied (no downdating, so no cancellation).
        let mut tail_sq: Vec<f64> =
            (0..cols).map(|j| a[j * rows..(j + 1) * rows].iter().map(|v| v * v).sum()).collect();
        let tol = RANK_TOLERANCE * tail_sq.iter().fold(0.0f64, |m, &t| m.max(t)).sqrt();
        let mut perm: Vec<usize> = (0..cols).collect();
        let (mut diag, mut beta) = (Vec::with_capacity(cols), Vec::with_capacity(cols));
        for k in 0..cols.min(rows) {
            let p = (k..cols).fold(k, |best, j| if tail_sq[j] > tail_sq[best] { j } else { best });
            let sigma = tail_sq[p].sqrt();
            if sigma.is_nan() || sigma <= tol {
                break;
            }
            if p != k {
                for i in 0..rows {
                    a.swap(k * rows + i, p * rows + i);
                }
                perm.swap(k, p);
                tail_sq.swap(k, p);
            }
            let (head, tail) = a.split_at_mut((k + 1) * rows);
            let v = &mut head[k * rows + k..];
            let x0 = v[0];
            let alpha = if x0 >= 0.0 { -sigma } else { sigma };
            v[0] = x0 - alpha;
            let b = sigma * (sigma + x0.abs());
            for (c, t) in tail.chunks_mut(rows).zip(&mut tail_sq[k + 1..]) {
                let f = dot(v, &c[k..]) / b;
                c[k..].iter_mut().zip(v.iter()).for_each(|(ci, vi)| *ci -= f * vi);
                *t = dot(&c[k + 1..], &c[k + 1..]);
            }
            diag.push(alpha);
            beta.push(b);
        }
        let rank = diag.len();
        Qr { rows, a, diag, beta, perm, rank }
    }

    /// `b ← Qᵀ b`.
    fn apply_qt(&self, b: &mut [f64]) {
        for k in 0..self.rank {
            let v = &self.a[k * self.rows + k..(k + 1) * self.rows];
            let f = dot(v, &b[k..]) / self.beta[k];
            b[k..].iter_mut().zip(v).for_each(|(bi, vi)| *bi -= f * vi);
        }
    }

    /// Solves `R₁₁ z = rhs` (first `rank` rows and columns of `R`).
    fn back_substitute(&self, rhs: &[f64]) -> Vec<f64> {
        let mut z = vec![0.0; self.rank];
        for i in (0..self.rank).rev() {
            let s: f64 = ((i + 1)..self.rank).map(|j| self.a[j * self.rows + i] * z[j]).sum();
            z[i] = (rhs[i] - s) / self.diag[i];
        }
        z
    }

    /// Basic least-squares solution in original column order (dependent columns get 0).
    fn solve_basic(&self, y: &[f64]) -> Vec<f64> {
        let mut qtb = y.to_vec();
        self.apply_qt(&mut qtb);
        let z = self.back_substitute(&qtb);
        let mut out = vec![0.0; self.perm.len()];
        for (pos, &col) in self.perm.iter().enumerate().take(self.rank) {
            out[col] = z[pos];
        }
        out
    }

    /// The first dependent column and its coefficients on the independent ones (of this matrix).
    fn dependency(&self) -> (usize, Vec<(usize, f64)>) {
        let r = self.rank;
        let rhs: Vec<f64> = (0..r).map(|i| self.a[r * self.rows + i]).collect();
        let z = self.back_substitute(&rhs);
        let largest = z.iter().fold(0.0f64, |m, c| m.max(c.abs()));
        let coefficients =
            z.iter().enumerate().filter(|(_, c)| c.abs() > 1e-9 * largest).map(|(i, &c)| (self.perm[i], c)).collect();
        (self.perm[r], coefficients)
    }

    /// `R` with its columns back in original order (an `n × n` column-major matrix, `n = rank = cols`).
    fn r_unpermuted(&self) -> Vec<f64> {
        let n = self.perm.len();
        let mut out = vec![0.0; n * n];
        for (pos, &col) in self.perm.iter().enumerate() {
            for i in 0..pos {
                out[col * n + i] = self.a[pos * self.rows + i];
            }
            out[col * n + pos] = self.diag[pos];
        }
        out
    }
}

/// Least squares `min ‖y − X w‖²` for `X` given row-major (`rows × cols`).
///
/// Householder QR with column pivoting on the column-equilibrated matrix (see the module docs):
/// O(rows·cols²) time, O(rows·cols) memory. Errors: wrong lengths, non-finite input,
/// `rows < cols`, a zero column, a column within `RANK_TOLERANCE` (relative) of the span of the
/// others ([`EstimateError::Singular`] names it and the combination), or overflow in the answer.
///
/// ```
/// use cloudecon::abacus::estimate::least_squares;
/// // y = 2·x₀ + 1·x₁ exactly.
/// let x = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
/// let w = least_squares(&x, 3, 2, &[2.0, 1.0, 3.0]).unwrap();
/// assert!((w[0] - 2.0).abs() < 1e-12 && (w[1] - 1.0).abs() < 1e-12);
/// ```
pub fn least_squares(x: &[f64], rows: usize, cols: usize, y: &[f64]) -> Result<Vec<f64>, EstimateError> {
    let mut scaled = Scaled::new(x, rows, cols, y)?;
    let qr = scaled.full_rank_qr()?;
    scaled.unscale(&qr.solve_basic(&scaled.y))
}

/// Non-negative least squares `min ‖y − X w‖²` subject to `w ≥ 0`, for `X` row-major
/// (`rows × cols`), by the Lawson–Hanson active-set algorithm (Lawson & Hanson 1974, *Solving
/// Least Squares Problems*, ch. 23).
///
/// The problem is reduced by the pivoted QR of [`least_squares`] to `m × m`, then each of the
/// (typically about `m`) passive solves costs O(m³): O(rows·m² + m⁴) in all. The same errors as
/// [`least_squares`] (a singular `X` is an error, see the module docs), plus
/// [`EstimateError::NoConvergence`] after `10·cols + 50` passive solves.
///
/// ```
/// use cloudecon::abacus::estimate::non_negative_least_squares;
/// // The unconstrained fit is (1, −1); with w ≥ 0 it is (0.5, 0).
/// let x = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
/// let w = non_negative_least_squares(&x, 3, 2, &[1.0, -1.0, 0.0]).unwrap();
/// assert!((w[0] - 0.5).abs() < 1e-12 && w[1] == 0.0);
/// ```
pub fn non_negative_least_squares(x: &[f64], rows: usize, cols: usize, y: &[f64]) -> Result<Vec<f64>, EstimateError> {
    let mut scaled = Scaled::new(x, rows, cols, y)?;
    let qr = scaled.full_rank_qr()?;
    let mut c = scaled.y.clone();
    qr.apply_qt(&mut c);
    c.truncate(cols);
    let r = qr.r_unpermuted();
    let tolerance = 10.0 * rows.max(cols) as f64 * f64::EPSILON;
    let z = lawson_hanson(&r, cols, &c, tolerance, 10 * cols + 50)?;
    scaled.unscale(&z)
}

/// Lawson–Hanson NNLS for a square column-major `n × n` matrix `a` (the reduced problem) whose
/// columns have norm about 1 and `‖b‖ ≤ 1`. `tolerance` bounds the dual at termination.
fn lawson_hanson(a: &[f64], n: usize, b: &[f64], tolerance: f64, max_solves: usize) -> Result<Vec<f64>, EstimateError> {
    let column = |j: usize| &a[j * n..(j + 1) * n];
    // Least squares on the columns `set` (basic solution), as (weights in `set` order, rank).
    let solve = |set: &[usize]| {
        let sub: Vec<f64> = set.iter().flat_map(|&j| column(j).iter().copied()).collect();
        let qr = Qr::factor(sub, n, set.len());
        (qr.solve_basic(b), qr.rank)
    };
    let mut w = vec![0.0; n];
    let mut passive = vec![false; n];
    let mut solves = 0usize;
    let mut count = || {
        solves += 1;
        if solves > max_solves {
            Err(EstimateError::NoConvergence { iterations: max_solves })
        } else {
            Ok(())
        }
    };
    loop {
        // Dual vector Aᵀ(b − A w) = −gradient.
        let mut residual = b.to_vec();
        for (j, &wj) in w.iter().enumerate().filter(|(_, &wj)| wj != 0.0) {
            residual.iter_mut().zip(column(j)).for_each(|(r, aij)| *r -= aij * wj);
        }
        let mut dual: Vec<f64> = (0..n).map(|j| dot(column(j), &residual)).collect();
        // Move the best admissible index from Z to P (rejecting near-dependent or non-positive ones).
        let (mut set, mut z) = loop {
            let candidate =
                (0..n).filter(|&j| !passive[j] && dual[j] > tolerance).max_by(|&i, &j| dual[i].total_cmp(&dual[j]));
            let Some(t) = candidate else {
                return Ok(w);
            };
            count()?;
            let set: Vec<usize> = (0..n).filter(|&j| passive[j] || j == t).collect();
            let (z, rank) = solve(&set);
            let pos = set.iter().position(|&j| j == t).unwrap_or(0);
            if rank == set.len() && z[pos] > 0.0 {
                passive[t] = true;
                break (set, z);
            }
            dual[t] = 0.0;
        };
        // Inner loop: back to feasibility while some passive weight is not positive.
        loop {
            let mut step: Option<(f64, usize)> = None;
            for (&j, &zj) in set.iter().zip(&z) {
                if zj <= 0.0 {
                    // w_j > 0 on P (only the entering index has w = 0, and its z is > 0).
                    let alpha = if w[j] > 0.0 { w[j] / (w[j] - zj) } else { 0.0 };
                    if step.is_none_or(|(best, _)| alpha < best) {
                        step = Some((alpha, j));
                    }
                }
            }
            let Some((alpha, leaving)) = step else {
                for (&j, &zj) in set.iter().zip(&z) {
                    w[j] = zj;
                }
                break;
            };
            for (&j, &zj) in set.iter().zip(&z) {
                w[j] += alpha * (zj - w[j]);
            }
            w[leaving] = 0.0;
            for &j in &set {
                if w[j] <= 0.0 {
                    w[j] = 0.0;
                    passive[j] = false;
                }
            }
            set.retain(|&j| passive[j]);
            count()?;
            z = solve(&set).0;
        }
    }
}
