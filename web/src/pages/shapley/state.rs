//! State of the Shapley page: plain data plus an [`Action`] reducer. Pure — persistence and the
//! run happen in effects of the page, never here.

use std::rc::Rc;

use cloudecon::shapley::{CoalitionValue, GameFormula, ShapleyScenario, MAX_PLAYERS};
use cloudecon::{MechanismKind, MechanismSpec, Scenario};
use yew::prelude::*;

use crate::hooks::Document;

/// Coalition tables are edited cell by cell up to this many players (4,095 coalitions);
/// larger games are defined by a formula.
pub const MAX_TABLE_PLAYERS: usize = 12;

/// How the coalition values are given.
#[derive(Debug, Clone, PartialEq)]
pub enum Table {
    /// Explicit values by bitmask (`values[0]` = 0 for the empty coalition).
    Values(Rc<Vec<f64>>),
    /// A formula, evaluated on demand.
    Formula(GameFormula),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShapleyState {
    pub title: String,
    pub notes: String,
    pub seed: u64,
    pub players: Vec<String>,
    pub table: Table,
}

pub enum Action {
    AddPlayer,
    RemovePlayer(usize),
    RenamePlayer(usize, String),
    SetValue(u32, f64),
    UseFormula(GameFormula),
    /// Turn a formula into an editable table.
    Materialize,
    SetSeed(u64),
    SetTitle(String),
    SetNotes(String),
    Load(ShapleyState),
}

impl Default for ShapleyState {
    /// The three-player glove game: A owns a left glove, B and C right ones.
    fn default() -> Self {
        ShapleyState::of_spec("Glove game".into(), String::new(), 0, &ShapleyScenario::default())
    }
}

impl ShapleyState {
    /// The state of a `shapley` scenario's fields. Tables keep every player's coalitions
    /// (at most 2^20 values: a document over the limit is refused by validation anyway).
    fn of_spec(title: String, notes: String, seed: u64, spec: &ShapleyScenario) -> Self {
        let table = match (&spec.game, &spec.coalitions) {
            (Some(f), _) => Table::Formula(f.clone()),
            (None, rows) => {
                let mut values = vec![0.0; 1 << spec.players.len().min(MAX_PLAYERS)];
                for row in rows.iter().flatten() {
                    if let Some(v) = values.get_mut(spec.mask_of(&row.members) as usize) {
                        *v = row.value;
                    }
                }
                values[0] = 0.0;
                Table::Values(Rc::new(values))
            }
        };
        ShapleyState { title, notes, seed, players: spec.players.clone(), table }
    }

    /// Value of a coalition as shown in the table.
    pub fn value(&self, mask: u32) -> f64 {
        match &self.table {
            Table::Values(v) => v.get(mask as usize).copied().unwrap_or(0.0),
            Table::Formula(f) => f.evaluator(&self.players, self.seed).value(mask),
        }
    }

    /// Whether cells can be edited one by one.
    pub fn table_editable(&self) -> bool {
        self.players.len() <= MAX_TABLE_PLAYERS
    }

    fn fresh_name(&self) -> String {
        (self.players.len() + 1..)
            .map(|k| format!("P{k}"))
            .find(|n| !self.players.contains(n))
            .unwrap_or_else(|| "P".into())
    }

