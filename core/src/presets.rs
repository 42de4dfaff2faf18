//! Named example scenarios of every registered mechanism: the browser's preset menus and
//! `cloudecon preset NAME`. Each mechanism lists its own ([`crate::Mechanism::presets`]).

use crate::data::{Data, DataFile};
use crate::mechanism::{Build, Example};
use crate::registry::{KindVisitor, Registered};
use crate::scenario::{MechanismKind, Scenario};

/// Builds a preset's document from the data files it declares.
type Builder = Box<dyn Fn(&Data) -> Scenario>;

/// A named scenario.
pub struct Preset {
    pub name: &'static str,
    pub mechanism: MechanismKind,
    pub description: &'static str,
    /// The data files it replays (none for most).
    pub data: &'static [&'static DataFile],
    build: Builder,
}

impl Preset {
    /// The preset's scenario (cheap to build: long work happens when it runs), with the data
    /// compiled into the runner (its builder sees only the files it declares).
    #[cfg(feature = "embedded-data")]
    pub fn scenario(&self) -> Scenario {
        (self.build)(&Data::embedded().only(self.data))
    }

    /// The preset's scenario from the data files in `data`, or the first of its files missing.
    /// Its builder sees only the files it declares.
    pub fn scenario_with(&self, data: &Data) -> Result<Scenario, &'static DataFile> {
        match data.missing(self.data).first() {
            Some(file) => Err(file),
            None => Ok((self.build)(&data.only(self.data))),
        }
    }

    /// An example of mechanism `M` as a preset of any mechanism.
    pub(crate) fn of<M: Registered>(example: Example<M::Scenario>) -> Self {
        let (data, build): (_, Builder) = match example.build {
            Build::Ready(build) => (&[][..], Box::new(move |_: &Data| build().map(M::spec))),
            Build::WithData(files, build) => (files, Box::new(move |data: &Data| build(data).map(M::spec))),
        };
        Preset { name: example.name, mechanism: M::KIND, description: example.description, data, build }
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
