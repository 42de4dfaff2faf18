//! Named example scenarios: the browser's preset menus and `cloudecon preset NAME`.

use crate::abacus::observe::Measure;
use crate::abacus::presets as abacus;
use crate::abacus::UtilityKind;
use crate::scenario::{MechanismKind, MechanismSpec, Scenario};
use crate::shapley::ShapleyScenario;

/// A named scenario.
pub struct Preset {
    pub name: &'static str,
    pub mechanism: MechanismKind,
    pub description: &'static str,
    build: fn() -> Scenario,
}

impl Preset {
    pub fn scenario(&self) -> Scenario {
        (self.build)()
    }
}

fn glove() -> Scenario {
    Scenario { title: "Glove game".into(), ..Scenario::new(MechanismSpec::Shapley(ShapleyScenario::default())) }
}

/// Every preset, grouped by mechanism.
pub fn all() -> Vec<Preset> {
    vec![
        Preset {
            name: "shapley-glove",
            mechanism: MechanismKind::Shapley,
            description: "three-player glove game",
            build: glove,
        },
        Preset {
            name: "abacus-running-example",
            mechanism: MechanismKind::Abacus,
            description: "the paper's running example (Figs. 2–4; J2 and J3 reconstructed)",
            build: abacus::running_example,
        },
        Preset {
            name: "abacus-table-one",
            mechanism: MechanismKind::Abacus,
            description: "Table I: three users with Poisson arrivals, Abacus vs FIFO vs Fair (Figs. 8–9)",
            build: abacus::table_one,
        },
        Preset {
            name: "abacus-estimate-user-3",
            mechanism: MechanismKind::AbacusEstimate,
            description:
                "Fig. 10: User 3 of Table I bids the default utility; fit its weights to 1 / response time of 20 jobs",
            build: || user_three(Measure::InverseResponseTime),
        },
        Preset {
            name: "abacus-estimate-user-3-model",
            mechanism: MechanismKind::AbacusEstimate,
            description:
                "User 3 of Table I bids the default utility; its jobs measured by its hidden 6x + y (weights recovered)",
            build: || user_three(Measure::HiddenUtility),
        },
        Preset {
            name: "abacus-estimate-example",
            mechanism: MechanismKind::AbacusEstimate,
            description: "five observed jobs of a user whose true utility is about 6x + y",
            build: || Scenario::new(MechanismSpec::AbacusEstimate(Default::default())),
        },
        Preset {
            name: "abacus-convergence-linear",
            mechanism: MechanismKind::Abacus,
            description: "Figs. 6–7 setting: 32 users, 4 resources, linear utilities",
            build: || abacus::convergence(32, 4, UtilityKind::Linear, 1),
        },
        Preset {
            name: "abacus-convergence-log",
            mechanism: MechanismKind::Abacus,
            description: "Figs. 6–7 setting: 32 users, 4 resources, log utilities",
            build: || abacus::convergence(32, 4, UtilityKind::Log, 1),
        },
    ]
}

/// User 3 of Table I under the default utility, its first 20 finished jobs as observations. The
/// scheduler's run is seeded, so this always gives 20 observations (pinned by a test); the
/// fallback only keeps the type infallible.
fn user_three(measure: Measure) -> Scenario {
    crate::abacus::observe::estimation_from_schedule(&abacus::table_one(), 2, 20, measure)
        .unwrap_or_else(|| Scenario::new(MechanismSpec::AbacusEstimate(Default::default())))
}

/// The preset of that name.
pub fn find(name: &str) -> Option<Preset> {
    all().into_iter().find(|p| p.name == name)
}
