//! `abacus` as a registered [`Mechanism`]: its document, job, CSV table, presets and workloads.

use super::job::AbacusJob;
use super::presets;
use super::scenario::{AbacusResult, AbacusScenario};
use super::utility::UtilityKind;
use super::utility::UTILITY_VARIABLES;
use crate::error::{Problems, ScenarioError};
use crate::formula::Type;
use crate::matrix::Matrix;
use crate::mechanism::{Build, Document, Example, Mechanism, Rule, ShippedExercise};

/// The Abacus auction (IC2E 2013) with its incentive sweeps, scheduler and convergence study.
pub struct Abacus;

impl Mechanism for Abacus {
    const TAG: &'static str = "abacus";
    const RULES: &'static [Rule] = &[Rule {
        name: "a job's utility of its shares (the auction splits its budget by ∂u/∂s, differentiated exactly; \
           also a scheduled user's utility and reported utility)",
        pointer: "/jobs/0/utility/formula",
        form: r#""utility": { "kind": "formula", "formula": "3*map + 2*reduce" }"#,
        result: Type::Number,
        variables: &UTILITY_VARIABLES,
        example: "3*min(map/2, reduce)",
        example_names: &["map", "reduce"],
    }];
    const NAME: &'static str = "Abacus auction";
    type Scenario = AbacusScenario;
    type Output = AbacusResult;
    type Job = AbacusJob;

    fn validate(scenario: &AbacusScenario, problems: &mut Problems) {
        scenario.validate(problems)
    }

    fn work(scenario: &AbacusScenario) -> u64 {
        scenario.work()
    }

    fn start(scenario: AbacusScenario, seed: u64) -> AbacusJob {
        scenario.into_job(seed)
    }

    fn finish(output: Result<AbacusResult, ScenarioError>) -> Result<AbacusResult, ScenarioError> {
        output
    }

    /// The auction's table (one row per job: utility, shares, sub-budgets); for a run without
    /// auction jobs, the scheduler's jobs (one row per job and policy) or the study's points.
    fn csv(r: &AbacusResult, w: &mut csv::Writer<Vec<u8>>) -> csv::Result<()> {
        if r.jobs.is_empty() {
            if let Some(s) = &r.schedule_result {
                w.write_record(["policy", "job", "user", "arrival", "start", "finish", "response_time"])?;
                for p in &s.policies {
                    let policy = p.policy.tag();
                    for (k, j) in p.jobs.iter().enumerate() {
                        let user = p.users.get(j.user as usize).map_or_else(|| j.user.to_string(), |u| u.name.clone());
                        let times = [j.arrival, j.start, j.finish, j.response_time].map(|t| t.to_string());
                        let [arrival, start, finish, response] = times;
                        w.write_record([
                            policy.to_string(),
                            (k + 1).to_string(),
                            user,
                            arrival,
                            start,
                            finish,
                            response,
                        ])?;
                    }
                }
                return Ok(());
            }
            if let Some(s) = &r.study_result {
                w.write_record(["x", "linear_mean", "linear_max", "log_mean", "log_max"])?;
                for p in &s.points {
                    let row = [p.x.to_string(), p.linear_mean.to_string(), p.linear_max.to_string()];
                    w.write_record(row.into_iter().chain([p.log_mean.to_string(), p.log_max.to_string()]))?;
                }
                return Ok(());
            }
        }
        let mut header = vec!["job".to_string(), "utility".to_string()];
        header.extend(r.resources.iter().map(|x| format!("share_{x}")));
        header.extend(r.resources.iter().map(|x| format!("sub_budget_{x}")));
        w.write_record(&header)?;
        for (i, job) in r.jobs.iter().enumerate() {
            let mut row = vec![job.clone(), r.utilities[i].to_string()];
            row.extend(r.shares[i].iter().map(f64::to_string));
            row.extend(r.sub_budgets[i].iter().map(f64::to_string));
            w.write_record(&row)?;
        }
        Ok(())
    }

    fn exercises() -> &'static [ShippedExercise] {
        // The originals in teaching order, then their translations (NAME.LANG: see
        // `exercise::shipped`).
        &[
            ShippedExercise { name: "abacus-budgets", json: include_str!("exercises/abacus-budgets.json") },
            ShippedExercise { name: "abacus-incentives", json: include_str!("exercises/abacus-incentives.json") },
            ShippedExercise { name: "abacus-scheduler", json: include_str!("exercises/abacus-scheduler.json") },
            ShippedExercise {
                name: "abacus-utility-formula",
                json: include_str!("exercises/abacus-utility-formula.json"),
            },
            ShippedExercise { name: "abacus-budgets.zh-CN", json: include_str!("exercises/abacus-budgets.zh-CN.json") },
            ShippedExercise {
                name: "abacus-incentives.zh-CN",
                json: include_str!("exercises/abacus-incentives.zh-CN.json"),
            },
            ShippedExercise {
                name: "abacus-scheduler.zh-CN",
                json: include_str!("exercises/abacus-scheduler.zh-CN.json"),
            },
            ShippedExercise {
                name: "abacus-utility-formula.zh-CN",
                json: include_str!("exercises/abacus-utility-formula.zh-CN.json"),
            },
        ]
    }

    fn presets() -> Vec<Example<AbacusScenario>> {
        vec![
            Example {
                name: "abacus-running-example",
                description: "the paper's running example (Figs. 2–4; J2 and J3 reconstructed)",
                build: Build::Ready(presets::running_example),
            },
            Example {
                name: "abacus-table-one",
                description: "Table I: three users with Poisson arrivals, Abacus vs FIFO vs Fair (Figs. 8–9)",
                build: Build::Ready(presets::table_one),
            },
            Example {
                name: "abacus-convergence-linear",
                description: "Figs. 6–7 setting: 32 users, 4 resources, linear utilities",
                build: Build::Ready(|| presets::convergence(32, 4, UtilityKind::Linear, 1)),
            },
            Example {
                name: "abacus-convergence-log",
                description: "Figs. 6–7 setting: 32 users, 4 resources, log utilities",
                build: Build::Ready(|| presets::convergence(32, 4, UtilityKind::Log, 1)),
            },
        ]
    }

    fn workloads() -> Vec<Example<AbacusScenario>> {
        vec![
            Example {
                name: "abacus_128x4_linear",
                description:
                    "Abacus auction, 128 jobs × 4 resources, linear utilities (the paper's largest: 7 ms in 2012)",
                build: Build::Ready(|| workload(128, 4, UtilityKind::Linear)),
            },
            Example {
                name: "abacus_128x4_log",
                description: "Abacus auction, 128 jobs × 4 resources, log utilities",
                build: Build::Ready(|| workload(128, 4, UtilityKind::Log)),
            },
            Example {
                name: "abacus_10000x16_linear",
                description: "Abacus auction, 10,000 jobs × 16 resources, linear utilities",
                build: Build::Ready(|| workload(10_000, 16, UtilityKind::Linear)),
            },
            Example {
                name: "abacus_10000x16_log",
                description: "Abacus auction, 10,000 jobs × 16 resources, log utilities",
                build: Build::Ready(|| workload(10_000, 16, UtilityKind::Log)),
            },
        ]
    }

    fn iterations(output: &AbacusResult) -> Option<u32> {
        Some(output.iterations)
    }

    fn matrices(output: &mut AbacusResult) -> Vec<&mut Matrix> {
        vec![&mut output.shares, &mut output.sub_budgets]
    }
}

/// The paper's auction setting at size `n × m`, without the per-round trace.
fn workload(n: usize, m: usize, kind: UtilityKind) -> Document<AbacusScenario> {
    let mut s = presets::convergence(n, m, kind, 1);
    s.spec.trace = false;
    s
}
