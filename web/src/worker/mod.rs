//! The Web Worker that runs long scenarios: its message protocol and its reactor.
//!
//! The main thread sends `Run { id, scenario }` (the scenario as JSON text); the worker steps the
//! job [`WORKER_STEP`] units at a time, posts `Progress` after each step, yields to its event
//! loop so that a `Cancel` (or a newer `Run`, which supersedes the current one) can arrive, and
//! finally posts `Done` with the result document as JSON text. Ids let the page ignore messages
//! of runs it has abandoned. The worker says `Ready` as soon as it has started (the page times
//! out on a started worker's silence, not on its download), and each run tells it which of the
//! page's workers it is, so that its panic hook can name it.

use cloudecon::runner::{start, WORKER_STEP};
use cloudecon::sim::{Job, Step};
use cloudecon::Scenario;
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
    Failed {
        id: u32,
        message: String,
    },
    Cancelled {
        id: u32,
    },
}

/// What interrupted a run.
enum Interrupt {
    Cancelled,
    Superseded(u32, String),
    Closed,
}

/// Runs one scenario to the end unless interrupted; sends its messages.
async fn run_one(scope: &mut ReactorScope<ToWorker, FromWorker>, id: u32, json: &str) -> Result<(), Interrupt> {
    let job = Scenario::from_json(json).and_then(|s| start(&s));
    let mut job = match job {
        Ok(job) => job,
        Err(e) => {
            let _ = scope.send(FromWorker::Failed { id, message: e.to_string() }).await;
            return Ok(());
        }
    };
    loop {
        match job.step(WORKER_STEP) {
            Step::Done(out) => {
                let message = match out {
                    Ok(out) => FromWorker::Done { id, result: out.to_json() },
                    Err(e) => FromWorker::Failed { id, message: e.to_string() },
                };
                let _ = scope.send(message).await;
                return Ok(());
            }
            Step::Working(p) => {
                if scope.send(FromWorker::Progress { id, done: p.done, total: p.total }).await.is_err() {
                    return Err(Interrupt::Closed);
                }
                // Let queued messages in, then look at them without waiting.
                gloo_timers::future::TimeoutFuture::new(0).await;
                while let Some(msg) = scope.next().now_or_never() {
                    match msg {
                        None => return Err(Interrupt::Closed),
                        Some(ToWorker::Cancel { id: c }) if c == id => {
                            let _ = scope.send(FromWorker::Cancelled { id }).await;
                            return Err(Interrupt::Cancelled);
                        }
                        Some(ToWorker::Cancel { .. }) => {}
                        Some(ToWorker::Run { id, worker, scenario }) => {
                            crate::services::panic::set_worker_key(worker);
                            return Err(Interrupt::Superseded(id, scenario));
                        }
                        Some(ToWorker::Panic { worker }) => deliberate_panic(worker),
                    }
                }
            }
        }
    }
}

/// The test-only panic (`ToWorker::Panic`): checks that the worker's hook tells the page.
fn deliberate_panic(worker: u32) -> ! {
    crate::services::panic::set_worker_key(worker);
    panic!("deliberate panic for the end-to-end test")
}

/// The worker's reactor: one run at a time, newest request wins.
#[reactor]
pub async fn RunReactor(mut scope: ReactorScope<ToWorker, FromWorker>) {
    if scope.send(FromWorker::Ready).await.is_err() {
        return;
    }
    let mut pending: Option<(u32, String)> = None;
    loop {
        let (id, json) = match pending.take() {
            Some(next) => next,
            None => match scope.next().await {
                Some(ToWorker::Run { id, worker, scenario }) => {
                    crate::services::panic::set_worker_key(worker);
                    (id, scenario)
                }
                Some(ToWorker::Cancel { .. }) => continue,
                Some(ToWorker::Panic { worker }) => deliberate_panic(worker),
                None => return,
            },
        };
        match run_one(&mut scope, id, &json).await {
            Ok(()) | Err(Interrupt::Cancelled) => {}
            Err(Interrupt::Superseded(id, json)) => pending = Some((id, json)),
            Err(Interrupt::Closed) => return,
        }
    }
}
