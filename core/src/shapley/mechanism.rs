//! `shapley` as a registered [`Mechanism`]: its document, job, CSV table, presets and workloads.

use super::games::GameFormula;
use super::job::{ShapleyJob, ShapleyResult};
use super::scenario::ShapleyScenario;
use crate::error::{Problems, ScenarioError};
use crate::mechanism::{Build, Document, Example, Mechanism, ShippedExercise};

/// The exact Shapley value of a cooperative game (CloudShare's fairness reference).
pub struct Shapley;

impl Mechanism for Shapley {
    const TAG: &'static str = "shapley";
    const NAME: &'static str = "Shapley value calculator";
    type Scenario = ShapleyScenario;
    type Output = ShapleyResult;
    type Job = ShapleyJob;

    fn validate(scenario: &ShapleyScenario, problems: &mut Problems) {
        scenario.validate(problems)
    }

    fn work(scenario: &ShapleyScenario) -> u64 {
        scenario.work()
    }

    fn start(scenario: ShapleyScenario, seed: u64) -> ShapleyJob {
        scenario.job(seed)
    }

    fn finish(output: ShapleyResult) -> Result<ShapleyResult, ScenarioError> {
        Ok(output)
    }

    /// One row per player: its Shapley value and its share of the grand coalition's value.
    fn csv(r: &ShapleyResult, w: &mut csv::Writer<Vec<u8>>) -> csv::Result<()> {
        w.write_record(["player", "shapley", "share_of_grand_value"])?;
        for (p, phi) in r.players.iter().zip(&r.shapley) {
            let share = if r.grand_value != 0.0 { phi / r.grand_value } else { f64::NAN };
            w.write_record([p.clone(), phi.to_string(), share.to_string()])?;
        }
        Ok(())
    }

    fn exercises() -> &'static [ShippedExercise] {
        // The originals in teaching order, then their translations (NAME.LANG: see
        // `exercise::shipped`).
        &[
            ShippedExercise { name: "shapley-gloves", json: include_str!("exercises/shapley-gloves.json") },
            ShippedExercise { name: "shapley-axioms", json: include_str!("exercises/shapley-axioms.json") },
            ShippedExercise { name: "shapley-voting", json: include_str!("exercises/shapley-voting.json") },
            ShippedExercise { name: "shapley-gloves.zh-CN", json: include_str!("exercises/shapley-gloves.zh-CN.json") },
            ShippedExercise { name: "shapley-axioms.zh-CN", json: include_str!("exercises/shapley-axioms.zh-CN.json") },
            ShippedExercise { name: "shapley-voting.zh-CN", json: include_str!("exercises/shapley-voting.zh-CN.json") },
        ]
    }

    fn presets() -> Vec<Example<ShapleyScenario>> {
        vec![Example {
            name: "shapley-glove",
            description: "three-player glove game",
            build: Build::Ready(|| Document {
                title: "Glove game".into(),
                ..Document::new(ShapleyScenario::default())
            }),
        }]
    }

    fn workloads() -> Vec<Example<ShapleyScenario>> {
        vec![
            Example {
                name: "shapley_random_20",
                description: "exact Shapley value + core check, 20 players, random game (2^20 coalitions)",
                build: Build::Ready(|| {
                    let spec = ShapleyScenario {
                        players: players(20),
                        coalitions: None,
                        game: Some(GameFormula::Random { low: 0.0, high: 100.0 }),
                    };
                    Document { seed: 42, ..Document::new(spec) }
                }),
            },
            Example {
                name: "shapley_glove_16",
                description: "exact Shapley value + core check, 16-player glove game",
                build: Build::Ready(|| {
                    let left = players(6);
                    Document::new(ShapleyScenario {
                        players: players(16),
                        coalitions: None,
                        game: Some(GameFormula::Glove { left }),
                    })
                }),
            },
        ]
    }
}

fn players(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("P{i}")).collect()
}
