//! The scheduler: users with Poisson arrivals and map/reduce-like job templates; Abacus against
//! FIFO and Fair on the same workload and seed (the paper's Fig. 9).

use cloudecon::abacus::schedule::{Arrivals, Policy, ScheduleResult, ScheduleSpec};
use yew::prelude::*;

use super::state::{Action, UserEdit};
use crate::charts::{BarChart, BarSeries, Chart, LineChart, LineSeries};
use crate::components::NumberField;

const POLICIES: [(Policy, &str); 3] = [(Policy::Abacus, "Abacus"), (Policy::Fifo, "FIFO"), (Policy::Fair, "Fair")];

fn policy_name(p: Policy) -> &'static str {
    POLICIES.iter().find(|(q, _)| *q == p).map_or("?", |(_, n)| n)
}

#[derive(Properties, PartialEq)]
pub struct ScheduleEditorProps {
    pub schedule: ScheduleSpec,
    pub resources: Vec<String>,
    pub seed: u64,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn ScheduleEditor(props: &ScheduleEditorProps) -> Html {
    let s = &props.schedule;
    let d = &props.dispatch;
    let user_cell = |u: usize, value: f64, label: String, f: fn(f64) -> UserEdit| {
        html! { <td><NumberField {value} onchange={d.reform(move |x: f64| Action::EditUser(u, f(x)))} {label} /></td> }
    };
    html! {
        <fieldset class="schedule">
            <legend>{ "Scheduler" }</legend>
            <div class="field-row">
                { for POLICIES.iter().map(|&(p, name)| html! {
                    <label class="check"><input type="checkbox" checked={s.policies.contains(&p)}
                        onchange={d.reform(move |_: Event| Action::TogglePolicy(p))} />{ name }</label>
                }) }
                <label class="check"><input type="checkbox" checked={s.phases_in_order}
                    onchange={d.reform(|e: Event| Action::PhasesInOrder(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()))} />
                    { "phases in order (reduces wait for maps)" }</label>
            </div>
            <div class="field-row">
                <label>{ "Arrivals stop at (s)" }</label>
                <NumberField value={s.horizon} onchange={d.reform(Action::Horizon)} label="Horizon" />
                <label>{ "Seed" }</label>
                <NumberField value={props.seed as f64} onchange={d.reform(|x: f64| Action::Seed(x.clamp(0.0, u64::MAX as f64) as u64))} label="Seed" />
            </div>
            <div class="scroll">
            <table class="users-table" id="users-table">
                <thead><tr>
                    <th>{ "User" }</th><th>{ "Budget $" }</th><th title="Reported budget (empty: the true one)">{ "Bids $" }</th>
                    <th title="Jobs per minute (Poisson)">{ "λ /min" }</th>
                    { for props.resources.iter().map(|r| html! { <th title="true utility weight">{ format!("w({r})") }</th> }) }
                    { for props.resources.iter().map(|r| html! { <th>{ format!("tasks({r})") }</th> }) }
                    { for props.resources.iter().map(|r| html! { <th>{ format!("time({r}) s") }</th> }) }
                    <th></th>
                </tr></thead>
                <tbody>
                { for s.users.iter().enumerate().map(|(u, user)| {
                    let rate = match user.arrivals { Arrivals::Poisson { rate } => rate * 60.0, Arrivals::Times(ref t) => t.len() as f64 };
                    html! {
                        <tr>
                            <td><input type="text" value={user.name.clone()} aria-label="User name"
                                oninput={d.reform(move |e: InputEvent| Action::EditUser(u, UserEdit::Name(e.target_unchecked_into::<web_sys::HtmlInputElement>().value())))} /></td>
                            { user_cell(u, user.budget, "Budget".into(), UserEdit::Budget) }
                            { user_cell(u, user.reported_budget.unwrap_or(user.budget), "Reported budget".into(), |x| UserEdit::ReportedBudget(Some(x))) }
                            { user_cell(u, rate, "Arrivals per minute".into(), UserEdit::RatePerMinute) }
                            { for user.utility.weights.iter().enumerate().map(|(j, &w)| html! {
                                <td><NumberField value={w} onchange={d.reform(move |x: f64| Action::EditUser(u, UserEdit::Weight(j, x)))} label="Weight" /></td>
                            }) }
                            { for user.tasks.iter().enumerate().map(|(j, &t)| html! {
                                <td><NumberField value={f64::from(t)} onchange={d.reform(move |x: f64| Action::EditUser(u, UserEdit::Tasks(j, x.clamp(0.0, 1e5) as u32)))} label="Tasks" /></td>
                            }) }
                            { for user.durations.iter().enumerate().map(|(j, &t)| html! {
                                <td><NumberField value={t} onchange={d.reform(move |x: f64| Action::EditUser(u, UserEdit::Duration(j, x)))} label="Task time" /></td>
                            }) }
                            <td><button class="remove" onclick={d.reform(move |_: MouseEvent| Action::RemoveUser(u))} disabled={s.users.len() <= 1}>{ "−" }</button></td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            </div>
            <button onclick={d.reform(|_: MouseEvent| Action::AddUser)}>{ "Add user" }</button>
            <button class="secondary" onclick={d.reform(|_: MouseEvent| Action::ScheduleOn(false))}>{ "Turn the scheduler off" }</button>
            <p class="hint">{ "Each user submits jobs at random (Poisson) until the horizon; a job runs its tasks per resource type. \
                               Under Abacus a free slot goes to a job at random in proportion to its share; FIFO serves the oldest job, \
                               Fair the job with the fewest running tasks. Same arrivals and seed for all three." }</p>
        </fieldset>
    }
}

pub fn response_chart(r: &ScheduleResult) -> Option<BarChart> {
    let users: Vec<String> = r.policies.first()?.users.iter().map(|u| u.name.clone()).collect();
    let series = r
        .policies
        .iter()
        .map(|p| BarSeries {
            name: policy_name(p.policy).into(),
            values: p.users.iter().map(|u| u.mean_response_time).collect(),
        })
        .collect();
    Some(BarChart {
        title: "Mean response time per user (Fig. 9)".into(),
        y_label: "seconds".into(),
        labels: users,
        series,
        stacked: false,
        reference: None,
    })
}

pub fn utilisation_chart(r: &ScheduleResult, resources: &[String]) -> Option<LineChart> {
    let first = r.policies.first()?;
    let series = resources
        .iter()
        .enumerate()
        .map(|(j, name)| LineSeries {
            name: name.clone(),
            points: first.timeline.iter().map(|s| (s.time, s.busy[j])).collect(),
        })
        .collect();
    Some(LineChart {
        title: format!("Busy slots over time under {}", policy_name(first.policy)),
        x_label: "time (s)".into(),
        y_label: "busy fraction".into(),
        series,
        markers: Vec::new(),
        log_y: false,
    })
}

#[derive(Properties, PartialEq)]
pub struct ScheduleViewProps {
    pub result: ScheduleResult,
    pub resources: Vec<String>,
}

#[component]
pub fn ScheduleView(props: &ScheduleViewProps) -> Html {
    let r = &props.result;
    html! {
        <div class="results" id="schedule-results">
            <table class="results-table" id="schedule-table">
                <thead><tr><th>{ "Policy" }</th><th>{ "jobs" }</th><th>{ "mean response (s)" }</th><th>{ "makespan (s)" }</th>
                    { for props.resources.iter().map(|n| html! { <th>{ format!("busy({n})") }</th> }) }</tr></thead>
                <tbody>
                { for r.policies.iter().map(|p| html! {
                    <tr>
                        <td>{ policy_name(p.policy) }</td><td>{ p.jobs.len() }</td>
                        <td>{ format!("{:.1}", p.mean_response_time) }</td><td>{ format!("{:.1}", p.makespan) }</td>
                        { for p.utilisation.iter().map(|u| html! { <td>{ format!("{:.0} %", u * 100.0) }</td> }) }
                    </tr>
                }) }
                </tbody>
            </table>
            if let Some(c) = response_chart(r) {
                <Chart<BarChart> data={c} height={280} id="response-chart" />
            }
            if let Some(c) = utilisation_chart(r, &props.resources) {
                <Chart<LineChart> data={c} height={240} id="utilisation-chart" />
            }
        </div>
    }
}
