//! The document's `jobs` — a list, a generator, or a window of a Standard Workload Format log —
//! and the [`Workload`] they make with the organizations (pieces sorted by release, then document
//! order; cut into unit single-core pieces with `split_unit`).

use serde::{Deserialize, Serialize};

use super::model::{Org, Piece, Workload};
pub use super::organizations::{
    zipf_counts, OrgSpec, OrgsByCount, OrgsSpec, ProcessorsSpec, Zipf, MAX_CORES, MAX_ORGS,
};
use crate::error::ScenarioError;
use crate::sim::{seeded_rng, unit_interval, Rng};
use crate::swf::{self, SwfLog};

/// Most pieces of a workload.
pub const MAX_PIECES: u64 = 5_000_000;
/// Latest release, and most total work (Σ duration × cores), in units of time: together with
/// [`MAX_CORES`] they keep the utilities' exact integer sums far from overflow (< 1e31).
pub const MAX_TIME: u64 = 1_000_000_000_000;
/// Streams of the draws (the document's seed): users to organizations, the generator, windows.
pub const USERS_STREAM: u64 = 1;
pub const GENERATOR_STREAM: u64 = 2;

/// A listed job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobSpec {
    pub org: String,
    pub release: u64,
    pub duration: u64,
    #[serde(default = "one_core")]
    pub cores: u32,
    /// Background load of a local user (scenario 3): its own machines only, outside fairness.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub local: bool,
}

fn one_core() -> u32 {
    1
}

/// Random jobs: `count` jobs, each of a uniformly drawn organization, released uniformly in
/// `[0, horizon)`, durations and cores uniform integers in their ranges (the document's seed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneratorSpec {
    pub count: u32,
    pub horizon: u64,
    pub duration: [u64; 2],
    #[serde(default = "one_one")]
    pub cores: [u32; 2],
}

fn one_one() -> [u32; 2] {
    [1, 1]
}

/// How a log's users map to organizations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Users {
    /// User `u` → organization `u mod N`.
    #[default]
    Modulo,
    /// Each user to a uniformly drawn organization (the document's seed; scenarios 1–2).
    Random,
}

fn day() -> f64 {
    24.0
}
fn hour() -> u64 {
    3600
}

/// A window of a workload log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwfSpec {
    pub swf: String,
    #[serde(default)]
    pub window_start_hours: f64,
    #[serde(default = "day")]
    pub window_hours: f64,
    #[serde(default = "hour")]
    pub time_unit_seconds: u64,
    #[serde(default)]
    pub users: Users,
    /// The fraction of users (drawn with the seed) who are local background load (scenario 3).
    #[serde(default)]
    pub local_users: f64,
}

/// `{ "generator": {…} }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Generated {
    pub generator: GeneratorSpec,
}

/// The document's `jobs`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum JobsSpec {
    List(Vec<JobSpec>),
    Generated(Generated),
    Swf(SwfSpec),
}

/// The organization and background flag of every user of a log (sorted user ids; draws in that
/// order from the document's seed).
fn user_map(log: &SwfLog, n: usize, s: &SwfSpec, seed: u64) -> std::collections::BTreeMap<i64, (usize, bool)> {
    let mut users: Vec<i64> = log.jobs.iter().map(|j| j.user).collect();
    users.sort_unstable();
    users.dedup();
    let mut rng = seeded_rng(seed);
    rng.set_stream(USERS_STREAM);
    users
        .into_iter()
        .map(|u| {
            let org = match s.users {
                Users::Modulo => u.rem_euclid(n as i64) as usize,
                Users::Random => ((unit_interval(&mut rng) * n as f64) as usize).min(n - 1),
            };
            let local = s.local_users > 0.0 && unit_interval(&mut rng) < s.local_users;
            (u, (org, local))
        })
        .collect()
}

/// A job before splitting: (org, release, duration, cores, local).
type RawJob = (usize, u64, u64, u32, bool);

/// The jobs of a log window starting `start_hours` after the log's first submit.
pub fn window_jobs(log: &SwfLog, s: &SwfSpec, start_hours: f64, n: usize, seed: u64) -> Vec<RawJob> {
    if n == 0 {
        return Vec::new();
    }
    let Some(s0) = log.jobs.iter().map(|j| j.submit).min_by(f64::total_cmp) else { return Vec::new() };
    let from = s0 + start_hours * 3600.0;
    let to = s0 + (start_hours + s.window_hours) * 3600.0;
    let unit = s.time_unit_seconds.max(1) as f64;
    let users = user_map(log, n, s, seed);
    log.jobs
        .iter()
        .filter(|j| j.submit >= from && j.submit < to && j.usable())
        .map(|j| {
            let (org, local) = users.get(&j.user).copied().unwrap_or((0, false));
            let release = ((j.submit - from) / unit).floor() as u64;
            let duration = ((j.run_time / unit).ceil() as u64).max(1);
            (org, release, duration, j.processors.clamp(1.0, f64::from(u32::MAX)) as u32, local)
        })
        .collect()
}

