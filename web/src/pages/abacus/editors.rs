//! Editors of the auction: α and the stopping rule, resource types, the jobs' bids.

use cloudecon::abacus::utility::{share_names, UTILITY_VARIABLES};
use cloudecon::abacus::{JobSpec, ResourceSpec, UtilityKind};
use yew::prelude::*;

use super::state::{Action, JobEdit};
use super::ROWS_PER_PAGE;
use crate::components::{use_page, FormulaField, FormulaVariables, NumberField, ParsedField};
use crate::i18n::{t, use_lang};
use crate::t;

/// Each editor gets only the part of the scenario it shows, so moving the α slider does not
/// re-render the jobs table.
#[derive(Properties, PartialEq)]
pub struct ParamsProps {
    pub alpha: f64,
    pub tolerance: f64,
    pub max_iterations: u32,
    pub dispatch: Callback<Action>,
}

#[derive(Properties, PartialEq)]
pub struct ResourcesProps {
    pub resources: Vec<ResourceSpec>,
    pub dispatch: Callback<Action>,
}

#[derive(Properties, PartialEq)]
pub struct JobsProps {
    pub jobs: Vec<JobSpec>,
    pub resources: Vec<ResourceSpec>,
    pub dispatch: Callback<Action>,
}

fn kind_of(value: &str) -> UtilityKind {
    match value {
        "log" => UtilityKind::Log,
        "power" => UtilityKind::Power,
        "formula" => UtilityKind::Formula,
        _ => UtilityKind::Linear,
    }
}

/// α (a slider that recomputes while dragging), tolerance and the round cap.
#[component]
pub fn AuctionParams(props: &ParamsProps) -> Html {
    use_lang();
    let s = props;
    let onslide = props.dispatch.reform(|e: InputEvent| {
        Action::Alpha(e.target_unchecked_into::<web_sys::HtmlInputElement>().value().parse().unwrap_or(0.5))
    });
    html! {
        <fieldset class="params">
            <legend>{ t("abacus-auction") }</legend>
            <div class="field-row">
                <span class="pair">
                    <label for="alpha" translate="no">{ "α" }</label>
                    <input id="alpha" data-pointer="/alpha" type="range" min="0" max="1" step="0.01" value={s.alpha.to_string()} oninput={onslide} />
                </span>
                <NumberField id="alpha-value" pointer="/alpha" value={s.alpha} onchange={props.dispatch.reform(Action::Alpha)} label="α" />
                <p class="hint">{ t("abacus-alpha-hint") }</p>
            </div>
            <details>
                <summary>{ t("abacus-stopping-rule") }</summary>
                <div class="field-row">
                    <label>{ t("abacus-tolerance") }</label>
                    <NumberField pointer="/tolerance" value={s.tolerance} onchange={props.dispatch.reform(Action::Tolerance)} label={t("abacus-tolerance")} />
                    <label>{ t("abacus-max-rounds") }</label>
                    <NumberField pointer="/max_iterations" value={f64::from(s.max_iterations)}
                        onchange={props.dispatch.reform(|x: f64| Action::MaxIterations(x.clamp(0.0, 1e9) as u32))} label={t("abacus-max-rounds-label")} />
                    <p class="hint">{ t("abacus-stopping-hint") }</p>
                </div>
            </details>
        </fieldset>
    }
}

