//! Utilities: the paper's separable concave `u(s) = Σ_j g(w_j, s_j)`, and a user's formula.
//!
//! A new concave form plugs in by implementing [`Concave`] and adding a [`UtilityKind`] variant.
//! The auction needs only `h(w, s) = g'(s) · s · (1 − s)`, computed in closed form so that
//! `ln` at `s = 0` never produces `0 · ∞`.
//!
//! A formula utility (`{ "kind": "formula", "formula": "3*min(map/2, reduce)" }`, issue 22) is any
//! expression of the job's shares, each named after its resource type ([`share_names`]); the
//! auction takes `∂u/∂s_ij` from the compiled formula exactly (automatic differentiation, every
//! resource in one reverse sweep, [`Formula::gradient`]), never by finite differences.

use std::collections::HashMap;
use std::sync::Arc;

use foldhash::fast::FixedState;
use serde::{Deserialize, Serialize};

use crate::error::{check_finite, Problems};
use crate::formula::{Formula, Type};

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
    /// A formula of the shares (issue 22).
    Formula,
}

/// A utility as written in a scenario: `{ "kind", "weights", "exponent"? }`, or `{ "kind":
/// "formula", "formula" }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UtilitySpec {
    pub kind: UtilityKind,
    /// One per resource type (not for a formula).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exponent: Option<f64>,
    /// The formula of a `formula` utility, over the shares named by [`share_names`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<String>,
}

impl UtilitySpec {
    /// This utility written as a formula over the share names `names` (a formula as it is):
    /// `Σ_j w_j·g(s_j)` in resource order, weights of 0 left out — the paper's rule as a starting
    /// point that gives the same auction (to the bit for `linear`, within the tolerance for the
    /// others, whose closed-form `h` rounds differently).
    pub fn as_formula(&self, names: &[String]) -> String {
        let terms: Vec<String> = self
            .weights
            .iter()
            .zip(names)
            .filter(|(&w, _)| w > 0.0)
            .map(|(w, n)| match self.kind {
                UtilityKind::Log => format!("{w}*ln({n})"),
                UtilityKind::Power => format!("{w}*{n}^{}", self.exponent.unwrap_or(0.5)),
                UtilityKind::Linear | UtilityKind::Formula => format!("{w}*{n}"),
            })
            .collect();
        match (&self.formula, self.kind) {
            (Some(f), UtilityKind::Formula) => f.clone(),
            _ if terms.is_empty() => "0".into(),
            _ => terms.join(" + "),
        }
    }

    /// `Σ_j w_j s_j`.
    pub fn linear(weights: Vec<f64>) -> Self {
        UtilitySpec { kind: UtilityKind::Linear, weights, exponent: None, formula: None }
    }

    /// A formula utility.
    pub fn formula(source: impl Into<String>) -> Self {
        UtilitySpec { kind: UtilityKind::Formula, weights: Vec::new(), exponent: None, formula: Some(source.into()) }
    }
}

/// The variables of a formula utility, as `cloudecon rules` and the page describe them: one per
/// resource type of the document (see [`share_names`]).
pub const UTILITY_VARIABLES: [crate::formula::Variable; 1] = [crate::formula::Variable {
    name: "<resource>",
    meaning: "the job's share of that resource type, by its name (map, reduce, …); s1, s2, … by position \
              for a name that is not a formula name",
    unit: "fraction of the resource type's slots, 0 to 1",
}];

/// What a formula utility's variables are: the share of each resource type, named after it when
/// its name is a formula name (a letter or `_`, then letters, digits and `_`), else `s1`, `s2`, …
/// by position (the first resource named so wins a name two share).
pub fn share_names(resources: &[impl AsRef<str>]) -> Vec<String> {
    resources
        .iter()
        .enumerate()
        .map(|(j, r)| {
            let r = r.as_ref();
            let mut chars = r.chars();
            let first = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
            if first && chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
                r.to_string()
            } else {
                format!("s{}", j + 1)
            }
        })
        .collect()
}

/// Compiles a formula utility over the share names `names`.
pub fn compile_utility(source: &str, names: &[String]) -> Result<Arc<Formula>, crate::formula::FormulaError> {
    let vars: Vec<&str> = names.iter().map(String::as_str).collect();
    Formula::compile_shared(source, &vars, Type::Number)
}

/// A validated utility, ready for the auction.
#[derive(Debug, Clone, PartialEq)]
pub struct Utility {
    form: Form,
    /// The weights of a paper's form; for a formula, 1 on each share it reads, else 0 (what the
    /// auction's floor and its warm start need to know: which resources the job values).
    pub weights: Vec<f64>,
}

