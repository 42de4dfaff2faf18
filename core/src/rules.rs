//! The rules a user can write as formulas (issue 22): where each goes in a document, what it
//! computes and the variables it reads, in one place — the runner's `cloudecon rules` prints it,
//! and each page shows a point's variables beside its formula field.

use crate::abacus::utility::UTILITY_VARIABLES;
use crate::cloudshare::custom::PRIORITY_VARIABLES;
use crate::era::algorithm::UNIT_PRICE_VARIABLES;
use crate::formula::{Type, Variable};
use crate::scenario::MechanismKind;
use crate::spot::formula::VARIABLES as SPOT_POLICY_VARIABLES;

/// An extension point: a rule of a mechanism that a formula can replace.
#[derive(Debug, Clone, Copy)]
pub struct RulePoint {
    pub mechanism: MechanismKind,
    /// What the rule decides.
    pub name: &'static str,
    /// Where the formula goes (a JSON pointer into the document).
    pub pointer: &'static str,
    /// The document form that selects it.
    pub form: &'static str,
    /// What the formula computes.
    pub result: Type,
    pub variables: &'static [Variable],
    /// A formula to start from.
    pub example: &'static str,
}

/// Every extension point, by mechanism.
pub const RULES: &[RulePoint] = &[
    RulePoint {
        mechanism: MechanismKind::Era,
        name: "the unit price of Basic-Econ (per unit and slot, then clamped into [min_unit_price, max_unit_price])",
        pointer: "/algorithm/unit_price",
        form: r#""algorithm": { "kind": "formula", "unit_price": "demand_price", "min_unit_price": 0, "late_penalty": 0 }"#,
        result: Type::Number,
        variables: &UNIT_PRICE_VARIABLES,
        example: "demand_price * (1 + promised / capacity)",
    },
    RulePoint {
        mechanism: MechanismKind::Abacus,
        name: "a job's utility of its shares (the auction splits its budget by ∂u/∂s, differentiated exactly; \
           also a scheduled user's utility and reported utility)",
        pointer: "/jobs/0/utility/formula",
        form: r#""utility": { "kind": "formula", "formula": "3*map + 2*reduce" }"#,
        result: Type::Number,
        variables: &UTILITY_VARIABLES,
        example: "3*min(map/2, reduce)",
    },
    RulePoint {
        mechanism: MechanismKind::Spot,
        name: "a policy family (per hour: on-demand and spot instance counts, clamped on-demand first into [0, a] with o + s ≤ a, \
               the bid, and a drop condition evaluated first); one expert per combination of `params`, whose names are \
               variables too (e.g. \"params\": { \"eps\": [0, 0.02, 0.05] } and the bid avg + eps)",
        pointer: "/policies/<i>/on_demand, /spot, /bid, /drop",
        form: r#"{ "family": "formula", "on_demand": "0", "spot": "a", "bid": "b", "drop": "r > m*c || q >= v", "params": { "b": [0.1, 0.15, 0.2, 0.25] }, "gamma": 0 }"#,
        result: Type::Number,
        variables: &SPOT_POLICY_VARIABLES,
        example: "avg + 0.05",
    },
    RulePoint {
        mechanism: MechanismKind::CloudShare,
        name: "the priority of an organization for the next free processor (the highest wins, ties to the lowest index; \
               evaluated at t = now + 1)",
        pointer: "/algorithms/i/priority",
        form: r#""algorithms": [ …, { "kind": "formula", "name": "mine", "psi": "sp", "priority": "contribution - utility" } ]"#,
        result: Type::Number,
        variables: &PRIORITY_VARIABLES,
        example: "contribution - utility + waiting",
    },
];

#[cfg(test)]
mod tests {
    use super::RULES;
    use crate::formula::{names, Formula};
    use crate::scenario::MechanismKind;

    #[test]
    fn every_example_compiles_over_its_variables() {
        for r in RULES {
            // An Abacus utility's variables are the document's resource names.
            let vars = match r.mechanism {
                MechanismKind::Abacus => vec!["map", "reduce"],
                _ => names(r.variables),
            };
            if let Err(e) = Formula::compile(r.example, &vars, r.result) {
                panic!("{}: the example {:?} does not compile: {e}", r.pointer, r.example);
            }
        }
    }
}
