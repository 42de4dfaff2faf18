//! State of the estimation page: the `abacus_estimate` document plus an [`Action`] reducer.

use std::rc::Rc;

use cloudecon::abacus::estimate::{EstimateKind, Observation};
use cloudecon::abacus::AbacusEstimateScenario;
use cloudecon::{MechanismKind, MechanismSpec, Scenario};
use yew::prelude::*;

use crate::hooks::Document;

#[derive(Debug, Clone, PartialEq)]
pub struct EstimateState {
    pub title: String,
    pub notes: String,
    pub seed: u64,
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
    Observations(Vec<Observation>),
    Title(String),
    Notes(String),
    Load(EstimateState),
}

impl Default for EstimateState {
    fn default() -> Self {
        EstimateState {
            title: "Estimating a utility".into(),
            notes: String::new(),
            seed: 0,
            spec: AbacusEstimateScenario::default(),
        }
    }
}

impl EstimateState {
    /// Resource types, from the first observation.
    pub fn m(&self) -> usize {
        self.spec.observations.first().map_or(0, |o| o.shares.len())
    }
}

impl Reducible for EstimateState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let m = next.m();
        let spec = &mut next.spec;
        match action {
            Action::Kind(k) => spec.kind = k,
            Action::NonNegative(b) => spec.non_negative = b,
            Action::Share(l, j, x) => {
                let Some(s) = spec.observations.get_mut(l).and_then(|o| o.shares.get_mut(j)) else { return self };
                *s = x;
            }
            Action::Utility(l, x) => {
                let Some(o) = spec.observations.get_mut(l) else { return self };
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
            Action::RemoveObservation(_) => return self,
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
            Action::RemoveResource(_) => return self,
            Action::TrueWeight(j, x) => {
                let Some(w) = spec.true_weights.as_mut().and_then(|w| w.get_mut(j)) else { return self };
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
            Action::Title(t) => next.title = t,
            Action::Notes(n) => next.notes = n,
            Action::Load(s) => next = s,
        }
        Rc::new(next)
    }
}

impl Document for EstimateState {
    const KIND: MechanismKind = MechanismKind::AbacusEstimate;

    fn from_scenario(s: &Scenario) -> Option<Self> {
        match &s.spec {
            MechanismSpec::AbacusEstimate(spec) => {
                Some(EstimateState { title: s.title.clone(), notes: s.notes.clone(), seed: s.seed, spec: spec.clone() })
            }
            _ => None,
        }
    }

    fn to_scenario(&self) -> Scenario {
        Scenario {
            title: self.title.clone(),
            notes: self.notes.clone(),
            seed: self.seed,
            spec: MechanismSpec::AbacusEstimate(self.spec.clone()),
        }
    }
}
