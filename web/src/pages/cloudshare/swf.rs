//! A window of a workload log (SWF): the file, a slider over the log's time span with the number
//! of jobs in the window, the window's length, the time unit, how users map to organizations and
//! the fraction of local users.

use std::rc::Rc;

use cloudecon::cloudshare::workload::{span_hours, window_jobs, SwfSpec, Users};
use cloudecon::{swf, Problem};
use yew::prelude::*;

use super::state::{Action, SwfEdit};
use crate::components::{FieldProblems, NumberField, ParsedField, SwfImport};
use crate::i18n::{t, use_lang};
use crate::t;

#[derive(Properties, PartialEq)]
pub struct SwfProps {
    pub log: SwfSpec,
    /// How many organizations the users map onto.
    pub orgs: usize,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

/// What the editor knows of a log: its span in hours (`None`: no usable log).
type Read = Result<(Rc<swf::SwfLog>, f64), Option<swf::SwfError>>;

/// A log read: the log and its span, or why there is none (`None`: no log yet).
fn read(text: &str) -> Read {
    if text.trim().is_empty() {
        return Err(None);
    }
    match swf::parse(text) {
        Ok(log) => {
            let span = span_hours(&log);
            Ok((Rc::new(log), span))
        }
        Err(e) => Err(Some(e)),
    }
}

/// What the editor says about a log.
fn summary(read: &Read) -> String {
    match read {
        Ok((log, span)) => {
            let usable = log.jobs.iter().filter(|j| j.usable()).count();
            t!(
                "cloudshare-swf-summary",
                usable = usable.to_string(),
                total = log.jobs.len().to_string(),
                hours = crate::format::fixed(*span, 1)
            )
        }
        Err(None) => t("cloudshare-swf-none"),
        // Said in the reader's language when shown (a switch re-renders it).
        Err(Some(e)) => t!("cloudshare-swf-unreadable", reason = crate::i18n::problem_text(&e.problem(""))),
    }
}

#[component]
pub fn SwfEditor(props: &SwfProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let s = &props.log;
    let parsed = use_memo(s.swf.clone(), |text| read(text));
    let summary = summary(&parsed);
    let log = (*parsed).as_ref().ok();
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
                <span id="cloudshare-swf-summary">{ summary }</span>
                { problem("swf") }
            </div>
            if log.is_some() {
                <div class="field-row">
                    <span class="pair">
                        <label for="cloudshare-swf-slider">{ t("cloudshare-swf-slider") }</label>
                        <input id="cloudshare-swf-slider" data-pointer="/jobs/window_start_hours" type="range" min="0" max={format!("{}", span.ceil().max(1.0))} step="1"
                            value={format!("{}", s.window_start_hours)} oninput={onslide} aria-label={t("cloudshare-swf-slider-label")} />
                    </span>
                    <NumberField id="cloudshare-swf-start" pointer="/jobs/window_start_hours" value={s.window_start_hours} onchange={d.reform(|h| Action::Swf(SwfEdit::WindowStart(h)))} label={t("cloudshare-swf-start-label")} />
                </div>
                <p id="cloudshare-swf-window">{ t!("cloudshare-swf-window", jobs = in_window.unwrap_or(0).to_string(),
                    from = crate::format::exact(s.window_start_hours), to = crate::format::exact(s.window_start_hours + s.window_hours)) }</p>
            }
            { problem("window_start_hours") }
            <div class="field-row">
                <span class="pair">
                    <label for="cloudshare-swf-hours">{ t("cloudshare-swf-hours") }</label>
                    <NumberField id="cloudshare-swf-hours" pointer="/jobs/window_hours" value={s.window_hours} onchange={d.reform(|h| Action::Swf(SwfEdit::WindowHours(h)))} label={t("cloudshare-swf-hours-label")} />
                </span>
                <span class="pair">
                    <label for="cloudshare-swf-unit">{ t("cloudshare-swf-unit") }</label>
                    <ParsedField<u64> id="cloudshare-swf-unit" pointer="/jobs/time_unit_seconds" value={s.time_unit_seconds} onchange={d.reform(|u| Action::Swf(SwfEdit::TimeUnit(u)))} label={t("cloudshare-swf-unit-label")} />
                </span>
                { problem("window_hours") }{ problem("time_unit_seconds") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="cloudshare-swf-users">{ t("cloudshare-swf-users") }</label>
                    <select id="cloudshare-swf-users" data-pointer="/jobs/users" onchange={onusers}>
                        <option value="modulo" selected={s.users == Users::Modulo}>{ t("cloudshare-swf-users-modulo") }</option>
                        <option value="random" selected={s.users == Users::Random}>{ t("cloudshare-swf-users-random") }</option>
                    </select>
                </span>
                <span class="pair">
                    <label for="cloudshare-swf-local">{ t("cloudshare-swf-local") }</label>
                    <NumberField id="cloudshare-swf-local" pointer="/jobs/local_users" value={s.local_users} onchange={d.reform(|x| Action::Swf(SwfEdit::LocalUsers(x)))} label={t("cloudshare-swf-local-label")} />
                </span>
                { problem("local_users") }
            </div>
            <p class="hint">{ t("cloudshare-swf-hint") }</p>
        </div>
    }
}
