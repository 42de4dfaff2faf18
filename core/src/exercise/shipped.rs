//! The exercise sets shipped with the playground: each mechanism lists its own
//! ([`crate::Mechanism::exercises`], JSON files in its folder); this module gathers them.

use super::document::ExerciseDocument;
use crate::error::ScenarioError;
use crate::registry::{KindVisitor, Registered};
use crate::scenario::MechanismKind;

/// A shipped exercise with its mechanism.
#[derive(Debug, Clone, Copy)]
pub struct Shipped {
    pub name: &'static str,
    pub mechanism: MechanismKind,
    pub json: &'static str,
}

impl Shipped {
    /// The exercise document (shipped exercises are tested to read).
    pub fn document(&self) -> Result<ExerciseDocument, ScenarioError> {
        ExerciseDocument::from_json(self.json)
    }
}

/// Every shipped exercise: mechanism by mechanism, in registration order, each set in its order.
pub fn all() -> Vec<Shipped> {
    struct List;
    impl KindVisitor for List {
        type Out = Vec<Shipped>;
        fn visit<M: Registered>(self) -> Vec<Shipped> {
            M::exercises().iter().map(|e| Shipped { name: e.name, mechanism: M::KIND, json: e.json }).collect()
        }
    }
    MechanismKind::ALL.iter().flat_map(|k| k.visit(List)).collect()
}

/// The shipped exercise with this name.
pub fn find(name: &str) -> Option<Shipped> {
    all().into_iter().find(|e| e.name == name)
}
