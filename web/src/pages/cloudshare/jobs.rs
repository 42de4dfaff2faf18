//! The jobs: an editable table (org, release, duration, cores; paged), a generator, or a window of
//! a workload log (see [`super::swf`]).

use std::rc::Rc;

use cloudecon::cloudshare::workload::{Generated, JobSpec, JobsSpec};
use cloudecon::Problem;
use yew::prelude::*;

use super::fields::Span;
use super::state::{Action, GeneratorEdit, JobEdit, JobsKind};
use super::swf::SwfEditor;
use super::ROWS_PER_PAGE;
use crate::components::{ChoiceFieldset, FieldProblems, ParsedField, RemoveButton, RowsTable};
use crate::i18n::{number, t, use_lang};
use crate::pages::fields::Whole;
use crate::t;

#[derive(Properties, PartialEq)]
pub struct JobsProps {
    pub jobs: JobsSpec,
    /// The organizations' names (a log's users map onto them).
    pub orgs: usize,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn JobsEditor(props: &JobsProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let problems = Rc::clone(&props.problems);
    let body = match &props.jobs {
        JobsSpec::List(l) => html! {
            <RowsTable<JobSpec> id="cloudshare-jobs-table" pager="cloudshare-jobs-pager" per_page={ROWS_PER_PAGE} items={Rc::new(l.clone())} head={jobs_head()}
                row={job_row(l.len(), problems, d.clone())}
                add_id="cloudshare-add-job" pointer="/jobs" add_label={t("cloudshare-job-add")} onadd={d.reform(|_: MouseEvent| Action::AddJob)}
                hint={t("cloudshare-jobs-hint")} />
        },
        JobsSpec::Generated(Generated { generator: g }) => {
            let problem = |f: &str| html! { <FieldProblems problems={Rc::clone(&props.problems)} path={format!("jobs.generator.{f}")} /> };
            html! {
                <div class="cloudshare-generator" id="cloudshare-generator">
                    <div class="field-row">
                        <span class="pair">
                            <label for="cloudshare-gen-count">{ t("cloudshare-gen-count") }</label>
                            <ParsedField<Whole> id="cloudshare-gen-count" pointer="/jobs/generator/count" value={Whole(g.count)} onchange={d.reform(|w: Whole| Action::Generator(GeneratorEdit::Count(w.0)))} label={t("cloudshare-gen-count-label")} />
                        </span>
                        <span class="pair">
                            <label for="cloudshare-gen-horizon">{ t("cloudshare-gen-horizon") }</label>
                            <ParsedField<u64> id="cloudshare-gen-horizon" pointer="/jobs/generator/horizon" value={g.horizon} onchange={d.reform(|h| Action::Generator(GeneratorEdit::Horizon(h)))} label={t("cloudshare-gen-horizon-label")} />
                        </span>
                        { problem("count") }{ problem("horizon") }
                    </div>
                    <div class="field-row">
                        <span class="pair">
                            <label for="cloudshare-gen-duration">{ t("cloudshare-gen-duration") }</label>
                            <ParsedField<Span<u64>> id="cloudshare-gen-duration" pointer="/jobs/generator/duration" value={Span(g.duration)} onchange={d.reform(|s: Span<u64>| Action::Generator(GeneratorEdit::Duration(s.0)))} label={t("cloudshare-gen-duration-label")} />
                        </span>
                        <span class="pair">
                            <label for="cloudshare-gen-cores">{ t("cloudshare-gen-cores") }</label>
                            <ParsedField<Span<u32>> id="cloudshare-gen-cores" pointer="/jobs/generator/cores" value={Span(g.cores)} onchange={d.reform(|s: Span<u32>| Action::Generator(GeneratorEdit::Cores(s.0)))} label={t("cloudshare-gen-cores-label")} />
                        </span>
                        { problem("duration") }{ problem("cores") }
                    </div>
                    <FieldProblems problems={Rc::clone(&props.problems)} path="jobs.generator" />
                    <p class="hint">{ t("cloudshare-gen-hint") }</p>
                </div>
            }
        }
        JobsSpec::Swf(s) => html! { <SwfEditor log={s.clone()} orgs={props.orgs} {problems} dispatch={d.clone()} /> },
    };
    html! {
        <ChoiceFieldset<JobsKind> id="cloudshare-jobs" legend={t("cloudshare-jobs-legend")} select_id="cloudshare-jobs-kind" pointer="/jobs" value={JobsKind::of(&props.jobs)}
            onchange={d.reform(Action::JobsKind)} label={t("cloudshare-jobs-kind-label")} problems={Rc::clone(&props.problems)} path="jobs">
            { body }
        </ChoiceFieldset<JobsKind>>
    }
}

/// The jobs table's header cells.
fn jobs_head() -> Html {
    html! {
        <>
            <th title={t("cloudshare-job-org.title")}>{ t("cloudshare-job-org") }</th><th title={t("cloudshare-job-release.title")}>{ t("cloudshare-job-release") }</th>
            <th title={t("cloudshare-job-duration.title")}>{ t("cloudshare-job-duration") }</th><th title={t("cloudshare-job-cores.title")}>{ t("cloudshare-job-cores") }</th><th></th>
        </>
    }
}

/// A row of the jobs table (of `n` jobs), its fields editing job `i`.
fn job_row(n: usize, problems: Rc<Vec<Problem>>, d: Callback<Action>) -> Callback<(usize, JobSpec), Html> {
    Callback::from(move |(i, j): (usize, JobSpec)| {
        let problem = |path: String| html! { <FieldProblems problems={Rc::clone(&problems)} {path} /> };
        let onorg = d.reform(move |e: InputEvent| {
            Action::EditJob(i, JobEdit::Org(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()))
        });
        html! {
            <tr key={i} data-job={i.to_string()}>
                <td><input class="org" type="text" data-pointer={format!("/jobs/{i}/org")} value={j.org.clone()} oninput={onorg} aria-label={t!("cloudshare-job-org-label", n = number((i + 1) as f64))} />
                    { problem(format!("jobs[{i}].org")) }</td>
                <td><ParsedField<u64> class="release" pointer={format!("/jobs/{i}/release")} value={j.release} onchange={d.reform(move |r| Action::EditJob(i, JobEdit::Release(r)))} label={t!("cloudshare-job-release-label", n = number((i + 1) as f64))} />
                    { problem(format!("jobs[{i}].release")) }</td>
                <td><ParsedField<u64> class="duration" pointer={format!("/jobs/{i}/duration")} value={j.duration} onchange={d.reform(move |x| Action::EditJob(i, JobEdit::Duration(x)))} label={t!("cloudshare-job-duration-label", n = number((i + 1) as f64))} />
                    { problem(format!("jobs[{i}].duration")) }</td>
                <td><ParsedField<Whole> class="cores" pointer={format!("/jobs/{i}/cores")} value={Whole(j.cores)} onchange={d.reform(move |w: Whole| Action::EditJob(i, JobEdit::Cores(w.0)))} label={t!("cloudshare-job-cores-label", n = number((i + 1) as f64))} />
                    { problem(format!("jobs[{i}].cores")) }</td>
                <td><RemoveButton pointer="/jobs" disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemoveJob(i))} title={t("cloudshare-job-remove-title")} label={t!("cloudshare-job-remove", n = number((i + 1) as f64))} /></td>
            </tr>
        }
    })
}
