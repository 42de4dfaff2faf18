//! Convergence statistics (the paper's Fig. 6): rounds Algorithm 1 needs, averaged over random
//! instances of the default setting — `users` jobs, `resources` types, budgets U[50, 200], weights
//! U[0.5, 2], α — while one of users, resources or α varies.

use serde::{Deserialize, Serialize};

use rand_chacha::rand_core::Rng as _;

use super::auction::{run_auction, AuctionParams, Bid};
use super::utility::{Utility, UtilityKind};
use crate::error::Problems;
use crate::sim::{seeded_rng, Job, Progress, Rng, Step};

/// What varies along the x axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StudyOver {
    Users,
    Resources,
    Alpha,
}

/// Mean and largest number of rounds at one x, for linear and log utilities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundsPoint {
    pub x: f64,
    pub linear_mean: f64,
    pub linear_max: u32,
    pub log_mean: f64,
    pub log_max: u32,
}

/// The x values of the paper's Fig. 6 panels.
pub fn default_xs(over: StudyOver) -> Vec<f64> {
    match over {
        StudyOver::Users => vec![4.0, 8.0, 16.0, 32.0, 64.0, 128.0],
        StudyOver::Resources => vec![2.0, 4.0, 8.0, 16.0],
        StudyOver::Alpha => vec![0.1, 0.3, 0.5, 0.7, 0.9],
    }
}

/// Most instances per point, largest x for users and resources.
pub const MAX_RUNS: u32 = 500;
pub const MAX_STUDY_USERS: f64 = 1_000.0;
pub const MAX_STUDY_RESOURCES: f64 = 64.0;
/// Most points in a study.
pub const MAX_STUDY_POINTS: usize = 50;

fn default_runs() -> u32 {
    20
}

/// The `study` block of an `abacus` scenario: Fig. 6's statistics over random instances (its
/// draws come from the scenario seed; the document's own jobs are not used).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudySpec {
    pub over: StudyOver,
    /// The x values; the paper's panel when omitted ([`default_xs`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xs: Option<Vec<f64>>,
    /// Random instances per x (each run for linear and for log utilities).
    #[serde(default = "default_runs")]
    pub runs: u32,
}

/// `study_result`: one point per x.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StudyResult {
    pub over: StudyOver,
    pub runs: u32,
    pub points: Vec<RoundsPoint>,
}

impl StudySpec {
    /// The x values studied.
    pub fn xs(&self) -> Vec<f64> {
        self.xs.clone().unwrap_or_else(|| default_xs(self.over))
    }

    /// Checks the block at the path `study`.
    pub fn validate(&self, problems: &mut Problems) {
        if self.runs == 0 || self.runs > MAX_RUNS {
            problems.push_keyed(
                "study.runs",
                "err-must-be-from-1-to-max-got",
                vec![("max", MAX_RUNS.to_string()), ("got", self.runs.to_string())],
            );
        }
        let xs = self.xs();
        if xs.is_empty() || xs.len() > MAX_STUDY_POINTS {
            problems.push_keyed(
                "study.xs",
                "err-needs-from-1-to-max-values-got",
                vec![("max", MAX_STUDY_POINTS.to_string()), ("got", xs.len().to_string())],
            );
        }
        for (k, &x) in xs.iter().enumerate() {
            let ok = match self.over {
                StudyOver::Users => x.fract() == 0.0 && (1.0..=MAX_STUDY_USERS).contains(&x),
                StudyOver::Resources => x.fract() == 0.0 && (1.0..=MAX_STUDY_RESOURCES).contains(&x),
                StudyOver::Alpha => (0.0..=1.0).contains(&x),
            };
            if !ok {
                let (id, max) = match self.over {
                    StudyOver::Users => ("err-must-be-whole-number-of-users", MAX_STUDY_USERS.to_string()),
                    StudyOver::Resources => {
                        ("err-must-be-whole-number-of-resource-types", MAX_STUDY_RESOURCES.to_string())
                    }
                    StudyOver::Alpha => ("err-must-be-alpha-in-0-1", String::new()),
                };
                let mut args = vec![("got", x.to_string())];
                if !max.is_empty() {
                    args.push(("max", max));
                }
                problems.push_keyed(format!("study.xs[{k}]"), id, args);
            }
        }
    }

    /// `(n, m, α)` of the instances at `x`: the others stay at 32 users, 4 resources, α = 0.5.
    fn setting(&self, x: f64) -> (usize, usize, f64) {
        match self.over {
            StudyOver::Users => (x.max(1.0) as usize, 4, 0.5),
            StudyOver::Resources => (32, x.max(1.0) as usize, 0.5),
            StudyOver::Alpha => (32, 4, x.clamp(0.0, 1.0)),
        }
    }

