//! The incentive explorer: sweep one job's reported budget or weight ratio and watch its true
//! utility (the paper's Fig. 8), with the truthful report marked.

use cloudecon::abacus::incentive::SweepResult;
use cloudecon::abacus::{JobSpec, SweepOver, SweepSpec};
use yew::prelude::*;

use super::state::Action;
use crate::charts::{Chart, LineChart, LineSeries, Marker};
use crate::components::NumberField;
use crate::i18n::{t, use_lang};
use crate::t;

#[derive(Properties, PartialEq)]
pub struct SweepEditorProps {
    pub jobs: Vec<JobSpec>,
    pub sweep: Option<SweepSpec>,
    pub dispatch: Callback<Action>,
}

/// A sensible sweep for a job: budgets from a tenth to three times the true one.
fn default_sweep(jobs: &[JobSpec], job: usize, over: SweepOver) -> Option<SweepSpec> {
    let j = jobs.get(job)?;
    let (from, to) = match over {
        SweepOver::Budget => (j.budget / 10.0, j.budget * 3.0),
        SweepOver::WeightRatio => (0.1, 10.0),
    };
    Some(SweepSpec { job: j.name.clone(), over, from, to, points: 31, resources: None })
}

#[component]
pub fn SweepEditor(props: &SweepEditorProps) -> Html {
    use_lang();
    let jobs = &props.jobs;
    let current = props.sweep.clone();
    let job_index = current.as_ref().and_then(|s| jobs.iter().position(|j| j.name == s.job)).unwrap_or(0);
    let onjob = {
        let jobs = jobs.clone();
        let over = current.as_ref().map_or(SweepOver::Budget, |s| s.over);
        props.dispatch.reform(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            Action::Sweep(v.parse().ok().and_then(|i| default_sweep(&jobs, i, over)))
        })
    };
    let onover = {
        let jobs = jobs.clone();
        props.dispatch.reform(move |e: Event| {
            let over = match e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().as_str() {
                "weight_ratio" => SweepOver::WeightRatio,
                _ => SweepOver::Budget,
            };
            Action::Sweep(default_sweep(&jobs, job_index, over))
        })
    };
    let with = |f: fn(&mut SweepSpec, f64)| {
        let current = current.clone();
        props.dispatch.reform(move |x: f64| {
            let mut s = current.clone();
            if let Some(s) = s.as_mut() {
                f(s, x);
            }
            Action::Sweep(s)
        })
    };
    html! {
        <fieldset class="sweep">
            <legend>{ t("abacus-sweep") }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="sweep-job">{ t("abacus-job") }</label>
                    <select id="sweep-job" data-pointer="/sweep" onchange={onjob}>
                        <option value="none" selected={current.is_none()}>{ t("abacus-sweep-off") }</option>
                        { for jobs.iter().enumerate().map(|(i, j)| html! {
                            <option value={i.to_string()} selected={current.as_ref().is_some_and(|s| s.job == j.name)}translate="no">{ j.name.clone() }</option>
                        }) }
                    </select>
                </span>
                if let Some(s) = &current {
                    <span class="pair">
                        <label for="sweep-over">{ t("abacus-sweep-over") }</label>
                        <select id="sweep-over" data-pointer="/sweep/over" onchange={onover}>
                            <option value="budget" selected={s.over == SweepOver::Budget}>{ t("abacus-sweep-budget") }</option>
                            <option value="weight_ratio" selected={s.over == SweepOver::WeightRatio}>{ t("abacus-sweep-ratio") }</option>
                        </select>
                    </span>
                }
            </div>
            if let Some(s) = &current {
                <div class="field-row">
                    <label>{ t("abacus-sweep-from") }</label>
                    <NumberField pointer="/sweep/from" value={s.from} onchange={with(|s, x| s.from = x)} label={t("abacus-sweep-from-label")} />
                    <label>{ t("abacus-sweep-to") }</label>
                    <NumberField pointer="/sweep/to" value={s.to} onchange={with(|s, x| s.to = x)} label={t("abacus-sweep-to-label")} />
                    <label>{ t("abacus-sweep-points") }</label>
                    <NumberField pointer="/sweep/points" value={f64::from(s.points)} onchange={with(|s, x| s.points = x.clamp(0.0, 1e4) as u32)} label={t("abacus-sweep-points-label")} />
                </div>
            }
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct SweepViewProps {
    pub sweep: SweepResult,
    pub jobs: Vec<String>,
}

pub fn sweep_chart(r: &SweepResult, jobs: &[String]) -> LineChart {
    let x_label = match r.over {
        SweepOver::Budget => t!("abacus-sweep-axis-budget", job = jobs[r.job as usize].clone()),
        SweepOver::WeightRatio => t!("abacus-sweep-axis-ratio", job = jobs[r.job as usize].clone()),
    };
    let series = jobs
        .iter()
        .enumerate()
        .map(|(i, name)| LineSeries {
            name: if i == r.job as usize { t!("abacus-sweep-true-series", job = name.clone()) } else { name.clone() },
            points: r.points.iter().map(|p| (p.reported, p.utilities[i])).collect(),
            intervals: Vec::new(),
        })
        .collect();
    LineChart {
        title: t("abacus-sweep-chart"),
        x_label,
        y_label: t("abacus-sweep-true-utility"),
        series,
        markers: vec![Marker { label: t("abacus-sweep-truthful"), x: r.truthful.reported, y: r.truthful.true_utility }],
        references: Vec::new(),
        log_y: false,
    }
}

#[component]
pub fn SweepView(props: &SweepViewProps) -> Html {
    use_lang();
    let r = &props.sweep;
    let name = &props.jobs[r.job as usize];
    let verdict = if r.max_gain <= 1e-6 * r.truthful.true_utility.abs().max(1.0) {
        let gain = html! { <span data-result="/sweep/max_gain">{ crate::format::scientific(r.max_gain, 2) }</span> };
        html! { <>{ t!("abacus-sweep-truthful-best", job = name.clone()) }{ " " }{ gain }{ t("abacus-sweep-truthful-best-end") }</> }
    } else {
        let gain = html! { <span data-result="/sweep/max_gain">{ crate::format::fixed(r.max_gain, 4) }</span> };
        html! {
            <>{ t("abacus-sweep-gain-before") }{ " " }{ gain }{ " " }{ t!("abacus-sweep-gain-after", job = name.clone()) }</>
        }
    };
    html! {
        <div class="results" id="sweep-results">
            <Chart<LineChart> data={sweep_chart(r, &props.jobs)} height={300} id="sweep-chart" />
            <p id="sweep-verdict">{ verdict }</p>
            if let Some(m) = r.monotone {
                <p>{ if m { t("abacus-sweep-monotone") } else { t("abacus-sweep-not-monotone") } }</p>
            }
        </div>
    }
}
