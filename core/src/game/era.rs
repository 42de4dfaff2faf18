//! The ERA game: each seat is a reservation job — `cores` cores for `duration` slots somewhere in
//! `[arrival, deadline)`, worth `value` to its owner — and decides the most it will pay (its bid,
//! the request's `value` in the round's document). Requests arrive in a seeded random order;
//! Basic-Econ quotes each a price from the predicted demand before it sees the bid and accepts iff
//! the bid covers the quote, so bidding the true value is a dominant strategy. A seat's utility is
//! its true value minus the price if accepted, else 0. The round is compared with first-fit at
//! price 0 on the same requests and with the *efficient allocation*: the most true value any set
//! of jobs that fits the capacity could have (see [`optimum`]; `efficiency` is the round's welfare
//! over it).
//!
//! The file is longer than most because the efficient allocation's branch and bound lives here
//! beside the only game that needs it.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::{Field, Game, Player, Text};
use crate::error::Problems;
use crate::sim::{seeded_rng, Rng};
use rand_chacha::rand_core::Rng as _;

pub struct EraGame;

/// The demand Basic-Econ predicts, slot by slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Predictor {
    /// No demand predicted: every quote is 0 while capacity lasts (first come, first served).
    None,
    /// The `era-basic` preset's day and night: the first half of the horizon 80 % of the capacity
    /// at $2 a core-slot, the second half 20 % at $1.
    DayNight,
    /// The same demand every slot.
    Flat { units: f64, unit_value: f64 },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// Slots in the horizon.
    pub horizon: u32,
    /// Cores of the cloud.
    pub capacity: u32,
    /// Private cores per job, drawn from this range.
    pub cores: [u32; 2],
    /// Private duration in slots.
    pub duration: [u32; 2],
    /// Slots of slack in the window beyond the duration.
    pub slack: [u32; 2],
    /// Private value in whole dollars.
    pub value: [u32; 2],
    /// Bids go from $0 to this, in whole dollars.
    pub max_bid: u32,
    pub predictor: Predictor,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            horizon: 12,
            capacity: 10,
            cores: [1, 4],
            duration: [1, 3],
            slack: [0, 4],
            value: [2, 30],
            max_bid: 60,
            predictor: Predictor::DayNight,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Type {
    pub cores: u32,
    pub duration: u32,
    pub arrival: u32,
    pub deadline: u32,
    pub value: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    /// The most the seat will pay.
    pub bid: u32,
}

fn draw_in(rng: &mut Rng, [lo, hi]: [u32; 2]) -> u32 {
    super::uniform(rng, lo, hi)
}

fn range(problems: &mut Problems, path: &str, [lo, hi]: [u32; 2], min: u32, max: u32) {
    if lo < min || lo > hi || hi > max {
        problems.push_keyed(
            path,
            "game-err-low-high",
            vec![("min", min.to_string()), ("max", max.to_string()), ("low", lo.to_string()), ("high", hi.to_string())],
        );
    }
}

impl Game for EraGame {
    const NAME: &'static str = "era";
    type Mechanism = crate::era::Era;
    const TITLE: &'static str = "ERA: reserve cores at a posted price (Basic-Econ)";
    type Settings = Settings;
    type Type = Type;
    type Decision = Decision;

    fn check(s: &Settings, problems: &mut Problems) {
        if !(2..=168).contains(&s.horizon) {
            problems.push_keyed(
                "horizon",
                "game-err-from-to-slots",
                vec![("min", "2".into()), ("max", "168".into()), ("value", s.horizon.to_string())],
            );
        }
        if !(1..=10_000).contains(&s.capacity) {
            problems.push_keyed(
                "capacity",
                "game-err-from-to-cores",
                vec![("min", "1".into()), ("max", "10000".into()), ("value", s.capacity.to_string())],
            );
        }
        range(problems, "cores", s.cores, 1, s.capacity.max(1));
        range(problems, "duration", s.duration, 1, s.horizon.max(1));
        range(problems, "slack", s.slack, 0, s.horizon);
        if s.duration[1].saturating_add(s.slack[1]) > s.horizon {
            problems.push_keyed(
                "slack",
                "game-err-era-slack",
                vec![("slots", (s.duration[1] + s.slack[1]).to_string()), ("horizon", s.horizon.to_string())],
            );
        }
        range(problems, "value", s.value, 0, 100_000);
        if !(1..=100_000).contains(&s.max_bid) || s.max_bid < s.value[1] {
            problems.push_keyed(
                "max_bid",
                "game-err-era-max-bid",
                vec![("highest", s.value[1].to_string()), ("value", s.max_bid.to_string())],
            );
        }
        if let Predictor::Flat { units, unit_value } = s.predictor {
            if !(0.0..=1e6).contains(&units) {
                problems.push_keyed(
                    "predictor.units",
                    "game-err-from-to",
                    vec![("min", "0".into()), ("max", "1000000".into()), ("value", units.to_string())],
                );
            }
            if !(0.0..=1e6).contains(&unit_value) {
                problems.push_keyed(
                    "predictor.unit_value",
                    "game-err-from-to",
                    vec![("min", "0".into()), ("max", "1000000".into()), ("value", unit_value.to_string())],
                );
            }
        }
    }

