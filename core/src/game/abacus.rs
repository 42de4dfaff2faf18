//! The Abacus game: each seat is a job with a private budget and private linear weights over two
//! or three resources; it reports a budget (at most its own) and weights; the auction runs over
//! every seat and robot; a seat's utility is its *true* weights times the shares it gets, and it
//! pays its reported budget. Theorem 2: no lower budget and no other weights earn more than the
//! truth (up to the auction's tolerance); the results show each seat's gain over the truth.
//!
//! The theorem holds at the auction's equilibrium only when the others' reports stay put; the
//! others re-optimise their sub-budgets against a seat's reported weights, so a seat that reports
//! its true budget but other weights can end up better off (the paper's own Fig. 8(b) shows user
//! #3's best ratio is not its true one). Such a seat's outcome says `weights_gain: true`, and the
//! summary counts them (`weight_report_gains`).

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::{uniform, Field, Game, Player, Seat, Text};
use crate::error::Problems;
use crate::sim::Rng;

pub struct AbacusGame;

/// A report gains over the truth when its true utility is higher by more than this: the auction
/// stops when no sub-budget moves by more than 1e-10 of the largest budget, so utilities (at most
/// 3 × 15) agree far closer than this between two runs.
pub(crate) const GAIN_TOLERANCE: f64 = 1e-6;

/// A player's true utility at the shares of `row`.
fn true_utility(row: &[f64], weights: &[u32]) -> f64 {
    row.iter().zip(weights).map(|(s, &w)| s * f64::from(w)).sum()
}

