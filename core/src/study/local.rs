//! A small study run in one process as a resumable job (the browser's worker steps it, with
//! progress and Cancel between steps): the shards [`plan`](super::plan) makes, each checked and
//! run as `cloudecon run` runs it (once: a shard is read when its turn comes, not beforehand),
//! its row as `merge` makes it — so the table is byte for byte what `sweep`, `run-many` and
//! `merge` give for the same base and grid. A shard that is not a scenario ends the study with
//! its problem, as `sweep` refuses such a grid.

use serde_json::Value;

use super::{row, Grid, MissingShard, Table, Vary};
use crate::error::ScenarioError;
use crate::runner::{start_owned, ScenarioJob};
use crate::sim::{Job, Progress, Step};

/// The most shards a study run here may have; a larger one belongs to `cloudecon sweep`.
pub const MAX_LOCAL_SHARDS: usize = 1000;

/// Units of progress per shard (a shard's own progress is a fraction of it).
const PER_SHARD: u64 = 1000;

/// A study under way: the shards left, the one running, the table so far.
pub struct LocalStudy {
    /// The shards, made one at a time; `next` the index of the next one to start.
    grid: Grid,
    next: usize,
    count: usize,
    done: usize,
    current: Option<(super::ShardInfo, ScenarioJob)>,
    metrics: Vec<String>,
    table: Table,
    /// Why the study stopped, once a shard was not a scenario.
    failed: Option<ScenarioError>,
}

impl LocalStudy {
    /// The study of `base` over `vary`, with the extra `metrics` columns (pointers into each
    /// result); refused past [`MAX_LOCAL_SHARDS`] shards, or where the base is not a scenario or
    /// a varied pointer has no place in it.
    pub fn new(base: &[u8], vary: &[Vary], metrics: Vec<String>) -> Result<LocalStudy, ScenarioError> {
        let count = vary.iter().try_fold(1usize, |n, v| n.checked_mul(v.len())).unwrap_or(usize::MAX);
        if count > MAX_LOCAL_SHARDS {
            return Err(ScenarioError::keyed(
                "vary",
                "err-shards-more-than-browser-runs",
                vec![
                    ("count", if count == usize::MAX { "so many".to_string() } else { count.to_string() }),
                    ("max", MAX_LOCAL_SHARDS.to_string()),
                ],
            ));
        }
        if let Some(m) = metrics.iter().find(|m| !m.starts_with('/')) {
            return Err(ScenarioError::keyed(
                "metric",
                "err-m-is-not-json-pointer-into-result",
                vec![("m", format!("{m:?}"))],
            ));
        }
        let grid = Grid::new(base, vary)?;
        Ok(LocalStudy {
            count: grid.len(),
            grid,
            next: 0,
            done: 0,
            current: None,
            metrics,
            table: Table::default(),
            failed: None,
        })
    }

    /// How many shards the study has.
    pub fn shards(&self) -> usize {
        self.count
    }

    fn finish_shard(&mut self, info: &super::ShardInfo, outcome: Result<Value, ScenarioError>) {
        match outcome {
            Ok(result) => self.table.push(row(info, &result, &self.metrics)),
            Err(e) => {
                let missing = MissingShard { shard: info.id.clone(), error: e.to_string(), problems: Some(e) };
                self.table.missing.push(missing)
            }
        }
        self.done += 1;
    }
}

impl Job for LocalStudy {
    type Output = Result<Table, ScenarioError>;

    /// Runs shards for about `budget` units of their own work (at least one step of one shard).
    fn step(&mut self, budget: u64) -> Step<Self::Output> {
        if let Some(e) = &self.failed {
            return Step::Done(Err(e.clone()));
        }
        let mut left = budget.max(1);
        loop {
            if self.current.is_none() {
                if self.next >= self.count {
                    return Step::Done(Ok(std::mem::take(&mut self.table)));
                }
                let shard = self.grid.shard(self.next).and_then(|shard| shard.scenario().map(|s| (shard.info, s)));
                self.next += 1;
                let (info, scenario) = match shard {
                    Ok(s) => s,
                    Err(e) => {
                        self.failed = Some(e.clone());
                        return Step::Done(Err(e));
                    }
                };
                // A run that cannot start is the shard's failure, as `run-many` keeps it.
                match start_owned(scenario) {
                    Ok(job) => self.current = Some((info, job)),
                    Err(e) => self.finish_shard(&info, Err(e)),
                }
                continue;
            }
            let Some((info, mut job)) = self.current.take() else { continue };
            let before = job.progress();
            match job.step(left) {
                Step::Done(out) => {
                    let outcome = out.and_then(|o| {
                        serde_json::from_str(&o.to_json())
                            .map_err(|e| ScenarioError { problems: vec![crate::error::json_problem("result", &e)] })
                    });
                    left = left.saturating_sub(before.total.saturating_sub(before.done).max(1));
                    self.finish_shard(&info, outcome);
                }
                Step::Working(p) => {
                    left = left.saturating_sub(p.done.saturating_sub(before.done).max(1));
                    self.current = Some((info, job));
                }
            }
            if left == 0 && (self.current.is_some() || self.next < self.count) {
                return Step::Working(self.progress());
            }
        }
    }

    fn progress(&self) -> Progress {
        let within = self.current.as_ref().map_or(0, |(_, job)| (job.progress().fraction() * PER_SHARD as f64) as u64);
        Progress {
            done: self.done as u64 * PER_SHARD + within.min(PER_SHARD - 1),
            total: self.count as u64 * PER_SHARD,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Vec<u8> {
        crate::presets::find("abacus-running-example").map(|p| p.scenario().to_json().into_bytes()).unwrap_or_default()
    }

    #[test]
    fn too_big_a_study_is_sent_to_the_runner() {
        let vary = [Vary::parse("/alpha=0:1:0.001").unwrap(), Vary::seeds(2)];
        let e = LocalStudy::new(&base(), &vary, Vec::new()).err().unwrap().to_string();
        assert!(e.contains("2002 shards") && e.contains("cloudecon sweep"), "{e}");
    }

    /// A shard whose run fails is a missing row; why is kept as data for the page (its English
    /// for the runner), and the table's JSON carries both.
    #[test]
    fn a_failed_shard_keeps_its_problems() {
        let base = serde_json::json!({ "version": 1, "mechanism": "cloudshare", "seed": 0,
            "organizations": [{ "name": "A", "processors": 1 }, { "name": "B", "processors": 1 }],
            "jobs": [{ "org": "A", "release": 0, "duration": 2, "cores": 1 }],
            "algorithms": [{ "kind": "formula", "name": "late", "psi": "rel", "priority": "1" }] });
        let vary = [Vary::parse(r#"/algorithms/0/priority="1","1 / (t - 2)""#).unwrap()];
        let mut study = LocalStudy::new(base.to_string().as_bytes(), &vary, Vec::new()).unwrap();
        let table = loop {
            if let Step::Done(t) = study.step(1_000_000) {
                break t.unwrap();
            }
        };
        assert_eq!((table.rows.len(), table.missing.len()), (1, 1));
        let m = &table.missing[0];
        let problems = m.problems.as_ref().expect("kept as data");
        assert_eq!(problems.problems[0].id, Some("err-fault-simulating-coalition"));
        assert_eq!(m.error, problems.to_string());
        let back: Table = serde_json::from_str(&serde_json::to_string(&table).unwrap()).unwrap();
        assert_eq!(back.missing, table.missing);
    }
}
