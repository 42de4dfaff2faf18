//! Utility estimation (Abacus, Section V): fit a user's weights from its jobs' average shares and
//! measured utilities, by least squares or non-negative least squares (the paper's Fig. 10).

pub mod state;

use cloudecon::abacus::estimate::{EstimateKind, EstimateResult};
use cloudecon::abacus::observe::{observations_from_csv, observations_to_csv, Measure};
use cloudecon::{MechanismKind, RunOutput, Scenario};
use yew::prelude::*;

use crate::charts::{BarChart, BarSeries, Chart, LineChart, LineSeries};
use crate::components::{NumberField, PresetMenu, ResultDownloads, RunStatus, ScenarioToolbar};
use crate::hooks::{use_document, use_errors, use_run, Document};
use crate::services::files;
use state::{Action, EstimateState};

fn normalised(w: &[f64]) -> Vec<f64> {
    let total: f64 = w.iter().map(|x| x.abs()).sum();
    w.iter().map(|x| if total > 0.0 { x / total } else { 0.0 }).collect()
}

fn weights_chart(r: &EstimateResult, truth: Option<&Vec<f64>>) -> BarChart {
    let labels = (1..=r.weights.len()).map(|j| format!("resource {j}")).collect();
    let mut series = vec![BarSeries { name: "estimated".into(), values: normalised(&r.weights) }];
    if let Some(t) = truth.filter(|t| t.len() == r.weights.len()) {
        series.push(BarSeries { name: "true".into(), values: normalised(t) });
    }
    BarChart {
        title: "Weights, normalised to sum 1 (Fig. 10)".into(),
        y_label: "w_j / Σ w".into(),
        labels,
        series,
        stacked: false,
        reference: None,
    }
}

fn fit_chart(r: &EstimateResult, measured: &[f64]) -> LineChart {
    let pts = |v: &[f64]| v.iter().enumerate().map(|(l, &u)| ((l + 1) as f64, u)).collect();
    LineChart {
        title: "Measured and fitted utility per job".into(),
        x_label: "observation".into(),
        y_label: "utility".into(),
        series: vec![
            LineSeries { name: "measured".into(), points: pts(measured) },
            LineSeries { name: "fitted".into(), points: pts(&r.fitted) },
        ],
        markers: Vec::new(),
        log_y: false,
    }
}

