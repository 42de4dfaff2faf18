//! State of the estimation page: the `abacus_estimate` fields plus an [`Action`] reducer. Pure;
//! the title, notes and seed are the page's [`Document`]'s.

use cloudecon::abacus::estimate::{EstimateKind, Observation};
use cloudecon::abacus::AbacusEstimateScenario;
use cloudecon::{MechanismKind, MechanismSpec};

use crate::pages::document::{Document, PageState};

#[derive(Debug, Clone, PartialEq)]
pub struct EstimateState {
    pub spec: AbacusEstimateScenario,
}

pub enum Action {
    Kind(EstimateKind),
    NonNegative(bool),
    Share(usize, usize, f64),
    Utility(usize, f64),
    AddObservation,
    RemoveObservation(usize),
    AddResource,
    RemoveResource(usize),
    TrueWeight(usize, f64),
    /// Show (or hide) known true weights for comparison.
    TrueWeights(bool),
    /// Replace the observations (an imported CSV).
    Observations(Vec<Observation>),
}

impl EstimateState {
    /// Resource types, from the first observation.
    pub fn m(&self) -> usize {
        self.spec.observations.first().map_or(0, |o| o.shares.len())
    }
}

impl PageState for EstimateState {
    type Action = Action;
    const KIND: MechanismKind = MechanismKind::AbacusEstimate;
    /// The fit draws nothing at random.
    const SEED_USE: Option<&'static str> = None;

    /// Five observed jobs of a user whose true utility is about 6x + y.
    fn example() -> Document<Self> {
        let state = EstimateState { spec: AbacusEstimateScenario::default() };
        Document { title: crate::i18n::t("abacus-estimate-example-title"), notes: String::new(), seed: 0, state }
    }

    fn from_spec(spec: &MechanismSpec) -> Option<Self> {
        match spec {
            MechanismSpec::AbacusEstimate(spec) => Some(EstimateState { spec: spec.clone() }),
            _ => None,
        }
    }

    fn to_spec(&self) -> MechanismSpec {
        MechanismSpec::AbacusEstimate(self.spec.clone())
    }

    fn replaces(&self, action: &Action) -> Option<crate::i18n::Text> {
        match action {
            Action::Kind(_) => Some(crate::said!("abacus-estimate-undo-kind")),
            Action::RemoveObservation(i) => Some(crate::said!("abacus-estimate-undo-remove", n = (i + 1).to_string())),
            Action::RemoveResource(i) => Some(crate::said!("abacus-undo-remove-resource", n = (i + 1).to_string())),
            Action::Observations(_) => Some(crate::said!("abacus-estimate-undo-import")),
            _ => None,
        }
    }

