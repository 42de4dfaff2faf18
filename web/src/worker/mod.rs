//! The Web Worker that runs long scenarios: its message protocol and its reactor.
//!
//! The main thread sends `Run { id, scenario }` (the scenario as JSON text); the worker steps the
//! job [`WORKER_STEP`] units at a time, posts `Progress` after each step, yields to its event
//! loop so that a `Cancel` (or a newer `Run`, which supersedes the current one) can arrive, and
//! finally posts `Done` with the result document as JSON text. Ids let the page ignore messages
//! of runs it has abandoned. The worker says `Ready` as soon as it has started (the page times
//! out on a started worker's silence, not on its download), and each run tells it which of the
//! page's workers it is, so that its panic hook can name it.
//!
//! `Study { id, base, vary, metrics }` runs a small study ([`LocalStudy`]: every combination of
//! the varied values, each run as the runner runs it) the same way, `Progress` in thousandths of
//! a shard, and ends with `Studied` and the merged table as JSON — `cloudecon merge`'s table.
//!
//! `Bench { id, workloads }` times named scenarios (the `/bench` page sends the standard
//! workloads: the worker so needs no presets' code) the same way: one run of one workload per
//! step ([`Benchmark::step`]), `Progress` in thousandths of a workload after
//! each, `Cancel` obeyed between runs, and `Benchmarked` with the report as JSON at the end. Only
//! the runs are timed, not the yields between them.

pub mod game;

use cloudecon::bench::Benchmark;
use cloudecon::runner::{start, WORKER_STEP};
use cloudecon::sim::{Job, Step};
use cloudecon::study::{LocalStudy, Vary};
use cloudecon::{Scenario, ScenarioError};
use futures::{FutureExt, SinkExt, StreamExt};
use gloo_worker::reactor::{reactor, ReactorScope};
use serde::{Deserialize, Serialize};

/// Messages to the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Run a scenario; `worker` is the page's key for this worker (its panics carry it).
    Run {
        id: u32,
        worker: u32,
        scenario: String,
    },
    /// Time these workloads, `(name, scenario JSON)`, in order (the `/bench` page).
    Bench {
        id: u32,
        worker: u32,
        workloads: Vec<(String, String)>,
    },
    /// Run a study: the base document's text, the varied parameters (seeds included) as JSON
    /// (their values are any JSON, which the worker channel's bincode cannot carry as such), the
    /// extra metric pointers.
    Study {
        id: u32,
        worker: u32,
        base: String,
        vary: String,
        metrics: Vec<String>,
    },
    Cancel {
        id: u32,
    },
    /// Panic on purpose (the test-only page `/__test/panic?worker=1` checks the worker's hook).
    Panic {
        worker: u32,
    },
}

/// Messages from the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker has started and listens.
    Ready,
    Progress {
        id: u32,
        done: u64,
        total: u64,
    },
    Done {
        id: u32,
        result: String,
    },
    /// The problems as data: the page says them in its language.
    Failed {
        id: u32,
        problems: ScenarioError,
    },
    Cancelled {
        id: u32,
    },
    /// A study's merged table (`cloudecon::study::Table` as JSON).
    Studied {
        id: u32,
        table: String,
    },
    /// A benchmark's report (`cloudecon::bench::Report` as JSON).
    Benchmarked {
        id: u32,
        report: String,
    },
}

/// What the worker is asked to do.
enum Task {
    Run { id: u32, scenario: String },
    Bench { id: u32, workloads: Vec<(String, String)> },
    Study { id: u32, base: String, vary: String, metrics: Vec<String> },
}

/// What interrupted a run.
enum Interrupt {
    Cancelled,
    Superseded(Task),
    Closed,
}

/// Runs one scenario to the end unless interrupted; sends its messages.
async fn run_one(scope: &mut ReactorScope<ToWorker, FromWorker>, id: u32, json: &str) -> Result<(), Interrupt> {
    let job = Scenario::from_json(json).and_then(|s| start(&s));
    let mut job = match job {
        Ok(job) => job,
        Err(e) => {
            let _ = scope.send(FromWorker::Failed { id, problems: e }).await;
            return Ok(());
        }
    };
    loop {
        match job.step(WORKER_STEP) {
            Step::Done(out) => {
                let message = match out {
                    Ok(out) => FromWorker::Done { id, result: out.to_json() },
                    Err(e) => FromWorker::Failed { id, problems: e },
                };
                let _ = scope.send(message).await;
                return Ok(());
            }
            Step::Working(p) => {
                between_steps(scope, id, p.done, p.total).await?;
            }
        }
    }
}

/// Runs a study to its table unless interrupted; sends its messages.
async fn study(
    scope: &mut ReactorScope<ToWorker, FromWorker>,
    id: u32,
    base: &str,
    vary: &str,
    metrics: &[String],
) -> Result<(), Interrupt> {
    // The page writes `vary` itself: only a bug makes it unreadable.
    let study = serde_json::from_str::<Vec<Vary>>(vary)
        .map_err(|e| ScenarioError { problems: vec![cloudecon::error::json_problem("vary", &e)] })
        .and_then(|vary| LocalStudy::new(base.as_bytes(), &vary, metrics.to_vec()));
    let mut study = match study {
        Ok(s) => s,
        Err(e) => {
            let _ = scope.send(FromWorker::Failed { id, problems: e }).await;
            return Ok(());
        }
    };
    // Steps until a slice of time has passed, then a yield: a yield costs a few ms (the
    // browser's clamp on nested timers), more than many a small shard.
    let mut slice = now_ms();
    loop {
        match study.step(WORKER_STEP) {
            Step::Done(table) => {
                let message = match table.map(|t| serde_json::to_string(&t)) {
                    Ok(Ok(table)) => FromWorker::Studied { id, table },
                    Ok(Err(e)) => FromWorker::Failed {
                        id,
                        problems: ScenarioError { problems: vec![cloudecon::error::json_problem("table", &e)] },
                    },
                    Err(e) => FromWorker::Failed { id, problems: e },
                };
                let _ = scope.send(message).await;
                return Ok(());
            }
            Step::Working(p) => {
                if now_ms() - slice >= STUDY_SLICE_MS {
                    between_steps(scope, id, p.done, p.total).await?;
                    slice = now_ms();
                }
            }
        }
    }
}

