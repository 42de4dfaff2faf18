//! A `cloudshare` run: for the document's window (and, with `runs`, each sampled window of the
//! log), the grand coalition under every algorithm, then the coalition simulations the Shapley
//! values need (all 2^N − 1, or the prefixes of the sampled permutations) in batches, then
//! Shapley, unfairness and scores. One [`Analysis::advance`] is one batch; the runner simulates a
//! batch in parallel.

use std::collections::BTreeMap;

use super::algorithm::Rule;
use super::fairness::{self, coalition_values, cost};
use super::model::{Federation, Workload};
use super::result::{AlgorithmResult, CloudShareResult, CoalitionValue, OrgRecord, RunRecord, ScheduleEntry, Score};
use super::scenario::CloudShareScenario;
use super::schedule::Outcome;
use super::workload::{window_starts, JobsSpec};
use crate::error::{Problem, ScenarioError};
use crate::swf;

/// Pieces above which a result omits the schedules.
pub const SCHEDULE_LIMIT: usize = 10_000;
/// Coalitions simulated per step.
const BATCH: usize = 64;

/// A Shapley reference: the values, their half-widths when sampled, the coalition values used.
#[derive(Clone)]
struct Reference {
    shapley: Vec<f64>,
    half_widths: Option<Vec<f64>>,
    values: BTreeMap<u64, f64>,
}

/// One window in progress.
struct Window {
    start_hours: Option<f64>,
    workload: Workload,
    grand: Vec<Outcome>,
    /// The coalitions to simulate (the grand coalition excluded: it is known).
    masks: Vec<u64>,
    /// Per value set (one with `split_unit`, else one per algorithm): values of `masks[..next]`.
    values: Vec<Vec<f64>>,
    next: usize,
    pieces_per_org: Vec<u64>,
}

/// The run's state (see the module docs).
pub struct Analysis {
    spec: CloudShareScenario,
    seed: u64,
    algorithms: Vec<Rule>,
    federation: Option<Federation>,
    windows: Vec<Option<f64>>,
    done_windows: usize,
    current: Option<Window>,
    main: Option<CloudShareResult>,
    scores: Vec<u32>,
    runs: Vec<RunRecord>,
    simulations: u64,
    /// A later window that could not be built.
    error: Option<ScenarioError>,
    /// A formula that gave no number: the run ends with it (see [`crate::sim::Staged::failure`]).
    failure: Option<ScenarioError>,
}

impl Analysis {
    pub fn new(spec: &CloudShareScenario, seed: u64) -> Result<Self, ScenarioError> {
        let mut windows = vec![None];
        if let (Some(r), JobsSpec::Swf(s)) = (&spec.runs, &spec.jobs) {
            let log = swf::parse(&s.swf).map_err(|e| ScenarioError { problems: vec![e.problem("jobs.swf")] })?;
            windows.extend(window_starts(&log, s.window_hours, r.windows, r.seed).into_iter().map(Some));
        }
        let mut a = Analysis {
            algorithms: spec.rules()?,
            federation: spec.federation(),
            spec: spec.clone(),
            seed,
            windows,
            done_windows: 0,
            current: None,
            main: None,
            scores: Vec::new(),
            runs: Vec::new(),
            simulations: 0,
            error: None,
            failure: None,
        };
        a.scores = vec![0; a.algorithms.len()];
        a.open()?;
        match a.failure.take() {
            Some(e) => Err(e),
            None => Ok(a),
        }
    }

    fn value_sets(&self) -> usize {
        if self.spec.split_unit {
            1
        } else {
            self.algorithms.len()
        }
    }

    /// Builds the next window and simulates its grand coalition under every algorithm.
    fn open(&mut self) -> Result<(), ScenarioError> {
        let start_hours = self.windows[self.done_windows];
        let orgs = self.spec.organizations.build();
        let n = orgs.len();
        let workload = self.spec.jobs.workload(orgs, self.spec.split_unit, self.seed, start_hours)?;
        let grand_mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let main = start_hours.is_none();
        let placements = main && workload.pieces.len() <= SCHEDULE_LIMIT;
        let fed = self.federation.as_ref();
        let grand: Vec<Outcome> =
            self.algorithms.iter().map(|a| a.simulate(&workload, grand_mask, fed, 0, placements)).collect();
        self.simulations += grand.len() as u64;
        if let Some((k, fault)) = grand.iter().enumerate().find_map(|(k, o)| o.fault.clone().map(|f| (k, f))) {
            self.fail(k, fault, Problem::keyed("", "err-cloudshare-the-grand-coalition", vec![]), start_hours);
        }
        let masks: Vec<u64> = if workload.pieces.is_empty() {
            Vec::new()
        } else if let Some(part) = &self.spec.coalitions {
            // Coalitions 1 … grand − 1, this part's run of them.
            let r = part.range(grand_mask - 1);
            (r.start + 1..r.end + 1).collect()
        } else if self.spec.shapley.exact(n) {
            (1..grand_mask).collect()
        } else {
            let mut m = fairness::sampled_masks(n, self.spec.shapley.permutations, self.seed);
            m.retain(|&x| x != grand_mask);
            m
        };
        let mut pieces_per_org = vec![0u64; n];
        for p in &workload.pieces {
            pieces_per_org[p.org] += 1;
        }
        let sets = self.value_sets();
        self.current = Some(Window {
            start_hours,
            workload,
            grand,
            masks,
            values: vec![Vec::new(); sets],
            next: 0,
            pieces_per_org,
        });
        Ok(())
    }

