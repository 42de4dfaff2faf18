//! The `cloudshare` document (see `spec/cloudshare.md`): its fields, defaults and validation —
//! every problem with its JSON path.

use serde::{Deserialize, Serialize};

use super::algorithm::{Algorithm, AlgorithmSpec, Rule};
use super::model::{Federation, Leave};
use super::workload::{JobsSpec, OrgsSpec, SizeWhere, MAX_PIECES, MAX_TIME};
use crate::error::{check_finite, Problems, ScenarioError};
use crate::swf;

/// Most organizations for exact Shapley values (2^20 − 1 coalition simulations).
pub const MAX_EXACT: usize = 20;
/// Organizations up to which Shapley values are exact by default.
pub const DEFAULT_EXACT: usize = 12;
/// Most permutations sampled, and most windows scored.
pub const MAX_PERMUTATIONS: u32 = 100_000;
/// Most coalition simulations permutation sampling may ask for (permutations × organizations).
pub const MAX_SAMPLED_COALITIONS: u64 = 200_000;
pub const MAX_WINDOWS: u32 = 1_000;
/// Longest log window, in hours (about 114 years).
pub const MAX_WINDOW_HOURS: f64 = 1e6;

/// How the Shapley values are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Exact up to 12 organizations, sampled beyond.
    #[default]
    Auto,
    /// Every coalition simulated (at most 20 organizations).
    Exact,
    /// Monte-Carlo permutation sampling, seeded, with 95 % confidence intervals.
    Sample,
}

fn default_permutations() -> u32 {
    1000
}

/// `"shapley": { "method": …, "permutations": k }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShapleySpec {
    #[serde(default)]
    pub method: Method,
    #[serde(default = "default_permutations")]
    pub permutations: u32,
}

impl Default for ShapleySpec {
    fn default() -> Self {
        ShapleySpec { method: Method::Auto, permutations: default_permutations() }
    }
}

impl ShapleySpec {
    /// Exact for `n` organizations?
    pub fn exact(&self, n: usize) -> bool {
        match self.method {
            Method::Auto => n <= DEFAULT_EXACT,
            Method::Exact => true,
            Method::Sample => false,
        }
    }
}

/// The default exposure threshold: a site lends while less than 70 % of its cores are busy — the
/// paper's "e.g. 30% of the total CPU power is not reserved".
pub const DEFAULT_EXPOSURE_THRESHOLD: f64 = 0.7;

fn default_threshold() -> f64 {
    DEFAULT_EXPOSURE_THRESHOLD
}

/// `{ "org": name, "time": t }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaveSpec {
    pub org: String,
    pub time: u64,
}

/// The distributed form: exposure threshold and departures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FederationSpec {
    /// A site lends cores to foreign pieces only while busy cores / cores is below this
    /// (default [`DEFAULT_EXPOSURE_THRESHOLD`]); ≥ 1 never binds, 0 never lends.
    #[serde(default = "default_threshold")]
    pub exposure_threshold: f64,
    /// At `time` the site's running foreign pieces are re-queued with release = `time`, and its
    /// waiting pieces are withdrawn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leave_events: Vec<LeaveSpec>,
}

impl Default for FederationSpec {
    /// The block with its defaults: threshold 0.7, no departures.
    fn default() -> Self {
        FederationSpec { exposure_threshold: DEFAULT_EXPOSURE_THRESHOLD, leave_events: Vec::new() }
    }
}

/// `"runs": { "windows": k, "seed": n }`: score the algorithms over k windows of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunsSpec {
    pub windows: u32,
    #[serde(default)]
    pub seed: u64,
}

fn yes() -> bool {
    true
}

/// `"coalitions": { "part": k, "parts": K }`: simulate only the `k`-th of `K` equal runs of the
/// coalitions (in the order of their bit masks; the grand coalition in every part), for a study
/// that shards an exact Shapley value over many machines (`cloudecon sweep --coalitions K`, then
/// `merge`). Such a result lists its coalitions' values and has no Shapley value, unfairness or
/// algorithms' results: those need every coalition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoalitionPart {
    pub part: u64,
    pub parts: u64,
}

impl CoalitionPart {
    /// Part `part`'s share of `count` coalitions: `[count·k/K, count·(k+1)/K)`.
    pub fn range(&self, count: u64) -> std::ops::Range<u64> {
        let at = |k: u64| (u128::from(count) * u128::from(k) / u128::from(self.parts.max(1))) as u64;
        at(self.part)..at(self.part + 1)
    }
}

