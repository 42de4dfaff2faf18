//! Named example scenarios of every registered mechanism: the browser's preset menus and
//! `cloudecon preset NAME`. Each mechanism lists its own ([`crate::Mechanism::presets`]).

use crate::mechanism::Example;
use crate::registry::{KindVisitor, Registered};
use crate::scenario::{MechanismKind, Scenario};

/// A named scenario.
pub struct Preset {
    pub name: &'static str,
    pub mechanism: MechanismKind,
    pub description: &'static str,
    build: Box<dyn Fn() -> Scenario>,
}

impl Preset {
    /// The preset's scenario (cheap to build: long work happens when it runs).
    pub fn scenario(&self) -> Scenario {
        (self.build)()
    }

    /// An example of mechanism `M` as a preset of any mechanism.
    pub(crate) fn of<M: Registered>(example: Example<M::Scenario>) -> Self {
        let build = example.build;
        Preset {
            name: example.name,
            mechanism: M::KIND,
            description: example.description,
            build: Box::new(move || build().map(M::spec)),
        }
    }
}

/// Every preset, grouped by mechanism in registration order.
pub fn all() -> Vec<Preset> {
    struct Presets;
    impl KindVisitor for Presets {
        type Out = Vec<Preset>;
        fn visit<M: Registered>(self) -> Vec<Preset> {
            M::presets().into_iter().map(Preset::of::<M>).collect()
        }
    }
    MechanismKind::ALL.iter().flat_map(|k| k.visit(Presets)).collect()
}

/// The preset of that name.
pub fn find(name: &str) -> Option<Preset> {
    all().into_iter().find(|p| p.name == name)
}
