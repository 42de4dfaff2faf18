//! Games defined by a formula instead of a table: the classic textbook games, and random ones.

use rand_chacha::rand_core::Rng as _;
use serde::{Deserialize, Serialize};

use crate::error::{check_finite, Problems};
use crate::sim::seeded_rng;

/// A coalition function given by a formula; the value of coalition `C` (a bitmask over players).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "FormulaFields", into = "FormulaFields")]
pub enum GameFormula {
    /// Glove game: the `left` players own a left glove, the others a right one; a coalition is
    /// worth its number of pairs, `v(C) = min(|C ∩ L|, |C ∖ L|)`.
    Glove { left: Vec<String> },
    /// Weighted majority game `[quota; w_1, …, w_n]`: `v(C) = 1` if `Σ_{i∈C} w_i ≥ quota`, else 0.
    /// Without `weights` every player has weight 1 (simple majority with `quota = ⌊n/2⌋ + 1`).
    Majority {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weights: Option<Vec<f64>>,
        quota: f64,
    },
    /// Independent uniform values in `[low, high]`, drawn from the scenario seed: coalition `C`
    /// takes the `C`-th draw of the seeded ChaCha8 stream, so any cell can be computed alone.
    Random { low: f64, high: f64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum FormulaKind {
    Glove,
    Majority,
    Random,
}

/// The formula as written: a plain struct, read as it streams by (an internally tagged enum
/// buffers its whole content before it looks at the tag: a 16 MB `left` list would cost a
/// gigabyte before being refused).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FormulaFields {
    kind: FormulaKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    left: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    weights: Option<Vec<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    quota: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    low: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    high: Option<f64>,
}

impl TryFrom<FormulaFields> for GameFormula {
    type Error = String;
    fn try_from(f: FormulaFields) -> Result<Self, String> {
        let kind = f.kind;
        let unused = |what: &str| {
            Err(crate::error::keyed_text(
                "err-unknown-field-what-for-game-of-kind",
                vec![("what", what.to_string()), ("kind", format!("{kind:?}"))],
            ))
        };
        let missing =
            |what: &str| Err(crate::error::keyed_text("err-missing-field", vec![("field", what.to_string())]));
        match f.kind {
            FormulaKind::Glove => match f {
                FormulaFields { weights: Some(_), .. } => unused("weights"),
                FormulaFields { quota: Some(_), .. } => unused("quota"),
                FormulaFields { low: Some(_), .. } => unused("low"),
                FormulaFields { high: Some(_), .. } => unused("high"),
                FormulaFields { left: Some(left), .. } => Ok(GameFormula::Glove { left }),
                _ => missing("left"),
            },
            FormulaKind::Majority => match f {
                FormulaFields { left: Some(_), .. } => unused("left"),
                FormulaFields { low: Some(_), .. } => unused("low"),
                FormulaFields { high: Some(_), .. } => unused("high"),
                FormulaFields { quota: Some(quota), weights, .. } => Ok(GameFormula::Majority { weights, quota }),
                _ => missing("quota"),
            },
            FormulaKind::Random => match f {
                FormulaFields { left: Some(_), .. } => unused("left"),
                FormulaFields { weights: Some(_), .. } => unused("weights"),
                FormulaFields { quota: Some(_), .. } => unused("quota"),
                FormulaFields { low: Some(low), high: Some(high), .. } => Ok(GameFormula::Random { low, high }),
                FormulaFields { low: None, .. } => missing("low"),
                _ => missing("high"),
            },
        }
    }
}

impl From<GameFormula> for FormulaFields {
    fn from(g: GameFormula) -> Self {
        let empty = |kind| FormulaFields { kind, left: None, weights: None, quota: None, low: None, high: None };
        match g {
            GameFormula::Glove { left } => FormulaFields { left: Some(left), ..empty(FormulaKind::Glove) },
            GameFormula::Majority { weights, quota } => {
                FormulaFields { weights, quota: Some(quota), ..empty(FormulaKind::Majority) }
            }
            GameFormula::Random { low, high } => {
                FormulaFields { low: Some(low), high: Some(high), ..empty(FormulaKind::Random) }
            }
        }
    }
}

impl GameFormula {
    /// Checks the formula's own fields against the player list.
    pub(crate) fn validate(&self, players: &[String], problems: &mut Problems) {
        match self {
            GameFormula::Glove { left } => {
                for (k, name) in left.iter().enumerate() {
                    if !players.contains(name) {
                        problems.push_keyed(
                            format!("game.left[{k}]"),
                            "err-unknown-player-name",
                            vec![("name", format!("{name:?}"))],
                        );
                    }
                }
            }
            GameFormula::Majority { weights, quota } => {
                if let Some(w) = weights {
                    if w.len() != players.len() {
                        problems.push_keyed(
                            "game.weights",
                            "err-needs-one-weight-per-player-count-got",
                            vec![("count", players.len().to_string()), ("got", w.len().to_string())],
                        );
                    }
                    for (k, &x) in w.iter().enumerate() {
                        let path = format!("game.weights[{k}]");
                        if check_finite(problems, &path, x) && x < 0.0 {
                            problems.push_keyed(path, "err-must-be-at-least-0-got", vec![("got", x.to_string())]);
                        }
                    }
                }
                if check_finite(problems, "game.quota", *quota) && *quota <= 0.0 {
                    problems.push_keyed("game.quota", "err-must-be-gt-0-got", vec![("got", quota.to_string())]);
                }
            }
            GameFormula::Random { low, high } => {
                let ok = check_finite(problems, "game.low", *low) & check_finite(problems, "game.high", *high);
                if ok && low > high {
                    problems.push_keyed(
                        "game.high",
                        "err-must-be-at-least-low-got",
                        vec![("low", low.to_string()), ("got", high.to_string())],
                    );
                } else if ok && !(high - low).is_finite() {
                    problems.push_keyed(
                        "game.high",
                        "err-high-low-must-be-finite-number-got",
                        vec![("got", high.to_string()), ("low", low.to_string())],
                    );
                }
            }
        }
    }

