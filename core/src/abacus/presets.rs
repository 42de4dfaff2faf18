//! Scenarios that reproduce the paper's settings, shared by the browser's preset menu, the
//! benchmarks and the tests.

use super::incentive::{SweepOver, SweepSpec};
use super::scenario::{AbacusScenario, JobSpec, ResourceSpec};
use super::schedule::{Arrivals, Policy, ScheduleSpec, UserSpec};
use super::study::random_bid;
pub use super::study::random_bids;
use super::utility::{UtilityKind, UtilitySpec};
use crate::mechanism::Document;
use crate::sim::{seeded_rng, Rng};

fn linear(weights: &[f64]) -> UtilitySpec {
    UtilitySpec::linear(weights.to_vec())
}

fn resources(names: &[(&str, u32)]) -> Vec<ResourceSpec> {
    names.iter().map(|&(name, units)| ResourceSpec { name: name.into(), units }).collect()
}

fn job(name: &str, budget: f64, utility: UtilitySpec) -> JobSpec {
    JobSpec { name: name.into(), budget, utility }
}

fn scenario(title: &str, notes: &str, seed: u64, spec: AbacusScenario) -> Document<AbacusScenario> {
    Document { title: title.into(), notes: notes.into(), seed, spec }
}

/// The paper's running example (Figs. 2–4): three jobs on map and reduce slots, α = 0.5.
pub fn running_example() -> Document<AbacusScenario> {
    scenario(
        "Abacus running example (Figs. 2–4)",
        "J1 = ($100, 3x + 2y) is from the paper. J2 = ($200, 3x + 2y) and J3 = ($160, 2x + 4y) are \
         reconstructed (the figure was lost): they reproduce every number the text reports — J1 ends at \
         $64.0 / $36.0 with shares 0.309 / 0.236, and J3 gets more reduce share than J2.",
        0,
        AbacusScenario {
            alpha: 0.5,
            tolerance: 1e-10,
            max_iterations: 10_000,
            trace: true,
            resources: resources(&[("map", 10), ("reduce", 10)]),
            jobs: vec![
                job("J1", 100.0, linear(&[3.0, 2.0])),
                job("J2", 200.0, linear(&[3.0, 2.0])),
                job("J3", 160.0, linear(&[2.0, 4.0])),
            ],
            sweep: Some(SweepSpec {
                job: "J1".into(),
                over: SweepOver::Budget,
                from: 10.0,
                to: 300.0,
                points: 30,
                resources: None,
            }),
            schedule: None,
            study: None,
        },
    )
}

/// Table I: three users with Poisson arrivals for 30 minutes, on map and reduce slots (Figs. 8–9).
/// Times are in seconds. Task counts and slot numbers are this playground's choice (the paper ran
/// on a 72-node Hadoop cluster): 10 maps and 2 reduces per job on 30 map and 6 reduce slots keep
/// the cluster busy (about 80 % map load) without overload.
pub fn table_one() -> Document<AbacusScenario> {
    let user = |name: &str, map: f64, reduce: f64, per_minute: f64| UserSpec {
        name: name.into(),
        budget: 200.0,
        utility: linear(&[map / 10.0, reduce / 10.0]),
        reported_budget: None,
        reported_utility: None,
        arrivals: Arrivals::Poisson { rate: per_minute / 60.0 },
        tasks: vec![10, 2],
        durations: vec![map, reduce],
    };
    let users = vec![user("User 1", 30.0, 20.0, 2.0), user("User 2", 15.0, 40.0, 1.5), user("User 3", 60.0, 10.0, 1.1)];
    let jobs = users.iter().map(|u| job(&u.name, u.budget, u.utility.clone())).collect();
    scenario(
        "Table I: three users, Poisson arrivals",
        "Map/reduce task times 30/20, 15/40 and 60/10 s; budgets $200; arrivals 2, 1.5 and 1.1 per minute for \
         30 minutes. True utilities are linear in the task times, as in the paper (u1 = 3x + 2y). The sweep \
         varies User 3's reported budget (Fig. 8a); the schedule compares Abacus with FIFO and Fair (Fig. 9).",
        1,
        AbacusScenario {
            alpha: 0.5,
            tolerance: 1e-10,
            max_iterations: 10_000,
            trace: true,
            resources: resources(&[("map", 30), ("reduce", 6)]),
            jobs,
            sweep: Some(SweepSpec {
                job: "User 3".into(),
                over: SweepOver::Budget,
                from: 25.0,
                to: 400.0,
                points: 31,
                resources: None,
            }),
            schedule: Some(ScheduleSpec {
                policies: vec![Policy::Abacus, Policy::Fifo, Policy::Fair],
                phases_in_order: true,
                horizon: 1800.0,
                users,
            }),
            study: None,
        },
    )
}

/// `n` jobs of the paper's default setting: budgets U[50, 200], weights U[0.5, 2] (the draws of
/// [`random_bids`]).
fn random_jobs(n: usize, m: usize, kind: UtilityKind, rng: &mut Rng) -> Vec<JobSpec> {
    (1..=n)
        .map(|i| {
            let (budget, weights) = random_bid(m, rng);
            job(&format!("U{i}"), budget, UtilitySpec { kind, weights, exponent: None, formula: None })
        })
        .collect()
}

/// The convergence setting of Figs. 6–7: `n` users, `m` resources, budgets U[50, 200], weights
/// U[0.5, 2], α = 0.5, drawn from `seed`.
pub fn convergence(n: usize, m: usize, kind: UtilityKind, seed: u64) -> Document<AbacusScenario> {
    let names: Vec<String> = (1..=m).map(|j| format!("R{j}")).collect();
    let jobs = random_jobs(n, m, kind, &mut seeded_rng(seed));
    scenario(
        &format!("Convergence setting (Figs. 6–7): {n} users, {m} resources"),
        "Budgets uniform in [50, 200], weights uniform in [0.5, 2], α = 0.5, as in the paper's default setting; \
         change the seed for another random instance.",
        seed,
        AbacusScenario {
            alpha: 0.5,
            tolerance: 1e-10,
            max_iterations: 10_000,
            trace: true,
            resources: names.iter().map(|n| ResourceSpec { name: n.clone(), units: 1 }).collect(),
            jobs,
            sweep: None,
            schedule: None,
            study: None,
        },
    )
}
