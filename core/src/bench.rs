//! Named standard workloads, timed the same way natively (`cloudecon bench`) and in wasm (the
//! browser's `/bench` page), so their ratio is meaningful. The clock is injected: the core has none.

use serde::Serialize;

use crate::presets::Preset;
use crate::registry::{KindVisitor, Registered};
use crate::scenario::{MechanismKind, Scenario};
use crate::sim::run_to_end;

/// One named workload (a preset-like example that each mechanism lists for benchmarks).
pub type Workload = Preset;

/// The standard workloads of every registered mechanism, in report order.
pub fn standard_workloads() -> Vec<Workload> {
    struct Workloads;
    impl KindVisitor for Workloads {
        type Out = Vec<Workload>;
        fn visit<M: Registered>(self) -> Vec<Workload> {
            M::workloads().into_iter().map(Preset::of::<M>).collect()
        }
    }
    MechanismKind::ALL.iter().flat_map(|k| k.visit(Workloads)).collect()
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
        let once = |s: &Scenario| crate::runner::start(s).and_then(run_to_end).is_ok();
        let rounds = crate::runner::run(&scenario).ok().and_then(|out| out.iterations());
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
