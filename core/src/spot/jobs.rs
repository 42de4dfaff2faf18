//! The document's `jobs`: an explicit list, the paper's generator, or a workload log (SWF) —
//! each becomes the model's jobs in processing order (by arrival, ties in document order).
//!
//! The generator (Section 4.1): Poisson arrivals (exponential gaps, mean `mean_gap_minutes`),
//! `z ~ U(0, size_max]`, `c = parallelism`, `v = x·p·z` with `x ~ U[value_factor]`, and
//! `deadline = ceil(x·z/c)` hours with `x ~ U[deadline_factor]`; per job the draws are, in this
//! order: gap, size, value factor, deadline factor — from the generator's own `seed`.
//! A log: each usable job (status not 0 or 5, run time and processors > 0) becomes `z = run time
//! × processors` instance-hours, `c = processors`, arriving at its submit time (the log's first
//! submit is slot 0), with value and deadline drawn as by the generator; `count` replays the log
//! (each copy shifted past the previous one) until that many jobs.

use rand_distr::{Distribution, Exp1};
use serde::{Deserialize, Serialize};

use super::model::Job;
use crate::error::{check_finite, non_negative, Problems, ScenarioError};
use crate::sim::{seeded_rng, unit_interval, Rng};
use crate::swf;

/// Most jobs a document may list, generate or replay.
pub const MAX_JOBS: u64 = 1_000_000;
/// Latest slot a job may still run in (the prices and bid averages are kept per slot).
pub const MAX_SLOTS: u64 = 3_000_000;
/// The random stream of the job draws (stream 0 is the learner's, 2 and up the prices').
const JOBS_STREAM: u64 = 1;

/// A listed job.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobSpec {
    pub arrival: u64,
    pub deadline: u32,
    pub size: f64,
    pub parallelism: f64,
    pub value: f64,
}

fn default_count() -> u64 {
    10_000
}
fn default_gap() -> f64 {
    10.0
}
fn default_size_max() -> f64 {
    100.0
}
fn default_parallelism() -> f64 {
    20.0
}
fn default_value_factor() -> [f64; 2] {
    [0.5, 2.0]
}
fn default_deadline_factor() -> [f64; 2] {
    [1.0, 2.0]
}

/// The paper's generator; every field has the paper's value as default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneratorSpec {
    #[serde(default = "default_count")]
    pub count: u64,
    #[serde(default = "default_gap")]
    pub mean_gap_minutes: f64,
    #[serde(default = "default_size_max")]
    pub size_max: f64,
    #[serde(default = "default_parallelism")]
    pub parallelism: f64,
    #[serde(default = "default_value_factor")]
    pub value_factor: [f64; 2],
    #[serde(default = "default_deadline_factor")]
    pub deadline_factor: [f64; 2],
    #[serde(default)]
    pub seed: u64,
}

impl Default for GeneratorSpec {
    fn default() -> Self {
        GeneratorSpec {
            count: default_count(),
            mean_gap_minutes: default_gap(),
            size_max: default_size_max(),
            parallelism: default_parallelism(),
            value_factor: default_value_factor(),
            deadline_factor: default_deadline_factor(),
            seed: 0,
        }
    }
}

/// Jobs from a workload log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwfSpec {
    /// The text of a Standard Workload Format log.
    pub swf: String,
    /// Replay the log until this many jobs (default: its usable jobs, once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Only the jobs submitted in a window of the log: from this many hours after its first
    /// usable job (0 when only `window_hours` is given), their arrivals counted from the window's
    /// start (`sweep --windows` varies it over every window of the log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_start_hours: Option<f64>,
    /// The window's length in hours (24 when only `window_start_hours` is given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_hours: Option<f64>,
    #[serde(default = "default_value_factor")]
    pub value_factor: [f64; 2],
    #[serde(default = "default_deadline_factor")]
    pub deadline_factor: [f64; 2],
    #[serde(default)]
    pub seed: u64,
}

/// `{ "generator": {…} }`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(deny_unknown_fields)]
struct Generated {
    generator: GeneratorSpec,
}

/// The document's `jobs`.
#[derive(Debug, Clone, PartialEq)]
pub enum JobsSpec {
    List(Vec<JobSpec>),
    Generator(GeneratorSpec),
    Swf(SwfSpec),
}

fn check_factor(problems: &mut Problems, path: &str, f: [f64; 2], positive: bool) {
    if !(check_finite(problems, &format!("{path}[0]"), f[0]) & check_finite(problems, &format!("{path}[1]"), f[1])) {
        return;
    }
    if positive && f[0] <= 0.0 {
        problems.push_keyed(format!("{path}[0]"), "err-must-be-gt-0-got", vec![("got", f[0].to_string())]);
    } else if f[0] < 0.0 {
        problems.push_keyed(format!("{path}[0]"), "err-must-be-at-least-0-got", vec![("got", f[0].to_string())]);
    }
    if f[1] < f[0] {
        problems.push_keyed(
            path,
            "err-low-high-with-low-at-most-high",
            vec![("got", f[0].to_string()), ("got2", f[1].to_string())],
        );
    }
}

