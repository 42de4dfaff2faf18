//! The simulated cloud (spec "Execution") driving the ERA layer slot by slot, and the result.
//!
//! Each slot `t`: the bids submitted at `t` are decided in submit order (ties: document order);
//! the cloud asks `current_allocation(t)`, runs the parts — sharing a resource in proportion to
//! demand when the running parts want more than its capacity (possible under `on_demand`), so
//! they progress more slowly — and reports the parts that finished through `update`, which frees
//! their remaining promised slots for later bids. A part needs `actual_usage × duration` slots of
//! full allocation. After the horizon no bid is taken, and the parts still running are run on
//! (at the last capacity) for at most the longest duration more; a part unfinished then never
//! finishes. A job is late if a part finishes after its deadline or not at all.

use std::collections::BTreeMap;

use super::algorithm::{AnyAlgorithm, NoQuote, Quote};
use super::convert::{bid_of, prediction};
use super::layer::{Decision, Era, Feedback, Rejection};
use super::model::Bid;
use super::predict::{Prediction, Predictor};
use super::requests::RequestSpec;
use super::result::{DecisionRecord, EraResult, Metrics, PartRecord, ResourceSeries};
use super::scenario::{AlgorithmSpec, EraScenario};
use crate::error::{Problem, ScenarioError};
use crate::sim::seeded_rng;

/// Per bid, the fraction of its reservation it really needs: `actual_usage` drawn in document
/// order from stream 1 of the seed (so the same workload needs the same under every algorithm).
fn usage(s: &EraScenario, bids: usize, seed: u64) -> Vec<f64> {
    let mut rng = seeded_rng(seed);
    rng.set_stream(1);
    (0..bids).map(|_| s.actual_usage.as_ref().map_or(1.0, |d| d.draw(&mut rng).clamp(f64::MIN_POSITIVE, 1.0))).collect()
}

/// The simulated cloud around an ERA instance.
pub struct Simulation {
    era: Era<AnyAlgorithm, Prediction>,
    requests: Vec<RequestSpec>,
    bids: Vec<Bid>,
    /// Bid indices in processing order (submit, then document order).
    order: Vec<usize>,
    next: usize,
    usage: Vec<f64>,
    decisions: Vec<Option<Decision>>,
    /// Reservation number → bid index.
    accepted: Vec<usize>,
    /// Work left per placed part, in slots of full allocation.
    remaining: Vec<f64>,
    used: Vec<Vec<f64>>,
    now: u32,
    /// Last slot executed + 1 after the horizon's drain.
    end: u32,
    algorithm: AlgorithmSpec,
    /// The algorithm's fault that ended the run, with the bid it was quoting.
    failure: Option<ScenarioError>,
    predictor: &'static str,
    slot_minutes: f64,
}

impl Simulation {
    /// Builds the model and the predictor (solving the LP if asked).
    pub fn new(s: &EraScenario, seed: u64) -> Result<Self, ScenarioError> {
        let cloud = s.model_cloud();
        let prediction = prediction(s, &cloud).map_err(|e| ScenarioError { problems: vec![e.problem()] })?;
        let requests = s.request_list(seed);
        let bids: Vec<Bid> = requests.iter().map(|r| bid_of(r, &cloud)).collect();
        let mut order: Vec<usize> = (0..bids.len()).collect();
        order.sort_by_key(|&i| bids[i].request.submit);
        let longest = bids.iter().flat_map(|b| b.request.parts.iter().map(|p| p.duration)).max().unwrap_or(0);
        let horizon = cloud.horizon;
        let used = vec![vec![0.0; horizon as usize]; cloud.resources.len()];
        Ok(Simulation {
            usage: usage(s, bids.len(), seed),
            decisions: vec![None; bids.len()],
            era: Era::new(cloud, s.algorithm.build()?, prediction),
            requests,
            bids,
            order,
            next: 0,
            accepted: Vec::new(),
            remaining: Vec::new(),
            used,
            now: 0,
            // Placed parts are at most the horizon long (but on-demand's), so a horizon's drain.
            end: horizon.saturating_add(longest.min(horizon)),
            algorithm: s.algorithm.clone(),
            failure: None,
            predictor: s.predictor.tag(),
            slot_minutes: s.cloud.slot_minutes,
        })
    }

    /// The ERA instance (its plan, predictor and placed parts).
    pub fn era(&self) -> &Era<AnyAlgorithm, Prediction> {
        &self.era
    }

    pub fn finished(&self) -> bool {
        // After the horizon every placed part has started: done when none is still running.
        self.now >= self.end || (self.now >= self.era.cloud().horizon && self.era.running() == 0)
    }