    /// Estimated work (sub-budget updates): Σ_x 2 · runs · n · m · rounds (~40).
    pub fn work(&self) -> u64 {
        let per_run: u64 = self.xs().iter().map(|&x| self.setting(x)).map(|(n, m, _)| (n * m) as u64).sum();
        per_run * 2 * u64::from(self.runs) * 40
    }

    /// The resumable study (of a validated block), drawing from `seed`.
    pub fn job(&self, seed: u64) -> StudyJob {
        StudyJob {
            spec: self.clone(),
            xs: self.xs(),
            rng: seeded_rng(seed),
            point: 0,
            run: 0,
            stats: [(0, 0); 2],
            points: Vec::new(),
            done: 0,
            total: self.work(),
        }
    }
}

/// The study in progress: one random instance (linear and log) per step unit.
pub struct StudyJob {
    spec: StudySpec,
    xs: Vec<f64>,
    rng: Rng,
    point: usize,
    run: u32,
    stats: [(u64, u32); 2],
    points: Vec<RoundsPoint>,
    done: u64,
    total: u64,
}

impl StudyJob {
    /// Runs the next instance; `false` when every point is done.
    fn next_run(&mut self) -> bool {
        let Some(&x) = self.xs.get(self.point) else { return false };
        let (n, m, alpha) = self.spec.setting(x);
        let params = AuctionParams { alpha, ..AuctionParams::default() };
        for (k, kind) in [UtilityKind::Linear, UtilityKind::Log].into_iter().enumerate() {
            let rounds = run_auction(&random_bids(n, m, kind, &mut self.rng), m, params).iterations;
            self.stats[k] = (self.stats[k].0 + u64::from(rounds), self.stats[k].1.max(rounds));
            self.done += (n * m) as u64 * u64::from(rounds);
        }
        self.run += 1;
        if self.run == self.spec.runs.max(1) {
            let mean = |(total, _): (u64, u32)| total as f64 / f64::from(self.spec.runs.max(1));
            self.points.push(RoundsPoint {
                x,
                linear_mean: mean(self.stats[0]),
                linear_max: self.stats[0].1,
                log_mean: mean(self.stats[1]),
                log_max: self.stats[1].1,
            });
            (self.point, self.run, self.stats) = (self.point + 1, 0, [(0, 0); 2]);
        }
        true
    }
}

impl Job for StudyJob {
    type Output = StudyResult;

    fn step(&mut self, budget: u64) -> Step<StudyResult> {
        let start = self.done;
        while self.done - start < budget.max(1) {
            if !self.next_run() {
                let points = std::mem::take(&mut self.points);
                return Step::Done(StudyResult { over: self.spec.over, runs: self.spec.runs, points });
            }
        }
        Step::Working(self.progress())
    }

    fn progress(&self) -> Progress {
        // Complete only with `Done`: the work estimate may fall short of the rounds run.
        let total = self.total.max(1);
        Progress { done: self.done.min(total - 1), total }
    }
}

/// Rounds to converge (default tolerance) over `runs` random instances per x, drawn from `seed`;
/// the others stay at 32 users, 4 resources, α = 0.5. Work: Σ_x runs · n · m · rounds.
pub fn rounds_study(over: StudyOver, xs: &[f64], runs: u32, seed: u64) -> Vec<RoundsPoint> {
    crate::sim::run_to_end(StudySpec { over, xs: Some(xs.to_vec()), runs: runs.max(1) }.job(seed)).points
}

/// `n` random bids of the paper's default setting (budgets U[50, 200], weights U[0.5, 2]); a
/// random formula is not drawn: `Formula` draws linear bids.
pub fn random_bids(n: usize, m: usize, kind: UtilityKind, rng: &mut Rng) -> Vec<Bid> {
    (0..n)
        .map(|_| {
            let (budget, weights) = random_bid(m, rng);
            let utility = match kind {
                UtilityKind::Log => Utility::log(weights),
                UtilityKind::Power => Utility::power(weights, 0.5),
                UtilityKind::Linear | UtilityKind::Formula => Utility::linear(weights),
            };
            Bid { budget, utility }
        })
        .collect()
}

/// One random bid of the default setting: a budget U[50, 200], then `m` weights U[0.5, 2].
pub fn random_bid(m: usize, rng: &mut Rng) -> (f64, Vec<f64>) {
    let mut uniform = |lo: f64, hi: f64| lo + (hi - lo) * ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64);
    let budget = uniform(50.0, 200.0);
    let weights = (0..m).map(|_| uniform(0.5, 2.0)).collect();
    (budget, weights)
}
