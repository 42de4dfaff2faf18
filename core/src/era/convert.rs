//! The `era` document turned into the model: the cloud, the bids (listed or drawn from the
//! generator), the algorithm, and the predictor (the LP solved here).

use std::collections::BTreeMap;

use super::algorithm::{AnyAlgorithm, BasicEcon, FirstFit, FormulaPrice, OnDemand};
use super::lp::LpError;
use super::model::{Bid, Capacity, Cloud, Configuration, Part, Request, Resource};
use super::predict::{self, DemandPoint, Prediction};
use super::requests::{GeneratorSpec, RequestSpec};
use super::scenario::{
    AlgorithmSpec, CapacityChanges, CapacitySpec, EraScenario, HistorySpec, PointSpec, PredictorSpec, RequestsSpec,
};
use crate::error::ScenarioError;
use crate::sim::seeded_rng;

impl AlgorithmSpec {
    /// The algorithm with these options (a formula that does not compile is an error at
    /// `algorithm.unit_price`; validation reports it first).
    pub fn build(&self) -> Result<AnyAlgorithm, ScenarioError> {
        Ok(match self {
            AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, late_penalty } => Box::new(BasicEcon {
                min_unit_price: *min_unit_price,
                max_unit_price: max_unit_price.unwrap_or(f64::INFINITY),
                late_penalty: *late_penalty,
            }),
            AlgorithmSpec::FirstFit { unit_price } => Box::new(FirstFit { unit_price: *unit_price }),
            AlgorithmSpec::OnDemand { unit_price } => Box::new(OnDemand { unit_price: *unit_price }),
            AlgorithmSpec::Formula { min_unit_price, max_unit_price, late_penalty, .. } => {
                let formula = match self.unit_price_formula() {
                    Some(Ok(f)) => f,
                    Some(Err(e)) => return Err(ScenarioError { problems: vec![e.problem("algorithm.unit_price")] }),
                    None => return Err(ScenarioError::keyed("algorithm", "err-not-formula-algorithm", vec![])),
                };
                Box::new(FormulaPrice::new(
                    formula,
                    *min_unit_price,
                    max_unit_price.unwrap_or(f64::INFINITY),
                    *late_penalty,
                ))
            }
        })
    }
}

impl EraScenario {
    /// The cloud of this (validated) document.
    pub fn model_cloud(&self) -> Cloud {
        let c = &self.cloud;
        let resources: Vec<Resource> = c
            .resources
            .iter()
            .map(|r| Resource {
                name: r.name.clone(),
                virtual_resource: r.is_virtual,
                capacity: match &r.capacity {
                    CapacitySpec::Constant(x) => Capacity::constant(*x),
                    CapacitySpec::Steps(s) => Capacity::new(s.iter().map(|s| (s.from, s.capacity)).collect()),
                },
            })
            .collect();
        let bundle = |m: &BTreeMap<String, f64>| -> Vec<f64> {
            resources.iter().map(|r| m.get(&r.name).copied().unwrap_or(0.0)).collect()
        };
        let configurations = if c.configurations.is_empty() {
            resources
                .iter()
                .enumerate()
                .filter(|(_, r)| !r.virtual_resource)
                .map(|(i, r)| {
                    let mut unit = vec![0.0; resources.len()];
                    unit[i] = 1.0;
                    Configuration { name: r.name.clone(), formal: unit.clone(), actual: unit }
                })
                .collect()
        } else {
            c.configurations
                .iter()
                .map(|k| Configuration {
                    name: k.name.clone(),
                    formal: bundle(&k.formal),
                    actual: bundle(k.actual.as_ref().unwrap_or(&k.formal)),
                })
                .collect()
        };
        Cloud {
            horizon: c.horizon,
            resources,
            configurations,
            announced: c.capacity_changes == CapacityChanges::Announced,
        }
    }

    /// The requests: the list, or the generator's draws from `seed`.
    pub fn request_list(&self, seed: u64) -> Vec<RequestSpec> {
        match &self.requests {
            RequestsSpec::List(l) => l.clone(),
            RequestsSpec::Generated { generator } => generate(generator, self, seed),
        }
    }
}

fn generate(g: &GeneratorSpec, s: &EraScenario, seed: u64) -> Vec<RequestSpec> {
    let cloud = s.model_cloud();
    let names: Vec<String> = cloud.configurations.iter().map(|c| c.name.clone()).collect();
    let mut rng = seeded_rng(seed);
    g.generate(
        s.cloud.horizon,
        &names,
        |k| cloud.configurations.get(k).map_or(0.0, |c| c.formal.iter().sum()),
        &mut rng,
    )
}

