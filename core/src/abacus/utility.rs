//! Separable concave utilities `u(s) = Σ_j g(w_j, s_j)`.
//!
//! A new concave form plugs in by implementing [`Concave`] and adding a [`UtilityKind`] variant.
//! The auction needs only `h(w, s) = g'(s) · s · (1 − s)`, computed in closed form so that
//! `ln` at `s = 0` never produces `0 · ∞`.

use serde::{Deserialize, Serialize};

use crate::error::{check_finite, Problems};

/// One concave, non-decreasing `g(w, s)` on `s ∈ [0, 1]`.
pub trait Concave {
    /// `g(w, s)`.
    fn value(&self, w: f64, s: f64) -> f64;
    /// `g'(s) · s · (1 − s)`: the quantity the auction splits budgets in proportion to.
    fn h(&self, w: f64, s: f64) -> f64;
}

/// `g = w·s`.
pub struct Linear;
/// `g = w·ln s` (`0` when `w = 0`).
pub struct Log;
/// `g = w·s^p`, `p ∈ (0, 1]`.
pub struct Power(pub f64);

impl Concave for Linear {
    fn value(&self, w: f64, s: f64) -> f64 {
        w * s
    }
    fn h(&self, w: f64, s: f64) -> f64 {
        w * s * (1.0 - s)
    }
}

impl Concave for Log {
    fn value(&self, w: f64, s: f64) -> f64 {
        if w == 0.0 {
            0.0
        } else {
            w * crate::math::ln(s)
        }
    }
    fn h(&self, w: f64, s: f64) -> f64 {
        w * (1.0 - s)
    }
}

impl Concave for Power {
    fn value(&self, w: f64, s: f64) -> f64 {
        w * crate::math::pow(s, self.0)
    }
    fn h(&self, w: f64, s: f64) -> f64 {
        w * self.0 * crate::math::pow(s, self.0) * (1.0 - s)
    }
}

/// The utility kinds of the scenario schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UtilityKind {
    Linear,
    Log,
    Power,
}

/// A utility as written in a scenario: `{ "kind", "weights", "exponent"? }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UtilitySpec {
    pub kind: UtilityKind,
    pub weights: Vec<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exponent: Option<f64>,
}

/// A validated utility, ready for the auction.
#[derive(Debug, Clone, PartialEq)]
pub struct Utility {
    form: Form,
    pub weights: Vec<f64>,
}

/// The concave form of a [`Utility`], for code that specialises on it (the auction's rounds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Form {
    Linear,
    Log,
    Power(f64),
}

impl Form {
    /// The form of a validated spec (`exponent` defaults to 0.5 for `power`).
    pub(crate) fn of(spec: &UtilitySpec) -> Self {
        match spec.kind {
            UtilityKind::Linear => Form::Linear,
            UtilityKind::Log => Form::Log,
            UtilityKind::Power => Form::Power(spec.exponent.unwrap_or(0.5)),
        }
    }

    /// `u(s) = Σ_j g(w_j, s_j)`.
    pub(crate) fn value(self, weights: &[f64], shares: &[f64]) -> f64 {
        match self {
            Form::Linear => sum(&Linear, weights, shares),
            Form::Log => sum(&Log, weights, shares),
            Form::Power(p) => sum(&Power(p), weights, shares),
        }
    }
}

impl Utility {
    pub fn linear(weights: Vec<f64>) -> Self {
        Utility { form: Form::Linear, weights }
    }
    pub fn log(weights: Vec<f64>) -> Self {
        Utility { form: Form::Log, weights }
    }
    pub fn power(weights: Vec<f64>, exponent: f64) -> Self {
        Utility { form: Form::Power(exponent), weights }
    }

    /// From a validated spec (`exponent` defaults to 0.5 for `power`).
    pub fn from_spec(spec: &UtilitySpec) -> Self {
        Utility { form: Form::of(spec), weights: spec.weights.clone() }
    }

    pub(crate) fn form(&self) -> Form {
        self.form
    }

    /// The same form with other weights (a misreport of the weights).
    pub fn with_weights(&self, weights: Vec<f64>) -> Self {
        Utility { form: self.form, weights }
    }

    /// `u(s) = Σ_j g(w_j, s_j)`.
    pub fn value(&self, shares: &[f64]) -> f64 {
        self.form.value(&self.weights, shares)
    }

    /// `∂u/∂s_j`, for checking optimality conditions.
    pub fn marginal(&self, j: usize, s: f64) -> f64 {
        let w = self.weights[j];
        match self.form {
            Form::Linear => w,
            Form::Log => w / s,
            Form::Power(p) => w * p * crate::math::pow(s, p - 1.0),
        }
    }
}

/// Checks a utility against `m` resources, at the path `path()` (e.g. `jobs[2].utility`). The
/// path is only built when there is a problem: validating 100,000 jobs must stay cheap.
pub(crate) fn validate_utility(u: &UtilitySpec, m: usize, path: impl Fn() -> String, problems: &mut Problems) {
    let weights_ok = u.weights.len() == m && u.weights.iter().all(|w| w.is_finite() && *w >= 0.0);
    let exponent_ok = match (u.kind, u.exponent) {
        (UtilityKind::Power, Some(e)) => e > 0.0 && e <= 1.0,
        (UtilityKind::Linear | UtilityKind::Log, Some(_)) => false,
        _ => true,
    };
    if weights_ok && exponent_ok {
        return;
    }
    let path = path();
    if u.weights.len() != m {
        problems.push(
            format!("{path}.weights"),
            format!("needs one weight per resource type ({m}), got {}", u.weights.len()),
        );
    }
    for (k, &w) in u.weights.iter().enumerate() {
        let p = format!("{path}.weights[{k}]");
        if check_finite(problems, &p, w) && w < 0.0 {
            problems.push(p, format!("must be ≥ 0, got {w}"));
        }
    }
    match (u.kind, u.exponent) {
        (UtilityKind::Power, Some(e)) if !(e > 0.0 && e <= 1.0) => {
            problems.push(format!("{path}.exponent"), format!("must be in (0, 1] for a concave power utility, got {e}"))
        }
        (UtilityKind::Linear | UtilityKind::Log, Some(_)) => {
            problems.push(format!("{path}.exponent"), "only a `power` utility has an exponent")
        }
        _ => {}
    }
}

#[inline]
fn sum<C: Concave>(g: &C, w: &[f64], s: &[f64]) -> f64 {
    w.iter().zip(s).map(|(&w, &s)| g.value(w, s)).sum()
}