    fn draw(s: &Settings, rng: &mut Rng) -> Type {
        let cores = draw_in(rng, s.cores);
        let duration = draw_in(rng, s.duration);
        let slack = draw_in(rng, s.slack);
        let arrival = draw_in(rng, [0, s.horizon - duration - slack]);
        let value = draw_in(rng, s.value);
        Type { cores, duration, arrival, deadline: arrival + duration + slack, value }
    }

    fn truthful(_: &Settings, t: &Type) -> Result<Decision, Text> {
        Ok(Decision { bid: t.value })
    }

    fn fields(s: &Settings) -> Vec<Field> {
        vec![Field { name: "bid", min: 0.0, step: 1.0, count: u64::from(s.max_bid) + 1 }]
    }

    fn inputs(s: &Settings) -> Vec<super::Input> {
        Self::fields(s)
            .into_iter()
            .map(|field| super::Input::new(Text::new("game-label-era-bid", vec![]), field, Vec::new()))
            .collect()
    }

    fn to_values(d: &Decision) -> Vec<f64> {
        vec![f64::from(d.bid)]
    }

    fn from_values(_: &Settings, values: &[f64]) -> Result<Decision, Text> {
        Ok(Decision { bid: *values.first().ok_or_else(|| Text::new("game-err-no-bid", vec![]))? as u32 })
    }

    fn admissible(s: &Settings, _: &Type, d: &Decision) -> Result<(), Text> {
        if d.bid > s.max_bid {
            return Err(Text::new(
                "game-err-era-bid-above",
                vec![("bid", d.bid.to_string()), ("max", s.max_bid.to_string())],
            ));
        }
        Ok(())
    }

    fn document(s: &Settings, seed: u64, round: u32, players: &[Player<Self>], _: &crate::data::Data) -> Value {
        // The arrival order: a permutation drawn from the game's seed and the round.
        let mut order: Vec<usize> = (0..players.len()).collect();
        let mut rng = seeded_rng(seed ^ 0x4552_4100_0000_0000 ^ u64::from(round));
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let requests: Vec<Value> = order
            .iter()
            .map(|&i| {
                let p = &players[i];
                json!({
                    "id": p.seat.name(),
                    "submit": 0,
                    "value": f64::from(p.decision.bid),
                    "parts": [{ "count": f64::from(p.kind.cores), "duration": p.kind.duration, "arrival": p.kind.arrival, "deadline": p.kind.deadline }],
                })
            })
            .collect();
        let cap = f64::from(s.capacity);
        let slots: Vec<Value> = (0..s.horizon)
            .map(|t| match s.predictor {
                Predictor::None => json!([]),
                Predictor::DayNight if t < s.horizon / 2 => {
                    json!([{ "units": (0.8 * cap).round(), "unit_value": 2.0 }])
                }
                Predictor::DayNight => json!([{ "units": (0.2 * cap).round(), "unit_value": 1.0 }]),
                Predictor::Flat { units, unit_value } => json!([{ "units": units, "unit_value": unit_value }]),
            })
            .collect();
        json!({
            "version": 1,
            "mechanism": "era",
            "title": format!("ERA game, round {round}"),
            "seed": seed,
            "algorithm": { "kind": "basic_econ" },
            "cloud": { "horizon": s.horizon, "resources": [{ "name": "core", "capacity": cap }] },
            "predictor": { "kind": "explicit", "slots": slots },
            "requests": requests,
        })
    }

