//! `spot` as a registered [`Mechanism`]: its document, job, CSV table, presets and workloads.

use super::formula::VARIABLES as SPOT_POLICY_VARIABLES;
use super::job::{self, work, SpotJob};
use super::presets;
use super::result::SpotResult;
use super::scenario::SpotScenario;
use crate::error::{Problems, ScenarioError};
use crate::formula::Type;
use crate::mechanism::{Example, Mechanism, Rule, ShippedExercise};

/// On-demand, spot, or both: policies learned online with delayed feedback (Menache et al., ICAC
/// 2014).
pub struct Spot;

impl Mechanism for Spot {
    const TAG: &'static str = "spot";
    const RULES: &'static [Rule] = &[Rule {
        name: "a policy family (per hour: on-demand and spot instance counts, clamped on-demand first into [0, a] with o + s ≤ a, \
               the bid, and a drop condition evaluated first); one expert per combination of `params`, whose names are \
               variables too (e.g. \"params\": { \"eps\": [0, 0.02, 0.05] } and the bid avg + eps)",
        pointer: "/policies/<i>/on_demand, /spot, /bid, /drop",
        form: r#"{ "family": "formula", "on_demand": "0", "spot": "a", "bid": "b", "drop": "r > m*c || q >= v", "params": { "b": [0.1, 0.15, 0.2, 0.25] }, "gamma": 0 }"#,
        result: Type::Number,
        variables: &SPOT_POLICY_VARIABLES,
        example: "avg + 0.05",
        example_names: &[],
    }];
    const NAME: &'static str = "On-demand, spot, or both";
    type Scenario = SpotScenario;
    type Output = SpotResult;
    type Job = SpotJob;

    fn validate(scenario: &SpotScenario, problems: &mut Problems) {
        scenario.validate(problems)
    }

    fn work(scenario: &SpotScenario) -> u64 {
        work(scenario)
    }

    fn start(scenario: SpotScenario, seed: u64) -> SpotJob {
        job::start(scenario, seed)
    }

    fn finish(output: Result<SpotResult, ScenarioError>) -> Result<SpotResult, ScenarioError> {
        output
    }

    /// One row per policy, in order: label, total payoff, final weight, and more.
    fn csv(r: &SpotResult, w: &mut csv::Writer<Vec<u8>>) -> csv::Result<()> {
        w.write_record(["index", "label", "total_payoff", "final_weight", "completed", "drawn", "meaning"])?;
        for (k, p) in r.policies.iter().enumerate() {
            let get = |v: &[f64]| v.get(k).map_or(String::new(), |x| x.to_string());
            let count = |v: &[u64]| v.get(k).map_or(String::new(), |x| x.to_string());
            w.write_record([
                k.to_string(),
                p.label.clone(),
                get(&r.policy_payoffs),
                get(&r.final_weights),
                count(&r.completed),
                count(&r.drawn),
                p.meaning.clone(),
            ])?;
        }
        Ok(())
    }

    fn exercises() -> &'static [ShippedExercise] {
        // The originals in teaching order, then their translations (NAME.LANG: see
        // `exercise::shipped`).
        &[
            ShippedExercise { name: "spot-on-demand", json: include_str!("exercises/spot-on-demand.json") },
            ShippedExercise { name: "spot-learning", json: include_str!("exercises/spot-learning.json") },
            ShippedExercise { name: "spot-delay", json: include_str!("exercises/spot-delay.json") },
            ShippedExercise { name: "spot-bid-formula", json: include_str!("exercises/spot-bid-formula.json") },
            ShippedExercise { name: "spot-on-demand.zh-CN", json: include_str!("exercises/spot-on-demand.zh-CN.json") },
            ShippedExercise { name: "spot-learning.zh-CN", json: include_str!("exercises/spot-learning.zh-CN.json") },
            ShippedExercise { name: "spot-delay.zh-CN", json: include_str!("exercises/spot-delay.zh-CN.json") },
            ShippedExercise {
                name: "spot-bid-formula.zh-CN",
                json: include_str!("exercises/spot-bid-formula.zh-CN.json"),
            },
        ]
    }

    fn presets() -> Vec<Example<SpotScenario>> {
        presets::all()
    }

    fn workloads() -> Vec<Example<SpotScenario>> {
        presets::workloads()
    }
}