    /// A compiled form that evaluates coalitions quickly. `players` must be the validated list.
    pub fn evaluator(&self, players: &[String], seed: u64) -> Evaluator {
        match self {
            GameFormula::Glove { left } => {
                let left_mask =
                    players.iter().enumerate().filter(|(_, p)| left.contains(p)).fold(0u32, |m, (i, _)| m | 1 << i);
                Evaluator::Glove { left_mask }
            }
            GameFormula::Majority { weights, quota } => Evaluator::Majority {
                weights: weights.clone().unwrap_or_else(|| vec![1.0; players.len()]),
                quota: *quota,
            },
            GameFormula::Random { low, high } => Evaluator::Random { low: *low, high: *high, seed },
        }
    }
}

/// A [`GameFormula`] ready to evaluate coalitions.
#[derive(Debug, Clone)]
pub enum Evaluator {
    Glove { left_mask: u32 },
    Majority { weights: Vec<f64>, quota: f64 },
    Random { low: f64, high: f64, seed: u64 },
}

/// Maps 64 random bits to [0, 1] with 53 bits of precision.
fn unit(bits: u64) -> f64 {
    (bits >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A uniform draw in [low, high] (clamped: rounding may otherwise step just past `high`).
fn uniform(low: f64, high: f64, bits: u64) -> f64 {
    (low + (high - low) * unit(bits)).min(high)
}

impl Evaluator {
    /// Value of one coalition (random access; for tables, [`Evaluator::values`] is faster).
    pub fn value(&self, mask: u32) -> f64 {
        match self {
            Evaluator::Random { .. } if mask == 0 => 0.0,
            Evaluator::Random { low, high, seed } => {
                let mut rng = seeded_rng(*seed);
                rng.set_word_pos(2 * u128::from(mask));
                uniform(*low, *high, rng.next_u64())
            }
            other => other.deterministic(mask),
        }
    }

    fn deterministic(&self, mask: u32) -> f64 {
        match self {
            Evaluator::Glove { left_mask } => {
                f64::from((mask & left_mask).count_ones().min((mask & !left_mask).count_ones()))
            }
            Evaluator::Majority { weights, quota } => {
                let total: f64 = weights.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, w)| w).sum();
                if total >= *quota {
                    1.0
                } else {
                    0.0
                }
            }
            Evaluator::Random { .. } => self.value(mask),
        }
    }

    /// All `2^n` values by bitmask (index 0, the empty coalition, is 0). Same numbers as
    /// [`Evaluator::value`], generated in one sequential pass.
    pub fn values(&self, players: usize) -> Vec<f64> {
        let count = 1usize << players;
        match self {
            Evaluator::Random { low, high, seed } => {
                let mut rng = seeded_rng(*seed);
                let _skip_empty = rng.next_u64();
                let mut v = Vec::with_capacity(count);
                v.push(0.0);
                v.extend((1..count).map(|_| uniform(*low, *high, rng.next_u64())));
                v
            }
            _ => {
                let mut v = Vec::with_capacity(count);
                v.push(0.0);
                v.extend((1..count as u32).map(|m| self.deterministic(m)));
                v
            }
        }
    }
}