/// Mechanism `cloudshare`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloudShareScenario {
    pub organizations: OrgsSpec,
    pub jobs: JobsSpec,
    /// Default: all five, in the paper's order. An entry is a built-in's name or a formula
    /// (`{ "kind": "formula", "name", "psi", "priority" }`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algorithms: Option<Vec<AlgorithmSpec>>,
    /// Cut jobs into unit single-core pieces (default true, as the paper's evaluation).
    #[serde(default = "yes")]
    pub split_unit: bool,
    #[serde(default)]
    pub shapley: ShapleySpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<FederationSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<RunsSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coalitions: Option<CoalitionPart>,
}

impl CloudShareScenario {
    /// The algorithms compared, in order.
    pub fn algorithm_list(&self) -> Vec<AlgorithmSpec> {
        self.algorithms.clone().unwrap_or_else(|| Algorithm::ALL.map(AlgorithmSpec::Builtin).to_vec())
    }

    /// The built-in algorithms compared, in order.
    pub fn builtin_list(&self) -> Vec<Algorithm> {
        self.algorithm_list().iter().filter_map(AlgorithmSpec::builtin).collect()
    }

    /// The algorithms compiled, in order; a formula's error at its path
    /// (`algorithms[i].priority`) with its line and column.
    pub fn rules(&self) -> Result<Vec<Rule>, ScenarioError> {
        self.algorithm_list()
            .iter()
            .enumerate()
            .map(|(i, a)| {
                a.compile()
                    .map_err(|e| ScenarioError { problems: vec![e.problem(format!("algorithms[{i}].priority"))] })
            })
            .collect()
    }

    /// The organizations' names.
    pub fn names(&self) -> Vec<String> {
        self.organizations.build().into_iter().map(|o| o.name).collect()
    }

    /// The federation block as the model's (valid documents).
    pub fn federation(&self) -> Option<Federation> {
        let names = self.names();
        self.federation.as_ref().map(|f| Federation {
            exposure_threshold: f.exposure_threshold,
            leaves: f
                .leave_events
                .iter()
                .map(|l| Leave { org: names.iter().position(|n| *n == l.org).unwrap_or(0), time: l.time })
                .collect(),
        })
    }