fn positive(problems: &mut Problems, path: &str, x: f64) {
    if check_finite(problems, path, x) && x <= 0.0 {
        problems.push_keyed(path, "err-must-be-gt-0-got", vec![("got", x.to_string())]);
    }
}

impl JobsSpec {
    pub fn validate(&self, per_hour: u64, problems: &mut Problems) {
        match self {
            JobsSpec::List(list) => {
                if list.is_empty() {
                    problems.push_keyed("jobs", "err-at-least-one-job-is-needed", vec![]);
                }
                if list.len() as u64 > MAX_JOBS {
                    problems.push_keyed(
                        "jobs",
                        "err-at-most-max-jobs-got",
                        vec![("max", MAX_JOBS.to_string()), ("got", list.len().to_string())],
                    );
                    return;
                }
                for (i, j) in list.iter().enumerate() {
                    let p = format!("jobs[{i}]");
                    if j.deadline < 1 {
                        problems.push_keyed(format!("{p}.deadline"), "err-deadline-is-at-least-1-hour", vec![]);
                    }
                    positive(problems, &format!("{p}.size"), j.size);
                    positive(problems, &format!("{p}.parallelism"), j.parallelism);
                    non_negative(problems, &format!("{p}.value"), j.value);
                    let end = j.arrival.saturating_add(u64::from(j.deadline).saturating_mul(per_hour));
                    if end > MAX_SLOTS {
                        problems.push_keyed(
                            format!("{p}.arrival"),
                            "err-job-runs-until-slot-end-playground-keeps",
                            vec![("end", end.to_string()), ("max", MAX_SLOTS.to_string())],
                        );
                    }
                }
            }
            JobsSpec::Generator(g) => {
                let p = "jobs.generator";
                if g.count == 0 || g.count > MAX_JOBS {
                    problems.push_keyed(
                        format!("{p}.count"),
                        "err-between-1-and-max-jobs-got",
                        vec![("max", MAX_JOBS.to_string()), ("got", g.count.to_string())],
                    );
                }
                positive(problems, &format!("{p}.mean_gap_minutes"), g.mean_gap_minutes);
                positive(problems, &format!("{p}.size_max"), g.size_max);
                positive(problems, &format!("{p}.parallelism"), g.parallelism);
                check_factor(problems, &format!("{p}.value_factor"), g.value_factor, false);
                check_factor(problems, &format!("{p}.deadline_factor"), g.deadline_factor, true);
            }
            JobsSpec::Swf(s) => {
                if let Some(c) = s.count {
                    if c == 0 || c > MAX_JOBS {
                        problems.push_keyed(
                            "jobs.count",
                            "err-between-1-and-max-jobs-got",
                            vec![("max", MAX_JOBS.to_string()), ("got", c.to_string())],
                        );
                    }
                }
                check_factor(problems, "jobs.value_factor", s.value_factor, false);
                check_factor(problems, "jobs.deadline_factor", s.deadline_factor, true);
                let window_ok = match (s.window_start_hours, s.window_hours) {
                    (Some(h), _) if !(h.is_finite() && h >= 0.0) => {
                        problems.push_keyed(
                            "jobs.window_start_hours",
                            "err-hours-at-least-0-got",
                            vec![("got", h.to_string())],
                        );
                        false
                    }
                    (_, Some(w)) if !(w.is_finite() && w > 0.0 && w <= MAX_WINDOW_HOURS) => {
                        problems.push_keyed(
                            "jobs.window_hours",
                            "err-in-0-max-hours-got",
                            vec![("max", MAX_WINDOW_HOURS.to_string()), ("got", w.to_string())],
                        );
                        false
                    }
                    _ => true,
                };
                match swf::parse(&s.swf) {
                    Err(e) => problems.push_problem(e.problem("jobs.swf")),
                    Ok(log) => {
                        let all = log.jobs.iter().filter(|j| j.usable()).count();
                        let usable = if window_ok { s.usable(&log).len() } else { all } as u64;
                        if all == 0 {
                            problems.push_keyed("jobs.swf", "err-log-has-no-usable-job-finished-run", vec![]);
                        } else if usable == 0 {
                            let (from, hours) = s.window();
                            problems.push_keyed(
                                "jobs.window_start_hours",
                                "err-no-usable-job-is-submitted-in-hours",
                                vec![
                                    ("hours", hours.to_string()),
                                    ("from", from.to_string()),
                                    ("log", format!("{:.1}", usable_span_hours(&log))),
                                ],
                            );
                        } else if s.count.is_none() && usable > MAX_JOBS {
                            problems.push_keyed(
                                "jobs.swf",
                                "err-usable-jobs-at-most-max-set-count",
                                vec![("usable", usable.to_string()), ("max", MAX_JOBS.to_string())],
                            );
                        }
                    }
                }
            }
        }
    }

