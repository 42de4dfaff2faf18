//! The `shapley` scenario document: players and either a full coalition table or a formula.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::games::GameFormula;
use super::{Game, ShapleyJob, MAX_PLAYERS};
use crate::error::{check_finite, Problems};

/// Longest accepted player name, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// One row of the coalition table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoalitionValue {
    pub members: Vec<String>,
    pub value: f64,
}

/// Mechanism `shapley`: `players` and exactly one of `coalitions` (all `2^n − 1` non-empty
/// coalitions, any order) or `game` (a [`GameFormula`]; an extension of the spec so that games of
/// up to 20 players fit in a share URL).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShapleyScenario {
    pub players: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coalitions: Option<Vec<CoalitionValue>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameFormula>,
}

impl Default for ShapleyScenario {
    /// The three-player glove game of the textbooks.
    fn default() -> Self {
        let players: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
        ShapleyScenario { game: None, coalitions: Some(vec![]), players }
            .with_formula_table(&GameFormula::Glove { left: vec!["A".into()] }, 0)
    }
}

impl ShapleyScenario {
    /// Bitmask of a list of member names (unknown names are ignored; validation reports them).
    pub fn mask_of(&self, members: &[String]) -> u32 {
        members.iter().filter_map(|m| self.players.iter().position(|p| p == m)).fold(0, |mask, i| mask | 1 << i)
    }

    /// Member names of a bitmask, in player order.
    pub fn members_of(&self, mask: u32) -> Vec<String> {
        (0..self.players.len()).filter(|i| mask >> i & 1 == 1).map(|i| self.players[i].clone()).collect()
    }

    /// This scenario with its coalitions replaced by the explicit table of `formula`
    /// (rows in increasing bitmask order).
    pub fn with_formula_table(mut self, formula: &GameFormula, seed: u64) -> Self {
        let eval = formula.evaluator(&self.players, seed);
        let values = eval.values(self.players.len());
        let rows = (1..values.len() as u32)
            .map(|m| CoalitionValue { members: self.members_of(m), value: values[m as usize] })
            .collect();
        self.coalitions = Some(rows);
        self.game = None;
        self
    }

    pub(crate) fn validate(&self, problems: &mut Problems) {
        let n = self.players.len();
        if n == 0 {
            problems.push_keyed("players", "err-at-least-one-player-is-required", vec![]);
        } else if n > MAX_PLAYERS {
            problems.push_keyed(
                "players",
                "err-exact-shapley-values-are-limited-to-max",
                vec![("max", MAX_PLAYERS.to_string()), ("got", n.to_string())],
            );
            return;
        }
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (k, name) in self.players.iter().enumerate() {
            let path = format!("players[{k}]");
            if name.trim().is_empty() {
                problems.push_keyed(path, "err-player-needs-non-empty-name", vec![]);
            } else if name.chars().count() > MAX_NAME_CHARS {
                problems.push_keyed(
                    path,
                    "err-names-are-limited-to-max-characters",
                    vec![("max", MAX_NAME_CHARS.to_string())],
                );
            } else if let Some(first) = seen.insert(name, k) {
                problems.push_keyed(
                    path,
                    "err-duplicate-name-also-players-first",
                    vec![("name", format!("{name:?}")), ("first", first.to_string())],
                );
            }
        }
        match (&self.coalitions, &self.game) {
            (None, None) => {
                problems.push_keyed("coalitions", "err-required-give-coalition-table-or-game-formula", vec![])
            }
            (Some(_), Some(_)) => problems.push_keyed("game", "err-give-either-coalitions-or-game-not-both", vec![]),
            (None, Some(formula)) => formula.validate(&self.players, problems),
            (Some(rows), None) => self.validate_table(rows, problems),
        }
    }

    fn validate_table(&self, rows: &[CoalitionValue], problems: &mut Problems) {
        let n = self.players.len();
        let mut first_row: HashMap<u32, usize> = HashMap::with_capacity(rows.len());
        for (k, row) in rows.iter().enumerate() {
            let path = format!("coalitions[{k}]");
            check_finite(problems, &format!("{path}.value"), row.value);
            if row.members.is_empty() {
                problems.push_keyed(format!("{path}.members"), "err-coalition-needs-at-least-one-member-empty", vec![]);
                continue;
            }
            let mut mask = 0u32;
            let mut ok = true;
            for (j, m) in row.members.iter().enumerate() {
                match self.players.iter().position(|p| p == m) {
                    None => {
                        problems.push_keyed(
                            format!("{path}.members[{j}]"),
                            "err-unknown-player-name",
                            vec![("name", format!("{m:?}"))],
                        );
                        ok = false;
                    }
                    Some(i) if mask >> i & 1 == 1 => {
                        problems.push_keyed(
                            format!("{path}.members[{j}]"),
                            "err-name-is-listed-twice-2",
                            vec![("name", format!("{m:?}"))],
                        );
                        ok = false;
                    }
                    Some(i) => mask |= 1 << i,
                }
            }
            if ok {
                if let Some(first) = first_row.insert(mask, k) {
                    problems.push_keyed(
                        path,
                        "err-same-coalition-as-coalitions-first",
                        vec![("first", first.to_string())],
                    );
                }
            }
        }
        // Report missing coalitions alongside the other problems. A repeated player name can never
        // appear in a row (names resolve to their first occurrence), so its bit is left out here;
        // the duplicate name itself is already reported under `players[k]`.
        let repeated =
            (0..n).filter(|&i| self.players[..i].contains(&self.players[i])).fold(0u32, |mask, i| mask | 1 << i);
        let expected = (1usize << (n - repeated.count_ones() as usize)) - 1;
        if first_row.len() < expected {
            let missing: Vec<String> = (1..1u32 << n)
                .filter(|m| m & repeated == 0 && !first_row.contains_key(m))
                .take(3)
                .map(|m| format!("{{{}}}", self.members_of(m).join(", ")))
                .collect();
            problems.push_keyed(
                "coalitions",
                "err-all-expected-non-empty-coalitions-need-value",
                vec![
                    ("expected", expected.to_string()),
                    ("count", (expected - first_row.len()).to_string()),
                    ("join", (missing.join(", ")).to_string()),
                ],
            );
        }
    }

    /// The game described (call on a validated scenario).
    pub fn game(&self, seed: u64) -> Game {
        let n = self.players.len();
        match (&self.coalitions, &self.game) {
            (_, Some(formula)) => {
                let values = formula.evaluator(&self.players, seed).values(n);
                Game::new(n, values).unwrap_or_else(|e| unreachable!("validated formula: {e}"))
            }
            (rows, None) => {
                let mut values = vec![0.0; 1 << n];
                for row in rows.iter().flatten() {
                    values[self.mask_of(&row.members) as usize] = row.value;
                }
                Game::new(n, values).unwrap_or_else(|e| unreachable!("validated table: {e}"))
            }
        }
    }

    /// Work units of a run (two passes over `2^n` coalitions), to choose inline vs worker.
    pub fn work(&self) -> u64 {
        2u64 << self.players.len().min(MAX_PLAYERS)
    }

    /// The resumable computation of this (validated) scenario.
    pub fn job(&self, seed: u64) -> ShapleyJob {
        ShapleyJob::new(self.game(seed), self.players.clone())
    }
}