/// The stream of the document's `runs.seed` that draws window starts.
const WINDOWS_STREAM: u64 = 4;

/// The starts (whole hours) of `windows` windows of `window_hours` drawn uniformly over the log
/// from `seed` (the `runs` of Table 1).
pub fn window_starts(log: &SwfLog, window_hours: f64, windows: u32, seed: u64) -> Vec<f64> {
    let room = (span_hours(log) - window_hours).max(0.0).floor();
    let mut rng = seeded_rng(seed);
    rng.set_stream(WINDOWS_STREAM);
    (0..windows).map(|_| (unit_interval(&mut rng) * (room + 1.0)).floor().min(room)).collect()
}

/// The log's span in hours (first to last submit), for choosing windows.
pub fn span_hours(log: &SwfLog) -> f64 {
    let (lo, hi) =
        log.jobs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), j| (lo.min(j.submit), hi.max(j.submit)));
    if hi >= lo {
        (hi - lo) / 3600.0
    } else {
        0.0
    }
}

fn generate(g: &GeneratorSpec, n: usize, seed: u64) -> Vec<RawJob> {
    let mut rng: Rng = seeded_rng(seed);
    rng.set_stream(GENERATOR_STREAM);
    let mut int = |lo: u64, hi: u64| lo + ((unit_interval(&mut rng) * (hi - lo + 1) as f64) as u64).min(hi - lo);
    (0..g.count)
        .map(|_| {
            let org = int(0, n as u64 - 1) as usize;
            let release = int(0, g.horizon.max(1) - 1);
            let duration = int(g.duration[0], g.duration[1]);
            let cores = int(u64::from(g.cores[0]), u64::from(g.cores[1])) as u32;
            (org, release, duration, cores, false)
        })
        .collect()
}

/// What makes a workload too large to simulate ([`check_size`]), as data: a page says it in the
/// reader's language, in the words of where it was found ([`SizeError::problem`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeError {
    /// This many pieces; at most [`MAX_PIECES`].
    Pieces(u64),
    /// This many units of work (duration × cores); at most [`MAX_TIME`].
    Work(u64),
    /// A job released at this time; at most [`MAX_TIME`].
    Release(u64),
}

/// Where a [`SizeError`] was found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SizeWhere {
    /// The jobs as listed.
    Jobs,
    /// The log's window of this many hours that the document names.
    Window { hours: f64 },
    /// The log's window of this many hours starting at this hour (one a run draws).
    WindowAt { hours: f64, start: f64 },
}

impl SizeError {
    /// The problem at `path`: message id and arguments (`value`, `max`, and the window's).
    pub fn problem(self, path: &str, at: SizeWhere) -> crate::error::Problem {
        let (value, max) = match self {
            SizeError::Pieces(n) => (n, MAX_PIECES),
            SizeError::Work(n) | SizeError::Release(n) => (n, MAX_TIME),
        };
        let mut args = vec![("value", value.to_string()), ("max", max.to_string())];
        let id = match (at, self) {
            (SizeWhere::Jobs, SizeError::Pieces(_)) => "err-size-pieces",
            (SizeWhere::Jobs, SizeError::Work(_)) => "err-size-work",
            (SizeWhere::Jobs, SizeError::Release(_)) => "err-size-release",
            (SizeWhere::Window { .. }, SizeError::Pieces(_)) => "err-size-window-pieces",
            (SizeWhere::Window { .. }, SizeError::Work(_)) => "err-size-window-work",
            (SizeWhere::Window { .. }, SizeError::Release(_)) => "err-size-window-release",
            (SizeWhere::WindowAt { .. }, SizeError::Pieces(_)) => "err-size-window-at-pieces",
            (SizeWhere::WindowAt { .. }, SizeError::Work(_)) => "err-size-window-at-work",
            (SizeWhere::WindowAt { .. }, SizeError::Release(_)) => "err-size-window-at-release",
        };
        match at {
            SizeWhere::Jobs => {}
            SizeWhere::Window { hours } => args.push(("window_hours", hours.to_string())),
            SizeWhere::WindowAt { hours, start } => {
                args.push(("window_hours", hours.to_string()));
                args.push(("start", start.to_string()));
            }
        }
        crate::error::Problem::keyed(path, id, args)
    }
}

/// Whether `jobs` are within the limits (pieces, work, releases): what [`pieces`] would refuse,
/// found without building anything (validation checks log windows with it, quickly). The
/// count of pieces when they are.
pub fn check_size(jobs: &[RawJob], split: bool) -> Result<u64, SizeError> {
    let work: u64 = jobs.iter().map(|&(_, _, d, c, _)| d.saturating_mul(u64::from(c))).fold(0, u64::saturating_add);
    let count: u64 = if split { work } else { jobs.len() as u64 };
    if count > MAX_PIECES {
        return Err(SizeError::Pieces(count));
    }
    if work > MAX_TIME {
        return Err(SizeError::Work(work));
    }
    if let Some(j) = jobs.iter().find(|j| j.1 > MAX_TIME) {
        return Err(SizeError::Release(j.1));
    }
    Ok(count)
}

