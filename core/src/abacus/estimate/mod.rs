//! # Utility estimation by (non-negative) least squares
//!
//! Zhang et al., "ABACUS", IC2E 2013, Section V (experiment in Section VI-E). A user who does not
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

use crate::error::ScenarioError;

mod solve;

pub use solve::{least_squares, non_negative_least_squares};

/// Most observations accepted in a scenario.
pub const MAX_OBSERVATIONS: usize = 100_000;
/// Most resource types accepted (as `abacus::MAX_RESOURCES`).
pub const MAX_RESOURCE_TYPES: usize = 64;
/// Largest utility magnitude accepted: squares of 100,000 of them still sum without overflow.
/// Larger numbers are refused at the field, not by the fit after validation.
pub const MAX_UTILITY: f64 = 1e100;
/// Relative rank tolerance of the pivoted QR, on columns scaled to unit norm.
pub const RANK_TOLERANCE: f64 = 1e-12;

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
            EstimateKind::Log => crate::math::ln(share),
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

/// The fitted weights.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EstimateResult {
    /// `w_j`, one per resource type.
    pub weights: Vec<f64>,
    /// `Σ_l (u_l − fitted_l)²`.
    pub residual_sum_of_squares: f64,
    /// Observations in the fit (all of them).
    pub observations_used: u32,
    pub kind: EstimateKind,
    pub non_negative: bool,
    /// Fitted utility `Σ_j w_j φ(s̄_lj)` per observation.
    pub fitted: Vec<f64>,
    /// The observations fitted, when the run produced them (`from_schedule`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observations: Option<Vec<Observation>>,
}

/// Why a fit has no answer. Its English is its message (`core/locales/{lang}/errors.ftl`, id and
/// arguments from [`EstimateError::key`]): the page shows it in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub enum EstimateError {
    /// The scenario failed validation (every problem with its JSON path).
    Invalid(ScenarioError),
    TooFewObservations {
        needed: usize,
        got: usize,
    },
    Dimensions {
        rows: usize,
        cols: usize,
        x_len: usize,
        y_len: usize,
    },
    NonFinite {
        what: &'static str,
        index: usize,
    },
    ZeroColumn {
        column: usize,
    },
    Singular {
        column: usize,
        rank: usize,
        cols: usize,
        combination: Vec<(usize, f64)>,
    },
    NoConvergence {
        iterations: usize,
    },
    Overflow,
}

impl EstimateError {
    /// Its message id and arguments (`None` for [`EstimateError::Invalid`], whose problems carry
    /// their own).
    pub fn key(&self) -> Option<(&'static str, Vec<(&'static str, String)>)> {
        let s = |x: &dyn ToString| x.to_string();
        Some(match self {
            EstimateError::Invalid(_) => return None,
            EstimateError::TooFewObservations { needed, got } => {
                ("err-estimate-too-few-observations", vec![("needed", s(needed)), ("got", s(got))])
            }
            EstimateError::Dimensions { rows, cols, x_len, y_len } => (
                "err-estimate-dimensions",
                vec![("rows", s(rows)), ("cols", s(cols)), ("x_len", s(x_len)), ("y_len", s(y_len))],
            ),
            EstimateError::NonFinite { what, index } => {
                ("err-estimate-not-finite", vec![("what", s(what)), ("index", s(index))])
            }
            EstimateError::ZeroColumn { column } => ("err-estimate-zero-column", vec![("column", s(column))]),
            EstimateError::Singular { column, rank, cols, combination } => (
                "err-estimate-singular",
                vec![
                    ("column", s(column)),
                    ("rank", s(rank)),
                    ("cols", s(cols)),
                    ("combination", describe(combination)),
                ],
            ),
            EstimateError::NoConvergence { iterations } => {
                ("err-estimate-no-convergence", vec![("iterations", s(iterations))])
            }
            EstimateError::Overflow => ("err-estimate-overflow", vec![]),
        })
    }

    /// The error as problems at `path` (a fit's own error) or the scenario's own problems.
    pub fn into_scenario_error(self, path: &str) -> ScenarioError {
        match (self.key(), self) {
            (_, EstimateError::Invalid(e)) => e,
            (Some((id, args)), _) => ScenarioError::keyed(path, id, args),
            (None, _) => ScenarioError::keyed(path, "err-could-not-be-read", vec![]),
        }
    }
}

impl std::fmt::Display for EstimateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self, self.key()) {
            (EstimateError::Invalid(e), _) => write!(f, "{e}"),
            (_, Some((id, args))) => {
                f.write_str(&crate::messages::english(id, &args).unwrap_or_else(|| id.to_string()))
            }
            (_, None) => Ok(()),
        }
    }
}

impl std::error::Error for EstimateError {}

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

/// Fits the weights of `observations` (validated: at least as many as shares each, all of one
/// length) by least squares, or non-negative least squares. A singular system is an error that
/// names the dependent column, never a NaN.
pub fn fit(
    kind: EstimateKind,
    observations: &[Observation],
    non_negative: bool,
) -> Result<EstimateResult, EstimateError> {
    let (k, m) = (observations.len(), observations.first().map_or(0, |o| o.shares.len()));
    if k == 0 || m == 0 {
        return Err(EstimateError::TooFewObservations { needed: m.max(1), got: k });
    }
    let x: Vec<f64> = observations.iter().flat_map(|o| o.shares.iter().map(|&s| kind.phi(s))).collect();
    let y: Vec<f64> = observations.iter().map(|o| o.utility).collect();
    let weights = if non_negative { non_negative_least_squares(&x, k, m, &y)? } else { least_squares(&x, k, m, &y)? };
    let fitted: Vec<f64> = x.chunks(m).map(|row| row.iter().zip(&weights).map(|(a, w)| a * w).sum()).collect();
    let rss: f64 = fitted.iter().zip(&y).map(|(f, u)| (u - f) * (u - f)).sum();
    if !rss.is_finite() || fitted.iter().any(|f| !f.is_finite()) {
        return Err(EstimateError::Overflow);
    }
    Ok(EstimateResult {
        weights,
        residual_sum_of_squares: rss,
        observations_used: k as u32,
        kind,
        non_negative,
        fitted,
        observations: None,
    })
}
