//! A window of a workload log (SWF): the file, a slider over the log's time span with the number
//! of jobs in the window, the window's length, the time unit, how users map to organizations and
//! the fraction of local users.

use std::rc::Rc;

use cloudecon::cloudshare::workload::{span_hours, window_jobs, SwfSpec, Users};
use cloudecon::{swf, Problem};
use yew::prelude::*;

use super::state::{Action, SwfEdit};
use crate::components::{FieldProblems, NumberField, ParsedField, SwfImport};

#[derive(Properties, PartialEq)]
pub struct SwfProps {
    pub log: SwfSpec,
    /// How many organizations the users map onto.
    pub orgs: usize,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

/// What the editor says about a log: its summary and its span in hours (`None`: no usable log).
fn read(text: &str) -> (String, Option<(Rc<swf::SwfLog>, f64)>) {
    if text.trim().is_empty() {
        return ("No log yet: import a Standard Workload Format file (Parallel Workloads Archive).".into(), None);
    }
    match swf::parse(text) {
        Ok(log) => {
            let usable = log.jobs.iter().filter(|j| j.usable()).count();
            let span = span_hours(&log);
            let summary =
                format!("{usable} usable jobs of {} in the log, submitted over {span:.1} hours.", log.jobs.len());
            (summary, Some((Rc::new(log), span)))
        }
        Err(e) => (format!("The log cannot be read: {e}"), None),
    }
}

#[component]
pub fn SwfEditor(props: &SwfProps) -> Html {
    let d = &props.dispatch;
    let s = &props.log;
    let parsed = use_memo(s.swf.clone(), |text| read(text));
    let (summary, log) = &*parsed;
    // Jobs in the window (the count does not depend on how users map to organizations).
    let in_window = log.as_ref().map(|(log, _)| {
        let ok = s.window_start_hours.is_finite() && s.window_hours.is_finite();
        if ok {
            window_jobs(log, s, s.window_start_hours, props.orgs.max(1), 0).len()
        } else {
            0
        }
    });
    let onslide = d.reform(|e: InputEvent| {
        let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().value_as_number();
        Action::Swf(SwfEdit::WindowStart(if v.is_finite() { v.max(0.0) } else { 0.0 }))
    });
    let onusers = d.reform(|e: Event| {
        let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
        Action::Swf(SwfEdit::Users(if v == "random" { Users::Random } else { Users::Modulo }))
    });
    let problem =
        |f: &str| html! { <FieldProblems problems={Rc::clone(&props.problems)} path={format!("jobs.{f}")} /> };
    let span = log.as_ref().map_or(0.0, |(_, span)| *span);
    html! {
        <div class="cloudshare-swf" id="cloudshare-swf">
            <div class="field-row">
                <SwfImport id="cloudshare-swf-file" onload={d.reform(Action::SwfLog)} />
                <span id="cloudshare-swf-summary">{ summary.clone() }</span>
                { problem("swf") }
            </div>
            if log.is_some() {
                <div class="field-row">
                    <span class="pair">
                        <label for="cloudshare-swf-slider">{ "window from hour" }</label>
                        <input id="cloudshare-swf-slider" data-pointer="/jobs/window_start_hours" type="range" min="0" max={format!("{}", span.ceil().max(1.0))} step="1"
                            value={format!("{}", s.window_start_hours)} oninput={onslide} aria-label="Start of the window, hours after the log's first job" />
                    </span>
                    <NumberField id="cloudshare-swf-start" pointer="/jobs/window_start_hours" value={s.window_start_hours} onchange={d.reform(|h| Action::Swf(SwfEdit::WindowStart(h)))} label="Start of the window (hours)" />
                </div>
                <p id="cloudshare-swf-window">{ format!("{} jobs submitted in hours [{}, {}) of the log.",
                    in_window.unwrap_or(0), s.window_start_hours, s.window_start_hours + s.window_hours) }</p>
            }
            { problem("window_start_hours") }
            <div class="field-row">
                <span class="pair">
                    <label for="cloudshare-swf-hours">{ "window (hours)" }</label>
                    <NumberField id="cloudshare-swf-hours" pointer="/jobs/window_hours" value={s.window_hours} onchange={d.reform(|h| Action::Swf(SwfEdit::WindowHours(h)))} label="Length of the window, hours" />
                </span>
                <span class="pair">
                    <label for="cloudshare-swf-unit">{ "time unit (s)" }</label>
                    <ParsedField<u64> id="cloudshare-swf-unit" pointer="/jobs/time_unit_seconds" value={s.time_unit_seconds} onchange={d.reform(|u| Action::Swf(SwfEdit::TimeUnit(u)))} label="Seconds per unit of time" />
                </span>
                { problem("window_hours") }{ problem("time_unit_seconds") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="cloudshare-swf-users">{ "users" }</label>
                    <select id="cloudshare-swf-users" data-pointer="/jobs/users" onchange={onusers}>
                        <option value="modulo" selected={s.users == Users::Modulo}>{ "user u → organization u mod N" }</option>
                        <option value="random" selected={s.users == Users::Random}>{ "each user to a random organization (seed)" }</option>
                    </select>
                </span>
                <span class="pair">
                    <label for="cloudshare-swf-local">{ "local users" }</label>
                    <NumberField id="cloudshare-swf-local" pointer="/jobs/local_users" value={s.local_users} onchange={d.reform(|x| Action::Swf(SwfEdit::LocalUsers(x)))} label="Fraction of local users" />
                </span>
                { problem("local_users") }
            </div>
            <p class="hint">{ "Jobs submitted in the window (finished, run time and processors > 0): release = ⌊(submit − window start) / unit⌋, duration = ⌈run time / unit⌉, cores = processors. Local users' jobs (scenario 3) run only on their organization's processors and stay out of the fairness accounting." }</p>
        </div>
    }
}