/// The form of a [`Utility`], for code that specialises on it (the auction's rounds).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Form {
    Linear,
    Log,
    Power(f64),
    Formula(Arc<Compiled>),
}

/// A compiled utility formula, and its [`Formula::slopes`] when it is affine in the shares
/// (`3*map + 2*reduce`): the auction then takes `∂u/∂s_ij` from them instead of running the
/// gradient every round — the same bits, since an affine formula's gradient is the same at
/// every point.
#[derive(Debug, PartialEq)]
pub(crate) struct Compiled {
    pub(crate) formula: Arc<Formula>,
    pub(crate) slopes: Option<Box<[f64]>>,
}

impl Compiled {
    fn new(formula: Arc<Formula>, resources: usize) -> Self {
        let slopes = formula.slopes(resources).map(Vec::into_boxed_slice);
        Compiled { formula, slopes }
    }
}

impl std::ops::Deref for Compiled {
    type Target = Formula;
    fn deref(&self) -> &Formula {
        &self.formula
    }
}

impl Form {
    /// The form of a validated spec of the paper's kinds (`exponent` defaults to 0.5 for
    /// `power`); `None` for a formula, which [`Utilities`] compiles.
    pub(crate) fn paper(spec: &UtilitySpec) -> Option<Self> {
        match spec.kind {
            UtilityKind::Linear => Some(Form::Linear),
            UtilityKind::Log => Some(Form::Log),
            UtilityKind::Power => Some(Form::Power(spec.exponent.unwrap_or(0.5))),
            UtilityKind::Formula => None,
        }
    }

    /// `u(s)`: `Σ_j g(w_j, s_j)`, or the formula's value.
    pub(crate) fn value(&self, weights: &[f64], shares: &[f64]) -> f64 {
        match self {
            Form::Linear => sum(&Linear, weights, shares),
            Form::Log => sum(&Log, weights, shares),
            Form::Power(p) => sum(&Power(*p), weights, shares),
            Form::Formula(f) => f.eval(shares),
        }
    }
}

/// Builds the utilities of validated specs over the resource types `resources`, compiling each
/// distinct formula once (100,000 jobs bidding one formula compile it once).
pub struct Utilities {
    names: Vec<String>,
    compiled: HashMap<String, Arc<Compiled>, FixedState>,
}

impl Utilities {
    pub fn new(resources: &[impl AsRef<str>]) -> Self {
        Utilities { names: share_names(resources), compiled: HashMap::default() }
    }

    /// How many resource types.
    pub fn resources(&self) -> usize {
        self.names.len()
    }

