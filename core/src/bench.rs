//! Named standard workloads, timed the same way natively (`cloudecon bench`) and in wasm (the
//! browser's `/bench` page), so their ratio is meaningful. The clock is injected: the core has none.

use serde::Serialize;

use crate::abacus::{presets, UtilityKind};
use crate::scenario::{MechanismSpec, Scenario};
use crate::shapley::{GameFormula, ShapleyScenario};
use crate::sim::run_to_end;

/// One named workload.
pub struct Workload {
    pub name: &'static str,
    pub description: &'static str,
    scenario: fn() -> Scenario,
}

impl Workload {
    /// The scenario this workload runs.
    pub fn scenario(&self) -> Scenario {
        (self.scenario)()
    }
}

fn players(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("P{i}")).collect()
}

fn shapley_random_20() -> Scenario {
    let spec = ShapleyScenario {
        players: players(20),
        coalitions: None,
        game: Some(GameFormula::Random { low: 0.0, high: 100.0 }),
    };
    Scenario { seed: 42, ..Scenario::new(MechanismSpec::Shapley(spec)) }
}

fn shapley_glove_16() -> Scenario {
    let spec =
        ShapleyScenario { players: players(16), coalitions: None, game: Some(GameFormula::Glove { left: players(6) }) };
    Scenario::new(MechanismSpec::Shapley(spec))
}

/// The paper's auction setting at size `n × m`, without the per-round trace.
fn abacus(n: usize, m: usize, kind: UtilityKind) -> Scenario {
    let mut s = presets::convergence(n, m, kind, 1);
    if let MechanismSpec::Abacus(a) = &mut s.spec {
        a.trace = false;
    }
    s
}

/// The standard workloads, in report order.
pub fn standard_workloads() -> Vec<Workload> {
    vec![
        Workload {
            name: "abacus_128x4_linear",
            description: "Abacus auction, 128 jobs × 4 resources, linear utilities (the paper's largest: 7 ms in 2012)",
            scenario: || abacus(128, 4, UtilityKind::Linear),
        },
        Workload {
            name: "abacus_128x4_log",
            description: "Abacus auction, 128 jobs × 4 resources, log utilities",
            scenario: || abacus(128, 4, UtilityKind::Log),
        },
        Workload {
            name: "abacus_10000x16_linear",
            description: "Abacus auction, 10,000 jobs × 16 resources, linear utilities",
            scenario: || abacus(10_000, 16, UtilityKind::Linear),
        },
        Workload {
            name: "abacus_10000x16_log",
            description: "Abacus auction, 10,000 jobs × 16 resources, log utilities",
            scenario: || abacus(10_000, 16, UtilityKind::Log),
        },
        Workload {
            name: "shapley_random_20",
            description: "exact Shapley value + core check, 20 players, random game (2^20 coalitions)",
            scenario: shapley_random_20,
        },
        Workload {
            name: "shapley_glove_16",
            description: "exact Shapley value + core check, 16-player glove game",
            scenario: shapley_glove_16,
        },
    ]
}

/// Timing of one workload.
#[derive(Debug, Clone, Serialize)]
pub struct Timing {
    pub name: String,
    /// Auction rounds to converge, for auction workloads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    pub iterations: u32,
    pub mean_ms: f64,
    pub min_ms: f64,
}

/// A whole benchmark report.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub platform: String,
    pub workloads: Vec<Timing>,
}

/// Times every workload whose name contains `filter`: repeats until `min_total_ms` has passed
/// (at least 3, at most 1000 runs) after one warm-up run. `now_ms` is a monotonic clock in ms.
pub fn run_benchmarks(platform: &str, filter: &str, min_total_ms: f64, now_ms: &mut dyn FnMut() -> f64) -> Report {
    let mut workloads = Vec::new();
    for w in standard_workloads().into_iter().filter(|w| w.name.contains(filter)) {
        let scenario = w.scenario();
        let once = |s: &Scenario| crate::runner::start(s).map(run_to_end).is_ok();
        let rounds = match crate::runner::start(&scenario).map(run_to_end) {
            Ok(crate::RunOutput::Abacus(r)) => Some(r.iterations),
            _ => None,
        };
        let (mut total, mut min, mut iterations) = (0.0f64, f64::INFINITY, 0u32);
        while iterations < 3 || (total < min_total_ms && iterations < 1000) {
            let t0 = now_ms();
            let ok = once(&scenario);
            let dt = now_ms() - t0;
            if !ok {
                break;
            }
            total += dt;
            min = min.min(dt);
            iterations += 1;
        }
        workloads.push(Timing {
            name: w.name.to_string(),
            rounds,
            iterations,
            mean_ms: total / f64::from(iterations.max(1)),
            min_ms: min,
        });
    }
    Report { platform: platform.to_string(), workloads }
}