    fn reduce(&mut self, action: Action, _seed: u64) {
        let m = self.m();
        let spec = &mut self.spec;
        match action {
            Action::Kind(k) => spec.kind = k,
            Action::NonNegative(b) => spec.non_negative = b,
            Action::Share(l, j, x) => {
                let Some(s) = spec.observations.get_mut(l).and_then(|o| o.shares.get_mut(j)) else { return };
                *s = x;
            }
            Action::Utility(l, x) => {
                let Some(o) = spec.observations.get_mut(l) else { return };
                o.utility = x;
            }
            Action::AddObservation => {
                let template =
                    spec.observations.last().cloned().unwrap_or(Observation { shares: vec![0.5], utility: 1.0 });
                spec.observations.push(template);
            }
            Action::RemoveObservation(l) if l < spec.observations.len() && spec.observations.len() > 1 => {
                spec.observations.remove(l);
            }
            Action::RemoveObservation(_) => {}
            Action::AddResource => {
                spec.observations.iter_mut().for_each(|o| o.shares.push(0.5));
                if let Some(w) = &mut spec.true_weights {
                    w.push(1.0);
                }
            }
            Action::RemoveResource(j) if j < m && m > 1 => {
                spec.observations.iter_mut().filter(|o| j < o.shares.len()).for_each(|o| {
                    o.shares.remove(j);
                });
                if let Some(w) = spec.true_weights.as_mut().filter(|w| j < w.len()) {
                    w.remove(j);
                }
            }
            Action::RemoveResource(_) => {}
            Action::TrueWeight(j, x) => {
                let Some(w) = spec.true_weights.as_mut().and_then(|w| w.get_mut(j)) else { return };
                *w = x;
            }
            Action::TrueWeights(on) => spec.true_weights = on.then(|| vec![1.0; m]),
            Action::Observations(obs) => {
                let k = obs.first().map_or(0, |o| o.shares.len());
                if spec.true_weights.as_ref().is_some_and(|w| w.len() != k) {
                    spec.true_weights = None;
                }
                spec.observations = obs;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::document::testing::edit;

    type Doc = Document<EstimateState>;

    fn shares(d: &Doc) -> Vec<Vec<f64>> {
        d.state.spec.observations.iter().map(|o| o.shares.clone()).collect()
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn cells_change_one_value_and_unknown_cells_nothing() {
        let d = Doc::default();
        assert_eq!((d.state.m(), d.state.spec.observations.len()), (2, 5));
        let s = edit(&d, Action::Share(1, 0, 0.9));
        assert_eq!(s.state.spec.observations[1].shares, [0.9, 0.55]);
        let u = edit(&s, Action::Utility(4, 7.5));
        assert_eq!(u.state.spec.observations[4].utility, 7.5);
        let w = edit(&u, Action::TrueWeight(1, 2.0));
        assert_eq!(w.state.spec.true_weights, Some(vec![6.0, 2.0]));
        for no_op in
            [Action::Share(5, 0, 1.0), Action::Share(0, 2, 1.0), Action::Utility(5, 1.0), Action::TrueWeight(2, 1.0)]
        {
            assert_eq!(edit(&w, no_op), w);
        }
        assert_eq!(edit(&w, Action::Kind(EstimateKind::Log)).state.spec.kind, EstimateKind::Log);
        assert!(edit(&w, Action::NonNegative(true)).state.spec.non_negative);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn rows_and_resource_columns_are_added_and_removed() {
        let d = Doc::default();
        let added = edit(&d, Action::AddObservation);
        assert_eq!(added.state.spec.observations.len(), 6);
        assert_eq!(added.state.spec.observations[5], d.state.spec.observations[4], "a new row copies the last one");
        assert_eq!(edit(&added, Action::RemoveObservation(5)), d);
        let wide = edit(&d, Action::AddResource);
        assert!(shares(&wide).iter().all(|s| s.len() == 3 && s[2] == 0.5));
        assert_eq!(wide.state.spec.true_weights, Some(vec![6.0, 1.0, 1.0]));
        let narrow = edit(&wide, Action::RemoveResource(0));
        assert_eq!(shares(&narrow), shares(&d).iter().map(|s| vec![s[1], 0.5]).collect::<Vec<_>>());
        assert_eq!(narrow.state.spec.true_weights, Some(vec![1.0, 1.0]));
        // One resource type and one row always stay.
        let one = edit(&narrow, Action::RemoveResource(0));
        assert_eq!(one.state.m(), 1);
        assert_eq!(edit(&one, Action::RemoveResource(0)), one);
        let mut last = one;
        for _ in 0..6 {
            last = edit(&last, Action::RemoveObservation(0));
        }
        assert_eq!(last.state.spec.observations.len(), 1);
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn true_weights_follow_the_resource_types() {
        let d = Doc::default();
        let hidden = edit(&d, Action::TrueWeights(false));
        assert_eq!(hidden.state.spec.true_weights, None);
        assert_eq!(edit(&hidden, Action::TrueWeights(true)).state.spec.true_weights, Some(vec![1.0, 1.0]));
        // Imported observations with other resource types drop true weights that no longer fit.
        let three = vec![Observation { shares: vec![0.1, 0.2, 0.3], utility: 1.0 }; 4];
        let imported = edit(&d, Action::Observations(three.clone()));
        assert_eq!((imported.state.spec.observations.clone(), imported.state.spec.true_weights.clone()), (three, None));
        let two = vec![Observation { shares: vec![0.1, 0.2], utility: 1.0 }];
        assert_eq!(edit(&d, Action::Observations(two)).state.spec.true_weights, Some(vec![6.0, 1.0]));
        assert_eq!(Doc::from_scenario(&imported.to_scenario()), Some(imported));
    }
}