    /// Executes one slot; returns the work done (bids decided × their window, parts run).
    pub fn step_slot(&mut self) -> u64 {
        let t = self.now;
        let horizon = self.era.cloud().horizon;
        let mut work = 1;
        if !self.era.cloud().announced && t > 0 && t < horizon {
            let cloud = self.era.cloud();
            let now: Vec<f64> = cloud.resources.iter().map(|r| r.capacity.at(t)).collect();
            if cloud.resources.iter().zip(&now).any(|(r, &c)| r.capacity.at(t - 1) != c) {
                self.era.update(&Feedback { now: t, completed: Vec::new(), capacity: Some(now) });
            }
        }
        while self.next < self.order.len() {
            let i = self.order[self.next];
            let submit = self.bids[i].request.submit;
            if submit > t {
                break;
            }
            let decision = self.era.make_reservation(&self.bids[i]);
            if let Some(fault) = self.era.fault() {
                let args = vec![("i", i.to_string()), ("submit", submit.to_string())];
                let id = "err-fault-quoting-bid-i-submitted-at-slot";
                let problem = Problem::keyed_nested("algorithm.unit_price", id, args, vec![("fault", fault)]);
                self.failure = Some(ScenarioError { problems: vec![problem] });
                // Nothing more runs: the job reports the failure after this step.
                self.now = self.end;
                return work;
            }
            work +=
                self.bids[i].request.parts.iter().map(|p| u64::from(p.deadline.saturating_sub(p.arrival))).sum::<u64>();
            if let Decision::Accepted { .. } = decision {
                self.accepted.push(i);
                let start = self.remaining.len();
                let placed = &self.era.placed()[start..];
                self.remaining.extend(placed.iter().map(|p| self.usage[i] * f64::from(p.end - p.start)));
            }
            self.decisions[i] = Some(decision);
            self.next += 1;
        }
        let cloud = self.era.cloud();
        let capacity: Vec<f64> = cloud.resources.iter().map(|r| r.capacity.at(t)).collect();
        let allocation: Vec<(usize, Vec<f64>)> =
            self.era.current_allocation(t).iter().map(|a| (a.placed, a.units.to_vec())).collect();
        let mut demand = vec![0.0; capacity.len()];
        for (_, units) in &allocation {
            for (d, u) in demand.iter_mut().zip(units) {
                *d += u;
            }
        }
        let share: Vec<f64> = demand
            .iter()
            .zip(&capacity)
            .map(|(&d, &c)| {
                if d > c {
                    if d > 0.0 {
                        c / d
                    } else {
                        1.0
                    }
                } else {
                    1.0
                }
            })
            .collect();
        if t < horizon {
            for (r, (d, c)) in demand.iter().zip(&capacity).enumerate() {
                self.used[r][t as usize] = d.min(*c);
            }
        }
        let mut completed = Vec::new();
        for (placed, units) in &allocation {
            let progress = units.iter().zip(&share).filter(|(u, _)| **u > 0.0).map(|(_, s)| *s).fold(1.0f64, f64::min);
            self.remaining[*placed] -= progress;
            if self.remaining[*placed] <= 1e-9 {
                completed.push(*placed);
            }
        }
        work += allocation.len() as u64;
        self.era.update(&Feedback { now: t, completed, capacity: None });
        self.now += 1;
        work
    }

