//! What a bundle runs: its own mechanisms' validation, placement, runs and results' readers.
//!
//! The core's pipeline dispatches through the registry, whose closed enums name every mechanism,
//! so a page calling it would carry every mechanism's run in its wasm. Each bundle instead
//! installs the [`Engine`] of its mechanisms when it starts (`app::start`): the ERA bundle links
//! ERA's run alone (the first-load budgets, BENCHMARKS.md "English and 中文"). A scenario of
//! another mechanism is refused with a problem at `mechanism` (it runs on its own page).

use std::cell::Cell;

use cloudecon::registry::Mechanisms;
use cloudecon::runner::{self, Placement};
use cloudecon::{RunOutput, Scenario, ScenarioError};

/// A bundle's runs: function pointers, so that only the installed mechanisms are linked.
#[derive(Clone, Copy)]
pub struct Engine {
    placement: fn(&Scenario) -> Result<Placement, ScenarioError>,
    work: fn(&Scenario) -> Option<u64>,
    run: fn(&Scenario) -> Result<RunOutput, ScenarioError>,
    output: fn(&str) -> Result<RunOutput, String>,
}

impl Engine {
    /// The runs of the mechanisms in `S`: `Engine::of::<(Era,)>()`, or `Engine::of::<Every>()` for the
    /// pages over every mechanism.
    pub const fn of<S: Mechanisms>() -> Engine {
        Engine {
            placement: runner::placement_in::<S>,
            work: runner::work_in::<S>,
            run: runner::run_in::<S>,
            output: RunOutput::from_json_in::<S>,
        }
    }
}

/// Every mechanism, through the registry's own pipeline (one copy of it: the classroom, studies
/// and the benchmark also call it directly). Tests install it; the bundles install
/// [`EVERY_WITHOUT_RESULTS`] or one mechanism's.
pub const EVERY: Engine =
    Engine { placement: placement_every, work: work_every, run: runner::run, output: RunOutput::from_json };

/// [`EVERY`] without the worker's results' reader, for a bundle whose pages never run a scenario
/// through `use_run` (the classroom, studies and the benchmark run inline, or get tables and
/// reports back from the worker, never a run's result). A result read here would be refused as
/// another page's. The function pointer alone linked every mechanism's result deserializer:
/// 36 KB of Brotli on `tools` (BENCHMARKS.md, "`tools` within 60 KB").
pub const EVERY_WITHOUT_RESULTS: Engine = Engine { output: RunOutput::from_json_in::<()>, ..EVERY };

fn placement_every(scenario: &Scenario) -> Result<Placement, ScenarioError> {
    scenario.validate().map(|()| runner::placement(scenario))
}

fn work_every(scenario: &Scenario) -> Option<u64> {
    Some(runner::work(scenario))
}

thread_local! {
    // Tests render any page's parts: they run every mechanism. A bundle installs its own before
    // it mounts; until then nothing runs (no mechanism is linked for it).
    static ENGINE: Cell<Engine> = const { Cell::new(INITIAL) };
}

#[cfg(test)]
const INITIAL: Engine = EVERY;
#[cfg(not(test))]
const INITIAL: Engine = Engine::of::<()>();

/// Installs the bundle's engine (`app::start`).
pub fn install(engine: Engine) {
    ENGINE.with(|e| e.set(engine));
}

fn current() -> Engine {
    ENGINE.with(Cell::get)
}

/// Validates `scenario` and decides whether it runs inline or in the worker.
pub fn placement(scenario: &Scenario) -> Result<Placement, ScenarioError> {
    (current().placement)(scenario)
}

/// Whether `scenario` is small enough to run here (valid or not): `runner::placement`'s answer.
pub fn inline(scenario: &Scenario) -> bool {
    runner::placement_of((current().work)(scenario).unwrap_or(0)) == Placement::Inline
}

/// Validates and runs `scenario` to the end, here.
pub fn run(scenario: &Scenario) -> Result<RunOutput, ScenarioError> {
    (current().run)(scenario)
}

/// Reads a result the worker sent.
pub fn output(json: &str) -> Result<RunOutput, String> {
    (current().output)(json)
}

#[cfg(test)]
mod tests {
    use cloudecon::era::Era;
    use cloudecon::presets;

    use super::*;

    /// An engine of one mechanism runs that mechanism's scenarios as the full pipeline does,
    /// reads its results back, and refuses another mechanism's scenario at `mechanism`.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn one_mechanism_runs_its_own_and_refuses_others() {
        let era = Engine::of::<(Era,)>();
        let mut ran = 0;
        for preset in presets::all() {
            let Ok(scenario) = preset.scenario_with(&cloudecon::data::Data::new()) else { continue };
            if runner::placement(&scenario) != Placement::Inline {
                continue;
            }
            if scenario.kind() == cloudecon::MechanismKind::Era {
                let out = (era.run)(&scenario).expect("runs");
                assert_eq!(out, runner::run(&scenario).unwrap(), "{}", preset.name);
                assert_eq!((era.output)(&out.to_json()).unwrap(), out);
                assert_eq!((era.placement)(&scenario).unwrap(), Placement::Inline);
                ran += 1;
            } else {
                let refused = (era.run)(&scenario).unwrap_err();
                assert_eq!(refused.problems[0].path, "mechanism", "{}", preset.name);
                assert_eq!(refused.problems[0].id, Some(cloudecon::scenario::OTHER_PAGE));
                assert!((era.placement)(&scenario).is_err());
                assert!((era.output)(&runner::run(&scenario).unwrap().to_json()).is_err());
            }
        }
        assert!(ran > 0, "an ERA preset runs inline");
    }

    /// `tools`' engine runs and validates every mechanism as the full pipeline does, and reads
    /// no run's result.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn every_without_results_runs_every_mechanism_and_reads_no_result() {
        let engine = EVERY_WITHOUT_RESULTS;
        let mut kinds = std::collections::BTreeSet::new();
        for preset in presets::all() {
            let Ok(scenario) = preset.scenario_with(&cloudecon::data::Data::new()) else { continue };
            if runner::placement(&scenario) != Placement::Inline {
                continue;
            }
            let out = (engine.run)(&scenario).expect("runs");
            assert_eq!(out, runner::run(&scenario).unwrap(), "{}", preset.name);
            assert_eq!((engine.placement)(&scenario).unwrap(), Placement::Inline);
            assert!((engine.output)(&out.to_json()).is_err(), "{}", preset.name);
            kinds.insert(scenario.kind().tag());
        }
        assert_eq!(kinds.len(), cloudecon::MechanismKind::ALL.len(), "{kinds:?}");
    }
}