/// How long a study runs between two yields to the worker's event loop (ms): Cancel still
/// answers within about this long.
const STUDY_SLICE_MS: f64 = 50.0;

/// Times `workloads` (names and scenario JSON), one run per step; sends the report.
async fn bench(
    scope: &mut ReactorScope<ToWorker, FromWorker>,
    id: u32,
    workloads: &[(String, String)],
) -> Result<(), Interrupt> {
    let mut scenarios = Vec::with_capacity(workloads.len());
    for (name, json) in workloads {
        match Scenario::from_json(json) {
            Ok(s) => scenarios.push((name.clone(), s)),
            Err(e) => {
                // Each problem's path names the workload (`name: path`).
                let problems = (e.problems.into_iter())
                    .map(|p| cloudecon::Problem { path: format!("{name}: {}", p.path), ..p })
                    .collect();
                let _ = scope.send(FromWorker::Failed { id, problems: ScenarioError { problems } }).await;
                return Ok(());
            }
        }
    }
    let mut benchmark = Benchmark::of("wasm", scenarios, 1000.0);
    let (done, total) = benchmark.progress();
    between_steps(scope, id, done, total).await?;
    while benchmark.step(&mut now_ms) {
        let (done, total) = benchmark.progress();
        between_steps(scope, id, done, total).await?;
    }
    let report = serde_json::to_string_pretty(&benchmark.report()).unwrap_or_default();
    let _ = scope.send(FromWorker::Benchmarked { id, report }).await;
    Ok(())
}

/// The worker's monotonic clock in ms (`performance.now()` of its global scope).
fn now_ms() -> f64 {
    use wasm_bindgen::JsCast;
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(0.0, |p| p.now())
}

/// After a step of task `id`: reports its progress, lets queued messages in and reads them
/// without waiting (a `Cancel` of this task or a newer task interrupts it).
async fn between_steps(
    scope: &mut ReactorScope<ToWorker, FromWorker>,
    id: u32,
    done: u64,
    total: u64,
) -> Result<(), Interrupt> {
    if scope.send(FromWorker::Progress { id, done, total }).await.is_err() {
        return Err(Interrupt::Closed);
    }
    gloo_timers::future::TimeoutFuture::new(0).await;
    while let Some(msg) = scope.next().now_or_never() {
        match msg {
            None => return Err(Interrupt::Closed),
            Some(ToWorker::Cancel { id: c }) if c == id => {
                let _ = scope.send(FromWorker::Cancelled { id }).await;
                return Err(Interrupt::Cancelled);
            }
            Some(ToWorker::Cancel { .. }) => {}
            Some(ToWorker::Panic { worker }) => deliberate_panic(worker),
            Some(other) => {
                if let Some(task) = task_of(other) {
                    return Err(Interrupt::Superseded(task));
                }
            }
        }
    }
    Ok(())
}

/// The task a message asks for (remembering the worker's key for its panic hook), if any.
fn task_of(msg: ToWorker) -> Option<Task> {
    match msg {
        ToWorker::Run { id, worker, scenario } => {
            crate::services::panic::set_worker_key(worker);
            Some(Task::Run { id, scenario })
        }
        ToWorker::Bench { id, worker, workloads } => {
            crate::services::panic::set_worker_key(worker);
            Some(Task::Bench { id, workloads })
        }
        ToWorker::Study { id, worker, base, vary, metrics } => {
            crate::services::panic::set_worker_key(worker);
            Some(Task::Study { id, base, vary, metrics })
        }
        ToWorker::Cancel { .. } | ToWorker::Panic { .. } => None,
    }
}

/// The test-only panic (`ToWorker::Panic`): checks that the worker's hook tells the page.
fn deliberate_panic(worker: u32) -> ! {
    crate::services::panic::set_worker_key(worker);
    panic!("deliberate panic for the end-to-end test")
}

/// The worker's reactor: one task (a run, a study or a benchmark) at a time, newest request wins.
#[reactor]
pub async fn RunReactor(mut scope: ReactorScope<ToWorker, FromWorker>) {
    if scope.send(FromWorker::Ready).await.is_err() {
        return;
    }
    let mut pending: Option<Task> = None;
    loop {
        let task = match pending.take() {
            Some(next) => next,
            None => match scope.next().await {
                Some(ToWorker::Panic { worker }) => deliberate_panic(worker),
                Some(msg) => match task_of(msg) {
                    Some(task) => task,
                    None => continue,
                },
                None => return,
            },
        };
        let outcome = match &task {
            Task::Run { id, scenario } => run_one(&mut scope, *id, scenario).await,
            Task::Bench { id, workloads } => bench(&mut scope, *id, workloads).await,
            Task::Study { id, base, vary, metrics } => study(&mut scope, *id, base, vary, metrics).await,
        };
        match outcome {
            Ok(()) | Err(Interrupt::Cancelled) => {}
            Err(Interrupt::Superseded(next)) => pending = Some(next),
            Err(Interrupt::Closed) => return,
        }
    }
}