    /// The share names the formulas read.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The utility of a validated spec (`exponent` defaults to 0.5 for `power`); a formula that
    /// does not compile (validation reports it) is an error naming why.
    pub fn utility(&mut self, spec: &UtilitySpec) -> Result<Utility, crate::formula::FormulaError> {
        let form = match Form::paper(spec) {
            Some(form) => form,
            None => {
                let source = spec.formula.as_deref().unwrap_or_default();
                let f = match self.compiled.get(source) {
                    Some(f) => Arc::clone(f),
                    None => {
                        let f = compile_utility(source, &self.names)?;
                        let f = Arc::new(Compiled::new(f, self.names.len()));
                        self.compiled.insert(source.to_string(), Arc::clone(&f));
                        f
                    }
                };
                let weights = (0..self.names.len()).map(|j| if f.uses(j) { 1.0 } else { 0.0 }).collect();
                return Ok(Utility { form: Form::Formula(f), weights });
            }
        };
        Ok(Utility { form, weights: spec.weights.clone() })
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

    /// A formula utility over the resource types `resources`.
    pub fn formula(source: &str, resources: &[impl AsRef<str>]) -> Result<Self, crate::formula::FormulaError> {
        Utilities::new(resources).utility(&UtilitySpec::formula(source))
    }

    pub(crate) fn form(&self) -> &Form {
        &self.form
    }

    /// Whether this is a formula utility.
    pub fn is_formula(&self) -> bool {
        matches!(self.form, Form::Formula(_))
    }

    /// The same form with other weights (a misreport of the weights; a formula has none to
    /// misreport, so it stays as it is).
    pub fn with_weights(&self, weights: Vec<f64>) -> Self {
        match self.form {
            Form::Formula(_) => self.clone(),
            _ => Utility { form: self.form.clone(), weights },
        }
    }

    /// `u(s) = Σ_j g(w_j, s_j)`.
    pub fn value(&self, shares: &[f64]) -> f64 {
        self.form.value(&self.weights, shares)
    }

    /// `∂u/∂s_j` at shares `shares`, for checking optimality conditions.
    pub fn marginal(&self, j: usize, shares: &[f64]) -> f64 {
        let (w, s) = (self.weights[j], shares[j]);
        match &self.form {
            Form::Linear => w,
            Form::Log => w / s,
            Form::Power(p) => w * p * crate::math::pow(s, p - 1.0),
            Form::Formula(f) => f.derivative(shares, j).1,
        }
    }
}

/// Checks a utility against the resource types named `resources`, at the path `path()` (e.g.
/// `jobs[2].utility`). The path is only built when there is a problem: validating 100,000 jobs
/// must stay cheap (and a formula they share is compiled once, by `checked`).
pub(crate) fn validate_utility(
    u: &UtilitySpec,
    checked: &mut FormulaCheck,
    path: impl Fn() -> String,
    problems: &mut Problems,
) {
    if u.kind == UtilityKind::Formula {
        return validate_formula(u, checked, path, problems);
    }
    if u.formula.is_some() {
        problems.push_keyed(format!("{}.formula", path()), "err-only-formula-utility-has-formula", vec![]);
    }
    let m = checked.names.len();
    let weights_ok = u.weights.len() == m && u.weights.iter().all(|w| w.is_finite() && *w >= 0.0);
    let exponent_ok = match (u.kind, u.exponent) {
        (UtilityKind::Power, Some(e)) => e > 0.0 && e <= 1.0,
        (UtilityKind::Linear | UtilityKind::Log | UtilityKind::Formula, Some(_)) => false,
        _ => true,
    };
    if weights_ok && exponent_ok {
        return;
    }
    let path = path();
    if u.weights.len() != m {
        problems.push_keyed(
            format!("{path}.weights"),
            "err-needs-one-weight-per-resource-type-m",
            vec![("m", m.to_string()), ("got", u.weights.len().to_string())],
        );
    }
    for (k, &w) in u.weights.iter().enumerate() {
        let p = format!("{path}.weights[{k}]");
        if check_finite(problems, &p, w) && w < 0.0 {
            problems.push_keyed(p, "err-must-be-at-least-0-got", vec![("got", w.to_string())]);
        }
    }
    match (u.kind, u.exponent) {
        (UtilityKind::Power, Some(e)) if !(e > 0.0 && e <= 1.0) => problems.push_keyed(
            format!("{path}.exponent"),
            "err-must-be-in-0-1-for-concave",
            vec![("got", e.to_string())],
        ),
        (UtilityKind::Linear | UtilityKind::Log | UtilityKind::Formula, Some(_)) => {
            problems.push_keyed(format!("{path}.exponent"), "err-only-power-utility-has-exponent", vec![])
        }
        _ => {}
    }
}

/// The formulas checked so far over one list of resource types, so that each distinct formula
/// is compiled once however many jobs bid it.
pub(crate) struct FormulaCheck {
    names: Vec<String>,
    /// Each distinct source checked, with its error (if any).
    seen: HashMap<String, Option<crate::formula::FormulaError>, FixedState>,
}

impl FormulaCheck {
    pub(crate) fn new(resources: &[impl AsRef<str>]) -> Self {
        FormulaCheck { names: share_names(resources), seen: HashMap::default() }
    }
}

fn validate_formula(u: &UtilitySpec, checked: &mut FormulaCheck, path: impl Fn() -> String, problems: &mut Problems) {
    if !u.weights.is_empty() {
        problems.push_keyed(format!("{}.weights", path()), "err-formula-utility-has-no-weights-formula-says", vec![]);
    }
    if u.exponent.is_some() {
        problems.push_keyed(format!("{}.exponent", path()), "err-only-power-utility-has-exponent", vec![]);
    }
    let Some(source) = u.formula.as_deref() else {
        problems.push_keyed(format!("{}.formula", path()), "err-formula-utility-needs-formula-of-shares-e", vec![]);
        return;
    };
    let error = match checked.seen.get(source) {
        Some(e) => e.clone(),
        None => {
            let e = compile_utility(source, &checked.names).err();
            checked.seen.insert(source.to_string(), e.clone());
            e
        }
    };
    if let Some(e) = error {
        problems.push_problem(e.problem(format!("{}.formula", path())));
    }
}

#[inline]
fn sum<C: Concave>(g: &C, w: &[f64], s: &[f64]) -> f64 {
    w.iter().zip(s).map(|(&w, &s)| g.value(w, s)).sum()
}