    /// The jobs in processing order (arrival, then document order), for on-demand price `p`.
    pub fn build(&self, p: f64, slot_minutes: u32, per_hour: u64) -> Result<Vec<Job>, ScenarioError> {
        let mut jobs = match self {
            JobsSpec::List(list) => list
                .iter()
                .map(|j| Job {
                    arrival: j.arrival,
                    deadline: j.deadline,
                    size: j.size,
                    parallelism: j.parallelism,
                    value: j.value,
                })
                .collect(),
            JobsSpec::Generator(g) => generate(g, p, slot_minutes),
            JobsSpec::Swf(s) => from_log(s, p, slot_minutes)?,
        };
        jobs.sort_by_key(|j| j.arrival);
        let path = match self {
            JobsSpec::List(_) => "jobs",
            JobsSpec::Generator(_) => "jobs.generator",
            JobsSpec::Swf(_) => "jobs.swf",
        };
        if let Some(last) = jobs.iter().map(|j| end_slot(j, per_hour)).max() {
            if last > MAX_SLOTS {
                return Err(ScenarioError::keyed(
                    path,
                    "err-jobs-run-until-slot-last-playground-keeps",
                    vec![("last", last.to_string()), ("max", MAX_SLOTS.to_string())],
                ));
            }
        }
        Ok(jobs)
    }
}

/// The first slot after a job's deadline.
pub fn end_slot(j: &Job, per_hour: u64) -> u64 {
    j.arrival.saturating_add(u64::from(j.deadline).saturating_mul(per_hour))
}

fn uniform(rng: &mut Rng, range: [f64; 2]) -> f64 {
    range[0] + (range[1] - range[0]) * unit_interval(rng)
}

/// Value and deadline as the paper's generator draws them, for a job of size `z` and parallelism `c`.
fn draw_value_deadline(rng: &mut Rng, p: f64, z: f64, c: f64, value: [f64; 2], deadline: [f64; 2]) -> (f64, u32) {
    let v = uniform(rng, value) * p * z;
    let d = (uniform(rng, deadline) * z / c).ceil();
    (v, d.clamp(1.0, f64::from(u32::MAX)) as u32)
}

fn slot_of(minutes: f64, slot_minutes: u32) -> u64 {
    (minutes / f64::from(slot_minutes)).floor().clamp(0.0, u64::MAX as f64) as u64
}

fn generate(g: &GeneratorSpec, p: f64, slot_minutes: u32) -> Vec<Job> {
    let mut rng = seeded_rng(g.seed);
    rng.set_stream(JOBS_STREAM);
    let mut t = 0.0;
    (0..g.count)
        .map(|_| {
            let gap: f64 = Exp1.sample(&mut rng);
            t += gap * g.mean_gap_minutes;
            let z = g.size_max * (1.0 - unit_interval(&mut rng));
            let (value, deadline) =
                draw_value_deadline(&mut rng, p, z, g.parallelism, g.value_factor, g.deadline_factor);
            Job { arrival: slot_of(t, slot_minutes), deadline, size: z, parallelism: g.parallelism, value }
        })
        .collect()
}

/// The longest window a spot document takes (a year).
pub const MAX_WINDOW_HOURS: f64 = 24.0 * 366.0;

impl SwfSpec {
    /// The window, if the document sets one: its start and length in hours.
    fn window(&self) -> (f64, f64) {
        (self.window_start_hours.unwrap_or(0.0), self.window_hours.unwrap_or(24.0))
    }

    /// The usable jobs this document replays, by submit time (those in its window, if it has
    /// one).
    fn usable<'a>(&self, log: &'a swf::SwfLog) -> Vec<&'a swf::SwfJob> {
        let mut usable: Vec<_> = log.jobs.iter().filter(|j| j.usable()).collect();
        usable.sort_by(|a, b| a.submit.total_cmp(&b.submit));
        if self.window_start_hours.is_some() || self.window_hours.is_some() {
            let s0 = usable.first().map_or(0.0, |j| j.submit);
            let (start, hours) = self.window();
            let (from, to) = (s0 + start * 3600.0, s0 + (start + hours) * 3600.0);
            usable.retain(|j| j.submit >= from && j.submit < to);
        }
        usable
    }

    /// Where arrivals count from (seconds): the first usable submit, or the window's start.
    fn origin(&self, log: &swf::SwfLog) -> Option<f64> {
        let s0 = log.jobs.iter().filter(|j| j.usable()).map(|j| j.submit).min_by(f64::total_cmp)?;
        if self.window_start_hours.is_some() || self.window_hours.is_some() {
            Some(s0 + self.window().0 * 3600.0)
        } else {
            Some(s0)
        }
    }
}

