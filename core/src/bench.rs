//! Named standard workloads, timed the same way natively (`cloudecon bench`) and in wasm (the
//! browser's `/bench` page), so their ratio is meaningful. The clock is injected: the core has none.

use serde::{Deserialize, Serialize};

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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    pub name: String,
    /// Auction rounds to converge, for auction workloads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    pub iterations: u32,
    pub mean_ms: f64,
    pub min_ms: f64,
}

/// A whole benchmark report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub platform: String,
    pub workloads: Vec<Timing>,
}

/// The workload being timed: its scenario and what its runs measured so far.
struct Current {
    name: String,
    scenario: Scenario,
    /// `None` until the first, untimed run (which gives the rounds and warms up).
    rounds: Option<Option<u32>>,
    total: f64,
    min: f64,
    iterations: u32,
}

/// Times workloads one run at a time, so that the caller can do other things between runs (the
/// browser's worker reports progress and obeys Cancel; the runner just loops, see
/// [`run_benchmarks`]). Each workload runs once untimed (a warm-up that also gives its rounds),
/// then is timed until `min_total_ms` has passed, at least 3 and at most 1000 runs.
pub struct Benchmark {
    platform: String,
    min_total_ms: f64,
    pending: std::vec::IntoIter<(String, Scenario)>,
    count: usize,
    current: Option<Current>,
    done: Vec<Timing>,
}

impl Benchmark {
    /// The benchmark of every standard workload whose name contains `filter`.
    #[cfg(feature = "embedded-data")]
    pub fn new(platform: &str, filter: &str, min_total_ms: f64) -> Self {
        let selected = standard_workloads().into_iter().filter(|w| w.name.contains(filter));
        Self::of(platform, selected.map(|w| (w.name.to_string(), w.scenario())).collect(), min_total_ms)
    }

    /// The benchmark of the given named scenarios, in order (the browser's page builds the
    /// standard workloads and its worker times them: the worker then needs no presets' code).
    pub fn of(platform: &str, workloads: Vec<(String, Scenario)>, min_total_ms: f64) -> Self {
        Benchmark {
            platform: platform.to_string(),
            min_total_ms,
            count: workloads.len(),
            pending: workloads.into_iter(),
            current: None,
            done: Vec::new(),
        }
    }

    /// Runs the next run (of the next workload once one is done); `false` when every workload
    /// is timed. `now_ms` is a monotonic clock in ms.
    pub fn step(&mut self, now_ms: &mut dyn FnMut() -> f64) -> bool {
        if self.current.is_none() {
            let Some((name, scenario)) = self.pending.next() else { return false };
            self.current =
                Some(Current { name, scenario, rounds: None, total: 0.0, min: f64::INFINITY, iterations: 0 });
        }
        let Some(c) = self.current.as_mut() else { return false };
        if c.rounds.is_none() {
            c.rounds = Some(crate::runner::run(&c.scenario).ok().and_then(|out| out.iterations()));
            return true;
        }
        let t0 = now_ms();
        let ok = crate::runner::start(&c.scenario).and_then(run_to_end).is_ok();
        let dt = now_ms() - t0;
        if ok {
            c.total += dt;
            c.min = c.min.min(dt);
            c.iterations += 1;
        }
        if !ok || (c.iterations >= 3 && (c.total >= self.min_total_ms || c.iterations >= 1000)) {
            self.done.push(Timing {
                name: std::mem::take(&mut c.name),
                rounds: c.rounds.flatten(),
                iterations: c.iterations,
                mean_ms: c.total / f64::from(c.iterations.max(1)),
                min_ms: c.min,
            });
            self.current = None;
        }
        self.current.is_some() || self.pending.len() > 0
    }

    /// How far the benchmark is, as `(done, total)` in thousandths of a workload: finished
    /// workloads count 1000, the current one by its share of the runs or time it needs.
    pub fn progress(&self) -> (u64, u64) {
        let partial = self.current.as_ref().map_or(0.0, |c| {
            let runs = f64::from(c.iterations) / 3.0;
            let time = if self.min_total_ms > 0.0 { c.total / self.min_total_ms } else { 1.0 };
            runs.max(time).min(1.0) * 0.999
        });
        let done = 1000 * self.done.len() as u64 + (1000.0 * partial) as u64;
        (done, 1000 * self.count as u64)
    }

    /// The report of the workloads timed so far (all of them once [`step`](Self::step) said `false`).
    pub fn report(self) -> Report {
        Report { platform: self.platform, workloads: self.done }
    }
}

/// Times every workload whose name contains `filter` (see [`Benchmark`]). `now_ms` is a
/// monotonic clock in ms.
#[cfg(feature = "embedded-data")]
pub fn run_benchmarks(platform: &str, filter: &str, min_total_ms: f64, now_ms: &mut dyn FnMut() -> f64) -> Report {
    let mut bench = Benchmark::new(platform, filter, min_total_ms);
    while bench.step(now_ms) {}
    bench.report()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_benchmark_steps_one_run_at_a_time_and_reports_every_workload() {
        let mut clock = 0.0;
        let mut now = || {
            clock += 2.0;
            clock
        };
        let mut bench = Benchmark::new("test", "shapley_glove", 10.0);
        assert_eq!(bench.progress(), (0, 1000));
        let mut steps = 0;
        while bench.step(&mut now) {
            steps += 1;
            let (done, total) = bench.progress();
            assert!(done < total, "{done} of {total} before the end");
        }
        // A warm-up, then 5 timed runs of 2 ms each (3 at least; 10 ms in all).
        assert_eq!(steps, 5);
        let report = bench.report();
        assert_eq!(report.workloads.len(), 1);
        let t = &report.workloads[0];
        assert_eq!((t.name.as_str(), t.iterations, t.mean_ms, t.min_ms), ("shapley_glove_16", 5, 2.0, 2.0));
        // The looping form gives the same report.
        let mut clock = 0.0;
        let again = run_benchmarks("test", "shapley_glove", 10.0, &mut || {
            clock += 2.0;
            clock
        });
        assert_eq!(again, report);
        // The browser's page sends the workloads to its worker as JSON: every one reads back.
        for w in standard_workloads() {
            let json = w.scenario().to_json();
            let back = Scenario::from_json(&json).map(|s| s.to_json());
            assert_eq!(back.as_deref().ok(), Some(json.as_str()), "{}", w.name);
        }
        let json = serde_json::to_string(&report).unwrap_or_default();
        assert_eq!(serde_json::from_str::<Report>(&json).ok(), Some(report));
    }
}
