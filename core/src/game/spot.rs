//! The spot game: every seat runs the same jobs under the same spot prices and picks one policy
//! of the paper's families — rate-centric (on-demand share σ) or deadline-centric (switch to
//! on-demand `M` hours before the deadline), each with a fixed or a variable bid. The round is one
//! run of the spot mechanism over every seat's and robot's policy: a seat's utility is its
//! policy's payoff; the leaderboard shows the online learner (multiplicative weights over the
//! class's policies) and the best fixed policy in hindsight. A seat has no private type, so "what
//! the truth would have earned" is what the round's best policy earned.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::{Field, Game, Player, Text};
use crate::data::{Data, DataFile, EC2_M3_MEDIUM};
use crate::error::Problems;
use crate::sim::Rng;

pub struct SpotGame;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// Jobs every policy runs (the paper's generator).
    pub jobs: u32,
    /// The on-demand price per instance-hour.
    pub on_demand_price: f64,
    /// Where the spot prices come from.
    pub prices: Prices,
    /// The model's spot prices per 5-minute slot: `mean + sd · N(0, 1)`.
    pub mean: f64,
    pub sd: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { jobs: 200, on_demand_price: 0.25, prices: Prices::Model, mean: 0.15, sd: 0.05 }
    }
}

/// The spot prices of a round.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prices {
    /// Seeded: `mean + sd · N(0, 1)` per 5-minute slot (the paper's synthetic prices).
    #[default]
    Model,
    /// Recorded: the EC2 m3.medium history the playground ships (us-east-1b, 14 days from
    /// 2016-03-24, as the `spot-real` preset replays it).
    Ec2,
}

/// Where the recorded prices start (the `spot-real` preset's series).
const EC2_START: &str = "2016-03-24T00:00:00Z";

/// A spot seat has no private type.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Type {}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Bid {
    Fixed { b: f64 },
    Variable { gamma: f64, epsilon: f64 },
}

/// A policy, written as the spot mechanism's documents write it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "family", rename_all = "snake_case", deny_unknown_fields)]
pub enum Decision {
    RateCentric { sigma: f64, bid: Bid },
    DeadlineCentric { m_threshold: u32, bid: Bid },
}

const FIELDS: [Field; 6] = [
    Field { name: "family", min: 0.0, step: 1.0, count: 2 },
    Field { name: "σ × 5 or M", min: 0.0, step: 1.0, count: 6 },
    Field { name: "bid kind", min: 0.0, step: 1.0, count: 2 },
    Field { name: "fixed bid", min: 0.05, step: 0.05, count: 14 },
    Field { name: "γ", min: 0.0, step: 0.2, count: 5 },
    Field { name: "ε", min: 0.0, step: 0.02, count: 6 },
];

/// The robots' policies, in turn: spot-basic's four.
fn robot_policy(index: u32) -> Decision {
    match index % 4 {
        1 => Decision::RateCentric { sigma: 1.0, bid: Bid::Fixed { b: 0.25 } },
        2 => Decision::RateCentric { sigma: 0.0, bid: Bid::Fixed { b: 0.25 } },
        3 => Decision::RateCentric { sigma: 0.0, bid: Bid::Fixed { b: 0.1 } },
        _ => Decision::DeadlineCentric { m_threshold: 2, bid: Bid::Variable { gamma: 0.0, epsilon: 0.02 } },
    }
}

fn finite_in(problems: &mut Problems, path: &str, x: f64, lo: f64, hi: f64) {
    if !(x.is_finite() && x >= lo && x <= hi) {
        problems.push_keyed(
            path,
            "game-err-from-to",
            vec![("min", lo.to_string()), ("max", hi.to_string()), ("value", x.to_string())],
        );
    }
}

impl Game for SpotGame {
    const NAME: &'static str = "spot";
    type Mechanism = crate::spot::Spot;
    const TITLE: &'static str = "Spot or on demand: pick a bidding policy";
    const TRUTHFUL: bool = false;
    type Settings = Settings;
    type Type = Type;
    type Decision = Decision;

    fn check(s: &Settings, problems: &mut Problems) {
        if !(1..=2000).contains(&s.jobs) {
            problems.push_keyed(
                "jobs",
                "game-err-from-to",
                vec![("min", "1".into()), ("max", "2000".into()), ("value", s.jobs.to_string())],
            );
        }
        finite_in(problems, "on_demand_price", s.on_demand_price, 0.01, 10.0);
        finite_in(problems, "mean", s.mean, 0.0, 10.0);
        finite_in(problems, "sd", s.sd, 0.0, 10.0);
    }

    fn draw(_: &Settings, _: &mut Rng) -> Type {
        Type {}
    }

    fn truthful(_: &Settings, _: &Type) -> Result<Decision, Text> {
        Err(Text::new("game-err-spot-no-type", vec![]))
    }

    fn robot(_: &Settings, _: &Type, index: u32) -> Decision {
        robot_policy(index)
    }

    fn fields(_: &Settings) -> Vec<Field> {
        FIELDS.to_vec()
    }

