//! The rules a user can write as formulas (issue 22): where each goes in a document, what it
//! computes and the variables it reads, in one place — the runner's `cloudecon rules` prints it,
//! and each page shows a point's variables beside its formula field.

use crate::cloudshare::custom::PRIORITY_VARIABLES;
use crate::era::algorithm::UNIT_PRICE_VARIABLES;
use crate::formula::{Type, Variable};
use crate::scenario::MechanismKind;

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
pub const RULES: &[RulePoint] = &[RulePoint {
    mechanism: MechanismKind::Era,
    name: "the unit price of Basic-Econ (per unit and slot, then clamped into [min_unit_price, max_unit_price])",
    pointer: "/algorithm/unit_price",
    form: r#""algorithm": { "kind": "formula", "unit_price": "demand_price", "min_unit_price": 0, "late_penalty": 0 }"#,
    result: Type::Number,
    variables: &UNIT_PRICE_VARIABLES,
    example: "demand_price * (1 + promised / capacity)",
}, RulePoint {
    mechanism: MechanismKind::CloudShare,
    name: "the priority of an organization for the next free processor (the highest wins, ties to the lowest index; evaluated at t = now + 1)",
    pointer: "/algorithms/i/priority",
    form: r#""algorithms": [ …, { "kind": "formula", "name": "mine", "psi": "sp", "priority": "contribution - utility" } ]"#,
    result: Type::Number,
    variables: &PRIORITY_VARIABLES,
    example: "contribution - utility + waiting",
}];
