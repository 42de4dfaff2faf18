//! `cloudshare` as a registered [`Mechanism`]: its document, job, CSV table, presets and workloads.

use super::custom::PRIORITY_VARIABLES;
use super::job::{self, work, CloudShareJob};
use super::presets;
use super::result::CloudShareResult;
use super::scenario::CloudShareScenario;
use crate::error::{Problems, ScenarioError};
use crate::formula::Type;
use crate::mechanism::{Example, Mechanism, Rule, ShippedExercise};

/// CloudShare / DirectContr: fair non-monetary sharing between federated clouds (Pacholczyk et al.,
/// CrossCloud 2018).
pub struct CloudShare;

impl Mechanism for CloudShare {
    const TAG: &'static str = "cloudshare";
    const RULES: &'static [Rule] = &[Rule {
        name:
            "the priority of an organization for the next free processor (the highest wins, ties to the lowest index; \
               evaluated at t = now + 1)",
        pointer: "/algorithms/i/priority",
        form: r#""algorithms": [ …, { "kind": "formula", "name": "mine", "psi": "sp", "priority": "contribution - utility" } ]"#,
        result: Type::Number,
        variables: &PRIORITY_VARIABLES,
        example: "contribution - utility + waiting",
        example_names: &[],
    }];
    const NAME: &'static str = "CloudShare / DirectContr";
    type Scenario = CloudShareScenario;
    type Output = CloudShareResult;
    type Job = CloudShareJob;

    fn validate(scenario: &CloudShareScenario, problems: &mut Problems) {
        scenario.validate(problems)
    }

    fn work(scenario: &CloudShareScenario) -> u64 {
        work(scenario)
    }

    fn start(scenario: CloudShareScenario, seed: u64) -> CloudShareJob {
        job::start(scenario, seed)
    }

    fn finish(
        output: Result<Result<CloudShareResult, ScenarioError>, ScenarioError>,
    ) -> Result<CloudShareResult, ScenarioError> {
        output.and_then(|r| r)
    }

    /// One row per algorithm and organization.
    fn csv(r: &CloudShareResult, w: &mut csv::Writer<Vec<u8>>) -> csv::Result<()> {
        w.write_record([
            "algorithm",
            "organization",
            "cores",
            "wait",
            "shapley",
            "difference",
            "unfairness",
            "utilization",
        ])?;
        for a in &r.algorithms {
            let reference = a.shapley.as_ref().unwrap_or(&r.shapley);
            for (k, org) in r.organizations.iter().enumerate() {
                let wait = a.wait.get(k).copied().unwrap_or(0.0);
                let phi = reference.get(k).copied().unwrap_or(0.0);
                w.write_record([
                    a.algorithm.clone(),
                    org.name.clone(),
                    org.cores.to_string(),
                    wait.to_string(),
                    phi.to_string(),
                    (wait - phi).to_string(),
                    a.unfairness.to_string(),
                    a.utilization.to_string(),
                ])?;
            }
        }
        Ok(())
    }

    fn exercises() -> &'static [ShippedExercise] {
        // The originals in teaching order, then their translations (NAME.LANG: see
        // `exercise::shipped`).
        &[
            ShippedExercise { name: "cloudshare-toy", json: include_str!("exercises/cloudshare-toy.json") },
            ShippedExercise {
                name: "cloudshare-fair-waits",
                json: include_str!("exercises/cloudshare-fair-waits.json"),
            },
            ShippedExercise {
                name: "cloudshare-contribution",
                json: include_str!("exercises/cloudshare-contribution.json"),
            },
            ShippedExercise {
                name: "cloudshare-priority-formula",
                json: include_str!("exercises/cloudshare-priority-formula.json"),
            },
            ShippedExercise { name: "cloudshare-toy.zh-CN", json: include_str!("exercises/cloudshare-toy.zh-CN.json") },
            ShippedExercise {
                name: "cloudshare-fair-waits.zh-CN",
                json: include_str!("exercises/cloudshare-fair-waits.zh-CN.json"),
            },
            ShippedExercise {
                name: "cloudshare-contribution.zh-CN",
                json: include_str!("exercises/cloudshare-contribution.zh-CN.json"),
            },
            ShippedExercise {
                name: "cloudshare-priority-formula.zh-CN",
                json: include_str!("exercises/cloudshare-priority-formula.zh-CN.json"),
            },
        ]
    }

    fn presets() -> Vec<Example<CloudShareScenario>> {
        presets::all()
    }

    fn workloads() -> Vec<Example<CloudShareScenario>> {
        presets::workloads()
    }
}