/// Cuts jobs into pieces (unit single-core pieces with `split`), sorted by (release, document order).
pub fn pieces(jobs: &[RawJob], split: bool) -> Result<Vec<Piece>, SizeError> {
    let count = check_size(jobs, split)?;
    let mut out = Vec::with_capacity(count as usize);
    for (job, &(org, release, duration, cores, local)) in jobs.iter().enumerate() {
        if split {
            for piece in 0..duration * u64::from(cores) {
                out.push(Piece { org, release, duration: 1, cores: 1, job: job as u32, piece: piece as u32, local });
            }
        } else {
            out.push(Piece { org, release, duration, cores, job: job as u32, piece: 0, local });
        }
    }
    out.sort_by_key(|p| p.release);
    Ok(out)
}

impl JobsSpec {
    /// The jobs (before splitting) for organizations `names`; `start_hours` overrides a log's
    /// window start (multi-window runs).
    pub fn raw(&self, names: &[String], seed: u64, start_hours: Option<f64>) -> Result<Vec<RawJob>, ScenarioError> {
        let n = names.len();
        Ok(match self {
            JobsSpec::List(list) => list
                .iter()
                .map(|j| {
                    let org = names.iter().position(|x| *x == j.org).unwrap_or(0);
                    (org, j.release, j.duration, j.cores, j.local)
                })
                .collect(),
            JobsSpec::Generated(g) => generate(&g.generator, n, seed),
            JobsSpec::Swf(s) => {
                let log = swf::parse(&s.swf).map_err(|e| ScenarioError { problems: vec![e.problem("jobs.swf")] })?;
                window_jobs(&log, s, start_hours.unwrap_or(s.window_start_hours), n, seed)
            }
        })
    }

    /// Builds a workload.
    pub fn workload(
        &self,
        orgs: Vec<Org>,
        split: bool,
        seed: u64,
        start_hours: Option<f64>,
    ) -> Result<Workload, ScenarioError> {
        let names: Vec<String> = orgs.iter().map(|o| o.name.clone()).collect();
        let raw = self.raw(&names, seed, start_hours)?;
        let pieces =
            pieces(&raw, split).map_err(|e| ScenarioError { problems: vec![e.problem("jobs", SizeWhere::Jobs)] })?;
        Ok(Workload { orgs, pieces, split })
    }
}

// ---------------------------------------------------------------------------------------------
// Serde: "a list or an object", keeping the JSON paths inside.

/// The object forms of `jobs` as written: one plain struct (paths kept inside).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JobsFields {
    #[serde(default)]
    generator: Option<GeneratorSpec>,
    #[serde(default)]
    swf: Option<String>,
    #[serde(default)]
    window_start_hours: Option<f64>,
    #[serde(default)]
    window_hours: Option<f64>,
    #[serde(default)]
    time_unit_seconds: Option<u64>,
    #[serde(default)]
    users: Option<Users>,
    #[serde(default)]
    local_users: Option<f64>,
}

impl<'de> Deserialize<'de> for JobsSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use crate::de::{Either, ListOr};
        let v =
            ListOr::<JobSpec, JobsFields>::new("a list of jobs, { \"generator\": {…} } or { \"swf\": \"<log>\", … }");
        let f = match d.deserialize_any(v)? {
            Either::List(l) => return Ok(JobsSpec::List(l)),
            Either::Object(f) => f,
        };
        let window = f.window_start_hours.is_some()
            || f.window_hours.is_some()
            || f.time_unit_seconds.is_some()
            || f.users.is_some()
            || f.local_users.is_some();
        match (f.generator, f.swf) {
            (Some(_), Some(_)) => Err(crate::error::keyed_custom("err-jobs-come-from-generator-or-swf-log", vec![])),
            (Some(_), None) if window => {
                Err(crate::error::keyed_custom("err-window-and-user-fields-belong-to-swf", vec![]))
            }
            (Some(generator), None) => Ok(JobsSpec::Generated(Generated { generator })),
            (None, Some(swf)) => Ok(JobsSpec::Swf(SwfSpec {
                swf,
                window_start_hours: f.window_start_hours.unwrap_or(0.0),
                window_hours: f.window_hours.unwrap_or_else(day),
                time_unit_seconds: f.time_unit_seconds.unwrap_or_else(hour),
                users: f.users.unwrap_or_default(),
                local_users: f.local_users.unwrap_or(0.0),
            })),
            (None, None) => Err(crate::error::keyed_custom("err-jobs-are-list-generator-or-swf-lt", vec![])),
        }
    }
}