/// The shares of player `i` in a run of the round with that one player truthful, the others'
/// decisions unchanged. The Abacus auction uses no randomness (the document's seed matters only
/// to a schedule, which the game has none of), so seed and round 0 give the round's own run.
fn truthful_shares(s: &Settings, players: &[Player<AbacusGame>], i: usize) -> Option<Vec<f64>> {
    let mut others = players.to_vec();
    let p = others.get_mut(i)?;
    p.decision = Decision { budget: p.kind.budget, weights: p.kind.weights.clone() };
    let document = AbacusGame::document(s, 0, 0, &others, &crate::data::Data::new());
    let run = crate::runner::run_document::<crate::abacus::Abacus>(&document).ok()?;
    Some(run["shares"].get(i)?.as_array()?.iter().filter_map(Value::as_f64).collect())
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// The resources' names (two or three).
    pub resources: Vec<String>,
    /// The auction's α.
    pub alpha: f64,
    /// Private budgets are whole dollars drawn uniformly from this range.
    pub budget: [u32; 2],
    /// Private weights are whole numbers drawn uniformly from 1 to this; reports go from 0.
    pub max_weight: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { resources: vec!["map".into(), "reduce".into()], alpha: 0.5, budget: [50, 200], max_weight: 10 }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Type {
    pub budget: u32,
    pub weights: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    pub budget: u32,
    pub weights: Vec<u32>,
}

impl Game for AbacusGame {
    const NAME: &'static str = "abacus";
    type Mechanism = crate::abacus::Abacus;
    const TITLE: &'static str = "Abacus: split your budget over resources (Theorems 1–2)";
    type Settings = Settings;
    type Type = Type;
    type Decision = Decision;

    fn check(s: &Settings, problems: &mut Problems) {
        if !(2..=3).contains(&s.resources.len()) {
            problems.push_keyed("resources", "game-err-resources-count", vec![("n", s.resources.len().to_string())]);
        }
        for (i, name) in s.resources.iter().enumerate() {
            if name.trim().is_empty() || name.chars().count() > 20 {
                problems.push_keyed(format!("resources[{i}]"), "game-err-resource-name", vec![]);
            }
        }
        if !(s.alpha.is_finite() && (0.0..=1.0).contains(&s.alpha)) {
            problems.push_keyed(
                "alpha",
                "game-err-from-to",
                vec![("min", "0".into()), ("max", "1".into()), ("value", s.alpha.to_string())],
            );
        }
        if s.budget[0] < 1 || s.budget[0] > s.budget[1] || s.budget[1] > 1000 {
            problems.push_keyed(
                "budget",
                "game-err-low-high",
                vec![
                    ("min", "1".into()),
                    ("max", "1000".into()),
                    ("low", s.budget[0].to_string()),
                    ("high", s.budget[1].to_string()),
                ],
            );
        }
        if !(1..=15).contains(&s.max_weight) {
            problems.push_keyed(
                "max_weight",
                "game-err-from-to",
                vec![("min", "1".into()), ("max", "15".into()), ("value", s.max_weight.to_string())],
            );
        }
    }

    fn draw(s: &Settings, rng: &mut Rng) -> Type {
        let budget = uniform(rng, s.budget[0], s.budget[1]);
        let weights = s.resources.iter().map(|_| uniform(rng, 1, s.max_weight)).collect();
        Type { budget, weights }
    }

    fn truthful(_: &Settings, t: &Type) -> Result<Decision, Text> {
        Ok(Decision { budget: t.budget, weights: t.weights.clone() })
    }

    fn fields(s: &Settings) -> Vec<Field> {
        let mut fields = vec![Field { name: "budget", min: 1.0, step: 1.0, count: u64::from(s.budget[1]) }];
        fields.extend(s.resources.iter().map(|_| Field {
            name: "weight",
            min: 0.0,
            step: 1.0,
            count: u64::from(s.max_weight) + 1,
        }));
        fields
    }

    fn inputs(s: &Settings) -> Vec<super::Input> {
        Self::fields(s)
            .into_iter()
            .enumerate()
            .map(|(i, field)| {
                let label = if i == 0 {
                    Text::new("game-label-abacus-budget", vec![])
                } else {
                    Text::new("game-label-abacus-weight", vec![("resource", s.resources[i - 1].clone())])
                };
                super::Input::new(label, field, Vec::new())
            })
            .collect()
    }

    fn to_values(d: &Decision) -> Vec<f64> {
        std::iter::once(f64::from(d.budget)).chain(d.weights.iter().map(|&w| f64::from(w))).collect()
    }

    fn from_values(_: &Settings, values: &[f64]) -> Result<Decision, Text> {
        let (budget, weights) = values.split_first().ok_or_else(|| Text::new("game-err-no-budget", vec![]))?;
        Ok(Decision { budget: *budget as u32, weights: weights.iter().map(|&w| w as u32).collect() })
    }

    fn admissible(s: &Settings, t: &Type, d: &Decision) -> Result<(), Text> {
        if d.weights.len() != s.resources.len() {
            return Err(Text::new(
                "game-err-abacus-weights",
                vec![("weights", d.weights.len().to_string()), ("resources", s.resources.len().to_string())],
            ));
        }
        if d.budget > t.budget {
            return Err(Text::new(
                "game-err-abacus-budget-above",
                vec![("budget", d.budget.to_string()), ("own", t.budget.to_string())],
            ));
        }
        if d.weights.iter().all(|&w| w == 0) {
            return Err(Text::new("game-err-abacus-zero-weights", vec![]));
        }
        Ok(())
    }

    fn document(s: &Settings, seed: u64, round: u32, players: &[Player<Self>], _: &crate::data::Data) -> Value {
        let jobs: Vec<Value> = players
            .iter()
            .map(|p| {
                json!({
                    "name": p.seat.name(),
                    "budget": f64::from(p.decision.budget),
                    "utility": { "kind": "linear", "weights": p.decision.weights.iter().map(|&w| f64::from(w)).collect::<Vec<_>>() },
                })
            })
            .collect();
        json!({
            "version": 1,
            "mechanism": "abacus",
            "title": format!("Abacus game, round {round}"),
            "seed": seed,
            "alpha": s.alpha,
            "resources": s.resources.iter().map(|r| json!({ "name": r, "units": 10 })).collect::<Vec<_>>(),
            "jobs": jobs,
        })
    }

    /// Each player's shares and true utility; a seat that reports its true budget but other
    /// weights also gets `truthful_utility` (from a run with its true weights, the others'
    /// decisions unchanged) and `weights_gain`: whether its weights earned it more than the truth.
    fn outcomes(s: &Settings, players: &[Player<Self>], run: &Value) -> Result<Vec<Value>, Text> {
        let missing = |what: &str| Text::new("game-err-run-lacks", vec![("what", what.to_string())]);
        let shares = run["shares"].as_array().ok_or_else(|| missing("shares"))?;
        let sub = run["sub_budgets"].as_array().ok_or_else(|| missing("sub-budgets"))?;
        players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let row: Vec<f64> = shares
                    .get(i)
                    .and_then(Value::as_array)
                    .ok_or_else(|| Text::new("game-err-job-no-shares", vec![]))?
                    .iter()
                    .filter_map(Value::as_f64)
                    .collect();
                let utility = true_utility(&row, &p.kind.weights);
                let mut outcome = json!({
                    "shares": row,
                    "sub_budgets": sub.get(i).cloned().unwrap_or(Value::Null),
                    "utility": utility,
                    "payment": f64::from(p.decision.budget),
                    "weights_gain": false,
                });
                let weights_only = p.decision.budget == p.kind.budget && p.decision.weights != p.kind.weights;
                if let (Seat::Student(_), true) = (p.seat, weights_only) {
                    if let Some(truth) = truthful_shares(s, players, i) {
                        let truthful = true_utility(&truth, &p.kind.weights);
                        outcome["truthful_utility"] = json!(truthful);
                        outcome["weights_gain"] = json!(utility > truthful + GAIN_TOLERANCE);
                    }
                }
                Ok(outcome)
            })
            .collect()
    }

    /// A seat that reported other weights has its truthful run in its outcome already.
    fn truthful_utility(_: &Settings, _: &Player<Self>, outcome: &Value) -> Option<f64> {
        outcome["truthful_utility"].as_f64()
    }

    fn summary(s: &Settings, players: &[Player<Self>], _: &Value, run: &Value, outcomes: &[Value]) -> Value {
        // Linear utilities and shares summing to 1: the optimum gives each resource to a job
        // that values it most.
        let optimum: f64 = (0..s.resources.len())
            .map(|j| players.iter().map(|p| f64::from(p.kind.weights[j])).fold(0.0, f64::max))
            .sum();
        let welfare: f64 = outcomes.iter().filter_map(|o| o["utility"].as_f64()).sum();
        let revenue: f64 = players.iter().map(|p| f64::from(p.decision.budget)).sum();
        let prices: Vec<f64> = (0..s.resources.len())
            .map(|j| run["sub_budgets"].as_array().map_or(0.0, |rows| rows.iter().filter_map(|r| r[j].as_f64()).sum()))
            .collect();
        let truthful = players
            .iter()
            .filter(|p| p.decision.budget == p.kind.budget && p.decision.weights == p.kind.weights)
            .count();
        json!({
            "players": players.len(),
            "truthful_decisions": truthful,
            "welfare": welfare,
            "optimum": optimum,
            "efficiency": if optimum > 0.0 { welfare / optimum } else { 1.0 },
            "revenue": revenue,
            "prices": prices,
            "converged": run["converged"],
            "weight_report_gains": outcomes.iter().filter(|o| o["weights_gain"] == json!(true)).count(),
        })
    }
}
