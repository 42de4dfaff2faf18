//! Incentive analysis: one job *reports* a budget or weights other than its true ones; the
//! auction runs on the reports, and the job's *true* utility is evaluated at the shares it gets
//! (the data behind the paper's Fig. 8).
//!
//! Theorem 2 (one running job per user): no report of a lower budget and no report of other
//! weights gives a higher true utility than the truth. Lemma 4: true utility is monotone in the
//! budget. Both are checked on every sweep (`max_gain`, `monotone`), up to the auction's
//! convergence tolerance.

use serde::{Deserialize, Serialize};

use super::auction::{Auction, AuctionParams, Bid};

/// What an incentive sweep varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SweepOver {
    /// The reported budget.
    Budget,
    /// The reported weight ratio `w_a / w_b` of two resources (their sum kept).
    WeightRatio,
}

/// Sweep one job's report and watch its true utility (the paper's Fig. 8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepSpec {
    /// The job's name.
    pub job: String,
    pub over: SweepOver,
    pub from: f64,
    pub to: f64,
    #[serde(default = "default_points")]
    pub points: u32,
    /// For `weight_ratio`: the two resource indices `[a, b]` (default `[0, 1]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<Vec<u32>>,
}

fn default_points() -> u32 {
    41
}

impl SweepSpec {
    /// The two resources `[a, b]` of a weight-ratio sweep (default `[0, 1]`).
    pub fn pair(&self) -> [usize; 2] {
        match self.resources.as_deref() {
            Some(&[a, b]) => [a as usize, b as usize],
            _ => [0, 1],
        }
    }
}

/// One report and what it gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The reported budget, or the reported ratio `w_a / w_b`.
    pub reported: f64,
    /// The swept job's utility under its *true* utility function.
    pub true_utility: f64,
    /// Every job's (true) utility.
    pub utilities: Vec<f64>,
    pub converged: bool,
}

/// A whole sweep.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepResult {
    /// The swept job's index among the jobs.
    pub job: u32,
    pub over: SweepOver,
    pub points: Vec<SweepPoint>,
    /// The truthful report and what it gives.
    pub truthful: SweepPoint,
    /// The largest gain over truthful reporting among admissible misreports (a budget at most the
    /// true one; any weights); 0 when no point is admissible (a finite number, so the result
    /// document reads back). Theorem 2 says it is ≤ 0 up to the auction's tolerance.
    pub max_gain: f64,
    /// For a budget sweep: whether the true utility never falls as the budget rises (Lemma 4).
    pub monotone: Option<bool>,
}

/// Relative slack for comparisons of utilities found by an iterative auction.
const SLACK: f64 = 1e-6;

/// Weights reporting the ratio `r = w_a / w_b`, keeping `w_a + w_b` (1 if both are 0).
pub fn weights_with_ratio(weights: &[f64], a: usize, b: usize, r: f64) -> Vec<f64> {
    let total = weights[a] + weights[b];
    let total = if total > 0.0 { total } else { 1.0 };
    let mut w = weights.to_vec();
    w[a] = total * r / (1.0 + r);
    w[b] = total / (1.0 + r);
    w
}

/// Why a sweep stopped: a formula utility gave a value that is not a number.
#[derive(Debug, Clone, PartialEq)]
pub enum SweepFailure {
    /// A reported utility's formula, in the auction of the report `reported`.
    Formula { fault: super::auction::Fault, reported: f64 },
    /// A true utility, `value`, at the shares of the report `reported`.
    TrueUtility { value: f64, reported: f64 },
}

impl SweepFailure {
    /// The failure as a problem at `path` (the swept job's formula): message id and arguments.
    pub fn problem(&self, path: String) -> crate::error::Problem {
        match self {
            SweepFailure::Formula { fault, reported } => {
                let mut p = fault.problem(path, None);
                let (id, mut args) = (p.id.unwrap_or_default(), std::mem::take(&mut p.args));
                args.push(("row", fault.row.to_string()));
                args.push(("reported", reported.to_string()));
                let id = if id == "err-abacus-formula-gave-in-round" {
                    "err-abacus-sweep-formula-gave-in-round"
                } else {
                    "err-abacus-sweep-formula-gave-at-final-shares"
                };
                crate::error::Problem::keyed(p.path, id, args)
            }
            SweepFailure::TrueUtility { value, reported } => crate::error::Problem::keyed(
                path,
                "err-abacus-sweep-true-utility",
                vec![("value", value.to_string()), ("reported", reported.to_string())],
            ),
        }
    }
}

