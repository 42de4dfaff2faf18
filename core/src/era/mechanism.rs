//! `era` as a registered [`Mechanism`]: its document, job, CSV table, presets and workloads.

use super::algorithm::UNIT_PRICE_VARIABLES;
use super::job::{self, work, EraJob};
use super::presets;
use super::result::EraResult;
use super::scenario::EraScenario;
use crate::error::{Problems, ScenarioError};
use crate::formula::Type;
use crate::mechanism::{Example, Mechanism, Rule, ShippedExercise};

/// ERA: reservations priced from predicted demand (Babaioff et al., WWW 2017).
pub struct Era;

impl Mechanism for Era {
    const TAG: &'static str = "era";
    const RULES: &'static [Rule] = &[Rule {
        name: "the unit price of Basic-Econ (per unit and slot, then clamped into [min_unit_price, max_unit_price])",
        pointer: "/algorithm/unit_price",
        form: r#""algorithm": { "kind": "formula", "unit_price": "demand_price", "min_unit_price": 0, "late_penalty": 0 }"#,
        result: Type::Number,
        variables: &UNIT_PRICE_VARIABLES,
        example: "demand_price * (1 + promised / capacity)",
        example_names: &[],
    }];
    const NAME: &'static str = "ERA reservations";
    type Scenario = EraScenario;
    type Output = EraResult;
    type Job = EraJob;

    fn validate(scenario: &EraScenario, problems: &mut Problems) {
        scenario.validate(problems);
        // What needs the model (the history's size) once the fields it is built from are valid.
        if problems.is_empty() {
            super::convert::check_history(scenario, problems);
        }
    }

    fn work(scenario: &EraScenario) -> u64 {
        work(scenario)
    }

    fn start(scenario: EraScenario, seed: u64) -> EraJob {
        job::start(scenario, seed)
    }

    fn finish(output: Result<EraResult, ScenarioError>) -> Result<EraResult, ScenarioError> {
        output
    }

    /// The decisions table: one row per bid, in document order.
    fn csv(r: &EraResult, w: &mut csv::Writer<Vec<u8>>) -> csv::Result<()> {
        w.write_record([
            "id", "class", "submit", "value", "accepted", "start", "price", "quote", "finish", "late", "reason",
        ])?;
        let opt = |x: Option<String>| x.unwrap_or_default();
        for d in &r.decisions {
            let finish = d.parts.iter().map(|p| p.finish.map(|f| f.to_string())).collect::<Option<Vec<_>>>();
            w.write_record([
                d.id.clone(),
                opt(d.class.clone()),
                d.submit.to_string(),
                d.value.to_string(),
                d.accepted.to_string(),
                opt(d.start.map(|s| s.to_string())),
                opt(d.price.map(|p| p.to_string())),
                opt(d.quote.map(|p| p.to_string())),
                if d.accepted { opt(finish.map(|f| f.join(" "))) } else { String::new() },
                (d.accepted && d.parts.iter().any(|p| p.late)).to_string(),
                opt(d.reason.clone()),
            ])?;
        }
        Ok(())
    }

    fn exercises() -> &'static [ShippedExercise] {
        // The originals in teaching order, then their translations (NAME.LANG: see
        // `exercise::shipped`).
        &[
            ShippedExercise { name: "era-quotes", json: include_str!("exercises/era-quotes.json") },
            ShippedExercise { name: "era-lp-predictor", json: include_str!("exercises/era-lp-predictor.json") },
            ShippedExercise { name: "era-algorithms", json: include_str!("exercises/era-algorithms.json") },
            ShippedExercise { name: "era-price-formula", json: include_str!("exercises/era-price-formula.json") },
            ShippedExercise { name: "era-quotes.zh-CN", json: include_str!("exercises/era-quotes.zh-CN.json") },
            ShippedExercise {
                name: "era-lp-predictor.zh-CN",
                json: include_str!("exercises/era-lp-predictor.zh-CN.json"),
            },
            ShippedExercise { name: "era-algorithms.zh-CN", json: include_str!("exercises/era-algorithms.zh-CN.json") },
            ShippedExercise {
                name: "era-price-formula.zh-CN",
                json: include_str!("exercises/era-price-formula.zh-CN.json"),
            },
        ]
    }

    fn presets() -> Vec<Example<EraScenario>> {
        presets::all()
    }

    fn workloads() -> Vec<Example<EraScenario>> {
        presets::workloads()
    }
}
