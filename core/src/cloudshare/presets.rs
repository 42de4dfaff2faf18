//! The paper's settings as `cloudshare` documents (menus, `cloudecon preset`) and the standard
//! benchmark workloads.

use super::algorithm::{Algorithm, AlgorithmSpec};
use super::scenario::{CloudShareScenario, RunsSpec, ShapleySpec};
use super::workload::{JobSpec, JobsSpec, OrgSpec, OrgsByCount, OrgsSpec, ProcessorsSpec, SwfSpec, Users, Zipf};
use crate::data::{Data, DataFile, LCG, NASA_IPSC};
use crate::mechanism::{Build, Document, Example};

/// What the NASA scenarios replay.
const NASA_DATA: &[&DataFile] = &[&NASA_IPSC];

fn job(org: &str, release: u64, duration: u64) -> JobSpec {
    JobSpec { org: org.into(), release, duration, cores: 1, local: false }
}

/// `cloudshare-toy`: the paper's Figs. 2–3.
pub fn toy() -> Document<CloudShareScenario> {
    let mut jobs: Vec<JobSpec> = [0, 2, 4, 6, 8].iter().map(|&r| job("A", r, 2)).collect();
    jobs.push(job("B", 4, 3));
    jobs.push(job("B", 4, 3));
    let org = |name: &str| OrgSpec { name: name.into(), processors: Some(1), machines: None };
    Document {
        title: "CloudShare: the paper's two-organization example (Figs. 2–3)".into(),
        notes: "A and B have one machine each. A submits a 2-unit job at 0, 2, 4, 6 and 8; B two 3-unit \
                jobs at 4. At time 4 DirectContr sees equal priorities (every job so far ran at home) \
                and keeps A's machine for A; FairShare favours B (A has used its share) and gives B both \
                machines, delaying A's jobs 3, 4 and 5 by 5 units in all. Jobs are not split here, so \
                each algorithm is judged against its own Shapley reference."
            .into(),
        seed: 0,
        spec: CloudShareScenario {
            organizations: OrgsSpec::List(vec![org("A"), org("B")]),
            jobs: JobsSpec::List(jobs),
            algorithms: None,
            split_unit: false,
            shapley: ShapleySpec::default(),
            federation: None,
            runs: None,
            coalitions: None,
        },
    }
}

fn nasa(
    data: &Data,
    processors: ProcessorsSpec,
    local_users: f64,
    title: &str,
    notes: &str,
) -> Document<CloudShareScenario> {
    Document {
        title: title.into(),
        notes: notes.into(),
        seed: 1,
        spec: CloudShareScenario {
            organizations: OrgsSpec::Count(OrgsByCount { count: 5, processors, names: None }),
            jobs: JobsSpec::Swf(SwfSpec {
                swf: data.text(&NASA_IPSC).into(),
                window_start_hours: 24.0 * 3.0,
                window_hours: 24.0,
                time_unit_seconds: 3600,
                users: Users::Random,
                local_users,
            }),
            algorithms: None,
            split_unit: true,
            shapley: ShapleySpec::default(),
            federation: None,
            runs: Some(RunsSpec { windows: 20, seed: 1 }),
            coalitions: None,
        },
    }
}

/// `cloudshare-scenario1`: equal processors, users randomly mapped.
pub fn scenario1(data: &Data) -> Document<CloudShareScenario> {
    nasa(
        data,
        ProcessorsSpec::Equal(26),
        0.0,
        "CloudShare scenario 1: equal processors, random users (NASA iPSC/860)",
        "Five organizations of 26 processors (the iPSC/860 had 128 nodes), each user of the log mapped \
         to a random organization; jobs cut into unit, single-processor pieces (1 hour); the day from \
         hour 72, then Table 1's scores over 20 random 24-hour windows of the log's first 14 days.",
    )
}

/// `cloudshare-scenario2`: processors by a Zipf law.
pub fn scenario2(data: &Data) -> Document<CloudShareScenario> {
    nasa(
        data,
        ProcessorsSpec::Zipf { zipf: Zipf { total: 130, s: 1.0 } },
        0.0,
        "CloudShare scenario 2: Zipf processors, random users (NASA iPSC/860)",
        "As scenario 1, with 130 processors spread over the five organizations by a Zipf law \
         (s = 1: 57, 29, 19, 14, 11).",
    )
}

/// `cloudshare-scenario3`: equal processors, half the users local background load.
pub fn scenario3(data: &Data) -> Document<CloudShareScenario> {
    nasa(
        data,
        ProcessorsSpec::Equal(26),
        0.5,
        "CloudShare scenario 3: background load from local users (NASA iPSC/860)",
        "As scenario 1, with half of the users (drawn with the seed) local to their organization: their \
         jobs run only on its own processors, before federation jobs, and stay out of the fairness \
         accounting — the capacity an organization lends changes with its local load.",
    )
}

/// Presets in menu order.
pub fn all() -> Vec<Example<CloudShareScenario>> {
    vec![
        Example {
            name: "cloudshare-toy",
            description: "The paper's example: DirectContr vs FairShare (Figs. 2–3)",
            build: Build::Ready(toy),
        },
        Example {
            name: "cloudshare-scenario1",
            description: "Scenario 1: equal processors, random users, Table 1 scores",
            build: Build::WithData(NASA_DATA, scenario1),
        },
        Example {
            name: "cloudshare-scenario2",
            description: "Scenario 2: Zipf processors, random users",
            build: Build::WithData(NASA_DATA, scenario2),
        },
        Example {
            name: "cloudshare-scenario3",
            description: "Scenario 3: local background load",
            build: Build::WithData(NASA_DATA, scenario3),
        },
    ]
}

/// `cloudshare_lcg_10orgs_24h`: exact Shapley over 10 organizations on the LCG log's first day.
fn bench_lcg(data: &Data) -> Document<CloudShareScenario> {
    Document {
        title: "CloudShare benchmark: 10 organizations, one day of the LCG log".into(),
        notes: "1,023 coalition simulations of the first 24 hours of the LCG grid log, unit pieces.".into(),
        seed: 1,
        spec: CloudShareScenario {
            organizations: OrgsSpec::Count(OrgsByCount {
                count: 10,
                processors: ProcessorsSpec::Equal(40),
                names: None,
            }),
            jobs: JobsSpec::Swf(SwfSpec {
                swf: data.text(&LCG).into(),
                window_start_hours: 0.0,
                window_hours: 24.0,
                time_unit_seconds: 3600,
                users: Users::Modulo,
                local_users: 0.0,
            }),
            algorithms: Some(Algorithm::ALL.map(AlgorithmSpec::Builtin).to_vec()),
            split_unit: true,
            shapley: ShapleySpec::default(),
            federation: None,
            runs: None,
            coalitions: None,
        },
    }
}

/// Standard benchmark workloads.
pub fn workloads() -> Vec<Example<CloudShareScenario>> {
    vec![Example {
        name: "cloudshare_lcg_10orgs_24h",
        description: "Exact Shapley, 10 organizations, 24 hours of the LCG log (1,023 simulations)",
        build: Build::WithData(&[&LCG], bench_lcg),
    }]
}
