//! A `spot` run: the setup (jobs, prices, policies, delay) and the streaming evaluation.
//!
//! Jobs are taken in processing order. For job `j` every policy is run on it (sharing the price
//! work, see `execute`), the learner draws the policy it applies and, when `j > d`, updates on
//! the payoffs of job `j − d`. Memory is O(n·d + J + slots): the payoffs of the last `d` jobs
//! (or, when `n·d` would exceed [`RING_LIMIT`], they are recomputed instead), never the J × n
//! payoff matrix.

use super::execute::{run_all, Expert, Fault, JobHours, Terms};
use super::formula::CompiledFamily;
use super::history::Prices;
use super::jobs::end_slot;
use super::learner::{auto_delay, draw, regret_bound, Learner};
use super::model::{short_number, Job};
use super::policies::{experts_model, to_model, ExpertSpec, FamilySpec, PolicyEntry, PolicySpec};
use super::result::{PolicyRecord, PriceSummary, Series, Snapshot, SpotResult, WeightPath};
use super::scenario::{DelaySpec, SpotScenario};
use crate::error::ScenarioError;
use crate::sim::{seeded_rng, unit_interval, Rng};

/// Most payoffs kept for the delayed updates (n·d); beyond it they are recomputed.
pub const RING_LIMIT: usize = 1 << 23;
/// Points of the series over jobs.
const SERIES_POINTS: u64 = 200;
/// Policies whose weight paths the result keeps.
const TOP_POLICIES: usize = 8;
/// Default snapshot counts (the paper's Fig. 3).
const DEFAULT_SNAPSHOTS: [u64; 4] = [500, 1000, 2500, 5000];

/// Everything a run needs, built from a validated document.
#[derive(Debug, Clone)]
pub struct Setup {
    pub jobs: Vec<Job>,
    pub prices: Prices,
    /// The experts as the document gives them.
    pub specs: Vec<ExpertSpec>,
    pub policies: Vec<Expert>,
    /// The formula families' compiled formulas (experts index into them).
    pub families: Vec<CompiledFamily>,
    /// The document's policy list (the formula families' sources, for the result).
    pub entries: Vec<PolicyEntry>,
    pub delay: u64,
    /// The on-demand price and the unit of `m`.
    pub terms: Terms,
}

/// The jobs in processing order and the price of every slot they can use.
pub fn jobs_and_prices(s: &SpotScenario) -> Result<(Vec<Job>, Vec<f64>), ScenarioError> {
    let h = s.per_hour();
    let jobs = s.jobs.build(s.on_demand_price, s.slot_minutes, h)?;
    if jobs.is_empty() {
        return Err(ScenarioError::keyed("jobs", "err-at-least-one-job-is-needed", vec![]));
    }
    let slots = jobs.iter().map(|j| end_slot(j, h)).max().unwrap_or(0) as usize;
    let arrivals: Vec<u64> = jobs.iter().map(|j| j.arrival).collect();
    let price = s.spot_price.series(slots, h, &arrivals, 0)?;
    Ok((jobs, price))
}

impl Setup {
    pub fn new(s: &SpotScenario) -> Result<Self, ScenarioError> {
        let h = s.per_hour();
        let (jobs, price) = jobs_and_prices(s)?;
        let specs = s.policies.experts();
        if specs.is_empty() {
            return Err(ScenarioError::keyed("policies", "err-at-least-one-policy-is-needed", vec![]));
        }
        let model = experts_model(&s.policies, &specs)?;
        let (policies, gammas, families) = (model.experts, model.gammas, model.families);
        let delay = match s.delay {
            DelaySpec::Jobs(d) => d.max(1),
            DelaySpec::Auto => {
                let arrivals: Vec<u64> = jobs.iter().map(|j| j.arrival).collect();
                let lifetimes: Vec<u64> = jobs.iter().map(|j| u64::from(j.deadline).saturating_mul(h)).collect();
                auto_delay(&arrivals, &lifetimes)
            }
        };
        let prices = Prices::new(price, h, &gammas);
        let terms = Terms { on_demand_price: s.on_demand_price, remaining_unit: s.remaining_unit };
        Ok(Setup { jobs, prices, specs, policies, families, entries: s.policies.entries(), delay, terms })
    }
}

