//! Spot policies as a formula family (issue 22): per hour of a job's life, four formulas give the
//! on-demand instance count, the spot instance count, the bid and a drop condition, over the
//! spec's variables ([`VARIABLES`]) and the family's parameters; a parameter grid turns one family
//! into one expert per combination of its values, for the learner.
//!
//! ```json
//! { "family": "formula", "on_demand": "0", "spot": "a", "bid": "b",
//!   "drop": "r > m*c || q >= v", "params": { "b": [0.1, 0.15, 0.2, 0.25] } }
//! ```
//!
//! Each hour: `drop` is evaluated first (a dropped job pays nothing more and earns nothing); then
//! `on_demand` and `spot`, clamped ([`clamp_counts`]: on-demand first into `[0, a]`, then spot
//! into `[0, a − o]`); the bid only when spot instances run. Everything else — interruptions,
//! costs, completion — is the spec's "Running one job under one policy", as for the paper's
//! policies. A value that is not finite ends the run with an error naming the expert, job, hour
//! and the variables' values.

use super::grid::ParamGrid;
use crate::error::Problems;
use crate::formula::{is_function, names, Formula, FormulaError, Type, Variable};

/// The variables of a spot formula, in the order their values are passed (the family's
/// parameters follow, in document order).
pub const VARIABLES: [Variable; 12] = [
    Variable {
        name: "m",
        meaning: "time left: d − h hours, this one included (d − h slots·H with \"remaining_unit\": \"slots\")",
        unit: "hours (or slots)",
    },
    Variable { name: "r", meaning: "remaining work of the job", unit: "instance-hours" },
    Variable { name: "q", meaning: "cost so far (on-demand and spot)", unit: "money" },
    Variable { name: "a", meaning: "usable instances this hour: min(r, c)", unit: "instances" },
    Variable { name: "c", meaning: "the job's parallelism (most instances at once)", unit: "instances" },
    Variable { name: "p", meaning: "the on-demand price", unit: "money per instance-hour" },
    Variable { name: "v", meaning: "the job's value, earned if it completes by its deadline", unit: "money" },
    Variable { name: "z", meaning: "the job's size", unit: "instance-hours" },
    Variable { name: "h", meaning: "this hour of the job's life, from 0", unit: "hours" },
    Variable { name: "d", meaning: "the job's deadline, from its arrival", unit: "hours" },
    Variable {
        name: "last",
        meaning: "the spot price of the slot before this hour (p before the first slot)",
        unit: "money per instance-hour",
    },
    Variable {
        name: "avg",
        meaning: "the γ-weighted average of the spot prices before this hour, as the variable bids average them, with the family's \"gamma\" (default 0: the last price; p before the first slot)",
        unit: "money per instance-hour",
    },
];

/// Indices into the values of [`VARIABLES`].
pub const M: usize = 0;
pub const R: usize = 1;
pub const Q: usize = 2;
pub const A: usize = 3;
pub const C: usize = 4;
pub const P: usize = 5;
pub const V: usize = 6;
pub const Z: usize = 7;
pub const H: usize = 8;
pub const D: usize = 9;
pub const LAST: usize = 10;
pub const AVG: usize = 11;

/// Most parameters a family may have.
pub const MAX_PARAMS: usize = 8;
/// Most experts one family's grid may make (the product of its lists' lengths).
pub const MAX_GRID: usize = 10_000;
/// Longest family name.
pub const MAX_NAME: usize = 60;
/// The parameter that, in a grid, sets each expert's γ.
pub const GAMMA: &str = "gamma";
/// Values passed to a family's formulas: the variables, then the parameters.
pub const SLOTS: usize = VARIABLES.len() + MAX_PARAMS;

/// The relative slack of `o + s ≤ a`: a sum within `1e-12·max(1, a)` of `a` is not cut (the
/// rate-centric split `σ·a + (1 − σ)·a` can round one bit above `a`).
pub const COUNT_TOLERANCE: f64 = 1e-12;

/// The four formulas of a family, as written.
pub const FIELDS: [&str; 4] = ["on_demand", "spot", "bid", "drop"];

/// A formula family as the document writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct FormulaFamilySpec {
    /// The experts' label prefix (default `formula`).
    pub name: Option<String>,
    pub on_demand: String,
    pub spot: String,
    pub bid: String,
    /// A condition.
    pub drop: String,
    /// γ of `avg` (default 0), unless the grid lists `gamma`.
    pub gamma: Option<f64>,
    pub params: ParamGrid,
}