    pub fn validate(&self, problems: &mut Problems) {
        self.organizations.validate(problems);
        if !problems.is_empty() {
            return;
        }
        let orgs = self.organizations.build();
        let n = orgs.len();
        let names: Vec<&str> = orgs.iter().map(|o| o.name.as_str()).collect();
        let largest = orgs.iter().flat_map(|o| o.machines.iter().copied()).max().unwrap_or(0);
        if orgs.iter().all(|o| o.machines.is_empty()) {
            problems.push_keyed("organizations", "err-at-least-one-organization-needs-processors", vec![]);
        }
        let fits = |cores: u32| self.split_unit || cores <= largest;
        let before = problems.is_empty();
        match &self.jobs {
            JobsSpec::List(list) => {
                for (i, j) in list.iter().enumerate() {
                    let p = format!("jobs[{i}]");
                    if j.release > MAX_TIME {
                        problems.push_keyed(
                            format!("{p}.release"),
                            "err-at-most-max",
                            vec![("max", MAX_TIME.to_string())],
                        );
                    }
                    if !names.contains(&j.org.as_str()) {
                        problems.push_keyed(
                            format!("{p}.org"),
                            "err-unknown-organization-org",
                            vec![("org", j.org.to_string())],
                        );
                    }
                    if j.duration == 0 {
                        problems.push_keyed(format!("{p}.duration"), "err-job-lasts-at-least-1-unit-of", vec![]);
                    }
                    if j.cores == 0 {
                        problems.push_keyed(format!("{p}.cores"), "err-job-needs-at-least-1-core", vec![]);
                    } else if !fits(j.cores) {
                        problems.push_keyed(
                            format!("{p}.cores"),
                            "err-cores-larger-than-any-machine-largest-cores",
                            vec![("cores", j.cores.to_string()), ("largest", largest.to_string())],
                        );
                    }
                }
            }
            JobsSpec::Generated(g) => {
                let g = &g.generator;
                let p = "jobs.generator";
                if g.horizon == 0 {
                    problems.push_keyed(format!("{p}.horizon"), "err-at-least-1-unit-of-time", vec![]);
                }
                if g.duration[0] == 0 || g.duration[0] > g.duration[1] {
                    problems.push_keyed(format!("{p}.duration"), "err-low-high-with-1-at-most-low", vec![]);
                }
                let most = u64::from(g.count).saturating_mul(g.duration[1]).saturating_mul(u64::from(g.cores[1]));
                if g.horizon > MAX_TIME || most > MAX_TIME || (self.split_unit && most > MAX_PIECES) {
                    problems.push_keyed(
                        p,
                        "err-up-to-most-units-of-work-count",
                        vec![
                            ("most", most.to_string()),
                            ("max", (if self.split_unit { MAX_PIECES } else { MAX_TIME }).to_string()),
                        ],
                    );
                }
                if g.cores[0] == 0 || g.cores[0] > g.cores[1] {
                    problems.push_keyed(format!("{p}.cores"), "err-low-high-with-1-at-most-low", vec![]);
                } else if !fits(g.cores[1]) {
                    problems.push_keyed(
                        format!("{p}.cores"),
                        "err-up-to-cores-larger-than-any-machine",
                        vec![("cores", g.cores[1].to_string())],
                    );
                }
            }
            JobsSpec::Swf(s) => {
                let ok = check_finite(problems, "jobs.window_start_hours", s.window_start_hours)
                    & check_finite(problems, "jobs.window_hours", s.window_hours);
                if s.window_start_hours < 0.0 {
                    problems.push_keyed("jobs.window_start_hours", "err-must-be-at-least-0", vec![]);
                }
                if s.window_hours <= 0.0 || s.window_hours > MAX_WINDOW_HOURS {
                    problems.push_keyed(
                        "jobs.window_hours",
                        "err-in-0-max-hours",
                        vec![("max", MAX_WINDOW_HOURS.to_string())],
                    );
                }
                if s.time_unit_seconds == 0 {
                    problems.push_keyed("jobs.time_unit_seconds", "err-at-least-1-second", vec![]);
                }
                if !(0.0..=1.0).contains(&s.local_users) {
                    problems.push_keyed(
                        "jobs.local_users",
                        "err-fraction-in-0-1-got",
                        vec![("got", s.local_users.to_string())],
                    );
                }
                match swf::parse(&s.swf) {
                    Err(e) => problems.push_problem(e.problem("jobs.swf")),
                    Ok(log) if ok && problems.is_empty() && self.runs.is_some() => {
                        // Every window the runs will take must fit (refused now, not minutes into
                        // the run); the windows are drawn as the run draws them.
                        let runs = self.runs.as_ref().map_or(0, |r| r.windows);
                        let seed = self.runs.as_ref().map_or(0, |r| r.seed);
                        let starts = std::iter::once(s.window_start_hours).chain(super::workload::window_starts(
                            &log,
                            s.window_hours,
                            runs,
                            seed,
                        ));
                        for start in starts {
                            let raw = super::workload::window_jobs(&log, s, start, n, 0);
                            if let Err(e) = super::workload::check_size(&raw, self.split_unit) {
                                problems.push_problem(
                                    e.problem("jobs", SizeWhere::WindowAt { hours: s.window_hours, start }),
                                );
                                break;
                            }
                        }
                    }
                    Ok(log) if ok && problems.is_empty() => {
                        let raw = super::workload::window_jobs(&log, s, s.window_start_hours, n, 0);
                        if let Err(e) = super::workload::check_size(&raw, self.split_unit) {
                            problems.push_problem(e.problem("jobs", SizeWhere::Window { hours: s.window_hours }));
                        } else if raw.is_empty() {
                            problems.push_keyed(
                                "jobs.window_start_hours",
                                "err-no-usable-job-is-submitted-in-this",
                                vec![
                                    ("window_hours", s.window_hours.to_string()),
                                    ("log", format!("{:.1}", super::workload::span_hours(&log))),
                                ],
                            );
                        } else if let Some(&(_, _, _, c, _)) = raw.iter().find(|j| !fits(j.3)) {
                            problems.push_keyed(
                                "jobs.swf",
                                "err-job-needs-c-cores-larger-than-any",
                                vec![("c", c.to_string()), ("largest", largest.to_string())],
                            );
                        }
                    }
                    Ok(_) => {}
                }
            }
        }
        if before && problems.is_empty() {
            if let JobsSpec::List(list) = &self.jobs {
                let raw: Vec<_> = list.iter().map(|j| (0, j.release, j.duration, j.cores, j.local)).collect();
                if let Err(e) = super::workload::pieces(&raw, self.split_unit) {
                    problems.push_problem(e.problem("jobs", SizeWhere::Jobs));
                }
            }
        }
        if let Some(algs) = &self.algorithms {
            if algs.is_empty() {
                problems.push_keyed("algorithms", "err-at-least-one-algorithm", vec![]);
            }
            for (i, a) in algs.iter().enumerate() {
                match a {
                    AlgorithmSpec::Builtin(b) => {
                        if algs[..i].contains(a) {
                            problems.push_keyed(
                                format!("algorithms[{i}]"),
                                "err-name-is-listed-twice",
                                vec![("name", b.tag().to_string())],
                            );
                        }
                    }
                    AlgorithmSpec::Formula(f) => {
                        let p = format!("algorithms[{i}]");
                        if let Err(e) = a.compile() {
                            problems.push_problem(e.problem(format!("{p}.priority")));
                        }
                        if let Some((id, args)) = name_problem(&f.name) {
                            problems.push_keyed(format!("{p}.name"), id, args);
                        } else if algs[..i].iter().any(|b| b.name() == f.name) {
                            problems.push_keyed(
                                format!("{p}.name"),
                                "err-name-names-earlier-algorithm-each-needs-its",
                                vec![("name", f.name.to_string())],
                            );
                        }
                    }
                }
            }
        }
        if self.shapley.method == Method::Exact && n > MAX_EXACT {
            problems.push_keyed(
                "shapley.method",
                "err-exact-shapley-values-for-at-most-max",
                vec![("max", MAX_EXACT.to_string()), ("got", n.to_string())],
            );
        }
        if self.shapley.permutations == 0 || self.shapley.permutations > MAX_PERMUTATIONS {
            problems.push_keyed(
                "shapley.permutations",
                "err-between-1-and-max",
                vec![("max", MAX_PERMUTATIONS.to_string())],
            );
        } else if !self.shapley.exact(n) {
            // What sampling needs, not each limit alone: every permutation simulates up to one
            // coalition per organization (64 × 30,000 once asked for 8 GB).
            let needed = u64::from(self.shapley.permutations) * n as u64;
            if needed > MAX_SAMPLED_COALITIONS {
                problems.push_keyed(
                    "shapley.permutations",
                    "err-permutations-of-n-organizations-need-up-to",
                    vec![
                        ("permutations", self.shapley.permutations.to_string()),
                        ("n", n.to_string()),
                        ("needed", needed.to_string()),
                        ("max", MAX_SAMPLED_COALITIONS.to_string()),
                        ("as", (MAX_SAMPLED_COALITIONS / n.max(1) as u64).to_string()),
                    ],
                );
            }
        }
        if let Some(f) = &self.federation {
            if check_finite(problems, "federation.exposure_threshold", f.exposure_threshold)
                && f.exposure_threshold < 0.0
            {
                problems.push_keyed("federation.exposure_threshold", "err-must-be-at-least-0", vec![]);
            }
            for (i, l) in f.leave_events.iter().enumerate() {
                if !names.contains(&l.org.as_str()) {
                    problems.push_keyed(
                        format!("federation.leave_events[{i}].org"),
                        "err-unknown-organization-org",
                        vec![("org", l.org.to_string())],
                    );
                }
            }
        }
        if let Some(c) = &self.coalitions {
            if c.parts == 0 || c.part >= c.parts {
                problems.push_keyed(
                    "coalitions.part",
                    "err-from-0-to-parts-1-parts-got",
                    vec![("parts", c.parts.to_string()), ("got", c.part.to_string())],
                );
            }
            if n > MAX_EXACT {
                problems.push_keyed(
                    "coalitions",
                    "err-coalitions-of-at-most-max-organizations-2",
                    vec![("max", MAX_EXACT.to_string()), ("got", n.to_string())],
                );
            }
            if self.runs.is_some() {
                problems.push_keyed("coalitions", "err-part-of-coalitions-is-of-one-federation", vec![]);
            }
        }
        if let Some(r) = &self.runs {
            if !matches!(self.jobs, JobsSpec::Swf(_)) {
                problems.push_keyed("runs", "err-scoring-over-windows-needs-jobs-from-swf", vec![]);
            }
            if r.windows == 0 || r.windows > MAX_WINDOWS {
                problems.push_keyed("runs.windows", "err-between-1-and-max", vec![("max", MAX_WINDOWS.to_string())]);
            }
        }
    }
}

/// Longest name of a formula algorithm, in characters.
pub const MAX_NAME: usize = 40;

/// Why `name` cannot name a formula algorithm: empty, too long, or a built-in's tag or label
/// (in any case), which the results and the page would confuse with it.
fn name_problem(name: &str) -> Option<(&'static str, Vec<(&'static str, String)>)> {
    if name.trim().is_empty() {
        return Some(("err-formula-algorithm-needs-name", vec![]));
    }
    if name.chars().count() > MAX_NAME {
        return Some(("err-formula-algorithm-name-too-long", vec![("max", MAX_NAME.to_string())]));
    }
    if name.trim() != name {
        return Some(("err-formula-algorithm-name-spaces", vec![]));
    }
    let clash =
        Algorithm::ALL.iter().find(|a| a.tag().eq_ignore_ascii_case(name) || a.label().eq_ignore_ascii_case(name))?;
    Some((
        "err-formula-algorithm-name-built-in",
        vec![("name", name.to_string()), ("builtin", clash.label().to_string())],
    ))
}
