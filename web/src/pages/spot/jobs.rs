//! The jobs: the paper's generator (every field), an editable table (paged), or a workload log
//! (SWF) imported from a file and replayed with drawn values and deadlines.

use std::rc::Rc;

use cloudecon::spot::jobs::{GeneratorSpec, JobSpec, JobsSpec, SwfSpec};
use cloudecon::{swf, Problem};
use yew::prelude::*;

use super::fields::{Factor, OptionalCount, Whole};
use super::state::{Action, GeneratorEdit, JobEdit, JobsKind, SwfEdit};
use super::ROWS_PER_PAGE;
use crate::components::{ChoiceFieldset, FieldProblems, NumberField, ParsedField, RemoveButton, RowsTable, SwfImport};
use crate::i18n::{t, use_lang};
use crate::t;

#[derive(Properties, PartialEq)]
pub struct JobsProps {
    pub jobs: JobsSpec,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn JobsEditor(props: &JobsProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let body = match &props.jobs {
        JobsSpec::Generator(g) => {
            html! { <Generator generator={g.clone()} problems={Rc::clone(&props.problems)} dispatch={d.clone()} /> }
        }
        JobsSpec::List(l) => html! {
            <RowsTable<JobSpec> id="spot-jobs-table" pager="spot-jobs-pager" per_page={ROWS_PER_PAGE} items={Rc::new(l.clone())} head={jobs_head()}
                row={job_row(l.len(), Rc::clone(&props.problems), d.clone())}
                add_id="spot-add-job" pointer="/jobs" add_label={t("spot-jobs-add")} onadd={d.reform(|_: MouseEvent| Action::AddJob)}
                hint={t("spot-jobs-table-hint")} />
        },
        JobsSpec::Swf(s) => {
            html! { <SwfEditor log={s.clone()} problems={Rc::clone(&props.problems)} dispatch={d.clone()} /> }
        }
    };
    html! {
        <ChoiceFieldset<JobsKind> id="spot-jobs" legend={t("spot-jobs")} select_id="spot-jobs-kind" pointer="/jobs" value={JobsKind::of(&props.jobs)}
            onchange={d.reform(Action::JobsKind)} label={t("spot-jobs-source-label")} problems={Rc::clone(&props.problems)} path="jobs">
            { body }
        </ChoiceFieldset<JobsKind>>
    }
}

#[derive(Properties, PartialEq)]
struct GeneratorProps {
    generator: GeneratorSpec,
    problems: Rc<Vec<Problem>>,
    dispatch: Callback<Action>,
}

/// The paper's generator (Section 4.1); every field has the paper's value as default.
#[component]
fn Generator(props: &GeneratorProps) -> Html {
    use_lang();
    let g = &props.generator;
    let d = &props.dispatch;
    let problem = |f: &str| html! { <FieldProblems problems={Rc::clone(&props.problems)} path={format!("jobs.generator.{f}")} nested=true /> };
    let edit = |f: fn(f64) -> GeneratorEdit| d.reform(move |x: f64| Action::Generator(f(x)));
    html! {
        <div class="spot-generator" id="spot-generator">
            <div class="field-row">
                <span class="pair">
                    <label for="spot-gen-count">{ t("spot-gen-count") }</label>
                    <ParsedField<u64> id="spot-gen-count" pointer="/jobs/generator/count" value={g.count} onchange={d.reform(|c| Action::Generator(GeneratorEdit::Count(c)))} label={t("spot-gen-count-label")} />
                </span>
                <span class="pair">
                    <label for="spot-gen-gap">{ t("spot-gen-gap") }</label>
                    <NumberField id="spot-gen-gap" pointer="/jobs/generator/mean_gap_minutes" value={g.mean_gap_minutes} onchange={edit(GeneratorEdit::MeanGap)} label={t("spot-gen-gap-label")} />
                </span>
                { problem("count") }{ problem("mean_gap_minutes") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-gen-size">{ t("spot-gen-size") }</label>
                    <NumberField id="spot-gen-size" pointer="/jobs/generator/size_max" value={g.size_max} onchange={edit(GeneratorEdit::SizeMax)} label={t("spot-gen-size-label")} />
                </span>
                <span class="pair">
                    <label for="spot-gen-parallelism">{ t("spot-gen-parallelism") }</label>
                    <NumberField id="spot-gen-parallelism" pointer="/jobs/generator/parallelism" value={g.parallelism} onchange={edit(GeneratorEdit::Parallelism)} label={t("spot-gen-parallelism-label")} />
                </span>
                { problem("size_max") }{ problem("parallelism") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-gen-value">{ t("spot-gen-value") }</label>
                    <ParsedField<Factor> id="spot-gen-value" pointer="/jobs/generator/value_factor" value={Factor(g.value_factor)} onchange={d.reform(|f: Factor| Action::Generator(GeneratorEdit::ValueFactor(f.0)))} label={t("spot-gen-value-label")} />
                </span>
                <span class="pair">
                    <label for="spot-gen-deadline">{ t("spot-gen-deadline") }</label>
                    <ParsedField<Factor> id="spot-gen-deadline" pointer="/jobs/generator/deadline_factor" value={Factor(g.deadline_factor)} onchange={d.reform(|f: Factor| Action::Generator(GeneratorEdit::DeadlineFactor(f.0)))} label={t("spot-gen-deadline-label")} />
                </span>
                <span class="pair">
                    <label for="spot-gen-seed">{ t("spot-gen-seed") }</label>
                    <ParsedField<u64> id="spot-gen-seed" pointer="/jobs/generator/seed" value={g.seed} onchange={d.reform(|s| Action::Generator(GeneratorEdit::Seed(s)))} label={t("spot-gen-seed-label")} />
                </span>
                { problem("value_factor") }{ problem("deadline_factor") }
            </div>
            <p class="hint">{ t("spot-gen-hint") }</p>
        </div>
    }
}

/// The jobs table's header cells.
fn jobs_head() -> Html {
    html! {
        <>
            <th title={t("spot-job-arrival-title")}>{ t("spot-job-arrival") }</th><th title={t("spot-job-deadline-title")}>{ t("spot-job-deadline") }</th>
            <th title={t("spot-job-size-title")}>{ t("spot-job-size") }</th><th title={t("spot-job-parallelism-title")}>{ t("spot-job-parallelism") }</th>
            <th title={t("spot-job-value-title")}>{ t("spot-job-value") }</th><th></th>
        </>
    }
}

/// A row of the jobs table (of `n` jobs), its fields editing job `i`.
fn job_row(n: usize, problems: Rc<Vec<Problem>>, d: Callback<Action>) -> Callback<(usize, JobSpec), Html> {
    Callback::from(move |(i, j): (usize, JobSpec)| {
        let f = |e: fn(f64) -> JobEdit| d.reform(move |x: f64| Action::EditJob(i, e(x)));
        html! {
            <tr key={i} data-job={i.to_string()}>
                <td><ParsedField<u64> class="arrival" pointer={format!("/jobs/{i}/arrival")} value={j.arrival} onchange={d.reform(move |a| Action::EditJob(i, JobEdit::Arrival(a)))} label={t!("spot-job-arrival-label", n = (i + 1).to_string())} /></td>
                <td><ParsedField<Whole> class="deadline" pointer={format!("/jobs/{i}/deadline")} value={Whole(j.deadline)} onchange={d.reform(move |w: Whole| Action::EditJob(i, JobEdit::Deadline(w.0)))} label={t!("spot-job-deadline-label", n = (i + 1).to_string())} /></td>
                <td><NumberField class="size" pointer={format!("/jobs/{i}/size")} value={j.size} onchange={f(JobEdit::Size)} label={t!("spot-job-size-label", n = (i + 1).to_string())} /></td>
                <td><NumberField class="parallelism" pointer={format!("/jobs/{i}/parallelism")} value={j.parallelism} onchange={f(JobEdit::Parallelism)} label={t!("spot-job-parallelism-label", n = (i + 1).to_string())} /></td>
                <td><NumberField class="value" pointer={format!("/jobs/{i}/value")} value={j.value} onchange={f(JobEdit::Value)} label={t!("spot-job-value-label", n = (i + 1).to_string())} /></td>
                <td><RemoveButton pointer="/jobs" disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemoveJob(i))} title={t("spot-job-remove")} label={t!("spot-job-remove-label", n = (i + 1).to_string())} />
                    <FieldProblems problems={Rc::clone(&problems)} path={format!("jobs[{i}]")} nested=true /></td>
            </tr>
        }
    })
}

#[derive(Properties, PartialEq)]
struct SwfProps {
    log: SwfSpec,
    problems: Rc<Vec<Problem>>,
    dispatch: Callback<Action>,
}

/// A workload log: its file, usable jobs, and the replay's count, factors and seed.
#[component]
fn SwfEditor(props: &SwfProps) -> Html {
    let lang = use_lang();
    let d = &props.dispatch;
    let s = &props.log;
    let summary = use_memo((s.swf.clone(), lang), |(text, _)| {
        if text.trim().is_empty() {
            return t("spot-swf-empty");
        }
        match swf::parse(text) {
            Ok(log) => {
                let usable = log.jobs.iter().filter(|j| j.usable()).count();
                t!(
                    "spot-swf-summary",
                    usable = usable.to_string(),
                    total = log.jobs.len().to_string(),
                    kb = (text.len() / 1024).to_string()
                )
            }
            Err(e) => t!("spot-swf-unreadable", reason = crate::i18n::problem_text(&e.problem(""))),
        }
    });
    let problem = |f: &str| html! { <FieldProblems problems={Rc::clone(&props.problems)} path={format!("jobs.{f}")} nested=true /> };
    html! {
        <div class="spot-swf" id="spot-swf">
            <div class="field-row">
                <SwfImport id="spot-swf-file" onload={d.reform(Action::SwfLog)} />
                <span id="spot-swf-summary">{ (*summary).clone() }</span>
                { problem("swf") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-swf-count">{ t("spot-swf-count") }</label>
                    <ParsedField<OptionalCount> id="spot-swf-count" pointer={s.count.map(|_| AttrValue::from("/jobs/count"))} value={OptionalCount(s.count)} onchange={d.reform(|c: OptionalCount| Action::Swf(SwfEdit::Count(c.0)))} label={t("spot-swf-count-label")} />
                </span>
                <span class="pair">
                    <label for="spot-swf-seed">{ t("spot-swf-seed") }</label>
                    <ParsedField<u64> id="spot-swf-seed" pointer="/jobs/seed" value={s.seed} onchange={d.reform(|x| Action::Swf(SwfEdit::Seed(x)))} label={t("spot-swf-seed-label")} />
                </span>
                { problem("count") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-swf-value">{ t("spot-swf-value") }</label>
                    <ParsedField<Factor> id="spot-swf-value" pointer="/jobs/value_factor" value={Factor(s.value_factor)} onchange={d.reform(|f: Factor| Action::Swf(SwfEdit::ValueFactor(f.0)))} label={t("spot-swf-value-label")} />
                </span>
                <span class="pair">
                    <label for="spot-swf-deadline">{ t("spot-swf-deadline") }</label>
                    <ParsedField<Factor> id="spot-swf-deadline" pointer="/jobs/deadline_factor" value={Factor(s.deadline_factor)} onchange={d.reform(|f: Factor| Action::Swf(SwfEdit::DeadlineFactor(f.0)))} label={t("spot-swf-deadline-label")} />
                </span>
                { problem("value_factor") }{ problem("deadline_factor") }
            </div>
            <p class="hint">{ t("spot-swf-hint") }</p>
        </div>
    }
}