/// A family's formulas, compiled over [`VARIABLES`] and its parameters.
#[derive(Debug, Clone)]
pub struct CompiledFamily {
    pub on_demand: Formula,
    pub spot: Formula,
    pub bid: Formula,
    pub drop: Formula,
    /// Whether a formula reads `avg` (the averages of its γ are then precomputed).
    pub uses_avg: bool,
    /// The grid's parameter names, in order.
    pub params: Vec<String>,
    /// Which parameter is `gamma`, if the grid lists it.
    pub gamma_param: Option<usize>,
    pub gamma: f64,
    /// The document's index of the family (for error paths).
    pub entry: usize,
}

/// One expert of a family: the family (an index into the run's compiled families), its
/// parameters' values and the index of its γ among the run's distinct γ (when it reads `avg`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FormulaExpert {
    pub family: u32,
    pub gamma_index: u32,
    pub params: [f64; MAX_PARAMS],
}

impl FormulaFamilySpec {
    /// The experts' label prefix.
    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("formula")
    }

    /// The sources by field name, in [`FIELDS`] order.
    pub fn sources(&self) -> [(&'static str, &str, Type); 4] {
        [
            ("on_demand", &self.on_demand, Type::Number),
            ("spot", &self.spot, Type::Number),
            ("bid", &self.bid, Type::Number),
            ("drop", &self.drop, Type::Condition),
        ]
    }

    /// The names the formulas may read: [`VARIABLES`], then the parameters.
    pub fn variable_names(&self) -> Vec<&str> {
        let mut out: Vec<&str> = names(&VARIABLES);
        out.extend(self.params.names());
        out
    }

    /// The number of experts (saturating).
    pub fn experts(&self) -> usize {
        self.params.combinations()
    }

    /// The label of the expert with these parameter values: `formula b=0.15`.
    pub fn label(&self, values: &[f64]) -> String {
        let mut out = self.name().to_string();
        for (name, x) in self.params.names().zip(values) {
            out.push_str(&format!(" {name}={x}"));
        }
        out
    }

    /// The γ of the expert with these parameter values.
    pub fn gamma_of(&self, values: &[f64]) -> f64 {
        match self.params.names().position(|n| n == GAMMA) {
            Some(k) => values.get(k).copied().unwrap_or(0.0),
            None => self.gamma.unwrap_or(0.0),
        }
    }

    /// Compiles the four formulas; the first that fails, with its field's name.
    pub fn compile(&self, entry: usize) -> Result<CompiledFamily, (&'static str, FormulaError)> {
        let names = self.variable_names();
        let one = |(field, source, ty): (&'static str, &str, Type)| {
            Formula::compile(source, &names, ty).map_err(|e| (field, e))
        };
        let [o, s, b, d] = self.sources();
        let (on_demand, spot, bid, drop) = (one(o)?, one(s)?, one(b)?, one(d)?);
        let uses_avg = [&on_demand, &spot, &bid, &drop].iter().any(|f| f.uses(AVG));
        Ok(CompiledFamily {
            on_demand,
            spot,
            bid,
            drop,
            uses_avg,
            params: self.params.names().map(String::from).collect(),
            gamma_param: self.params.names().position(|n| n == GAMMA),
            gamma: self.gamma.unwrap_or(0.0),
            entry,
        })
    }

    /// Every problem of the family, at `path` (`policies[2]`) and its fields.
    pub fn validate(&self, path: &str, problems: &mut Problems) {
        if let Some(name) = &self.name {
            if name.trim().is_empty() || name.chars().count() > MAX_NAME {
                problems.push_keyed(
                    format!("{path}.name"),
                    "err-name-of-1-to-max-characters",
                    vec![("max", MAX_NAME.to_string())],
                );
            }
        }
        if let Some(g) = self.gamma {
            if !(0.0..1.0).contains(&g) {
                problems.push_keyed(
                    format!("{path}.gamma"),
                    "err-weight-of-avg-is-in-0-1",
                    vec![("got", g.to_string())],
                );
            }
            if self.params.get(GAMMA).is_some() {
                problems.push_keyed(format!("{path}.gamma"), "err-gamma-given-twice", vec![]);
            }
        }
        let params_ok = self.validate_params(path, problems);
        if params_ok {
            let names = self.variable_names();
            for (field, source, ty) in self.sources() {
                if let Err(e) = Formula::compile(source, &names, ty) {
                    problems.push_problem(e.problem(format!("{path}.{field}")));
                }
            }
        }
    }

    /// The grid's problems; `false` if a name is unusable (the formulas are then not checked:
    /// their errors would only echo it).
    fn validate_params(&self, path: &str, problems: &mut Problems) -> bool {
        let mut ok = true;
        if self.params.len() > MAX_PARAMS {
            problems.push_keyed(
                format!("{path}.params"),
                "err-at-most-max-parameters-got",
                vec![("max", MAX_PARAMS.to_string()), ("got", self.params.len().to_string())],
            );
            return false;
        }
        for (name, values) in &self.params.0 {
            let at = format!("{path}.params.{name}");
            if let Some(v) = VARIABLES.iter().find(|v| v.name == name) {
                problems.push_keyed(
                    &at,
                    "err-name-is-variable-meaning-give-parameter-another",
                    vec![("name", name.to_string()), ("meaning", v.meaning.to_string())],
                );
                ok = false;
            } else if is_function(name) || Formula::compile(name, &[name.as_str()], Type::Number).is_err() {
                problems.push_keyed(
                    &at,
                    "err-name-cannot-be-parameter-s-name-letter",
                    vec![("name", name.to_string())],
                );
                ok = false;
            }
            if values.is_empty() {
                problems.push_keyed(&at, "err-at-least-one-value", vec![]);
            }
            for (k, &x) in values.iter().enumerate() {
                if !x.is_finite() {
                    problems.push_keyed(
                        format!("{at}[{k}]"),
                        "err-must-be-finite-number-got",
                        vec![("got", x.to_string())],
                    );
                } else if name == GAMMA && !(0.0..1.0).contains(&x) {
                    problems.push_keyed(
                        format!("{at}[{k}]"),
                        "err-weight-of-avg-is-in-0-1",
                        vec![("got", x.to_string())],
                    );
                }
            }
        }
        let n = self.experts();
        if n > MAX_GRID {
            let sizes: Vec<String> = self.params.0.iter().map(|(_, v)| v.len().to_string()).collect();
            problems.push_keyed(
                format!("{path}.params"),
                "err-grid-has-join-n-combinations-family-makes",
                vec![
                    ("join", (sizes.join(" × ")).to_string()),
                    ("n", (if n == usize::MAX { "too many".to_string() } else { n.to_string() }).to_string()),
                    ("max", MAX_GRID.to_string()),
                ],
            );
        }
        ok
    }
}