/// The payoffs of the last `d` jobs, for the delayed updates.
enum Delayed {
    /// `ring[(j mod d)·n ..]` holds job `j`'s payoffs.
    Ring(Vec<f64>),
    /// Recompute job `j − d`'s payoffs when needed (into the buffer).
    Recompute(Vec<f64>, Vec<bool>),
}

/// The streaming evaluation: one job per [`Evaluation::step`].
pub struct Evaluation {
    setup: Setup,
    learner: Learner,
    rng: Rng,
    hours: JobHours,
    delayed: Delayed,
    /// Jobs processed.
    done: u64,
    payoffs: Vec<f64>,
    completed_now: Vec<bool>,
    weights: Vec<f64>,
    totals: Vec<f64>,
    completed: Vec<u64>,
    drawn: Vec<u64>,
    expected: f64,
    realized: f64,
    snapshot_at: Vec<u64>,
    snapshots: Vec<Snapshot>,
    stride: u64,
    series: Series,
    weight_history: Vec<Vec<f64>>,
    /// A formula that gave no number: the run ends with this error.
    failure: Option<ScenarioError>,
}

impl Evaluation {
    pub fn new(s: &SpotScenario, seed: u64) -> Result<Self, ScenarioError> {
        Self::with_ring_limit(s, seed, RING_LIMIT)
    }

    /// As [`Evaluation::new`], keeping at most `ring_limit` delayed payoffs.
    fn with_ring_limit(s: &SpotScenario, seed: u64, ring_limit: usize) -> Result<Self, ScenarioError> {
        let setup = Setup::new(s)?;
        let n = setup.policies.len();
        let jobs = setup.jobs.len() as u64;
        let d = setup.delay;
        let delayed = match usize::try_from(d).ok().and_then(|d| d.checked_mul(n)).filter(|&x| x <= ring_limit) {
            Some(size) => Delayed::Ring(vec![0.0; size]),
            None => Delayed::Recompute(vec![0.0; n], vec![false; n]),
        };
        let mut snapshot_at: Vec<u64> = s.snapshots.clone().unwrap_or_else(|| DEFAULT_SNAPSHOTS.to_vec());
        snapshot_at.retain(|&c| c >= 1 && c <= jobs);
        snapshot_at.push(jobs);
        snapshot_at.sort_unstable();
        snapshot_at.dedup();
        Ok(Evaluation {
            learner: Learner::new(n, d, s.step_size, s.payoff_scale),
            rng: seeded_rng(seed),
            hours: JobHours::default(),
            delayed,
            done: 0,
            payoffs: vec![0.0; n],
            completed_now: vec![false; n],
            weights: vec![0.0; n],
            totals: vec![0.0; n],
            completed: vec![0; n],
            drawn: vec![0; n],
            expected: 0.0,
            realized: 0.0,
            snapshot_at,
            snapshots: Vec::new(),
            stride: jobs.div_ceil(SERIES_POINTS).max(1),
            series: Series {
                jobs: Vec::new(),
                average_regret: Vec::new(),
                average_policy_regret: Vec::new(),
                top_weights: Vec::new(),
            },
            weight_history: Vec::new(),
            failure: None,
            setup,
        })
    }

    pub fn jobs(&self) -> u64 {
        self.setup.jobs.len() as u64
    }

    pub fn done(&self) -> u64 {
        self.done
    }

    pub fn finished(&self) -> bool {
        self.done >= self.jobs() || self.failure.is_some()
    }

    /// The error that ended the run (a formula that gave no finite number), once.
    pub fn take_failure(&mut self) -> Option<ScenarioError> {
        self.failure.take()
    }

