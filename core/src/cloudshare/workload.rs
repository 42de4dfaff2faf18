//! The document's `organizations` and `jobs` — a list, a generator, or a window of a Standard
//! Workload Format log — and the [`Workload`] they make (pieces sorted by release, then document
//! order; cut into unit single-core pieces with `split_unit`).

use serde::{Deserialize, Serialize};

use super::model::{Org, Piece, Workload};
use crate::error::{check_finite, Problems, ScenarioError};
use crate::sim::{seeded_rng, unit_interval, Rng};
use crate::swf::{self, SwfLog};

/// Most organizations (coalitions are bitmasks).
pub const MAX_ORGS: usize = 64;
/// Most pieces of a workload.
pub const MAX_PIECES: u64 = 5_000_000;
/// Most cores in the whole federation.
pub const MAX_CORES: u64 = 1_000_000;
/// Latest release, and most total work (Σ duration × cores), in units of time: together with
/// [`MAX_CORES`] they keep the utilities' exact integer sums far from overflow (< 1e31).
pub const MAX_TIME: u64 = 1_000_000_000_000;
/// Streams of the draws (the document's seed): users to organizations, the generator, windows.
pub const USERS_STREAM: u64 = 1;
pub const GENERATOR_STREAM: u64 = 2;

/// An organization as listed: `processors` identical single-core processors, or `machines`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrgSpec {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub processors: Option<u32>,
    /// Cores of each machine (multi-core machines, no overbooking).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machines: Option<Vec<u32>>,
}

/// `{ "zipf": { "total": P, "s": 1.0 } }`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zipf {
    pub total: u32,
    #[serde(default = "one")]
    pub s: f64,
}

fn one() -> f64 {
    1.0
}

/// Processors of `count` organizations: the same number each, or by a Zipf law.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ProcessorsSpec {
    Equal(u32),
    Zipf { zipf: Zipf },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ZipfField {
    zipf: Zipf,
}

impl<'de> Deserialize<'de> for ProcessorsSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = ProcessorsSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number of processors each, or { \"zipf\": { \"total\": P, \"s\": 1.0 } }")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<ProcessorsSpec, E> {
                u32::try_from(v)
                    .map(ProcessorsSpec::Equal)
                    .map_err(|_| E::custom(format!("at most {} processors", u32::MAX)))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<ProcessorsSpec, A::Error> {
                let z = ZipfField::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(ProcessorsSpec::Zipf { zipf: z.zipf })
            }
        }
        d.deserialize_any(V)
    }
}

/// `{ "count": N, "processors": k | { "zipf": … } }`, organizations named O1 … ON (or `names`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrgsByCount {
    pub count: u32,
    pub processors: ProcessorsSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Vec<String>>,
}

/// The document's `organizations`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum OrgsSpec {
    List(Vec<OrgSpec>),
    Count(OrgsByCount),
}

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