    /// The result (call when [`Simulation::finished`]).
    pub fn result(self) -> EraResult {
        let era = &self.era;
        let cloud = era.cloud();
        let horizon = cloud.horizon;
        let mut parts_of: Vec<Vec<PartRecord>> = vec![Vec::new(); self.bids.len()];
        for p in era.placed() {
            let bid = self.accepted[p.reservation as usize];
            let deadline = self.bids[bid].request.parts[p.part as usize].deadline;
            let late = p.finished.is_none_or(|f| f + 1 > deadline);
            parts_of[bid].push(PartRecord { start: Some(p.start), finish: p.finished, late });
        }
        let mut m = Metrics {
            requested_value: 0.0,
            accepted_value: 0.0,
            completed_on_time_value: 0.0,
            efficiency: 0.0,
            revenue: 0.0,
            utilization: 0.0,
            utilization_by_resource: BTreeMap::new(),
            accepted: 0,
            rejected: 0,
            late_jobs: 0,
            late_fraction: 0.0,
        };
        let mut decisions = Vec::with_capacity(self.bids.len());
        for (i, (r, bid)) in self.requests.iter().zip(&self.bids).enumerate() {
            m.requested_value += bid.value;
            let decision = self.decisions[i]
                .clone()
                .unwrap_or(Decision::Rejected { quote: None, reason: Rejection::NoQuote(NoQuote::Closed) });
            let id = r.id.clone().unwrap_or_else(|| format!("r{}", i + 1));
            let base = DecisionRecord {
                id,
                class: r.class.clone(),
                submit: r.submit,
                value: bid.value,
                accepted: false,
                start: None,
                price: None,
                quote: None,
                reason: None,
                parts: Vec::new(),
            };
            decisions.push(match decision {
                Decision::Accepted { price, starts } => {
                    let parts = std::mem::take(&mut parts_of[i]);
                    m.accepted += 1;
                    m.accepted_value += bid.value;
                    m.revenue += price;
                    if parts.iter().any(|p| p.late) {
                        m.late_jobs += 1;
                    } else {
                        m.completed_on_time_value += bid.value;
                    }
                    DecisionRecord {
                        accepted: true,
                        start: starts.first().copied(),
                        price: Some(price),
                        quote: Some(price),
                        parts,
                        ..base
                    }
                }
                Decision::Rejected { quote, reason } => {
                    m.rejected += 1;
                    let reason = match reason {
                        Rejection::NoQuote(q) => q.describe(),
                        Rejection::ValueBelowPrice => "the value is below the quote".to_string(),
                    };
                    let parts = bid
                        .request
                        .parts
                        .iter()
                        .map(|_| PartRecord { start: None, finish: None, late: false })
                        .collect();
                    DecisionRecord { quote, reason: Some(reason), parts, ..base }
                }
            });
        }
        if m.requested_value > 0.0 {
            m.efficiency = m.completed_on_time_value / m.requested_value;
        }
        if m.accepted > 0 {
            m.late_fraction = f64::from(m.late_jobs) / f64::from(m.accepted);
        }
        let plan = era.plan();
        let (min, max) = match &self.algorithm {
            AlgorithmSpec::BasicEcon { min_unit_price, max_unit_price, .. }
            | AlgorithmSpec::Formula { min_unit_price, max_unit_price, .. } => {
                (*min_unit_price, max_unit_price.unwrap_or(f64::INFINITY))
            }
            AlgorithmSpec::FirstFit { unit_price } | AlgorithmSpec::OnDemand { unit_price } => {
                (*unit_price, *unit_price)
            }
        };
        let mut series = Vec::with_capacity(cloud.resources.len());
        for (r, res) in cloud.resources.iter().enumerate() {
            let capacity = res.capacity.series(horizon);
            let promised: Vec<f64> = (0..horizon).map(|t| plan.promised(r, t)).collect();
            let price = (0..horizon)
                .map(|t| {
                    let remaining = capacity[t as usize] - promised[t as usize] - 1.0;
                    era.predictor().inverse_demand(r, t, t, remaining).map(|p| p.max(min).min(max))
                })
                .collect();
            let used = self.used[r].clone();
            let total: f64 = capacity.iter().sum();
            let busy: f64 = used.iter().zip(&capacity).map(|(u, c)| u.min(*c)).sum();
            let u = if total > 0.0 { busy / total } else { 0.0 };
            if r == 0 {
                m.utilization = u;
            }
            m.utilization_by_resource.insert(res.name.clone(), u);
            series.push(ResourceSeries { resource: res.name.clone(), capacity, promised, used, price });
        }
        EraResult {
            algorithm: self.algorithm.tag().to_string(),
            predictor: self.predictor.to_string(),
            slot_minutes: self.slot_minutes,
            decisions,
            metrics: m,
            series,
        }
    }
}

/// What ERA would answer to `request` if it were submitted now: the plan made by the bids of `s`
/// submitted before `request.submit` — the "request a quote" form: the quote and the starts,
/// without a value. The scenario and the request are validated (problems under `quote`).
pub fn quote_after(s: &EraScenario, seed: u64, request: &RequestSpec) -> Result<Result<Quote, NoQuote>, ScenarioError> {
    let mut problems = crate::error::Problems::new();
    s.validate(&mut problems);
    super::requests::validate_requests(
        std::slice::from_ref(request),
        "quote",
        &s.cloud.configuration_names(),
        &mut problems,
    );
    problems.into_result()?;
    let mut sim = Simulation::new(s, seed)?;
    while sim.now < sim.era.cloud().horizon.min(request.submit) {
        sim.step_slot();
    }
    if let Some(e) = sim.failure.take() {
        return Err(e);
    }
    let bid = bid_of(request, sim.era.cloud());
    let quote = sim.era.quote(&bid.request);
    match sim.era.fault() {
        Some(fault) => Err(ScenarioError {
            problems: vec![Problem::keyed_nested(
                "algorithm.unit_price",
                "err-fault-quoting-this-request",
                vec![],
                vec![("fault", fault)],
            )],
        }),
        None => Ok(quote),
    }
}

impl Simulation {
    /// The algorithm's fault that ended the run, once (see [`crate::sim::Staged::failure`]).
    pub fn take_failure(&mut self) -> Option<ScenarioError> {
        self.failure.take()
    }
}