    /// The error of `fault`, met running job `j` (1-based, processing order).
    fn fault_error(&self, fault: Fault, j: u64) -> ScenarioError {
        let (entry, label) = match &self.setup.specs[fault.expert] {
            ExpertSpec::Formula { entry, label, .. } => (*entry, label.clone()),
            ExpertSpec::Paper(_) => (0, String::new()),
        };
        let Expert::Formula(e) = self.setup.policies[fault.expert] else {
            return ScenarioError::keyed("policies", "err-paper-policy-gave-no-number", vec![]);
        };
        let family = &self.setup.families[e.family as usize];
        let job = &self.setup.jobs[(j - 1) as usize];
        let what = if fault.value.is_nan() { "NaN".to_string() } else { format!("{}", fault.value) };
        ScenarioError::keyed(
            format!("policies[{entry}].{}", fault.field),
            "err-field-formula-source-of-policy-expert-label",
            vec![
                ("field", fault.field.to_string()),
                ("source", (family.formula(fault.field).source()).to_string()),
                ("expert", fault.expert.to_string()),
                ("label", label.to_string()),
                ("what", what.to_string()),
                ("j", j.to_string()),
                ("arrival", job.arrival.to_string()),
                ("hour", fault.hour.to_string()),
                ("values", (family.shown(&fault.values)).to_string()),
            ],
        )
    }

    /// The policy-hours job `j` (0-based) costs, for progress.
    pub fn cost_of(&self, j: u64) -> u64 {
        let hours = self.setup.jobs.get(j as usize).map_or(1, |job| u64::from(job.deadline));
        hours.saturating_mul(self.setup.policies.len() as u64)
    }

    /// Processes the next job.
    pub fn step(&mut self) {
        let Some(job) = self.setup.jobs.get(self.done as usize).copied() else { return };
        let j = self.done + 1;
        let n = self.setup.policies.len();
        let Setup { prices, policies, families, terms, .. } = &self.setup;
        self.learner.weights(&mut self.weights);
        let pick = draw(&self.weights, unit_interval(&mut self.rng));
        self.drawn[pick] += 1;
        let ran = run_all(
            &job,
            policies,
            families,
            &mut self.hours,
            prices,
            *terms,
            &mut self.payoffs,
            &mut self.completed_now,
        );
        if let Err(fault) = ran {
            self.failure = Some(self.fault_error(fault, j));
            return;
        }
        let mut expected = 0.0;
        for k in 0..n {
            expected += self.weights[k] * self.payoffs[k];
            self.totals[k] += self.payoffs[k];
            self.completed[k] += u64::from(self.completed_now[k]);
        }
        self.expected += expected;
        self.realized += self.payoffs[pick];

        let d = self.learner.delay();
        match &mut self.delayed {
            Delayed::Ring(ring) => {
                let at = (j % d) as usize * n;
                let slot = &mut ring[at..at + n];
                self.learner.end_round(j, slot);
                slot.copy_from_slice(&self.payoffs);
            }
            Delayed::Recompute(buffer, flags) => {
                if j > d {
                    let old = self.setup.jobs[(j - d - 1) as usize];
                    // Job j − d ran before without a fault, and runs the same again.
                    let again = run_all(&old, policies, families, &mut self.hours, prices, *terms, buffer, flags);
                    if let Err(fault) = again {
                        self.failure = Some(self.fault_error(fault, j - d));
                        return;
                    }
                    self.learner.end_round(j, buffer);
                }
            }
        }
        self.done = j;
        self.record(j);
    }

    /// Series points and snapshots after job `j`.
    fn record(&mut self, j: u64) {
        let last = j == self.jobs();
        let snapshot = self.snapshot_at.binary_search(&j).is_ok();
        if !(j.is_multiple_of(self.stride) || last || snapshot) {
            return;
        }
        let mut w = vec![0.0; self.weights.len()];
        self.learner.weights(&mut w);
        if snapshot {
            self.snapshots.push(Snapshot { jobs: j, weights: w.clone() });
        }
        if j.is_multiple_of(self.stride) || last {
            let best = self.totals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mean = self.totals.iter().sum::<f64>() / self.totals.len() as f64;
            self.series.jobs.push(j);
            self.series.average_regret.push((best - self.expected) / j as f64);
            self.series.average_policy_regret.push((best - mean) / j as f64);
            self.weight_history.push(w);
        }
    }