/// The bid of a request document (validated against `cloud`).
pub fn bid_of(r: &RequestSpec, cloud: &Cloud) -> Bid {
    let parts = r
        .parts
        .iter()
        .map(|p| Part {
            config: p.config.as_ref().and_then(|n| cloud.configurations.iter().position(|c| &c.name == n)).unwrap_or(0),
            count: p.count,
            duration: p.duration,
            arrival: p.arrival,
            deadline: p.deadline,
        })
        .collect();
    Bid { request: Request { submit: r.submit, parts }, value: r.value }
}

fn points(list: &[Vec<PointSpec>]) -> Vec<Vec<DemandPoint>> {
    list.iter()
        .map(|slot| slot.iter().map(|p| DemandPoint { units: p.units, unit_value: p.unit_value }).collect())
        .collect()
}

/// Why a predictor could not be built. Its English is its message (`core/locales/*/errors.ftl`,
/// from [`PredictorError::key`]), so the page says it in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub enum PredictorError {
    /// The history's windows make `size` LP variables (`lp`) or request-slots to spread, more
    /// than `limit`.
    TooLarge {
        size: u64,
        lp: bool,
        limit: u64,
    },
    Lp(LpError),
}

impl From<LpError> for PredictorError {
    fn from(e: LpError) -> Self {
        PredictorError::Lp(e)
    }
}

impl PredictorError {
    /// Its message id and arguments: "the predictor cannot be built: …".
    pub fn key(&self) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            PredictorError::TooLarge { size, lp, limit } => (
                if *lp { "err-predictor-too-many-lp-variables" } else { "err-predictor-too-many-request-slots" },
                vec![("size", size.to_string()), ("limit", limit.to_string())],
            ),
            PredictorError::Lp(e) => e.key(),
        }
    }

    /// The problem at `predictor.history`.
    pub fn problem(&self) -> crate::Problem {
        let (id, args) = self.key();
        crate::Problem::keyed("predictor.history", id, args)
    }
}

impl std::fmt::Display for PredictorError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (id, args) = self.key();
        f.write_str(&crate::messages::english(id, &args).unwrap_or_else(|| id.to_string()))
    }
}

impl std::error::Error for PredictorError {}

/// The history's bids, for a predictor that learns from one.
fn history_bids(s: &EraScenario, cloud: &Cloud) -> Option<Vec<Bid>> {
    let (PredictorSpec::SpreadHistory { history, .. } | PredictorSpec::LpHistory { history, .. }) = &s.predictor else {
        return None;
    };
    let list = match history {
        HistorySpec::List(l) => l.clone(),
        HistorySpec::Generated { generator, seed } => generate(generator, s, *seed),
    };
    Some(list.iter().map(|r| bid_of(r, cloud)).collect())
}

/// Whether the history is small enough to predict from (the LP's variables, the spreading's
/// entries).
fn size_check(s: &EraScenario, bids: &[Bid]) -> Result<(), PredictorError> {
    let size = predict::history_size(bids);
    let lp = matches!(s.predictor, PredictorSpec::LpHistory { .. });
    let limit = if lp { predict::MAX_LP_VARIABLES } else { predict::MAX_SPREAD_ENTRIES };
    if size > limit {
        return Err(PredictorError::TooLarge { size, lp, limit });
    }
    Ok(())
}

/// Validation's part of the predictor that needs the model: a history too large to predict from
/// is refused where `validate`, `run` and the page all see it (`predictor.history`), with the
/// words the run would use — not first when the run starts. Called on a document whose other
/// fields are valid.
pub fn check_history(s: &EraScenario, problems: &mut crate::error::Problems) {
    let cloud = s.model_cloud();
    if let Some(bids) = history_bids(s, &cloud) {
        if let Err(e) = size_check(s, &bids) {
            let (id, args) = e.key();
            problems.push_keyed("predictor.history", id, args);
        }
    }
}

/// The predictor of this (validated) document; the LP is solved here.
pub fn prediction(s: &EraScenario, cloud: &Cloud) -> Result<Prediction, PredictorError> {
    let n = cloud.resources.len();
    Ok(match &s.predictor {
        PredictorSpec::None => Prediction::none(n),
        PredictorSpec::Explicit { slots, resources } => {
            let mut per = vec![Vec::new(); n];
            if let Some(sl) = slots {
                per[0] = points(sl);
            }
            for (name, list) in resources.iter().flatten() {
                if let Some(r) = cloud.resources.iter().position(|x| &x.name == name) {
                    per[r] = points(list);
                }
            }
            Prediction::from_points(per)
        }
        PredictorSpec::SpreadHistory { period, .. } | PredictorSpec::LpHistory { period, .. } => {
            let bids = history_bids(s, cloud).unwrap_or_default();
            size_check(s, &bids)?;
            let pts = if matches!(s.predictor, PredictorSpec::LpHistory { .. }) {
                predict::lp_points(&bids, cloud)?
            } else {
                predict::spread(&bids, cloud)
            };
            Prediction::from_timed(predict::fold(pts, *period, cloud.horizon))
        }
    })
}
