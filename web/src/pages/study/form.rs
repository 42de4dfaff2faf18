//! The study form: a base document, the varied parameters (one `POINTER=VALUES` per line, as
//! `cloudecon sweep --vary`), a number of seeds and extra metric pointers — kept as typed, checked
//! into what the worker runs, each problem at its field.

use cloudecon::study::{check_values, Vary, MAX_LOCAL_SHARDS};
use cloudecon::Scenario;
use serde::{Deserialize, Serialize};

/// The form as typed (autosaved as it is, problems and all).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Inputs {
    pub base: String,
    pub vary: String,
    pub seeds: String,
    pub metrics: String,
}

impl Default for Inputs {
    /// The example: spot's four policies, the mean spot price varied, five seeds.
    fn default() -> Self {
        Inputs {
            base: cloudecon::presets::find("spot-basic")
                .and_then(|p| crate::services::data::preset_scenario(&p).ok())
                .map(|s| pretty(&s.to_json()))
                .unwrap_or_default(),
            vary: "/spot_price/mean=0.1:0.25:0.05".into(),
            seeds: "5".into(),
            metrics: String::new(),
        }
    }
}

/// A document's JSON text laid out for reading and editing.
pub fn pretty(json: &str) -> String {
    serde_json::from_str::<serde_json::Value>(json)
        .and_then(|v| serde_json::to_string_pretty(&v))
        .unwrap_or_else(|_| json.to_string())
}

/// What the worker is sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub base: String,
    /// The varied parameters, the seeds last (varied fastest), as `sweep` orders them.
    pub vary: Vec<Vary>,
    pub metrics: Vec<String>,
    pub shards: usize,
}

/// Each field's problem, if it has one.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Problems {
    pub base: Option<String>,
    pub vary: Option<String>,
    pub seeds: Option<String>,
    pub metrics: Option<String>,
}

/// The most seeds the form takes (a study here has at most [`MAX_LOCAL_SHARDS`] shards anyway).
const MAX_SEEDS: u64 = MAX_LOCAL_SHARDS as u64;

impl Inputs {
    /// The study to run, or every field's problem.
    pub fn check(&self) -> Result<Plan, Problems> {
        let mut problems = Problems::default();
        if let Err(e) = Scenario::from_json(&self.base) {
            problems.base = Some(crate::i18n::problems_text(&e));
        }
        let mut vary = Vec::new();
        for (i, line) in self.vary.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            match Vary::parse(line.trim()) {
                Ok(v) => vary.push(v),
                Err(e) => {
                    problems.vary.get_or_insert_with(|| {
                        crate::t!(
                            "study-vary-line",
                            line = (i + 1).to_string(),
                            problem = crate::i18n::problem_text(&e)
                        )
                    });
                }
            }
        }
        let seeds = self.seeds.trim();
        match seeds.parse::<u64>() {
            Ok(n) if n <= MAX_SEEDS => {
                if n > 0 {
                    vary.push(Vary::seeds(n));
                }
            }
            _ if seeds.is_empty() => {}
            _ => problems.seeds = Some(crate::t!("study-seeds-problem", max = MAX_SEEDS.to_string())),
        }
        let metrics: Vec<String> =
            self.metrics.split(',').map(str::trim).filter(|m| !m.is_empty()).map(str::to_string).collect();
        if let Some(m) = metrics.iter().find(|m| !m.starts_with('/')) {
            problems.metrics = Some(crate::t!("study-metric-problem", metric = format!("{m:?}")));
        }
        let shards = vary.iter().try_fold(1usize, |n, v| n.checked_mul(v.len())).unwrap_or(usize::MAX);
        if vary.is_empty() && problems.vary.is_none() && problems.seeds.is_none() {
            problems.vary = Some(crate::i18n::t("study-vary-nothing"));
        } else if shards > MAX_LOCAL_SHARDS && problems.vary.is_none() {
            let count = if shards == usize::MAX { crate::i18n::t("study-too-many") } else { shards.to_string() };
            problems.vary =
                Some(crate::t!("study-too-many-shards", shards = count, max = MAX_LOCAL_SHARDS.to_string()));
        }
        if problems.base.is_none() && problems.vary.is_none() {
            // A value that makes no scenario is named now, not when its shard's turn comes.
            if let Err(e) = check_values(self.base.as_bytes(), &vary) {
                problems.vary = Some(crate::i18n::problems_text(&e));
            }
        }
        if problems == Problems::default() {
            Ok(Plan { base: self.base.clone(), vary, metrics, shards })
        } else {
            Err(problems)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_example_is_a_study_and_problems_stay_at_their_field() {
        let plan = Inputs::default().check().unwrap();
        assert_eq!(plan.shards, 4 * 5);
        assert_eq!(plan.vary.last().map(|v| v.pointer.as_str()), Some("/seed"));

        let bad = Inputs {
            base: "{".into(),
            vary: "/a=1,2\n\nnot a pointer".into(),
            seeds: "x".into(),
            metrics: "regret".into(),
        };
        let p = bad.check().unwrap_err();
        assert!(p.base.is_some() && p.seeds.is_some() && p.metrics.is_some());
        assert!(p.vary.as_deref().is_some_and(|v| v.starts_with("line 3")), "{p:?}");

        let big = Inputs { vary: "/spot_price/mean=0:1:0.001".into(), ..Inputs::default() };
        assert!(big
            .check()
            .unwrap_err()
            .vary
            .is_some_and(|v| v.contains("5005 shards") && v.contains("cloudecon sweep")));
        let none = Inputs { vary: String::new(), seeds: "0".into(), ..Inputs::default() };
        assert!(none.check().unwrap_err().vary.is_some());
    }

    /// Issue 38: a value that makes no scenario is refused before the run, naming it; varying a
    /// kind replaces its fields, so the README's own example runs.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_value_that_makes_no_scenario_is_named_before_the_run() {
        let era = cloudecon::presets::find("era-basic").and_then(|p| crate::services::data::preset_scenario(&p).ok());
        let base = pretty(&era.unwrap().to_json());
        let kinds =
            Inputs { base: base.clone(), vary: "/algorithm/kind=basic_econ,first_fit".into(), ..Inputs::default() };
        assert_eq!(kinds.check().map(|p| p.shards), Ok(2 * 5));
        let bad = Inputs { base, vary: "/algorithm/min_unit_price=0,-3".into(), ..Inputs::default() };
        let p = bad.check().unwrap_err();
        assert!(p.vary.as_deref().is_some_and(|v| v.contains("min_unit_price=-3")), "{p:?}");
    }
}