    /// The result (after the last job).
    pub fn result(mut self) -> SpotResult {
        let n = self.setup.policies.len();
        let jobs = self.jobs();
        let mut final_weights = vec![0.0; n];
        self.learner.weights(&mut final_weights);
        let mut best = 0;
        for k in 1..n {
            if self.totals[k] > self.totals[best] {
                best = k;
            }
        }
        let best_total = self.totals[best];
        let regret = best_total - self.expected;
        let mean_total = self.totals.iter().sum::<f64>() / n as f64;
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| final_weights[b].total_cmp(&final_weights[a]).then(a.cmp(&b)));
        self.series.top_weights = order
            .iter()
            .take(TOP_POLICIES)
            .map(|&k| WeightPath { policy: k as u32, weights: self.weight_history.iter().map(|w| w[k]).collect() })
            .collect();
        let price = &self.setup.prices.price;
        let prices = PriceSummary {
            slots: price.len() as u64,
            mean: price.iter().sum::<f64>() / price.len().max(1) as f64,
            min: price.iter().copied().fold(f64::INFINITY, f64::min),
            max: price.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        };
        let policies = self.setup.specs.iter().map(|s| record(s, &self.setup.entries)).collect();
        SpotResult {
            policies,
            regret_bound: regret_bound(n, self.setup.delay, jobs),
            delay: self.setup.delay,
            policy_payoffs: self.totals,
            final_weights,
            expected_payoff: self.expected,
            realized_payoff: self.realized,
            best_policy: best as u32,
            regret,
            average_regret: regret / jobs.max(1) as f64,
            weight_snapshots: self.snapshots,
            jobs,
            average_policy_regret: (best_total - mean_total) / jobs.max(1) as f64,
            completed: self.completed,
            drawn: self.drawn,
            series: self.series,
            prices,
        }
    }
}

fn record(s: &ExpertSpec, entries: &[PolicyEntry]) -> PolicyRecord {
    match s {
        ExpertSpec::Paper(s) => paper_record(s),
        ExpertSpec::Formula { entry, label, params, gamma } => {
            let meaning = match entries.get(*entry) {
                Some(PolicyEntry::Formula(f)) => {
                    let avg = if f.sources().iter().any(|(_, src, _)| src.contains("avg")) {
                        format!(" (avg with γ={})", short_number(*gamma))
                    } else {
                        String::new()
                    };
                    format!(
                        "drop when {}; else on demand {}, spot {} at bid {}{avg}",
                        f.drop, f.on_demand, f.spot, f.bid
                    )
                }
                _ => String::new(),
            };
            PolicyRecord {
                label: label.clone(),
                meaning,
                family: "formula".into(),
                sigma: None,
                m_threshold: None,
                bid: None,
                params: Some(params.clone()),
            }
        }
    }
}

fn paper_record(s: &PolicySpec) -> PolicyRecord {
    let p = to_model(std::slice::from_ref(s)).0[0];
    let (family, sigma, m_threshold) = match s.family {
        FamilySpec::RateCentric { sigma } => ("rate_centric", Some(sigma), None),
        FamilySpec::DeadlineCentric { m_threshold } => ("deadline_centric", None, Some(m_threshold)),
    };
    PolicyRecord {
        label: p.label(),
        meaning: p.meaning(),
        family: family.into(),
        sigma,
        m_threshold,
        bid: Some(s.bid),
        params: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spot::presets;

    fn run(e: &mut Evaluation) {
        while !e.finished() {
            e.step();
        }
    }

    #[test]
    fn recomputing_the_delayed_payoffs_gives_the_same_result_as_keeping_them() {
        let spec = presets::basic().spec;
        let mut kept = Evaluation::new(&spec, 3).unwrap();
        let mut recomputed = Evaluation::with_ring_limit(&spec, 3, 0).unwrap();
        assert!(matches!(kept.delayed, Delayed::Ring(_)));
        assert!(matches!(recomputed.delayed, Delayed::Recompute(..)));
        run(&mut kept);
        run(&mut recomputed);
        assert_eq!(kept.result(), recomputed.result());
    }
}
