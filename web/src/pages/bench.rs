//! Benchmark mode: runs the core's named standard workloads in wasm and prints the same JSON as
//! `cloudecon bench`, so a script can compare browser and native timings.
//!
//! The page builds the workloads' scenarios and a Web Worker of its own (the run worker's code,
//! sent a `Bench` task) times them one run at a time: the page stays responsive, shows how far the benchmark is, and
//! Cancel stops it before the next run.

use std::rc::Rc;

use cloudecon::bench::{standard_workloads, Report};
use yew::prelude::*;

use crate::hooks::{TaskState, TaskWorker};
use crate::i18n::{t, use_lang};
use crate::services::data;
use crate::t;
use crate::worker::{FromWorker, ToWorker};

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
        let scenario = data::preset_scenario(w).map_err(|f| t!("bench-missing", what = data::described(f)))?;
        built.push((w.name.to_string(), scenario.to_json()));
        // One workload per task: building them all at once (megabytes of JSON) froze the page.
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
    Ok(built)
}

/// Where the benchmark is: its outcome is the report.
type BenchState = TaskState<Report>;

/// The worker's final message: the report.
fn finished(msg: FromWorker) -> Option<(u32, Result<Report, String>)> {
    match msg {
        FromWorker::Benchmarked { id, report } => Some((
            id,
            serde_json::from_str::<Report>(&report).map_err(|e| t!("bench-unreadable", error = e.to_string())),
        )),
        _ => None,
    }
}

/// Builds the workloads and sends them to the page's worker.
fn start(worker: &Rc<TaskWorker<Report>>, state: UseStateSetter<BenchState>) {
    let id = worker.begin(state.clone());
    state.set(BenchState::Starting);
    let worker = Rc::clone(worker);
    wasm_bindgen_futures::spawn_local(async move {
        let workloads = workloads().await;
        if !worker.is_current(id) {
            return; // cancelled meanwhile
        }
        match workloads {
            Ok(workloads) => worker.send(ToWorker::Bench { id, worker: worker.key(), workloads }),
            Err(e) => state.set(BenchState::Failed(e.into())),
        }
    });
}

/// The progress bar, its sentence and Cancel, or how the last benchmark ended.
fn status(state: &BenchState, oncancel: Callback<MouseEvent>) -> Html {
    let running = |bar: Html, text: String| {
        html! {
            <div class="run-status running" id="bench-status">
                { bar }<span>{ " " }{ text }</span>
                <button id="cancel-bench" class="cancel" onclick={oncancel}>{ t("bench-cancel") }</button>
            </div>
        }
    };
    match state {
        BenchState::Idle | BenchState::Done(_) => Html::default(),
        BenchState::Starting => {
            running(html! { <progress aria-label={t("bench-progress")}></progress> }, t("bench-starting"))
        }
        BenchState::Running { done, total } => {
            let fraction = if *total == 0 { 1.0 } else { *done as f64 / *total as f64 };
            let (workloads, current) = (total / 1000, (done / 1000 + 1).min(total / 1000));
            running(
                html! { <progress max="1" value={fraction.to_string()} aria-label={t("bench-progress")}></progress> },
                t!(
                    "bench-timing",
                    current = current.to_string(),
                    workloads = workloads.to_string(),
                    percent = crate::format::fixed(fraction * 100.0, 0)
                ),
            )
        }
        BenchState::Cancelled => html! {
            <div class="run-status cancelled" id="bench-status">{ t("bench-cancelled") }</div>
        },
        BenchState::Failed(m) => html! {
            <div class="run-status failed" id="bench-status" role="alert">{ t!("bench-failed", error = m.show()) }</div>
        },
    }
}

#[component]
pub fn BenchPage() -> Html {
    use_lang();
    let state = use_state_eq(|| BenchState::Idle);
    let worker = use_memo((), |_| Rc::new(TaskWorker::new(BENCH_WORKER, finished)));
    {
        // Leaving the page closes its worker (a benchmark under way stops with it).
        let worker = Rc::clone(&worker);
        use_effect_with((), move |_| move || worker.close());
    }
    let busy = state.busy();
    let onrun = {
        let (worker, setter) = (Rc::clone(&worker), state.setter());
        Callback::from(move |_: MouseEvent| start(&worker, setter.clone()))
    };
    let oncancel = {
        let (worker, setter) = (Rc::clone(&worker), state.setter());
        Callback::from(move |_: MouseEvent| {
            worker.cancel();
            setter.set(BenchState::Cancelled);
        })
    };
    let report = match &*state {
        BenchState::Done(r) => Some(Rc::clone(r)),
        _ => None,
    };
    let json = report.as_ref().map(|r| serde_json::to_string_pretty(&**r).unwrap_or_default());
    html! {
        <section class="page bench">
            <h1>{ t("bench-title") }</h1>
            <p>{ t("bench-lead") }{ " " }<code>{ "cloudecon bench" }</code>
               { " " }{ t("bench-lead-end") }</p>
            <button id="run-bench" onclick={onrun} disabled={busy}>{ if busy { t("bench-running") } else { t("bench-run") } }</button>
            { status(&state, oncancel) }
            if let Some(r) = &report {
                <table class="results">
                    <thead><tr><th>{ t("bench-workload") }</th><th>{ t("bench-runs") }</th><th>{ t("bench-mean") }</th><th>{ t("bench-min") }</th></tr></thead>
                    <tbody>
                        { for r.workloads.iter().map(|w| html! {
                            <tr><td translate="no">{ w.name.clone() }</td><td>{ w.iterations }</td><td>{ crate::format::fixed(w.mean_ms, 3) }</td><td>{ crate::format::fixed(w.min_ms, 3) }</td></tr>
                        }) }
                    </tbody>
                </table>
            }
            if let Some(j) = json {
                <pre id="bench-json" translate="no">{ j }</pre>
            }
        </section>
    }
}