    fn outcomes(_: &Settings, players: &[Player<Self>], run: &Value) -> Result<Vec<Value>, Text> {
        let decisions = run["decisions"]
            .as_array()
            .ok_or_else(|| Text::new("game-err-run-lacks", vec![("what", "decisions".into())]))?;
        players
            .iter()
            .map(|p| {
                let name = p.seat.name();
                let d = decisions
                    .iter()
                    .find(|d| d["id"].as_str() == Some(name.as_str()))
                    .ok_or_else(|| Text::new("game-err-request-no-decision", vec![]))?;
                let accepted = d["accepted"].as_bool().unwrap_or(false);
                let price = if accepted { d["price"].as_f64().unwrap_or(0.0) } else { 0.0 };
                Ok(json!({
                    "accepted": accepted,
                    "start": d["start"],
                    "quote": d["quote"],
                    "price": d["price"],
                    "utility": if accepted { f64::from(p.kind.value) - price } else { 0.0 },
                    "payment": price,
                }))
            })
            .collect()
    }

    /// Basic-Econ quotes a request from the requests before it and the prediction, never from its
    /// bid, and a request's own acceptance changes only what comes after it: with the true value
    /// the seat would have met the same quote (`core/tests/game.rs` checks this against a run).
    fn truthful_utility(_: &Settings, p: &Player<Self>, outcome: &Value) -> Option<f64> {
        let value = f64::from(p.kind.value);
        Some(match outcome["quote"].as_f64() {
            Some(quote) if value >= quote => value - quote,
            _ => 0.0,
        })
    }

    /// The round's welfare against the efficient allocation ([`optimum::solve`], seeded with the
    /// round's own accepted jobs and first-fit's, so it is never below either) and first-fit.
    fn summary(s: &Settings, players: &[Player<Self>], document: &Value, run: &Value, outcomes: &[Value]) -> Value {
        let accepted_value = |outcomes: &[Value]| -> f64 {
            players
                .iter()
                .zip(outcomes)
                .filter(|(_, o)| o["accepted"] == json!(true))
                .map(|(p, _)| f64::from(p.kind.value))
                .sum()
        };
        let welfare = accepted_value(outcomes);
        // First-fit at price 0 on the same requests, judged by the same true values.
        let mut first_fit = document.clone();
        first_fit["algorithm"] = json!({ "kind": "first_fit", "unit_price": 0.0 });
        first_fit["predictor"] = json!({ "kind": "none" });
        let first_fit_outcomes = crate::runner::run_document::<crate::era::Era>(&first_fit)
            .ok()
            .and_then(|run| Self::outcomes(s, players, &run).ok());
        let first_fit_welfare = first_fit_outcomes.as_deref().map(accepted_value);
        let starts = |outcomes: &[Value]| -> Vec<Option<u32>> {
            outcomes
                .iter()
                .map(|o| {
                    let start = o["start"].as_u64().and_then(|t| u32::try_from(t).ok());
                    if o["accepted"] == json!(true) {
                        start
                    } else {
                        None
                    }
                })
                .collect()
        };
        let mut seeds = vec![starts(outcomes)];
        seeds.extend(first_fit_outcomes.as_deref().map(starts));
        let jobs: Vec<optimum::Job> = players.iter().map(|p| optimum::Job::of(&p.kind)).collect();
        let best = optimum::solve(u64::from(s.capacity), s.horizon, &jobs, &seeds, optimum::WORK_BUDGET);
        let optimal = best.value as f64;
        let of_optimum = |w: f64| if optimal > 0.0 { w / optimal } else { 1.0 };
        let requested: f64 = players.iter().map(|p| f64::from(p.kind.value)).sum();
        let truthful = players.iter().filter(|p| p.decision.bid == p.kind.value).count();
        json!({
            "players": players.len(),
            "truthful_decisions": truthful,
            "accepted": outcomes.iter().filter(|o| o["accepted"] == json!(true)).count(),
            "welfare": welfare,
            "optimal_value": optimal,
            "optimum_exact": best.exact,
            "optimal_upper_bound": best.upper_bound as f64,
            "efficiency": of_optimum(welfare),
            "requested_value": requested,
            "welfare_share_of_requested": if requested > 0.0 { welfare / requested } else { 1.0 },
            "revenue": run["metrics"]["revenue"],
            "utilization": run["metrics"]["utilization"],
            "first_fit_welfare": first_fit_welfare,
            "first_fit_efficiency": first_fit_welfare.map(of_optimum),
        })
    }
}

mod optimum;
