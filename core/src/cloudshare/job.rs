//! A `cloudshare` run as a resumable job (progress = pieces simulated), and its work estimate.

use super::result::CloudShareResult;
use super::run::Analysis;
use super::scenario::CloudShareScenario;
use super::workload::{span_hours, JobsSpec};
use crate::error::ScenarioError;
use crate::sim::{Staged, StagedJob};

/// Work units of a run: pieces simulated over every coalition simulation, estimated (a log's
/// window by its share of the log's span; parsing the log is linear in its text); in floating
/// point, clamped.
pub fn work(s: &CloudShareScenario) -> u64 {
    let n = s.organizations.len().min(64) as i32;
    let pieces: f64 = match &s.jobs {
        JobsSpec::List(l) => {
            l.iter().map(|j| if s.split_unit { j.duration as f64 * f64::from(j.cores) } else { 1.0 }).sum()
        }
        JobsSpec::Generated(g) => {
            let g = &g.generator;
            let per = if s.split_unit {
                (g.duration[0] + g.duration[1]) as f64 / 2.0 * f64::from(g.cores[0] + g.cores[1]) / 2.0
            } else {
                1.0
            };
            f64::from(g.count) * per
        }
        // The log's pieces, scaled to the window's share of its span.
        JobsSpec::Swf(w) => match crate::swf::parse(&w.swf) {
            Ok(log) => {
                let unit = w.time_unit_seconds.max(1) as f64;
                let all: f64 = log
                    .jobs
                    .iter()
                    .filter(|j| j.usable())
                    .map(|j| if s.split_unit { (j.run_time / unit).ceil().max(1.0) * j.processors } else { 1.0 })
                    .sum();
                let span = span_hours(&log).max(w.window_hours);
                all * (w.window_hours / span).min(1.0)
            }
            Err(_) => 1.0,
        },
    };
    let sims = if let Some(c) = s.coalitions {
        // A part of the coalitions (always enumerated).
        2f64.powi(n) / 2.0 / c.parts.max(1) as f64
    } else if s.shapley.exact(n as usize) {
        2f64.powi(n) / 2.0
    } else {
        f64::from(s.shapley.permutations) * f64::from(n) / 2.0
    };
    let sets = if s.split_unit { 1.0 } else { s.algorithm_list().len() as f64 };
    let windows = 1.0 + s.runs.map_or(0.0, |r| f64::from(r.windows));
    let total = pieces * sims * sets * windows + pieces * 5.0;
    if total.is_finite() {
        total.clamp(1.0, 1e18) as u64
    } else {
        1_000_000_000_000_000_000
    }
}

impl Staged for Analysis {
    type Input = CloudShareScenario;
    type Output = Result<CloudShareResult, ScenarioError>;

    fn prepare(s: &CloudShareScenario, seed: u64) -> Result<Self, ScenarioError> {
        Analysis::new(s, seed)
    }
    fn finished(&self) -> bool {
        Analysis::finished(self)
    }
    fn advance(&mut self) -> u64 {
        Analysis::advance(self)
    }
    fn result(self) -> Self::Output {
        Analysis::result(self)
    }
    fn failure(&mut self) -> Option<ScenarioError> {
        self.take_failure()
    }
}

/// The resumable run of a `cloudshare` document.
pub type CloudShareJob = StagedJob<Analysis>;

/// The run of a validated `cloudshare` document.
pub fn start(s: CloudShareScenario, seed: u64) -> CloudShareJob {
    let w = work(&s);
    StagedJob::new(s, seed, w, 0)
}
