//! State of the Shapley page: the players and their coalition values, plus an [`Action`]
//! reducer. Pure — persistence and the run happen in effects of the page, never here. The title,
//! notes and seed are the page's [`Document`]'s.

use std::rc::Rc;

use cloudecon::shapley::{CoalitionValue, GameFormula, ShapleyScenario, MAX_PLAYERS};
use cloudecon::{MechanismKind, MechanismSpec};

use crate::i18n::number;
use crate::pages::document::{Document, PageState};

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
}

impl ShapleyState {
    /// The state of a `shapley` scenario's fields. Tables keep every player's coalitions
    /// (at most 2^20 values: a document over the limit is refused by validation anyway).
    fn of_spec(spec: &ShapleyScenario) -> Self {
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
        ShapleyState { players: spec.players.clone(), table }
    }

    /// Value of a coalition as shown in the table (random games draw from `seed`).
    pub fn value(&self, mask: u32, seed: u64) -> f64 {
        match &self.table {
            Table::Values(v) => v.get(mask as usize).copied().unwrap_or(0.0),
            Table::Formula(f) => f.evaluator(&self.players, seed).value(mask),
        }
    }

    /// Why no player can be added, if none can: the game's limit, or a coalition table's (a
    /// formula takes players up to the game's limit).
    pub fn add_blocked(&self) -> Option<String> {
        if self.players.len() >= MAX_PLAYERS {
            Some(crate::t!("shapley-add-blocked-game", max = MAX_PLAYERS.to_string()))
        } else if matches!(self.table, Table::Values(_)) && self.players.len() >= MAX_TABLE_PLAYERS {
            Some(crate::t!(
                "shapley-add-blocked-use-formula",
                table = MAX_TABLE_PLAYERS.to_string(),
                coalitions = ((1u32 << MAX_TABLE_PLAYERS) - 1).to_string(),
                max = MAX_PLAYERS.to_string()
            ))
        } else {
            None
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

    fn materialized(&self, seed: u64) -> Option<Rc<Vec<f64>>> {
        match &self.table {
            Table::Values(v) => Some(Rc::clone(v)),
            Table::Formula(f) if self.table_editable() => {
                Some(Rc::new(f.evaluator(&self.players, seed).values(self.players.len())))
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

impl PageState for ShapleyState {
    type Action = Action;
    const KIND: MechanismKind = MechanismKind::Shapley;
    const SEED_USE: Option<&'static str> = Some("Random games draw every coalition's value from it.");
    fn seed_use() -> Option<String> {
        Some(crate::i18n::t("shapley-seed-use"))
    }

    /// The three-player glove game: A owns a left glove, B and C right ones.
    fn example() -> Document<Self> {
        let state = ShapleyState::of_spec(&ShapleyScenario::default());
        let (mut title, mut notes) = ("Glove game".to_string(), String::new());
        crate::services::data::preset_words("shapley-glove", &mut title, &mut notes);
        Document { title, notes, seed: 0, state }
    }

    fn from_spec(spec: &MechanismSpec) -> Option<Self> {
        match spec {
            MechanismSpec::Shapley(spec) => Some(ShapleyState::of_spec(spec)),
            _ => None,
        }
    }

    fn to_spec(&self) -> MechanismSpec {
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
        MechanismSpec::Shapley(spec)
    }

    fn replaces(&self, action: &Action) -> Option<crate::i18n::Text> {
        match action {
            Action::RemovePlayer(i) => Some(crate::said!("shapley-undo-remove-player", n = number((i + 1) as f64))),
            Action::UseFormula(_) => Some(crate::said!("shapley-undo-formula")),
            _ => None,
        }
    }

    fn reduce(&mut self, action: Action, seed: u64) {
        match action {
            Action::AddPlayer => {
                if self.add_blocked().is_some() {
                    return;
                }
                match &mut self.table {
                    Table::Values(v) => {
                        // The newcomer is a null player: v(C ∪ {new}) = v(C).
                        let doubled: Vec<f64> = v.iter().chain(v.iter()).copied().collect();
                        *v = Rc::new(doubled);
                    }
                    Table::Formula(GameFormula::Majority { weights: Some(w), .. }) => w.push(1.0),
                    Table::Formula(_) => {}
                }
                let name = self.fresh_name();
                self.players.push(name);
            }
            Action::RemovePlayer(i) => {
                if self.players.len() <= 1 || i >= self.players.len() {
                    return;
                }
                let name = self.players.remove(i);
                match &mut self.table {
                    Table::Values(v) => *v = Rc::new(drop_player(v, i)),
                    Table::Formula(GameFormula::Glove { left }) => left.retain(|p| *p != name),
                    Table::Formula(GameFormula::Majority { weights: Some(w), .. }) if i < w.len() => {
                        w.remove(i);
                    }
                    Table::Formula(_) => {}
                }
            }
            Action::RenamePlayer(i, name) => {
                let Some(old) = self.players.get(i).cloned() else { return };
                if let Table::Formula(GameFormula::Glove { left }) = &mut self.table {
                    left.iter_mut().filter(|p| **p == old).for_each(|p| *p = name.clone());
                }
                self.players[i] = name;
            }
            Action::SetValue(mask, x) => {
                let Some(mut values) = self.materialized(seed) else { return };
                match Rc::make_mut(&mut values).get_mut(mask as usize) {
                    Some(slot) if mask != 0 => *slot = x,
                    _ => return,
                }
                self.table = Table::Values(values);
            }
            Action::UseFormula(f) => self.table = Table::Formula(f),
            Action::Materialize => {
                if let Some(v) = self.materialized(seed) {
                    self.table = Table::Values(v);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use cloudecon::Scenario;
    use yew::prelude::*;

    use super::*;
    use crate::pages::document::DocAction;

    type Doc = Document<ShapleyState>;

    fn edit(d: Doc, a: Action) -> Doc {
        (*Rc::new(d).reduce(DocAction::Edit(a))).clone()
    }

    fn value(d: &Doc, mask: u32) -> f64 {
        d.state.value(mask, d.seed)
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn adding_then_removing_a_player_restores_the_table() {
        let s = Doc::default();
        let added = edit(s.clone(), Action::AddPlayer);
        assert_eq!(added.state.players.len(), 4);
        // The newcomer is a null player.
        assert_eq!(value(&added, 0b1001), value(&s, 0b0001));
        let removed = edit(added, Action::RemovePlayer(3));
        assert_eq!(removed, s);
        let without_a = edit(s.clone(), Action::RemovePlayer(0));
        assert_eq!(without_a.state.players, ["B", "C"]);
        assert_eq!(value(&without_a, 0b11), value(&s, 0b110));
        // Out of range, or the last player: nothing changes.
        assert_eq!(edit(s.clone(), Action::RemovePlayer(7)), s);
        let one = edit(edit(without_a, Action::RemovePlayer(0)), Action::RemovePlayer(0));
        assert_eq!(one.state.players, ["C"]);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn players_are_added_up_to_the_limit_or_refused_with_a_reason() {
        let add = |d: Doc| edit(d, Action::AddPlayer);
        // A table stops at the editable size, and says why.
        let mut table = Doc::default();
        while table.state.add_blocked().is_none() {
            let n = table.state.players.len();
            table = add(table);
            assert_eq!(table.state.players.len(), n + 1, "an allowed addition adds a player");
        }
        assert_eq!(table.state.players.len(), MAX_TABLE_PLAYERS);
        assert!(table.state.add_blocked().is_some_and(|r| r.contains("formula")));
        assert_eq!(add(table.clone()), table);
        // A formula goes on to the game's limit.
        let mut formula = edit(table, Action::UseFormula(GameFormula::Random { low: 0.0, high: 1.0 }));
        while formula.state.add_blocked().is_none() {
            formula = add(formula);
        }
        assert_eq!(formula.state.players.len(), MAX_PLAYERS);
        assert_eq!(add(formula.clone()), formula);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn tables_larger_than_the_editable_ones_survive_a_round_trip() {
        let players: Vec<String> = (1..=13).map(|i| format!("P{i}")).collect();
        let spec = ShapleyScenario { players, coalitions: Some(vec![]), game: None }
            .with_formula_table(&GameFormula::Random { low: 0.0, high: 1.0 }, 3);
        let scenario = Scenario::new(MechanismSpec::Shapley(spec));
        let doc = Doc::from_scenario(&scenario).expect("a shapley scenario");
        assert!(!doc.state.table_editable());
        assert_eq!(doc.to_scenario(), scenario);
        // A formula this large stays a formula: its cells cannot be edited one by one.
        let formula = edit(doc, Action::UseFormula(GameFormula::Random { low: 0.0, high: 1.0 }));
        assert_eq!(edit(formula.clone(), Action::SetValue(1, 5.0)), formula);
        assert_eq!(edit(formula.clone(), Action::Materialize), formula);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn state_and_scenario_round_trip() {
        let s = edit(Doc::default(), Action::SetValue(0b011, 2.5));
        assert_eq!(Doc::from_scenario(&s.to_scenario()), Some(s.clone()));
        let f = edit(s, Action::UseFormula(GameFormula::Random { low: 0.0, high: 1.0 }));
        assert_eq!(Doc::from_scenario(&f.to_scenario()), Some(f.clone()));
        // Editing a formula cell turns it into a table with that one change.
        let edited = edit(f.clone(), Action::SetValue(1, 9.0));
        assert_eq!(value(&edited, 1), 9.0);
        assert_eq!(value(&edited, 2), value(&f, 2));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn random_games_draw_from_the_document_seed() {
        let f = edit(Doc::default(), Action::UseFormula(GameFormula::Random { low: 0.0, high: 1.0 }));
        let reseeded = (*Rc::new(f.clone()).reduce(DocAction::Seed(u64::MAX))).clone();
        assert_ne!(value(&f, 3), value(&reseeded, 3));
        // Materialising keeps the values of the seed in force.
        let table = edit(reseeded.clone(), Action::Materialize);
        assert!(matches!(table.state.table, Table::Values(_)));
        assert!((1..8).all(|m| value(&table, m) == value(&reseeded, m)));
        // Renaming a glove owner renames it in the formula.
        let glove = edit(Doc::default(), Action::UseFormula(GameFormula::Glove { left: vec!["A".into()] }));
        let renamed = edit(glove, Action::RenamePlayer(0, "Ann".into()));
        assert_eq!(renamed.state.table, Table::Formula(GameFormula::Glove { left: vec!["Ann".into()] }));
    }
}