/// Resource types: name and number of slots (units, used by the scheduler).
#[component]
pub fn ResourcesEditor(props: &ResourcesProps) -> Html {
    use_lang();
    let m = props.resources.len();
    html! {
        <fieldset class="resources">
            <legend>{ t!("abacus-resource-types", count = m.to_string()) }</legend>
            <table>
                <thead><tr><th>{ t("abacus-resource-name") }</th><th>{ t("abacus-resource-units") }</th><th></th></tr></thead>
                <tbody>
                { for props.resources.iter().enumerate().map(|(j, r)| {
                    let onname = props.dispatch.reform(move |v: String| Action::ResourceName(j, v));
                    // Whole units only: −3 or 2.5 are refused with a message, never rewritten.
                    let onunits = props.dispatch.reform(move |x: u32| Action::ResourceUnits(j, x));
                    let onremove = props.dispatch.reform(move |_: MouseEvent| Action::RemoveResource(j));
                    html! {
                        <tr>
                            <td><ParsedField<String> class="resource-name" pointer={format!("/resources/{j}/name")} value={r.name.clone()} onchange={onname} label={t!("abacus-resource-name-label", n = (j + 1).to_string())} /></td>
                            <td><ParsedField<u32> pointer={format!("/resources/{j}/units")} value={r.units} onchange={onunits} label={t!("abacus-resource-units-label", name = r.name.clone())} /></td>
                            <td><button class="remove" data-pointer="/resources" onclick={onremove} disabled={m <= 1} title={t("abacus-resource-remove-title")}
                                aria-label={t!("abacus-resource-remove", n = (j + 1).to_string())}>{ "−" }</button></td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            <button id="add-resource" data-pointer="/resources" onclick={props.dispatch.reform(|_: MouseEvent| Action::AddResource)}>{ t("abacus-resource-add") }</button>
        </fieldset>
    }
}

/// The jobs' bids: budget, utility kind, one weight per resource, exponent for `power`.
#[component]
pub fn JobsEditor(props: &JobsProps) -> Html {
    use_lang();
    let s = props;
    let page = use_page(s.jobs.len(), ROWS_PER_PAGE, "jobs-pager");
    let m = s.resources.len();
    let formulas = s.jobs.iter().any(|j| j.utility.kind == UtilityKind::Formula);
    let names = share_names(&s.resources.iter().map(|r| r.name.as_str()).collect::<Vec<_>>());
    html! {
        <fieldset class="jobs">
            <legend>{ t!("abacus-jobs", count = s.jobs.len().to_string()) }</legend>
            <div class="scroll">
            <table class="jobs-table" id="jobs-table">
                <thead><tr>
                    <th>{ t("abacus-job") }</th><th>{ t("abacus-budget-dollars") }</th><th>{ t("abacus-utility") }</th>
                    { for s.resources.iter().map(|r| html! { <th translate="no">{ format!("w({})", r.name) }</th> }) }
                    <th translate="no">{ "p" }</th><th></th>
                </tr></thead>
                <tbody>
                { for s.jobs.iter().enumerate().skip(page.rows.start).take(page.rows.len()).map(|(i, job)| {
                    let edit = |f: fn(f64) -> JobEdit| props.dispatch.reform(move |x: f64| Action::EditJob(i, f(x)));
                    let onname = props.dispatch.reform(move |v: String| Action::EditJob(i, JobEdit::Name(v)));
                    let onkind = props.dispatch.reform(move |e: Event| Action::EditJob(i, JobEdit::Kind(kind_of(&e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()))));
                    let onremove = props.dispatch.reform(move |_: MouseEvent| Action::RemoveJob(i));
                    let kind = job.utility.kind;
                    html! {
                        <tr key={i} data-job={i.to_string()}>
                            <td><ParsedField<String> class="job-name" pointer={format!("/jobs/{i}/name")} value={job.name.clone()} onchange={onname} label={t!("abacus-job-name-label", n = (i + 1).to_string())} /></td>
                            <td><NumberField class="budget" pointer={format!("/jobs/{i}/budget")} value={job.budget} onchange={edit(JobEdit::Budget)} label={t!("abacus-job-budget-label", job = job.name.clone())} /></td>
                            <td><select data-pointer={format!("/jobs/{i}/utility")} onchange={onkind} aria-label={t!("abacus-job-utility-label", job = job.name.clone())}>
                                <option value="linear" selected={kind == UtilityKind::Linear}>{ t("abacus-utility-linear") }</option>
                                <option value="log" selected={kind == UtilityKind::Log}>{ t("abacus-utility-log") }</option>
                                <option value="power" selected={kind == UtilityKind::Power}>{ t("abacus-utility-power") }</option>
                                <option value="formula" selected={kind == UtilityKind::Formula}>{ t("abacus-utility-formula") }</option>
                            </select></td>
                            if kind == UtilityKind::Formula {
                                <td colspan={m.to_string()} class="formula-cell">
                                    <FormulaField class="utility-formula" id={format!("abacus-utility-formula-{i}")} pointer={format!("/jobs/{i}/utility/formula")}
                                        value={job.utility.formula.clone().unwrap_or_default()}
                                        onchange={props.dispatch.reform(move |f: String| Action::EditJob(i, JobEdit::Formula(f)))}
                                        label={t!("abacus-job-formula-label", job = job.name.clone())} />
                                </td>
                            } else {
                                { for job.utility.weights.iter().enumerate().map(|(j, &w)| {
                                    let onchange = props.dispatch.reform(move |x: f64| Action::EditJob(i, JobEdit::Weight(j, x)));
                                    html! { <td><NumberField class="weight" pointer={format!("/jobs/{i}/utility/weights/{j}")} value={w} {onchange} label={t!("abacus-job-weight-label", job = job.name.clone(), n = (j + 1).to_string())} /></td> }
                                }) }
                            }
                            <td>
                                if kind == UtilityKind::Power {
                                    <NumberField class="exponent" pointer={format!("/jobs/{i}/utility/exponent")} value={job.utility.exponent.unwrap_or(0.5)} onchange={edit(JobEdit::Exponent)} label={t("abacus-exponent")} />
                                }
                            </td>
                            <td><button class="remove" data-pointer="/jobs" onclick={onremove} title={t("abacus-job-remove-title")}
                                aria-label={t!("abacus-job-remove", n = (i + 1).to_string())}>{ "−" }</button></td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            </div>
            { page.controls }
            if formulas {
                <p class="hint" id="utility-formula-hint">{ t!("abacus-job-formula-hint",
                    names = names.join(", "), a = names.first().map_or("map", String::as_str), b = names.get(1).or(names.first()).map_or("reduce", String::as_str)) }</p>
                <FormulaVariables variables={&UTILITY_VARIABLES[..]} />
            }
            <button id="add-job" data-pointer="/jobs" onclick={props.dispatch.reform(|_: MouseEvent| Action::AddJob)}>{ t("abacus-job-add") }</button>
        </fieldset>
    }
}
