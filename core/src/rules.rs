//! The rules a user can write as formulas (issue 22): every mechanism's extension points
//! ([`Mechanism::RULES`](crate::mechanism::Mechanism::RULES), declared in the mechanism's own
//! folder), gathered through the registry in registration order — the runner's `cloudecon rules`
//! prints them, and each page shows a point's variables beside its formula field.

use crate::mechanism::Rule;
use crate::registry::{KindVisitor, Registered};
use crate::scenario::MechanismKind;

/// An extension point and its mechanism.
#[derive(Debug, Clone, Copy)]
pub struct RulePoint {
    pub mechanism: MechanismKind,
    pub rule: &'static Rule,
}

/// Every extension point, by mechanism in registration order.
pub fn all() -> Vec<RulePoint> {
    struct Rules;
    impl KindVisitor for Rules {
        type Out = &'static [Rule];
        fn visit<M: Registered>(self) -> Self::Out {
            M::RULES
        }
    }
    MechanismKind::ALL
        .iter()
        .flat_map(|&mechanism| mechanism.visit(Rules).iter().map(move |rule| RulePoint { mechanism, rule }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::all;
    use crate::formula::{names, Formula};
    use crate::scenario::MechanismKind;

    #[test]
    fn every_example_compiles_over_its_variables() {
        let rules = all();
        for r in &rules {
            let r = r.rule;
            let vars = if r.example_names.is_empty() { names(r.variables) } else { r.example_names.to_vec() };
            if let Err(e) = Formula::compile(r.example, &vars, r.result) {
                panic!("{}: the example {:?} does not compile: {e}", r.pointer, r.example);
            }
        }
        // The four mechanisms with a formula point, in registration order.
        let order: Vec<MechanismKind> = rules.iter().map(|r| r.mechanism).collect();
        let expected: Vec<MechanismKind> = MechanismKind::ALL.iter().copied().filter(|k| order.contains(k)).collect();
        assert_eq!(order, expected);
        assert_eq!(rules.len(), 4);
    }
}