    fn materialized(&self) -> Option<Rc<Vec<f64>>> {
        match &self.table {
            Table::Values(v) => Some(Rc::clone(v)),
            Table::Formula(f) if self.table_editable() => {
                Some(Rc::new(f.evaluator(&self.players, self.seed).values(self.players.len())))
            }
            Table::Formula(_) => None,
        }
    }
}

/// Removes bit `i` from every mask: the values of the coalitions without player `i`.
fn drop_player(values: &[f64], i: usize) -> Vec<f64> {
    let low = (1u32 << i) - 1;
    (0..values.len() as u32 / 2).map(|m| values[((m & !low) << 1 | (m & low)) as usize]).collect()
}

impl Reducible for ShapleyState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::AddPlayer => {
                if next.players.len() >= MAX_PLAYERS {
                    return self;
                }
                match &mut next.table {
                    Table::Values(_) if next.players.len() >= MAX_TABLE_PLAYERS => return self,
                    Table::Values(v) => {
                        // The newcomer is a null player: v(C ∪ {new}) = v(C).
                        let doubled: Vec<f64> = v.iter().chain(v.iter()).copied().collect();
                        *v = Rc::new(doubled);
                    }
                    Table::Formula(GameFormula::Majority { weights: Some(w), .. }) => w.push(1.0),
                    Table::Formula(_) => {}
                }
                next.players.push(next.fresh_name());
            }
            Action::RemovePlayer(i) => {
                if next.players.len() <= 1 || i >= next.players.len() {
                    return self;
                }
                let name = next.players.remove(i);
                match &mut next.table {
                    Table::Values(v) => *v = Rc::new(drop_player(v, i)),
                    Table::Formula(GameFormula::Glove { left }) => left.retain(|p| *p != name),
                    Table::Formula(GameFormula::Majority { weights: Some(w), .. }) if i < w.len() => {
                        w.remove(i);
                    }
                    Table::Formula(_) => {}
                }
            }
            Action::RenamePlayer(i, name) => {
                let Some(old) = next.players.get(i).cloned() else { return self };
                if let Table::Formula(GameFormula::Glove { left }) = &mut next.table {
                    left.iter_mut().filter(|p| **p == old).for_each(|p| *p = name.clone());
                }
                next.players[i] = name;
            }
            Action::SetValue(mask, x) => {
                let Some(mut values) = next.materialized() else { return self };
                match Rc::make_mut(&mut values).get_mut(mask as usize) {
                    Some(slot) if mask != 0 => *slot = x,
                    _ => return self,
                }
                next.table = Table::Values(values);
            }
            Action::UseFormula(f) => next.table = Table::Formula(f),
            Action::Materialize => match next.materialized() {
                Some(v) => next.table = Table::Values(v),
                None => return self,
            },
            Action::SetSeed(s) => next.seed = s,
            Action::SetTitle(t) => next.title = t,
            Action::SetNotes(n) => next.notes = n,
            Action::Load(s) => next = s,
        }
        Rc::new(next)
    }
}

impl Document for ShapleyState {
    const KIND: MechanismKind = MechanismKind::Shapley;

    fn from_scenario(s: &Scenario) -> Option<Self> {
        match &s.spec {
            MechanismSpec::Shapley(spec) => Some(ShapleyState::of_spec(s.title.clone(), s.notes.clone(), s.seed, spec)),
            _ => None,
        }
    }

    fn to_scenario(&self) -> Scenario {
        let mut spec = ShapleyScenario { players: self.players.clone(), coalitions: None, game: None };
        match &self.table {
            Table::Formula(f) => spec.game = Some(f.clone()),
            Table::Values(values) => {
                let rows = (1..values.len() as u32)
                    .map(|m| CoalitionValue { members: spec.members_of(m), value: values[m as usize] })
                    .collect();
                spec.coalitions = Some(rows);
            }
        }
        Scenario {
            title: self.title.clone(),
            notes: self.notes.clone(),
            seed: self.seed,
            spec: MechanismSpec::Shapley(spec),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(s: ShapleyState, a: Action) -> ShapleyState {
        (*Rc::new(s).reduce(a)).clone()
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn adding_then_removing_a_player_restores_the_table() {
        let s = ShapleyState::default();
        let added = reduce(s.clone(), Action::AddPlayer);
        assert_eq!(added.players.len(), 4);
        // The newcomer is a null player.
        assert_eq!(added.value(0b1001), s.value(0b0001));
        let removed = reduce(added, Action::RemovePlayer(3));
        assert_eq!(removed, s);
        let without_a = reduce(s.clone(), Action::RemovePlayer(0));
        assert_eq!(without_a.players, ["B", "C"]);
        assert_eq!(without_a.value(0b11), s.value(0b110));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn tables_larger_than_the_editable_ones_survive_a_round_trip() {
        let players: Vec<String> = (1..=13).map(|i| format!("P{i}")).collect();
        let spec = ShapleyScenario { players, coalitions: Some(vec![]), game: None }
            .with_formula_table(&GameFormula::Random { low: 0.0, high: 1.0 }, 3);
        let scenario = Scenario::new(MechanismSpec::Shapley(spec));
        let state = ShapleyState::from_scenario(&scenario).expect("a shapley scenario");
        assert!(!state.table_editable());
        assert_eq!(state.to_scenario(), scenario);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn state_and_scenario_round_trip() {
        let s = reduce(ShapleyState::default(), Action::SetValue(0b011, 2.5));
        assert_eq!(ShapleyState::from_scenario(&s.to_scenario()), Some(s.clone()));
        let f = reduce(s, Action::UseFormula(GameFormula::Random { low: 0.0, high: 1.0 }));
        assert_eq!(ShapleyState::from_scenario(&f.to_scenario()), Some(f.clone()));
        // Editing a formula cell turns it into a table with that one change.
        let edited = reduce(f.clone(), Action::SetValue(1, 9.0));
        assert_eq!(edited.value(1), 9.0);
        assert_eq!(edited.value(2), f.value(2));
    }
}