    fn inputs(_: &Settings) -> Vec<super::Input> {
        let names = |f: &Field, show: &dyn Fn(f64) -> Text| (0..f.count).map(|k| show(f.value(k))).collect::<Vec<_>>();
        let number = |v: String| Text::new("game-number", vec![("value", v)]);
        let label = |id: &'static str| Text::new(id, vec![]);
        let [family, level, kind, b, gamma, epsilon] = FIELDS;
        use super::Input;
        vec![
            Input::new(
                label("game-label-spot-family"),
                family,
                vec![label("game-choice-spot-rate-centric"), label("game-choice-spot-deadline-centric")],
            ),
            Input::new(
                label("game-label-spot-level"),
                level,
                names(&level, &|v| {
                    Text::new("game-choice-spot-level", vec![("sigma", (v / 5.0).to_string()), ("m", v.to_string())])
                }),
            ),
            Input::new(
                label("game-label-spot-bid"),
                kind,
                vec![label("game-choice-spot-fixed"), label("game-choice-spot-variable")],
            ),
            Input::new(label("game-label-spot-fixed-bid"), b, names(&b, &|v| number(format!("{v:.2}")))),
            Input::new(label("game-label-spot-gamma"), gamma, names(&gamma, &|v| number(format!("{v}")))),
            Input::new(label("game-label-spot-epsilon"), epsilon, names(&epsilon, &|v| number(format!("{v:.2}")))),
        ]
    }

    fn to_values(d: &Decision) -> Vec<f64> {
        let (family, level, bid) = match d {
            Decision::RateCentric { sigma, bid } => (0.0, sigma * 5.0, bid),
            Decision::DeadlineCentric { m_threshold, bid } => (1.0, f64::from(*m_threshold), bid),
        };
        let (kind, b, gamma, epsilon) = match *bid {
            Bid::Fixed { b } => (0.0, b, 0.0, 0.0),
            Bid::Variable { gamma, epsilon } => (1.0, 0.05, gamma, epsilon),
        };
        vec![family, level, kind, b, gamma, epsilon]
    }

    fn from_values(_: &Settings, v: &[f64]) -> Result<Decision, Text> {
        let [family, level, kind, b, gamma, epsilon] = v else {
            return Err(Text::new("game-err-spot-not-policy", vec![]));
        };
        let bid = if *kind == 0.0 { Bid::Fixed { b: *b } } else { Bid::Variable { gamma: *gamma, epsilon: *epsilon } };
        Ok(if *family == 0.0 {
            Decision::RateCentric { sigma: (level / 5.0 * 1e9).round() / 1e9, bid }
        } else {
            Decision::DeadlineCentric { m_threshold: *level as u32, bid }
        })
    }

    fn admissible(_: &Settings, _: &Type, d: &Decision) -> Result<(), Text> {
        // A policy is carried by its fields; the unused ones must be at their first value, so
        // one policy has one code.
        let v = Self::to_values(d);
        let canonical = Self::from_values(&Settings::default(), &v)?;
        if Self::to_values(&canonical) != v {
            return Err(Text::new("game-err-spot-not-game-policy", vec![]));
        }
        Ok(())
    }

    fn data(s: &Settings) -> Vec<&'static DataFile> {
        match s.prices {
            Prices::Model => Vec::new(),
            Prices::Ec2 => vec![&EC2_M3_MEDIUM],
        }
    }

    fn document(s: &Settings, seed: u64, round: u32, players: &[Player<Self>], data: &Data) -> Value {
        let spot_price = match s.prices {
            Prices::Model => json!({ "kind": "gaussian", "mean": s.mean, "sd": s.sd, "seed": seed }),
            Prices::Ec2 => json!({
                "kind": "ec2_history",
                "csv": data.get(&EC2_M3_MEDIUM).unwrap_or_default(),
                "instance_type": "m3.medium",
                "location": "us-east-1b",
                "product": "Linux/UNIX",
                "start": EC2_START,
            }),
        };
        json!({
            "version": 1,
            "mechanism": "spot",
            "title": format!("Spot game, round {round}"),
            "seed": seed,
            "slot_minutes": 5,
            "on_demand_price": s.on_demand_price,
            "spot_price": spot_price,
            "jobs": { "generator": { "count": s.jobs, "seed": seed } },
            "policies": players.iter().map(|p| serde_json::to_value(&p.decision).unwrap_or(Value::Null)).collect::<Vec<_>>(),
        })
    }

    fn outcomes(_: &Settings, players: &[Player<Self>], run: &Value) -> Result<Vec<Value>, Text> {
        let payoffs = run["policy_payoffs"]
            .as_array()
            .ok_or_else(|| Text::new("game-err-run-lacks", vec![("what", "payoffs".into())]))?;
        let completed = run["completed"].as_array();
        (0..players.len())
            .map(|i| {
                let payoff = payoffs
                    .get(i)
                    .and_then(Value::as_f64)
                    .ok_or_else(|| Text::new("game-err-policy-no-payoff", vec![]))?;
                let label = run["policies"][i]["label"].clone();
                Ok(json!({
                    "policy": label,
                    "completed": completed.and_then(|c| c.get(i)).cloned().unwrap_or(Value::Null),
                    "utility": payoff,
                    "payment": Value::Null,
                }))
            })
            .collect()
    }

    fn summary(_: &Settings, players: &[Player<Self>], _: &Value, run: &Value, outcomes: &[Value]) -> Value {
        let mut ranked: Vec<usize> = (0..players.len()).collect();
        ranked.sort_by(|&a, &b| {
            outcomes[b]["utility"]
                .as_f64()
                .unwrap_or(0.0)
                .total_cmp(&outcomes[a]["utility"].as_f64().unwrap_or(0.0))
                .then(a.cmp(&b))
        });
        let leaderboard: Vec<Value> = ranked
            .iter()
            .map(|&i| json!({ "player": players[i].seat.name(), "policy": outcomes[i]["policy"], "payoff": outcomes[i]["utility"] }))
            .collect();
        json!({
            "players": players.len(),
            "learner_payoff": run["realized_payoff"],
            "learner_expected_payoff": run["expected_payoff"],
            "best_policy": ranked.first().map(|&i| players[i].seat.name()),
            "best_payoff": ranked.first().map(|&i| outcomes[i]["utility"].clone()),
            "regret": run["regret"],
            "leaderboard": leaderboard,
        })
    }
}