    pub fn finished(&self) -> bool {
        self.error.is_some() || self.done_windows >= self.windows.len()
    }

    /// Work left in the current window, in pieces simulated.
    pub fn remaining_in_window(&self) -> u64 {
        self.current.as_ref().map_or(0, |w| {
            w.masks[w.next..].iter().map(|&m| cost(&w.pieces_per_org, m)).sum::<u64>() * w.values.len() as u64
        })
    }

    /// Simulates the next batch of coalitions (or closes the window); returns the work done.
    pub fn advance(&mut self) -> u64 {
        let Some(w) = &mut self.current else { return 1 };
        if w.next < w.masks.len() {
            let end = (w.next + BATCH).min(w.masks.len());
            let batch = &w.masks[w.next..end];
            let horizon = |k: usize| w.grand[k].makespan;
            let fed = self.federation.as_ref();
            let mut failed = None;
            for (k, set) in w.values.iter_mut().enumerate() {
                match coalition_values(&w.workload, &self.algorithms[k], fed, horizon(k), batch) {
                    Ok(values) => set.extend(values),
                    Err((mask, fault)) => {
                        let names: Vec<&str> = w
                            .workload
                            .orgs
                            .iter()
                            .enumerate()
                            .filter(|(o, _)| mask >> o & 1 == 1)
                            .map(|(_, o)| o.name.as_str())
                            .collect();
                        let coalition =
                            Problem::keyed("", "err-cloudshare-the-coalition", vec![("names", names.join(", "))]);
                        failed = Some((k, fault, coalition, w.start_hours));
                        break;
                    }
                }
            }
            if let Some((k, fault, coalition, start)) = failed {
                self.fail(k, fault, coalition, start);
                return 1;
            }
            let work = batch.iter().map(|&m| cost(&w.pieces_per_org, m)).sum::<u64>() * w.values.len() as u64;
            self.simulations += (batch.len() * w.values.len()) as u64;
            w.next = end;
            return work;
        }
        self.close();
        self.done_windows += 1;
        if !self.finished() {
            if let Err(e) = self.open() {
                let h = self.windows[self.done_windows].unwrap_or(0.0);
                // Each of the window's problems, its own path kept beside it.
                let in_window = |p: Problem| {
                    let args = vec![("h", h.to_string()), ("path", p.path.clone())];
                    Problem::keyed_nested("runs", "err-window-starting-h-hours-into-log-e", args, vec![("e", p)])
                };
                self.error = Some(ScenarioError { problems: e.problems.into_iter().map(in_window).collect() });
            }
        }
        1
    }

    /// Ends the run: algorithm `k` (a formula) could not choose in `coalition`.
    fn fail(&mut self, k: usize, fault: Problem, coalition: Problem, start_hours: Option<f64>) {
        let (id, args) = match start_hours {
            None => ("err-fault-simulating-coalition", vec![]),
            Some(h) => ("err-fault-simulating-coalition-window", vec![("h", h.to_string())]),
        };
        let nested = vec![("fault", fault), ("coalition", coalition)];
        let problem = Problem::keyed_nested(format!("algorithms[{k}].priority"), id, args, nested);
        self.failure = Some(ScenarioError { problems: vec![problem] });
    }

    /// The failure that ends the run, once.
    pub fn take_failure(&mut self) -> Option<ScenarioError> {
        self.failure.take()
    }

