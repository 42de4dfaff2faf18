//! Benchmark mode: runs the core's named standard workloads in wasm and prints the same JSON as
//! `cloudecon bench`, so a script can compare browser and native timings.
//!
//! The page builds the workloads' scenarios and a Web Worker of its own (the run worker's code,
//! sent a `Bench` task) times them one run at a time: the page stays responsive, shows how far the benchmark is, and
//! Cancel stops it before the next run.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use cloudecon::bench::{standard_workloads, Report};
use futures::StreamExt as _;
use gloo_worker::reactor::ReactorBridge;
use gloo_worker::Spawnable;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::hooks::WORKER_LOADER;
use crate::services::data;
use crate::worker::{FromWorker, RunReactor, ToWorker};

/// The key the bench worker's panics carry (the run channels' keys count up from 1).
const BENCH_WORKER: u32 = u32::MAX;

/// The `?filter=` of the page address: only workloads whose name contains it run.
fn filter() -> String {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("filter="))
        .map(|f| js_sys::decode_uri_component(f).ok().and_then(|s| s.as_string()).unwrap_or_default())
        .unwrap_or_default()
}

/// The standard workloads the page address asks for, as `(name, scenario JSON)`: built here, where
/// the presets are, so that the worker holds only the runner. The real data some replay is
/// fetched from the bundle first.
async fn workloads() -> Result<Vec<(String, String)>, String> {
    let filter = filter();
    let selected: Vec<_> = standard_workloads().into_iter().filter(|w| w.name.contains(&filter)).collect();
    for w in &selected {
        data::fetch(w.data).await?;
    }
    let mut built = Vec::with_capacity(selected.len());
    for w in &selected {
        let scenario = data::preset_scenario(w).map_err(|f| format!("{} is missing", f.description))?;
        built.push((w.name.to_string(), scenario.to_json()));
        // One workload per task: building them all at once (megabytes of JSON) froze the page.
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
    Ok(built)
}

/// Where the benchmark is.
#[derive(Debug, Clone, PartialEq)]
enum BenchState {
    Idle,
    /// Sent to the worker; nothing heard yet (the worker may still be loading).
    Starting,
    /// `done` of `total`, in thousandths of a workload.
    Running {
        done: u64,
        total: u64,
    },
    Cancelled,
    Failed(String),
    Done(Rc<Report>),
}

/// The page's worker: spawned on the first run, reused by later ones, closed with the page.
#[derive(Default)]
struct BenchWorker {
    bridge: RefCell<Option<ReactorBridge<RunReactor>>>,
    /// The benchmark whose messages are wanted; older ones are ignored.
    current: Cell<u32>,
    panics: RefCell<Option<gloo_events::EventListener>>,
}

impl BenchWorker {
    fn deliver(&self, msg: FromWorker, state: &UseStateSetter<BenchState>) {
        let (id, next) = match msg {
            FromWorker::Progress { id, done, total } => (id, BenchState::Running { done, total }),
            FromWorker::Benchmarked { id, report } => match serde_json::from_str::<Report>(&report) {
                Ok(r) => (id, BenchState::Done(Rc::new(r))),
                Err(e) => (id, BenchState::Failed(format!("the worker sent an unreadable report: {e}"))),
            },
            FromWorker::Failed { id, message } => (id, BenchState::Failed(message)),
            FromWorker::Cancelled { .. } | FromWorker::Ready | FromWorker::Done { .. } => return,
        };
        if id == self.current.get() {
            state.set(next);
        }
    }

    /// Spawns the worker and forwards its messages to `state`.
    fn spawn(self: &Rc<Self>, state: UseStateSetter<BenchState>) {
        self.listen_for_panics(state.clone());
        *self.bridge.borrow_mut() = Some(RunReactor::spawner().as_module(false).with_loader(true).spawn(WORKER_LOADER));
        let worker = Rc::clone(self);
        wasm_bindgen_futures::spawn_local(async move {
            loop {
                let next = futures::future::poll_fn(|cx| match worker.bridge.borrow_mut().as_mut() {
                    Some(bridge) => bridge.poll_next_unpin(cx),
                    None => std::task::Poll::Ready(None),
                })
                .await;
                match next {
                    Some(msg) => worker.deliver(msg, &state),
                    None => break,
                }
            }
        });
    }

    /// A panic of the worker fails the benchmark at once (and the next run spawns a new one).
    fn listen_for_panics(self: &Rc<Self>, state: UseStateSetter<BenchState>) {
        if self.panics.borrow().is_some() {
            return;
        }
        let Ok(channel) = web_sys::BroadcastChannel::new(crate::services::panic::WORKER_PANICS) else { return };
        let worker = Rc::downgrade(self);
        let listener = gloo_events::EventListener::new(&channel, "message", move |e| {
            let (Some(worker), Some(e)) = (worker.upgrade(), e.dyn_ref::<web_sys::MessageEvent>()) else { return };
            if let Some((BENCH_WORKER, message)) = crate::services::panic::read_worker_panic(&e.data()) {
                if worker.bridge.borrow_mut().take().is_some() {
                    state.set(BenchState::Failed(format!("the background worker crashed ({message})")));
                }
            }
        });
        *self.panics.borrow_mut() = Some(listener);
        // The listener holds the channel open.
        std::mem::forget(channel);
    }

    fn start(self: &Rc<Self>, state: UseStateSetter<BenchState>) {
        let id = self.current.get().wrapping_add(1);
        self.current.set(id);
        state.set(BenchState::Starting);
        if self.bridge.borrow().is_none() {
            self.spawn(state.clone());
        }
        let worker = Rc::clone(self);
        wasm_bindgen_futures::spawn_local(async move {
            let workloads = workloads().await;
            if id != worker.current.get() {
                return; // cancelled meanwhile
            }
            match (workloads, worker.bridge.borrow().as_ref()) {
                (Ok(workloads), Some(bridge)) => {
                    bridge.send_input(ToWorker::Bench { id, worker: BENCH_WORKER, workloads })
                }
                (Err(e), _) => state.set(BenchState::Failed(e)),
                (Ok(_), None) => {}
            }
        });
    }

    /// Stops the benchmark: the page forgets it at once, the worker before its next run.
    fn cancel(&self, state: UseStateSetter<BenchState>) {
        let id = self.current.get();
        self.current.set(id.wrapping_add(1));
        if let Some(bridge) = self.bridge.borrow().as_ref() {
            bridge.send_input(ToWorker::Cancel { id });
        }
        state.set(BenchState::Cancelled);
    }
}

/// The progress bar, its sentence and Cancel, or how the last benchmark ended.
fn status(state: &BenchState, oncancel: Callback<MouseEvent>) -> Html {
    let running = |bar: Html, text: String| {
        html! {
            <div class="run-status running" id="bench-status">
                { bar }<span>{ text }</span>
                <button id="cancel-bench" class="cancel" onclick={oncancel}>{ "Cancel" }</button>
            </div>
        }
    };
    match state {
        BenchState::Idle | BenchState::Done(_) => Html::default(),
        BenchState::Starting => running(
            html! { <progress aria-label="Benchmark progress"></progress> },
            " Starting the background worker…".into(),
        ),
        BenchState::Running { done, total } => {
            let fraction = if *total == 0 { 1.0 } else { *done as f64 / *total as f64 };
            let (workloads, current) = (total / 1000, (done / 1000 + 1).min(total / 1000));
            running(
                html! { <progress max="1" value={fraction.to_string()} aria-label="Benchmark progress"></progress> },
                format!(" Timing workload {current} of {workloads} in a background worker… {:.0} %", fraction * 100.0),
            )
        }
        BenchState::Cancelled => html! {
            <div class="run-status cancelled" id="bench-status">{ "Benchmark cancelled." }</div>
        },
        BenchState::Failed(m) => html! {
            <div class="run-status failed" id="bench-status" role="alert">{ format!("The benchmark failed: {m}") }</div>
        },
    }
}

#[component]
pub fn BenchPage() -> Html {
    let state = use_state_eq(|| BenchState::Idle);
    let worker = use_memo((), |_| Rc::new(BenchWorker::default()));
    {
        // Leaving the page closes its worker (a benchmark under way stops with it).
        let worker = Rc::clone(&worker);
        use_effect_with((), move |_| move || drop(worker.bridge.borrow_mut().take()));
    }
    let busy = matches!(*state, BenchState::Starting | BenchState::Running { .. });
    let onrun = {
        let (worker, setter) = (Rc::clone(&worker), state.setter());
        Callback::from(move |_: MouseEvent| worker.start(setter.clone()))
    };
    let oncancel = {
        let (worker, setter) = (Rc::clone(&worker), state.setter());
        Callback::from(move |_: MouseEvent| worker.cancel(setter.clone()))
    };
    let report = match &*state {
        BenchState::Done(r) => Some(Rc::clone(r)),
        _ => None,
    };
    let json = report.as_ref().map(|r| serde_json::to_string_pretty(&**r).unwrap_or_default());
    html! {
        <section class="page bench">
            <h1>{ "Benchmark mode" }</h1>
            <p>{ "Times the same named workloads as " }<code>{ "cloudecon bench" }</code>
               { " on this page's WebAssembly build, in a background worker: the page stays usable, and Cancel stops the benchmark before its next run. Compare the JSON with the native runner's; the methodology is in BENCHMARKS.md." }</p>
            <button id="run-bench" onclick={onrun} disabled={busy}>{ if busy { "Running…" } else { "Run the benchmarks" } }</button>
            { status(&state, oncancel) }
            if let Some(r) = &report {
                <table class="results">
                    <thead><tr><th>{ "workload" }</th><th>{ "runs" }</th><th>{ "mean (ms)" }</th><th>{ "min (ms)" }</th></tr></thead>
                    <tbody>
                        { for r.workloads.iter().map(|t| html! {
                            <tr><td>{ t.name.clone() }</td><td>{ t.iterations }</td><td>{ format!("{:.3}", t.mean_ms) }</td><td>{ format!("{:.3}", t.min_ms) }</td></tr>
                        }) }
                    </tbody>
                </table>
            }
            if let Some(j) = json {
                <pre id="bench-json">{ j }</pre>
            }
        </section>
    }
}
