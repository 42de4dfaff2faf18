//! A priority written by the user (issue 22): a formula over each organization's contribution
//! and utility under a chosen ψ, its usage, processors, waiting work and last choice; the
//! highest value wins, ties to the lowest organization index — the built-ins' rule.
//!
//! The values are those the built-ins read, at the same time `t` (= now + 1), as `f64`: the
//! doubled integer sums of [`utility`](super::utility) halved (exact below 2^52), so that
//! `contribution - utility` orders the organizations exactly as DirectContr's `i128` keys, and
//! `if(processors > 0, -usage / processors, -1e308)` exactly as FairShare's cross-multiplied
//! ratios (a division rounds monotonically, and equal ratios round alike). A value that is not
//! finite stops the simulation with the rule, the time, the organization and the variables.

use std::cell::RefCell;
use std::cmp::Ordering;

use super::priority::{Priority, View};
use super::utility::Psi;
use crate::error::Problem;
use crate::formula::Variable;
use crate::formula::{names, Formula, FormulaError, Type};

/// The variables of a priority formula, in the order they are passed.
pub const PRIORITY_VARIABLES: [Variable; 7] = [
    Variable {
        name: "contribution",
        meaning: "Σ ψ (the algorithm's psi) over the pieces run on the organization's processors, its own included, at t",
        unit: "ψ (sp, rel: core-units × time; surface: core-units)",
    },
    Variable {
        name: "utility",
        meaning: "Σ ψ (the algorithm's psi) over the organization's own pieces wherever they run, at t",
        unit: "ψ (sp, rel: core-units × time; surface: core-units)",
    },
    Variable {
        name: "usage",
        meaning: "Σ ψ_surface over the organization's own pieces at t: the core-units executed by t (FairShare's usage)",
        unit: "core-units",
    },
    Variable {
        name: "processors",
        meaning: "the organization's cores (its share of the federation; 0 if it only submits)",
        unit: "cores",
    },
    Variable {
        name: "waiting",
        meaning: "cores asked for by the organization's pieces waiting in its queue just before this choice (durations are unknown: the scheduler is non-clairvoyant); with unit pieces, the pieces waiting",
        unit: "cores",
    },
    Variable {
        name: "last",
        meaning: "when the organization was last chosen: the number of its last choice in this simulation (the first choice is 1), 0 if never (round robin is -last)",
        unit: "choices",
    },
    Variable {
        name: "t",
        meaning: "the time at which priorities are evaluated: the current time + 1 (the end of the current unit step)",
        unit: "time units",
    },
];

/// A compiled formula algorithm: its name in the results, its ψ and its priority.
#[derive(Debug, Clone, PartialEq)]
pub struct FormulaRule {
    pub name: String,
    pub psi: Psi,
    /// Over [`PRIORITY_VARIABLES`].
    pub priority: Formula,
}

impl FormulaRule {
    /// Compiles `priority` over [`PRIORITY_VARIABLES`].
    pub fn compile(name: &str, psi: Psi, priority: &str) -> Result<FormulaRule, FormulaError> {
        let priority = Formula::compile(priority, &names(&PRIORITY_VARIABLES), Type::Number)?;
        Ok(FormulaRule { name: name.to_string(), psi, priority })
    }
}

/// A formula's value as a key: finite (a value that is not stops the run), `-0` read as `0`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FloatKey(f64);

impl Eq for FloatKey {}

impl Ord for FloatKey {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0)
    }
}

impl PartialOrd for FloatKey {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// One simulation's state of a [`FormulaRule`]: the last choices and the first fault.
pub struct FormulaPriority<'a> {
    rule: &'a FormulaRule,
    /// The organizations' names (for the fault).
    names: &'a [String],
    /// Per organization: 0 if never chosen, else the number of its last choice.
    last: Vec<u64>,
    next: u64,
    track_usage: bool,
    fault: RefCell<Option<Problem>>,
}

impl<'a> FormulaPriority<'a> {
    pub fn new(rule: &'a FormulaRule, names: &'a [String]) -> Self {
        FormulaPriority {
            rule,
            names,
            last: vec![0; names.len()],
            next: 1,
            track_usage: rule.priority.uses(2),
            fault: RefCell::new(None),
        }
    }

    /// The variables' values for `org`, in the order of [`PRIORITY_VARIABLES`].
    #[inline]
    fn values(&self, org: usize, v: &View) -> [f64; 7] {
        [
            v.contribution[org].at(v.t) as f64 / 2.0,
            v.utility[org].at(v.t) as f64 / 2.0,
            // Without tracking `usage` the view's usage is the utility: ψ_surface (or unread).
            if self.track_usage || self.rule.psi == Psi::Surface { v.usage[org].at(v.t) as f64 / 2.0 } else { 0.0 },
            v.cores[org] as f64,
            v.waiting[org] as f64,
            self.last[org] as f64,
            v.t as f64,
        ]
    }
}

impl Priority for FormulaPriority<'_> {
    type Key = FloatKey;

    fn psi(&self) -> Psi {
        self.rule.psi
    }

    fn usage(&self) -> bool {
        self.track_usage
    }

    #[inline]
    fn key(&self, org: usize, v: &View) -> FloatKey {
        let values = self.values(org, v);
        let p = self.rule.priority.eval(&values);
        if p.is_finite() {
            return FloatKey(p + 0.0);
        }
        let mut fault = self.fault.borrow_mut();
        if fault.is_none() {
            // The variables the formula reads.
            let shown: Vec<String> = PRIORITY_VARIABLES
                .iter()
                .zip(values)
                .enumerate()
                .filter(|(k, _)| self.rule.priority.uses(*k))
                .map(|(_, (var, x))| format!("{} = {x}", var.name))
                .collect();
            let what = if p.is_nan() { "NaN".to_string() } else { format!("{p}") };
            let mut args = vec![
                ("rule", self.rule.name.clone()),
                ("formula", self.rule.priority.source().to_string()),
                ("value", what),
                ("org", self.names.get(org).map_or("?", String::as_str).to_string()),
                ("time", v.t.saturating_sub(1).to_string()),
            ];
            let id = if shown.is_empty() {
                "err-cloudshare-formula-gave-reading-nothing"
            } else {
                args.push(("variables", shown.join(", ")));
                "err-cloudshare-formula-gave"
            };
            *fault = Some(Problem::keyed("", id, args));
        }
        FloatKey(f64::NEG_INFINITY)
    }

    fn chosen(&mut self, org: usize) {
        self.last[org] = self.next;
        self.next += 1;
    }

    fn failed(&self) -> bool {
        self.fault.borrow().is_some()
    }

    fn fault(&mut self) -> Option<Problem> {
        self.fault.borrow_mut().take()
    }
}