/// The point of one report; `Err` if a formula utility gave a value that is not a number.
fn evaluate(
    bids: &[Bid],
    m: usize,
    params: AuctionParams,
    job: usize,
    report: Bid,
    reported: f64,
) -> Result<SweepPoint, SweepFailure> {
    let mut reported_bids = bids.to_vec();
    reported_bids[job] = report;
    let params = AuctionParams { trace: false, ..params };
    let mut auction = Auction::new(&reported_bids, m, params);
    while auction.running() {
        auction.round();
    }
    let (r, fault) = auction.finish_checked();
    if let Some(f) = fault {
        return Err(SweepFailure::Formula { fault: f, reported });
    }
    let utilities: Vec<f64> = bids.iter().zip(&r.shares).map(|(b, s)| b.utility.value(s)).collect();
    if let Some(&value) = utilities.iter().find(|u| !u.is_finite()) {
        return Err(SweepFailure::TrueUtility { value, reported });
    }
    Ok(SweepPoint { reported, true_utility: utilities[job], utilities, converged: r.converged })
}

/// A sweep in progress: one auction per point, resumable between points.
pub struct Sweeper {
    bids: Vec<Bid>,
    m: usize,
    params: AuctionParams,
    job: usize,
    spec: SweepSpec,
    points: Vec<SweepPoint>,
    /// The first point whose auction failed: no more points are computed.
    failure: Option<SweepFailure>,
}

impl Sweeper {
    pub fn new(bids: Vec<Bid>, m: usize, params: AuctionParams, job: usize, spec: SweepSpec) -> Self {
        Sweeper {
            bids,
            m,
            params: AuctionParams { trace: false, ..params },
            job,
            spec,
            points: Vec::new(),
            failure: None,
        }
    }

    /// Points in the sweep (at least 2).
    pub fn total(&self) -> usize {
        self.spec.points.max(2) as usize
    }

    /// The swept job's index.
    pub fn job(&self) -> usize {
        self.job
    }

    /// Points computed so far.
    pub fn done(&self) -> usize {
        self.points.len()
    }

    fn report(&self, x: f64) -> Bid {
        let truth = &self.bids[self.job];
        let [a, b] = self.spec.pair();
        match self.spec.over {
            SweepOver::Budget => Bid { budget: x, utility: truth.utility.clone() },
            SweepOver::WeightRatio => Bid {
                budget: truth.budget,
                utility: truth.utility.with_weights(weights_with_ratio(&truth.utility.weights, a, b, x)),
            },
        }
    }

    /// Computes the next point; false once all are done.
    pub fn next_point(&mut self) -> bool {
        let k = self.points.len();
        let steps = self.total() - 1;
        if k > steps || self.failure.is_some() {
            return false;
        }
        let x = self.spec.from + (self.spec.to - self.spec.from) * k as f64 / steps as f64;
        match evaluate(&self.bids, self.m, self.params, self.job, self.report(x), x) {
            Ok(point) => self.points.push(point),
            Err(e) => self.failure = Some(e),
        }
        true
    }

    /// Completes the sweep (computing any points left) with the truthful point and the checks;
    /// `Err` if a formula utility gave a value that is not a number.
    pub fn finish(mut self) -> Result<SweepResult, SweepFailure> {
        while self.next_point() {}
        if let Some(e) = self.failure.take() {
            return Err(e);
        }
        let truth = &self.bids[self.job];
        let [a, b] = self.spec.pair();
        let true_report = match self.spec.over {
            SweepOver::Budget => truth.budget,
            SweepOver::WeightRatio => truth.utility.weights[a] / truth.utility.weights[b],
        };
        let truthful = evaluate(&self.bids, self.m, self.params, self.job, truth.clone(), true_report)?;
        let over = self.spec.over;
        let admissible = |p: &&SweepPoint| over == SweepOver::WeightRatio || p.reported <= truth.budget;
        let max_gain = self
            .points
            .iter()
            .filter(admissible)
            .map(|p| p.true_utility - truthful.true_utility)
            .reduce(f64::max)
            .unwrap_or(0.0);
        let monotone = (over == SweepOver::Budget).then(|| {
            self.points
                .windows(2)
                .all(|w| w[1].true_utility >= w[0].true_utility - SLACK * w[0].true_utility.abs().max(1.0))
        });
        Ok(SweepResult { job: self.job as u32, over, points: self.points, truthful, max_gain, monotone })
    }
}

/// Runs the sweep `spec` for job `job` of validated `bids`.
pub fn sweep(
    bids: &[Bid],
    m: usize,
    params: AuctionParams,
    job: usize,
    spec: &SweepSpec,
) -> Result<SweepResult, SweepFailure> {
    Sweeper::new(bids.to_vec(), m, params, job, spec.clone()).finish()
}
