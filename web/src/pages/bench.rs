//! Benchmark mode: runs the core's named standard workloads in wasm and prints the same JSON as
//! `cloudecon bench`, so a script can compare browser and native timings.

use cloudecon::bench::{run_benchmarks, Report};
use yew::prelude::*;

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

fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}

#[component]
pub fn BenchPage() -> Html {
    let report = use_state(|| None::<Report>);
    let running = use_state(|| false);
    let onclick = {
        let report = report.clone();
        let running = running.clone();
        Callback::from(move |_: MouseEvent| {
            running.set(true);
            let report = report.clone();
            let running = running.clone();
            // Give the browser a frame to show "running" before the (blocking) timings.
            gloo_timers::callback::Timeout::new(30, move || {
                report.set(Some(run_benchmarks("wasm", &filter(), 1000.0, &mut now_ms)));
                running.set(false);
            })
            .forget();
        })
    };
    let json = report.as_ref().map(|r| serde_json::to_string_pretty(r).unwrap_or_default());
    html! {
        <section class="page bench">
            <h1>{ "Benchmark mode" }</h1>
            <p>{ "Times the same named workloads as " }<code>{ "cloudecon bench" }</code>
               { " on this page's WebAssembly build. Compare the JSON with the native runner's; the methodology is in BENCHMARKS.md." }</p>
            <button id="run-bench" {onclick} disabled={*running}>{ if *running { "Running…" } else { "Run the benchmarks" } }</button>
            if let Some(r) = &*report {
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