/// On-demand and spot instance counts clamped as the spec's `[0, a]` with `o + s ≤ a`: on-demand
/// first, `o` into `[0, a]`; then `s` into `[0, a]`, and cut to `a − o` when `o + s` exceeds `a`
/// by more than [`COUNT_TOLERANCE`]`·max(1, a)`. Both must be finite.
#[inline]
pub fn clamp_counts(o: f64, s: f64, a: f64) -> (f64, f64) {
    let o = o.clamp(0.0, a);
    let mut s = s.clamp(0.0, a);
    if o + s > a + COUNT_TOLERANCE * a.max(1.0) {
        s = a - o;
    }
    (o, s)
}

impl CompiledFamily {
    /// The formula of a field of [`FIELDS`].
    pub fn formula(&self, field: &str) -> &Formula {
        match field {
            "on_demand" => &self.on_demand,
            "spot" => &self.spot,
            "bid" => &self.bid,
            _ => &self.drop,
        }
    }

    /// `name = value` for every variable and parameter, for an error message.
    pub fn shown(&self, values: &[f64]) -> String {
        let names = VARIABLES.iter().map(|v| v.name).chain(self.params.iter().map(String::as_str));
        names.zip(values).map(|(n, x)| format!("{n} = {x}")).collect::<Vec<_>>().join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_clamped_on_demand_first() {
        assert_eq!(clamp_counts(-1.0, 5.0, 3.0), (0.0, 3.0));
        assert_eq!(clamp_counts(2.0, 2.0, 3.0), (2.0, 1.0));
        assert_eq!(clamp_counts(7.0, 2.0, 3.0), (3.0, 0.0));
        assert_eq!(clamp_counts(1.0, -2.0, 3.0), (1.0, 0.0));
        // σ·a + (1 − σ)·a may round above a: not cut.
        let a = 7.3;
        let (o, s) = (0.2 * a, (1.0 - 0.2) * a);
        assert_eq!(clamp_counts(o, s, a), (o, s));
    }
}