#[component]
pub fn EstimatePage() -> Html {
    let (state, scenario) = use_document::<EstimateState>();
    let run = use_run(&scenario);
    let errors = use_errors();
    let d = {
        let state = state.clone();
        Callback::from(move |a: Action| state.dispatch(a))
    };
    let onload = d.reform(|s: Scenario| Action::Load(EstimateState::from_scenario(&s).unwrap_or_default()));
    let onreset = d.reform(|_| Action::Load(EstimateState::default()));
    let oncsv = {
        let d = d.clone();
        let errors = errors.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            input.set_value("");
            let (d, errors) = (d.clone(), errors.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let parsed = files::read_text(file).await.and_then(|t| {
                    observations_from_csv(&t)
                        .map_err(|e| format!("Could not import the CSV; your work is unchanged.\n{e}"))
                });
                match (parsed, errors) {
                    (Ok(obs), _) => d.emit(Action::Observations(obs)),
                    (Err(e), Some(errors)) => errors.report(e),
                    (Err(_), None) => {}
                }
            });
        })
    };
    let onexport = {
        let obs = state.spec.observations.clone();
        let errors = errors.clone();
        Callback::from(move |_: MouseEvent| {
            if let (Err(e), Some(errors)) =
                (files::download("observations.csv", "text/csv", &observations_to_csv(&obs)), &errors)
            {
                errors.report(e);
            }
        })
    };
    let spec = &state.spec;
    let m = state.m();
    let result = run.last.as_deref().and_then(|o| match o {
        RunOutput::AbacusEstimate(r) => Some(r.clone()),
        _ => None,
    });
    // With `from_schedule` the run makes the observations; they come back with the result.
    let made = result.as_ref().and_then(|r| r.observations.clone());
    let measured: Vec<f64> = match &made {
        Some(obs) => obs.iter().map(|o| o.utility).collect(),
        None => spec.observations.iter().map(|o| o.utility).collect(),
    };
    html! {
        <section class="page estimate">
            <h1>{ "Abacus: estimating a utility from finished jobs" }</h1>
            <p class="lead">{ "A user who does not know its utility bids a default one; for each finished job the system records \
                                the job's average share of every resource and a measured utility (e.g. 1 / response time). \
                                Regression then recovers the weights (Section V)." }</p>
            <div class="toolbar"><PresetMenu kind={MechanismKind::AbacusEstimate} onload={onload.clone()} /></div>
            <div class="columns">
                <div class="editor">
                    <fieldset>
                        <legend>{ "Fit" }</legend>
                        <div class="field-row">
                            <label for="estimate-kind">{ "Utility" }</label>
                            <select id="estimate-kind" onchange={d.reform(|e: Event| Action::Kind(if e.target_unchecked_into::<web_sys::HtmlSelectElement>().value() == "log" { EstimateKind::Log } else { EstimateKind::Linear }))}>
                                <option value="linear" selected={spec.kind == EstimateKind::Linear}>{ "linear: u = Σ w_j s̄_j" }</option>
                                <option value="log" selected={spec.kind == EstimateKind::Log}>{ "log: u = Σ w_j ln s̄_j" }</option>
                            </select>
                            <label class="check"><input type="checkbox" checked={spec.non_negative}
                                onchange={d.reform(|e: Event| Action::NonNegative(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} />
                                { "non-negative weights (NNLS)" }</label>
                        </div>
                    </fieldset>
                    if let Some(source) = &spec.from_schedule {
                        <fieldset id="from-schedule">
                            <legend>{ "Observations made by the scheduler" }</legend>
                            <p>{ format!("The run first schedules the {} users of its Abacus scenario under Abacus, with {} bidding the default utility (equal weights) \
                                          while its true utility stays hidden, and observes its first {} finished jobs: each job's average shares s̄ \
                                          and {}.", source.scenario.schedule.as_ref().map_or(0, |s| s.users.len()), source.user, source.jobs,
                                          match source.measure { Measure::InverseResponseTime => "1 / response time (the paper's measure)", Measure::HiddenUtility => "its hidden utility at s̄" }) }</p>
                            if let Some(obs) = &made {
                                <p class="hint">{ format!("This run observed {} jobs (first: shares {:?}, utility {:.4}).", obs.len(),
                                    obs.first().map(|o| o.shares.clone()).unwrap_or_default(), obs.first().map_or(0.0, |o| o.utility)) }</p>
                            }
                        </fieldset>
                    }
                    <fieldset>
                        <legend>{ format!("Observations ({})", spec.observations.len()) }</legend>
                        <div class="scroll">
                        <table id="observations-table">
                            <thead><tr>
                                { for (0..m).map(|j| html! { <th>{ format!("s̄{} ", j + 1) }
                                    <button class="remove" onclick={d.reform(move |_: MouseEvent| Action::RemoveResource(j))} disabled={m <= 1} title="Remove this resource type">{ "−" }</button></th> }) }
                                <th>{ "utility" }</th><th></th>
                            </tr></thead>
                            <tbody>
                            { for spec.observations.iter().enumerate().map(|(l, o)| html! {
                                <tr>
                                    { for o.shares.iter().enumerate().map(|(j, &s)| html! {
                                        <td><NumberField value={s} onchange={d.reform(move |x: f64| Action::Share(l, j, x))} label={format!("Share {} of job {}", j + 1, l + 1)} /></td>
                                    }) }
                                    <td><NumberField class="utility" value={o.utility} onchange={d.reform(move |x: f64| Action::Utility(l, x))} label={format!("Utility of job {}", l + 1)} /></td>
                                    <td><button class="remove" onclick={d.reform(move |_: MouseEvent| Action::RemoveObservation(l))}>{ "−" }</button></td>
                                </tr>
                            }) }
                            if let Some(w) = &spec.true_weights {
                                <tr class="true-weights">
                                    { for w.iter().enumerate().map(|(j, &x)| html! {
                                        <td><NumberField value={x} onchange={d.reform(move |v: f64| Action::TrueWeight(j, v))} label={format!("True weight {}", j + 1)} /></td>
                                    }) }
                                    <td colspan="2">{ "← true weights (for comparison only)" }</td>
                                </tr>
                            }
                            </tbody>
                        </table>
                        </div>
                        <div class="toolbar">
                            <button id="add-observation" onclick={d.reform(|_: MouseEvent| Action::AddObservation)}>{ "Add job" }</button>
                            <button onclick={d.reform(|_: MouseEvent| Action::AddResource)}>{ "Add resource type" }</button>
                            <label class="check"><input type="checkbox" checked={spec.true_weights.is_some()}
                                onchange={d.reform(|e: Event| Action::TrueWeights(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} />{ "compare with true weights" }</label>
                        </div>
                        <div class="toolbar">
                            <label class="button" for="import-csv">{ "Import CSV" }</label>
                            <input id="import-csv" type="file" accept=".csv,text/csv" onchange={oncsv} hidden=true />
                            <button class="secondary" onclick={onexport}>{ "Export CSV" }</button>
                        </div>
                        <p class="hint">{ "CSV: a header row, then one row per job: its average shares s̄₁ … s̄ₘ and, last, its measured utility." }</p>
                    </fieldset>
                </div>
                <div class="results-column">
                    <ScenarioToolbar scenario={(*scenario).clone()} {onload} {onreset} />
                    <RunStatus run={run.clone()} />
                    if let (Some(r), Some(out)) = (&result, run.last.clone()) {
                        <div class="results" id="estimate-results">
                            <table class="results-table" id="weights-table">
                                <thead><tr><th>{ "resource" }</th><th>{ "estimated w" }</th>
                                    if spec.true_weights.is_some() { <th>{ "true w" }</th> }</tr></thead>
                                <tbody>
                                { for r.weights.iter().enumerate().map(|(j, w)| html! {
                                    <tr><td>{ j + 1 }</td><td class="weight">{ format!("{w:.4}") }</td>
                                        if let Some(t) = spec.true_weights.as_ref().and_then(|t| t.get(j)) { <td>{ format!("{t:.4}") }</td> }</tr>
                                }) }
                                </tbody>
                            </table>
                            <p>{ format!("Residual sum of squares {:.4e} over {} jobs.", r.residual_sum_of_squares, r.observations_used) }</p>
                            <Chart<BarChart> data={weights_chart(r, spec.true_weights.as_ref())} height={240} id="weights-chart" />
                            <Chart<LineChart> data={fit_chart(r, &measured)} height={240} id="fit-chart" />
                            <ResultDownloads output={out} />
                        </div>
                    }
                    <aside class="explanation">
                        <h2>{ "The regression" }</h2>
                        <p class="math">{ "minimise over w:  Σ_l ( u_l − Σ_j w_j φ(s̄_lj) )²,   φ(s) = s (linear) or ln s (log)" }</p>
                        <p>{ "With m resource types, m jobs with independent shares determine the weights exactly; more jobs \
                              average out measurement noise. Non-negative least squares (Lawson–Hanson) keeps every weight ≥ 0, \
                              as a utility's weights must be. Only the ratio of the weights matters to the auction." }</p>
                    </aside>
                </div>
            </div>
        </section>
    }
}