    /// Shapley, unfairness and scores of the finished window.
    fn close(&mut self) {
        let Some(w) = self.current.take() else { return };
        let n = w.workload.orgs.len();
        let grand_mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let exact = self.spec.shapley.exact(n);
        let mut references: Vec<Reference> = Vec::new();
        for (k, set) in w.values.iter().enumerate() {
            let mut map: BTreeMap<u64, f64> = w.masks.iter().copied().zip(set.iter().copied()).collect();
            map.insert(grand_mask, w.grand[k].total_wait() as f64);
            if w.workload.pieces.is_empty() {
                references.push(Reference { shapley: vec![0.0; n], half_widths: None, values: map });
            } else if self.spec.coalitions.is_some() {
                // A part of the coalitions: their values only (the merge of every part has the
                // Shapley value).
                references.push(Reference { shapley: Vec::new(), half_widths: None, values: map });
            } else if exact {
                let mut values = vec![0.0; 1usize << n];
                for (&m, &v) in &map {
                    values[m as usize] = v;
                }
                references.push(Reference { shapley: fairness::exact(n, values), half_widths: None, values: map });
            } else {
                let e = fairness::sampled(n, self.spec.shapley.permutations, self.seed, &map);
                references.push(Reference { shapley: e.values, half_widths: Some(e.half_widths), values: map });
            }
        }
        let reference = |k: usize| &references[if self.spec.split_unit { 0 } else { k }];
        let waits: Vec<Vec<f64>> = w.grand.iter().map(|o| o.wait.iter().map(|&x| x as f64).collect()).collect();
        let unfairness: Vec<f64> =
            waits.iter().enumerate().map(|(k, wait)| fairness::unfairness(wait, &reference(k).shapley)).collect();
        let part = self.spec.coalitions.filter(|_| !w.workload.pieces.is_empty());
        match w.start_hours {
            Some(h) => {
                if !w.workload.pieces.is_empty() {
                    for (s, p) in self.scores.iter_mut().zip(fairness::points(&unfairness)) {
                        *s += p;
                    }
                }
                let unfairness = if w.workload.pieces.is_empty() { Vec::new() } else { unfairness };
                self.runs.push(RunRecord { window_start_hours: h, pieces: w.workload.pieces.len() as u64, unfairness });
            }
            None => {
                let names: Vec<String> = w.workload.orgs.iter().map(|o| o.name.clone()).collect();
                let Reference { shapley, half_widths, values: map } = reference(0).clone();
                let coalition_values = map
                    .iter()
                    .map(|(&m, &value)| CoalitionValue {
                        members: (0..n).filter(|o| m >> o & 1 == 1).map(|o| names[o].clone()).collect(),
                        value,
                    })
                    .collect();
                let algorithms = self
                    .algorithms
                    .iter()
                    .enumerate()
                    .filter(|_| part.is_none())
                    .map(|(k, a)| {
                        let o = &w.grand[k];
                        let schedule = (!o.placements.is_empty() || w.workload.pieces.is_empty()).then(|| {
                            o.placements
                                .iter()
                                .map(|p| {
                                    let piece = &w.workload.pieces[p.piece as usize];
                                    ScheduleEntry {
                                        job: piece.job,
                                        piece: piece.piece,
                                        org: names[piece.org].clone(),
                                        processor_org: names[p.machine_org as usize].clone(),
                                        processor: p.machine,
                                        start: p.start,
                                        end: p.end,
                                    }
                                })
                                .collect()
                        });
                        AlgorithmResult {
                            algorithm: a.name().into(),
                            wait: waits[k].clone(),
                            unfairness: unfairness[k],
                            utilization: o.utilization(),
                            makespan: o.makespan,
                            schedule,
                            shapley: (!self.spec.split_unit).then(|| reference(k).shapley.clone()),
                        }
                    })
                    .collect();
                self.main = Some(CloudShareResult {
                    organizations: w
                        .workload
                        .orgs
                        .iter()
                        .map(|o| OrgRecord { name: o.name.clone(), cores: o.cores() })
                        .collect(),
                    shapley,
                    shapley_method: match part {
                        Some(p) => format!(
                            "part {} of {} of the coalitions (merge the parts for the Shapley value)",
                            p.part, p.parts
                        ),
                        None => if exact { "exact" } else { "sample" }.into(),
                    },
                    shapley_half_widths: half_widths,
                    coalition_values,
                    algorithms,
                    pieces: w.workload.pieces.len() as u64,
                    common_reference: self.spec.split_unit,
                    simulations: 0,
                    scores: None,
                    runs: None,
                });
            }
        }
    }

    /// The result (after the last window).
    pub fn result(self) -> Result<CloudShareResult, ScenarioError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut r = self.main.unwrap_or_else(|| CloudShareResult {
            organizations: Vec::new(),
            shapley: Vec::new(),
            shapley_method: String::new(),
            shapley_half_widths: None,
            coalition_values: Vec::new(),
            algorithms: Vec::new(),
            pieces: 0,
            common_reference: self.spec.split_unit,
            simulations: 0,
            scores: None,
            runs: None,
        });
        r.simulations = self.simulations;
        if self.spec.runs.is_some() {
            r.scores = Some(
                self.algorithms
                    .iter()
                    .zip(&self.scores)
                    .map(|(a, &score)| Score { algorithm: a.name().into(), score })
                    .collect(),
            );
            r.runs = Some(self.runs);
        }
        Ok(r)
    }
}
