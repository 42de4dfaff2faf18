//! Convergence statistics (the paper's Fig. 6): mean rounds over random instances of the default
//! setting while users, resources or α vary. Computed on demand, with a seed, as an `abacus`
//! scenario's `study` block through the run pipeline (in the worker when large, with progress
//! and Cancel).

use cloudecon::abacus::study::{default_xs, RoundsPoint, StudyOver};
use cloudecon::abacus::{AbacusScenario, ResourceSpec, StudySpec};
use cloudecon::{MechanismSpec, RunOutput, Scenario};
use yew::prelude::*;

use crate::charts::{Chart, LineChart, LineSeries};
use crate::components::{NumberField, RunStatus};
use crate::format::{decimal, fixed, whole};
use crate::hooks::{use_run_on, RunState};
use crate::i18n::{t, use_lang};

fn label(over: StudyOver) -> String {
    match over {
        StudyOver::Users => t("abacus-study-users-axis"),
        StudyOver::Resources => t("abacus-study-resources-axis"),
        StudyOver::Alpha => "α".into(),
    }
}

fn chart(over: StudyOver, points: &[RoundsPoint]) -> LineChart {
    let series = |name: &str, f: fn(&RoundsPoint) -> f64| LineSeries {
        name: name.into(),
        points: points.iter().map(|p| (p.x, f(p))).collect(),
        intervals: Vec::new(),
    };
    LineChart {
        title: t("abacus-study-chart"),
        x_label: label(over),
        y_label: t("abacus-study-rounds"),
        series: vec![
            series(&t("abacus-study-linear"), |p| p.linear_mean),
            series(&t("abacus-study-log"), |p| p.log_mean),
        ],
        markers: Vec::new(),
        references: Vec::new(),
        log_y: false,
    }
}

/// The scenario that computes the study: an `abacus` document with only a `study` block (its
/// random instances come from the seed), run through the one pipeline (worker, progress, Cancel).
fn study_scenario(over: StudyOver, runs: u32, seed: u64) -> Scenario {
    let spec = AbacusScenario {
        alpha: 0.5,
        tolerance: 1e-10,
        max_iterations: 10_000,
        trace: false,
        resources: vec![ResourceSpec { name: "R1".into(), units: 1 }],
        jobs: Vec::new(),
        sweep: None,
        schedule: None,
        study: Some(StudySpec { over, xs: Some(default_xs(over)), runs }),
    };
    Scenario { seed, ..Scenario::new(MechanismSpec::Abacus(spec)) }
}

#[component]
pub fn ConvergenceStudy() -> Html {
    use_lang();
    let over = use_state(|| StudyOver::Users);
    let runs = use_state(|| 20u32);
    let seed = use_state(|| 1u64);
    // The study asked for (by "Compute"); it runs on its own worker channel.
    let requested = use_state(|| None::<Scenario>);
    let run = use_run_on("study", (*requested).clone());
    let onover = {
        let over = over.clone();
        Callback::from(move |e: Event| {
            over.set(match e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().as_str() {
                "resources" => StudyOver::Resources,
                "alpha" => StudyOver::Alpha,
                _ => StudyOver::Users,
            })
        })
    };
    let onrun = {
        let (over, runs, seed, requested) = (over.clone(), runs.clone(), seed.clone(), requested.clone());
        Callback::from(move |_: MouseEvent| requested.set(Some(study_scenario(*over, *runs, *seed))))
    };
    let busy = matches!(run.state, RunState::Running { .. } | RunState::Loading { .. });
    let result = run.last.as_deref().and_then(|o| match o {
        RunOutput::Abacus(r) => r.study_result.as_ref().map(|s| (s.over, s.points.clone())),
        _ => None,
    });
    html! {
        <details class="results" id="convergence-study">
            <summary>{ t("abacus-study") }</summary>
            <p class="hint">{ t("abacus-study-hint") }</p>
            <div class="field-row">
                <span class="pair">
                    <label for="study-over">{ t("abacus-study-vary") }</label>
                    <select id="study-over" onchange={onover}>
                        <option value="users" selected={*over == StudyOver::Users}>{ t("abacus-study-users") }</option>
                        <option value="resources" selected={*over == StudyOver::Resources}>{ t("abacus-study-resources") }</option>
                        <option value="alpha" selected={*over == StudyOver::Alpha} translate="no">{ "α" }</option>
                    </select>
                </span>
                <label>{ t("abacus-study-runs") }</label>
                <NumberField value={f64::from(*runs)} onchange={let r = runs.clone(); Callback::from(move |x: f64| r.set(x.clamp(1.0, 500.0) as u32))} label={t("abacus-study-runs-label")} />
                <label>{ t("abacus-study-seed") }</label>
                <NumberField value={*seed as f64} onchange={let s = seed.clone(); Callback::from(move |x: f64| s.set(x.clamp(0.0, 1e15) as u64))} label={t("abacus-study-seed-label")} />
                <button id="run-study" onclick={onrun} disabled={busy}>{ if busy { t("abacus-study-computing") } else { t("abacus-study-compute") } }</button>
            </div>
            <RunStatus run={run.clone()} id="study-status" />
            if let Some((o, points)) = &result {
                <Chart<LineChart> data={chart(*o, points)} height={240} id="study-chart" />
                <table class="results-table" id="study-table">
                    <thead><tr><th>{ label(*o) }</th><th>{ t("abacus-study-linear-column") }</th><th>{ t("abacus-study-log-column") }</th></tr></thead>
                    <tbody>
                    { for points.iter().map(|p| html! {
                        <tr><td>{ decimal(p.x) }</td><td>{ format!("{} ({})", fixed(p.linear_mean, 1), whole(p.linear_max)) }</td><td>{ format!("{} ({})", fixed(p.log_mean, 1), whole(p.log_max)) }</td></tr>
                    }) }
                    </tbody>
                </table>
            }
        </details>
    }
}