/// The span of a log's usable jobs in hours (first to last submit): `sweep --windows` covers it.
pub fn usable_span_hours(log: &swf::SwfLog) -> f64 {
    let submits = log.jobs.iter().filter(|j| j.usable()).map(|j| j.submit);
    let (lo, hi) = submits.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), t| (lo.min(t), hi.max(t)));
    if hi >= lo {
        (hi - lo) / 3600.0
    } else {
        0.0
    }
}

fn from_log(s: &SwfSpec, p: f64, slot_minutes: u32) -> Result<Vec<Job>, ScenarioError> {
    let log = swf::parse(&s.swf).map_err(|e| ScenarioError { problems: vec![e.problem("jobs.swf")] })?;
    let usable = s.usable(&log);
    let (Some(_), Some(s0)) = (usable.first(), s.origin(&log)) else {
        return Err(ScenarioError::keyed("jobs.swf", "err-log-has-no-usable-job", vec![]));
    };
    let slots: Vec<u64> = usable.iter().map(|j| slot_of((j.submit - s0) / 60.0, slot_minutes)).collect();
    let span = slots.last().copied().unwrap_or(0).saturating_add(1);
    let count = s.count.unwrap_or(usable.len() as u64).min(MAX_JOBS);
    let mut rng = seeded_rng(s.seed);
    rng.set_stream(JOBS_STREAM);
    Ok((0..count)
        .map(|k| {
            let i = (k % usable.len() as u64) as usize;
            let copy = k / usable.len() as u64;
            let j = usable[i];
            let z = j.run_time / 3600.0 * j.processors;
            let (value, deadline) =
                draw_value_deadline(&mut rng, p, z, j.processors, s.value_factor, s.deadline_factor);
            Job {
                arrival: slots[i].saturating_add(copy.saturating_mul(span)),
                deadline,
                size: z,
                parallelism: j.processors,
                value,
            }
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Serde: a list, `{ "generator": {…} }`, or `{ "swf": "…", … }`.

impl Serialize for JobsSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            JobsSpec::List(l) => l.serialize(s),
            JobsSpec::Generator(g) => Generated { generator: g.clone() }.serialize(s),
            JobsSpec::Swf(w) => w.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for JobsSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use crate::de::{Either, ListOr};
        let v =
            ListOr::<JobSpec, JobsFields>::new("a list of jobs, { \"generator\": {…} } or { \"swf\": \"<log>\", … }");
        match d.deserialize_any(v)? {
            Either::List(l) => Ok(JobsSpec::List(l)),
            Either::Object(f) => JobsSpec::try_from(f).map_err(serde::de::Error::custom),
        }
    }
}

/// The object forms as written: one plain struct, so that errors inside keep their JSON paths.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JobsFields {
    #[serde(default)]
    generator: Option<GeneratorSpec>,
    #[serde(default)]
    swf: Option<String>,
    #[serde(default)]
    count: Option<u64>,
    #[serde(default)]
    value_factor: Option<[f64; 2]>,
    #[serde(default)]
    deadline_factor: Option<[f64; 2]>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    window_start_hours: Option<f64>,
    #[serde(default)]
    window_hours: Option<f64>,
}

impl TryFrom<JobsFields> for JobsSpec {
    type Error = String;
    fn try_from(f: JobsFields) -> Result<Self, String> {
        match (f.generator, f.swf) {
            (Some(_), Some(_)) => Err(crate::error::keyed_text("err-jobs-come-from-generator-or-from-swf", vec![])),
            (Some(generator), None) => {
                if f.count.is_some()
                    || f.value_factor.is_some()
                    || f.deadline_factor.is_some()
                    || f.seed.is_some()
                    || f.window_start_hours.is_some()
                    || f.window_hours.is_some()
                {
                    Err(crate::error::keyed_text("err-generator-s-parameters-go-inside-generator", vec![]))
                } else {
                    Ok(JobsSpec::Generator(generator))
                }
            }
            (None, Some(swf)) => Ok(JobsSpec::Swf(SwfSpec {
                swf,
                count: f.count,
                value_factor: f.value_factor.unwrap_or_else(default_value_factor),
                deadline_factor: f.deadline_factor.unwrap_or_else(default_deadline_factor),
                seed: f.seed.unwrap_or(0),
                window_start_hours: f.window_start_hours,
                window_hours: f.window_hours,
            })),
            (None, None) => Err(crate::error::keyed_text("err-jobs-are-list-generator-or-swf-lt", vec![])),
        }
    }
}
