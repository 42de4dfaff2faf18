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

#[derive(Properties, PartialEq)]
pub struct JobsProps {
    pub jobs: JobsSpec,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn JobsEditor(props: &JobsProps) -> Html {
    let d = &props.dispatch;
    let body = match &props.jobs {
        JobsSpec::Generator(g) => {
            html! { <Generator generator={g.clone()} problems={Rc::clone(&props.problems)} dispatch={d.clone()} /> }
        }
        JobsSpec::List(l) => html! {
            <RowsTable<JobSpec> id="spot-jobs-table" pager="spot-jobs-pager" per_page={ROWS_PER_PAGE} items={Rc::new(l.clone())} head={jobs_head()}
                row={job_row(l.len(), Rc::clone(&props.problems), d.clone())}
                add_id="spot-add-job" pointer="/jobs" add_label="Add job" onadd={d.reform(|_: MouseEvent| Action::AddJob)}
                hint="Jobs run in order of arrival (ties in table order)." />
        },
        JobsSpec::Swf(s) => {
            html! { <SwfEditor log={s.clone()} problems={Rc::clone(&props.problems)} dispatch={d.clone()} /> }
        }
    };
    html! {
        <ChoiceFieldset<JobsKind> id="spot-jobs" legend="Jobs" select_id="spot-jobs-kind" pointer="/jobs" value={JobsKind::of(&props.jobs)}
            onchange={d.reform(Action::JobsKind)} label="Where the jobs come from" problems={Rc::clone(&props.problems)} path="jobs">
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
    let g = &props.generator;
    let d = &props.dispatch;
    let problem = |f: &str| html! { <FieldProblems problems={Rc::clone(&props.problems)} path={format!("jobs.generator.{f}")} nested=true /> };
    let edit = |f: fn(f64) -> GeneratorEdit| d.reform(move |x: f64| Action::Generator(f(x)));
    html! {
        <div class="spot-generator" id="spot-generator">
            <div class="field-row">
                <span class="pair">
                    <label for="spot-gen-count">{ "jobs" }</label>
                    <ParsedField<u64> id="spot-gen-count" pointer="/jobs/generator/count" value={g.count} onchange={d.reform(|c| Action::Generator(GeneratorEdit::Count(c)))} label="Number of jobs" />
                </span>
                <span class="pair">
                    <label for="spot-gen-gap">{ "mean gap (minutes)" }</label>
                    <NumberField id="spot-gen-gap" pointer="/jobs/generator/mean_gap_minutes" value={g.mean_gap_minutes} onchange={edit(GeneratorEdit::MeanGap)} label="Mean gap between arrivals, minutes" />
                </span>
                { problem("count") }{ problem("mean_gap_minutes") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-gen-size">{ "size max z (instance-hours)" }</label>
                    <NumberField id="spot-gen-size" pointer="/jobs/generator/size_max" value={g.size_max} onchange={edit(GeneratorEdit::SizeMax)} label="Largest size" />
                </span>
                <span class="pair">
                    <label for="spot-gen-parallelism">{ "parallelism c" }</label>
                    <NumberField id="spot-gen-parallelism" pointer="/jobs/generator/parallelism" value={g.parallelism} onchange={edit(GeneratorEdit::Parallelism)} label="Parallelism" />
                </span>
                { problem("size_max") }{ problem("parallelism") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-gen-value">{ "value factor" }</label>
                    <ParsedField<Factor> id="spot-gen-value" pointer="/jobs/generator/value_factor" value={Factor(g.value_factor)} onchange={d.reform(|f: Factor| Action::Generator(GeneratorEdit::ValueFactor(f.0)))} label="Value factor range" />
                </span>
                <span class="pair">
                    <label for="spot-gen-deadline">{ "deadline factor" }</label>
                    <ParsedField<Factor> id="spot-gen-deadline" pointer="/jobs/generator/deadline_factor" value={Factor(g.deadline_factor)} onchange={d.reform(|f: Factor| Action::Generator(GeneratorEdit::DeadlineFactor(f.0)))} label="Deadline factor range" />
                </span>
                <span class="pair">
                    <label for="spot-gen-seed">{ "seed" }</label>
                    <ParsedField<u64> id="spot-gen-seed" pointer="/jobs/generator/seed" value={g.seed} onchange={d.reform(|s| Action::Generator(GeneratorEdit::Seed(s)))} label="Seed of the jobs" />
                </span>
                { problem("value_factor") }{ problem("deadline_factor") }
            </div>
            <p class="hint">{ "Poisson arrivals; size z ~ U(0, size max]; value v = x·p·z with x ~ U[value factor]; deadline ⌈x·z/c⌉ hours with x ~ U[deadline factor]; drawn from the generator's own seed." }</p>
        </div>
    }
}

/// The jobs table's header cells.
fn jobs_head() -> Html {
    html! {
        <>
            <th title="Slot of arrival">{ "arrival (slot)" }</th><th title="Hours after arrival">{ "deadline (h)" }</th>
            <th title="Instance-hours of work">{ "size z" }</th><th title="Most instances at once">{ "parallelism c" }</th>
            <th title="Earned if done by the deadline">{ "value v" }</th><th></th>
        </>
    }
}

/// A row of the jobs table (of `n` jobs), its fields editing job `i`.
fn job_row(n: usize, problems: Rc<Vec<Problem>>, d: Callback<Action>) -> Callback<(usize, JobSpec), Html> {
    Callback::from(move |(i, j): (usize, JobSpec)| {
        let f = |e: fn(f64) -> JobEdit| d.reform(move |x: f64| Action::EditJob(i, e(x)));
        html! {
            <tr key={i} data-job={i.to_string()}>
                <td><ParsedField<u64> class="arrival" pointer={format!("/jobs/{i}/arrival")} value={j.arrival} onchange={d.reform(move |a| Action::EditJob(i, JobEdit::Arrival(a)))} label={format!("Arrival of job {}", i + 1)} /></td>
                <td><ParsedField<Whole> class="deadline" pointer={format!("/jobs/{i}/deadline")} value={Whole(j.deadline)} onchange={d.reform(move |w: Whole| Action::EditJob(i, JobEdit::Deadline(w.0)))} label={format!("Deadline of job {}", i + 1)} /></td>
                <td><NumberField class="size" pointer={format!("/jobs/{i}/size")} value={j.size} onchange={f(JobEdit::Size)} label={format!("Size of job {}", i + 1)} /></td>
                <td><NumberField class="parallelism" pointer={format!("/jobs/{i}/parallelism")} value={j.parallelism} onchange={f(JobEdit::Parallelism)} label={format!("Parallelism of job {}", i + 1)} /></td>
                <td><NumberField class="value" pointer={format!("/jobs/{i}/value")} value={j.value} onchange={f(JobEdit::Value)} label={format!("Value of job {}", i + 1)} /></td>
                <td><RemoveButton pointer="/jobs" disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemoveJob(i))} title="Remove this job" label={format!("Remove job {}", i + 1)} />
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
    let d = &props.dispatch;
    let s = &props.log;
    let summary = use_memo(s.swf.clone(), |text| {
        if text.trim().is_empty() {
            return "No log yet: import a Standard Workload Format file (Parallel Workloads Archive).".to_string();
        }
        match swf::parse(text) {
            Ok(log) => {
                let usable = log.jobs.iter().filter(|j| j.usable()).count();
                format!("{usable} usable jobs of {} in the log ({} KB).", log.jobs.len(), text.len() / 1024)
            }
            Err(e) => format!("The log cannot be read: {e}"),
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
                    <label for="spot-swf-count">{ "jobs" }</label>
                    <ParsedField<OptionalCount> id="spot-swf-count" pointer={s.count.map(|_| AttrValue::from("/jobs/count"))} value={OptionalCount(s.count)} onchange={d.reform(|c: OptionalCount| Action::Swf(SwfEdit::Count(c.0)))} label="Jobs (empty: the log once)" />
                </span>
                <span class="pair">
                    <label for="spot-swf-seed">{ "seed" }</label>
                    <ParsedField<u64> id="spot-swf-seed" pointer="/jobs/seed" value={s.seed} onchange={d.reform(|x| Action::Swf(SwfEdit::Seed(x)))} label="Seed of values and deadlines" />
                </span>
                { problem("count") }
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="spot-swf-value">{ "value factor" }</label>
                    <ParsedField<Factor> id="spot-swf-value" pointer="/jobs/value_factor" value={Factor(s.value_factor)} onchange={d.reform(|f: Factor| Action::Swf(SwfEdit::ValueFactor(f.0)))} label="Value factor range" />
                </span>
                <span class="pair">
                    <label for="spot-swf-deadline">{ "deadline factor" }</label>
                    <ParsedField<Factor> id="spot-swf-deadline" pointer="/jobs/deadline_factor" value={Factor(s.deadline_factor)} onchange={d.reform(|f: Factor| Action::Swf(SwfEdit::DeadlineFactor(f.0)))} label="Deadline factor range" />
                </span>
                { problem("value_factor") }{ problem("deadline_factor") }
            </div>
            <p class="hint">{ "Each usable job (finished, run time and processors > 0) becomes z = run time × processors instance-hours with c = processors, arriving at its submit time; values and deadlines are drawn as by the generator. A count replays the log until that many jobs." }</p>
        </div>
    }
}