impl OrgsSpec {
    pub fn len(&self) -> usize {
        match self {
            OrgsSpec::List(l) => l.len(),
            OrgsSpec::Count(c) => c.count as usize,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn validate(&self, problems: &mut Problems) {
        let n = self.len();
        if n == 0 || n > MAX_ORGS {
            problems.push("organizations", format!("between 1 and {MAX_ORGS} organizations, got {n}"));
            return;
        }
        match self {
            OrgsSpec::List(list) => {
                for (i, o) in list.iter().enumerate() {
                    let p = format!("organizations[{i}]");
                    if o.name.is_empty() {
                        problems.push(format!("{p}.name"), "an organization needs a name");
                    } else if list[..i].iter().any(|x| x.name == o.name) {
                        problems.push(format!("{p}.name"), format!("\"{}\" is listed twice", o.name));
                    }
                    let cores = o.processors.map_or(0, u64::from)
                        + o.machines.as_ref().map_or(0, |m| m.iter().map(|&c| u64::from(c)).sum());
                    if cores > MAX_CORES {
                        problems.push(&p, format!("at most {MAX_CORES} cores, got {cores}"));
                    }
                    match (&o.processors, &o.machines) {
                        (Some(_), Some(_)) => problems.push(&p, "give `processors` or `machines`, not both"),
                        (None, None) => problems.push(&p, "give `processors` (a number, possibly 0) or `machines`"),
                        (None, Some(m)) => {
                            if let Some(k) = m.iter().position(|&c| c == 0) {
                                problems.push(format!("{p}.machines[{k}]"), "a machine has at least 1 core");
                            }
                        }
                        (Some(_), None) => {}
                    }
                }
            }
            OrgsSpec::Count(c) => {
                let each = match c.processors {
                    ProcessorsSpec::Equal(k) => u64::from(k) * n as u64,
                    ProcessorsSpec::Zipf { zipf } => u64::from(zipf.total),
                };
                if each > MAX_CORES {
                    problems
                        .push("organizations.processors", format!("at most {MAX_CORES} processors in all, got {each}"));
                }
                if let Some(names) = &c.names {
                    if names.len() != n {
                        problems.push("organizations.names", format!("{} names for {n} organizations", names.len()));
                    }
                }
                if let ProcessorsSpec::Zipf { zipf } = c.processors {
                    if (zipf.total as usize) < n {
                        problems.push(
                            "organizations.processors.zipf.total",
                            format!("at least 1 processor each: at least {n}, got {}", zipf.total),
                        );
                    }
                    check_finite(problems, "organizations.processors.zipf.s", zipf.s);
                }
            }
        }
    }

    /// The organizations (valid documents).
    pub fn build(&self) -> Vec<Org> {
        match self {
            OrgsSpec::List(list) => list
                .iter()
                .map(|o| Org {
                    name: o.name.clone(),
                    machines: o.machines.clone().unwrap_or_else(|| vec![1; o.processors.unwrap_or(0) as usize]),
                })
                .collect(),
            OrgsSpec::Count(c) => {
                let n = c.count as usize;
                let counts = match c.processors {
                    ProcessorsSpec::Equal(k) => vec![k; n],
                    ProcessorsSpec::Zipf { zipf } => zipf_counts(n, zipf.total, zipf.s),
                };
                counts
                    .into_iter()
                    .enumerate()
                    .map(|(i, k)| Org {
                        name: c.names.as_ref().and_then(|v| v.get(i).cloned()).unwrap_or_else(|| format!("O{}", i + 1)),
                        machines: vec![1; k as usize],
                    })
                    .collect()
            }
        }
    }
}

/// `total` processors over `n` organizations by a Zipf law (weight `1/i^s` for rank `i`), at
/// least 1 each: each gets `max(1, floor(ideal))`, then the rest by largest remainder (ties: the
/// lower rank), or back from the smallest remainders among those above 1.
pub fn zipf_counts(n: usize, total: u32, s: f64) -> Vec<u32> {
    let w: Vec<f64> = (1..=n).map(|i| 1.0 / crate::math::pow(i as f64, s)).collect();
    let sum: f64 = w.iter().sum();
    let ideal: Vec<f64> = w.iter().map(|x| f64::from(total) * x / sum).collect();
    let mut k: Vec<u32> = ideal.iter().map(|x| (x.floor() as u32).max(1)).collect();
    let rem = |k: &[u32], i: usize| ideal[i] - f64::from(k[i]);
    let mut assigned: u64 = k.iter().map(|&x| u64::from(x)).sum();
    while assigned < u64::from(total) {
        let i = (0..n).fold(0, |b, i| if rem(&k, i) > rem(&k, b) { i } else { b });
        k[i] += 1;
        assigned += 1;
    }
    while assigned > u64::from(total) {
        let Some(i) = (0..n).filter(|&i| k[i] > 1).fold(None, |b: Option<usize>, i| match b {
            Some(b) if rem(&k, b) <= rem(&k, i) => Some(b),
            _ => Some(i),
        }) else {
            break;
        };
        k[i] -= 1;
        assigned -= 1;
    }
    k
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

/// Cuts jobs into pieces (unit single-core pieces with `split`), sorted by (release, document order).
pub fn pieces(jobs: &[RawJob], split: bool) -> Result<Vec<Piece>, String> {
    let work: u64 = jobs.iter().map(|&(_, _, d, c, _)| d.saturating_mul(u64::from(c))).fold(0, u64::saturating_add);
    let count: u64 = if split { work } else { jobs.len() as u64 };
    if count > MAX_PIECES {
        return Err(format!("{count} pieces; at most {MAX_PIECES} (a shorter window, or split_unit false)"));
    }
    if work > MAX_TIME {
        return Err(format!("{work} units of work (duration × cores); at most {MAX_TIME}"));
    }
    if let Some(j) = jobs.iter().find(|j| j.1 > MAX_TIME) {
        return Err(format!("a release at {}; at most {MAX_TIME}", j.1));
    }
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
                let log = swf::parse(&s.swf).map_err(|e| ScenarioError::single("jobs.swf", e.to_string()))?;
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
        let pieces = pieces(&raw, split).map_err(|count| {
            ScenarioError::single(
                "jobs",
                format!("{count} pieces; at most {MAX_PIECES} (a shorter window, or split_unit false)"),
            )
        })?;
        Ok(Workload { orgs, pieces, split })
    }
}

// ---------------------------------------------------------------------------------------------
// Serde: "a list or an object", keeping the JSON paths inside.

impl<'de> Deserialize<'de> for OrgsSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use crate::de::{Either, ListOr};
        let v = ListOr::<OrgSpec, OrgsByCount>::new(
            "a list of { \"name\", \"processors\" | \"machines\" }, or { \"count\": N, \"processors\": … }",
        );
        Ok(match d.deserialize_any(v)? {
            Either::List(l) => OrgsSpec::List(l),
            Either::Object(c) => OrgsSpec::Count(c),
        })
    }
}

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
            (Some(_), Some(_)) => {
                Err(serde::de::Error::custom("jobs come from a `generator` or an `swf` log, not both"))
            }
            (Some(_), None) if window => {
                Err(serde::de::Error::custom("window and user fields belong to an `swf` log, not to a generator"))
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
            (None, None) => {
                Err(serde::de::Error::custom("jobs are a list, { \"generator\": {…} } or { \"swf\": \"<log>\", … }"))
            }
        }
    }
}
