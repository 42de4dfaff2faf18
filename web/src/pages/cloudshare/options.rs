//! The comparison's options: the algorithms (checkboxes, the paper's order, and priorities written
//! as formulas), unit splitting, how the Shapley values are computed, the optional federation
//! block and the scoring over windows.

use std::rc::Rc;

use cloudecon::cloudshare::algorithm::{Algorithm, AlgorithmSpec};
use cloudecon::cloudshare::custom::PRIORITY_VARIABLES;
use cloudecon::cloudshare::scenario::{FederationSpec, Method, RunsSpec, ShapleySpec};
use cloudecon::cloudshare::utility::Psi;
use cloudecon::Problem;
use yew::prelude::*;

use super::state::{Action, FederationEdit, FormulaEdit};
use crate::components::{FieldProblems, FormulaField, FormulaVariables, NumberField, ParsedField};
use crate::pages::spot::fields::Whole;

#[derive(Properties, PartialEq)]
pub struct OptionsProps {
    pub algorithms: Vec<AlgorithmSpec>,
    /// Whether the document lists the algorithms (`algorithms` is absent for all of them).
    pub listed: bool,
    pub split_unit: bool,
    pub shapley: ShapleySpec,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

fn checked(e: &Event) -> bool {
    e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()
}

#[component]
pub fn OptionsEditor(props: &OptionsProps) -> Html {
    let d = &props.dispatch;
    let onmethod = d.reform(|e: Event| {
        Action::Method(match e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().as_str() {
            "exact" => Method::Exact,
            "sample" => Method::Sample,
            _ => Method::Auto,
        })
    });
    let method = props.shapley.method;
    let algorithms = props.listed.then_some(AttrValue::Static("/algorithms"));
    html! {
        <fieldset class="cloudshare-options" id="cloudshare-options">
            <legend>{ "Algorithms and fairness" }</legend>
            <div class="field-row" id="cloudshare-algorithms-choice">
                { for Algorithm::ALL.iter().map(|&a| html! {
                    <label class="check"><input type="checkbox" id={format!("cloudshare-alg-{}", a.tag())} data-pointer={algorithms.clone()} checked={props.algorithms.contains(&AlgorithmSpec::Builtin(a))}
                        onchange={d.reform(move |e: Event| Action::Algorithm(a, checked(&e)))} />{ a.label() }</label>
                }) }
                <FieldProblems problems={Rc::clone(&props.problems)} path="algorithms" nested=true />
            </div>
            <FormulaAlgorithms algorithms={props.algorithms.clone()} dispatch={d.clone()} />
            <div class="field-row">
                <label class="check"><input type="checkbox" id="cloudshare-split-unit" data-pointer="/split_unit" checked={props.split_unit}
                    onchange={d.reform(|e: Event| Action::SplitUnit(checked(&e)))} />{ "cut jobs into unit, single-core pieces (split_unit)" }</label>
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="cloudshare-method">{ "Shapley values" }</label>
                    <select id="cloudshare-method" data-pointer="/shapley/method" onchange={onmethod}>
                        <option value="auto" selected={method == Method::Auto}>{ "exact up to 12 organizations, else sampled" }</option>
                        <option value="exact" selected={method == Method::Exact}>{ "exact (every coalition; at most 20)" }</option>
                        <option value="sample" selected={method == Method::Sample}>{ "sampled permutations (95 % intervals)" }</option>
                    </select>
                </span>
                if method != Method::Exact {
                    <span class="pair">
                        <label for="cloudshare-permutations">{ "permutations" }</label>
                        <ParsedField<Whole> id="cloudshare-permutations" pointer="/shapley/permutations" value={Whole(props.shapley.permutations)}
                            onchange={d.reform(|w: Whole| Action::Permutations(w.0))} label="Permutations sampled" />
                    </span>
                }
                <FieldProblems problems={Rc::clone(&props.problems)} path="shapley" nested=true />
            </div>
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct FederationProps {
    pub federation: Option<FederationSpec>,
    pub runs: Option<RunsSpec>,
    /// Scoring over windows needs jobs from a log.
    pub log: bool,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

/// The distributed form (exposure threshold, departures) and the scoring over windows.
#[component]
pub fn FederationEditor(props: &FederationProps) -> Html {
    let d = &props.dispatch;
    let f = |e: FederationEdit| Action::Federation(e);
    let problem = |path: String| html! { <FieldProblems problems={Rc::clone(&props.problems)} {path} /> };
    let runs = props.runs;
    // Absent from the document when off (and `leave_events` when empty): the pointers then name what is there.
    let leaves = match &props.federation {
        Some(fed) if !fed.leave_events.is_empty() => "/federation/leave_events",
        _ => "/federation",
    };
    html! {
        <fieldset class="cloudshare-federation" id="cloudshare-federation">
            <legend>{ "Federation and scoring (optional)" }</legend>
            <label class="check"><input type="checkbox" id="cloudshare-federation-on" data-pointer={props.federation.as_ref().map(|_| AttrValue::Static("/federation"))} checked={props.federation.is_some()}
                onchange={d.reform(move |e: Event| f(FederationEdit::On(checked(&e))))} />{ "distributed form: brokers expose machines while few are reserved" }</label>
            if let Some(fed) = &props.federation {
                <div class="field-row">
                    <span class="pair">
                        <label for="cloudshare-threshold">{ "exposure threshold" }</label>
                        <NumberField id="cloudshare-threshold" pointer="/federation/exposure_threshold" value={fed.exposure_threshold} onchange={d.reform(move |x| f(FederationEdit::Threshold(x)))} label="Reserved fraction (busy cores / cores) below which a site lends machines" />
                    </span>
                    { problem("federation.exposure_threshold".into()) }
                </div>
                <table class="cloudshare-leaves" id="cloudshare-leaves">
                    <thead><tr><th>{ "leaves" }</th><th>{ "at time" }</th><th></th></tr></thead>
                    <tbody>
                    { for fed.leave_events.iter().enumerate().map(|(i, l)| html! {
                        <tr key={i} data-leave={i.to_string()}>
                            <td><input class="org" type="text" data-pointer={format!("/federation/leave_events/{i}/org")} value={l.org.clone()} aria-label={format!("Organization of departure {}", i + 1)}
                                oninput={d.reform(move |e: InputEvent| f(FederationEdit::LeaveOrg(i, e.target_unchecked_into::<web_sys::HtmlInputElement>().value())))} />
                                { problem(format!("federation.leave_events[{i}].org")) }</td>
                            <td><ParsedField<u64> class="time" pointer={format!("/federation/leave_events/{i}/time")} value={l.time} onchange={d.reform(move |t| f(FederationEdit::LeaveTime(i, t)))} label={format!("Time of departure {}", i + 1)} /></td>
                            <td><button class="remove" data-pointer={leaves} onclick={d.reform(move |_: MouseEvent| f(FederationEdit::RemoveLeave(i)))} title="Remove"
                                aria-label={format!("Remove departure {}", i + 1)}>{ "−" }</button></td>
                        </tr>
                    }) }
                    </tbody>
                </table>
                <button id="cloudshare-add-leave" data-pointer={leaves} onclick={d.reform(move |_: MouseEvent| f(FederationEdit::AddLeave))}>{ "Add a departure" }</button>
                <p class="hint" id="cloudshare-federation-hint">{ "A site lends its free machines to foreign jobs only while its reserved fraction (busy cores / cores, its own and foreign jobs alike) is below the threshold — default 0.7, the paper's 30 % not reserved. When a site leaves, foreign jobs running on it go back to the queue as if just submitted (their release and wait count from the leave time) and its waiting jobs are withdrawn." }</p>
            }
            <div class="field-row">
                <label class="check"><input type="checkbox" id="cloudshare-runs-on" data-pointer={runs.map(|_| AttrValue::Static("/runs"))} checked={runs.is_some()} disabled={!props.log && runs.is_none()}
                    onchange={d.reform(move |e: Event| Action::Runs(checked(&e).then_some(runs.unwrap_or(RunsSpec { windows: 20, seed: 1 }))))} />
                    { "score the algorithms over random windows of the log (Table 1)" }</label>
                if let Some(r) = runs {
                    <span class="pair">
                        <label for="cloudshare-runs-windows">{ "windows" }</label>
                        <ParsedField<Whole> id="cloudshare-runs-windows" pointer="/runs/windows" value={Whole(r.windows)} onchange={d.reform(move |w: Whole| Action::Runs(Some(RunsSpec { windows: w.0, ..r })))} label="Windows scored" />
                    </span>
                    <span class="pair">
                        <label for="cloudshare-runs-seed">{ "seed" }</label>
                        <ParsedField<u64> id="cloudshare-runs-seed" pointer="/runs/seed" value={r.seed} onchange={d.reform(move |s| Action::Runs(Some(RunsSpec { seed: s, ..r })))} label="Seed of the windows" />
                    </span>
                }
                <FieldProblems problems={Rc::clone(&props.problems)} path="runs" nested=true />
            </div>
            if !props.log {
                <p class="hint">{ "Scoring over windows needs jobs from a workload log." }</p>
            }
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct FormulaAlgorithmsProps {
    pub algorithms: Vec<AlgorithmSpec>,
    pub dispatch: Callback<Action>,
}

const PSIS: [(Psi, &str); 3] = [
    (Psi::Sp, "ψ_sp (strategy-resilient, ORIG_DIRECT's)"),
    (Psi::Rel, "ψ_rel (from the release, REL_DIRECT's)"),
    (Psi::Surface, "ψ_surface = cores × units (SIMPL_DIRECT's)"),
];

/// The algorithms written as formulas: name, ψ and priority of each (problems at each field as
/// you type), the variables, and a button to add one.
#[component]
pub fn FormulaAlgorithms(props: &FormulaAlgorithmsProps) -> Html {
    let d = &props.dispatch;
    let rows = props.algorithms.iter().enumerate().filter_map(|(i, a)| match a {
        AlgorithmSpec::Formula(f) => Some(html! {
            <div class="field-row formula-row cloudshare-formula" key={i} data-formula={i.to_string()}>
                <span class="pair">
                    <label for={format!("cloudshare-formula-name-{i}")}>{ "name" }</label>
                    <ParsedField<String> id={format!("cloudshare-formula-name-{i}")} class="formula-name" pointer={format!("/algorithms/{i}/name")} value={f.name.clone()}
                        onchange={d.reform(move |n: String| Action::Formula(i, FormulaEdit::Name(n)))} label={format!("Name of formula algorithm {}", i + 1)} />
                </span>
                <span class="pair">
                    <label for={format!("cloudshare-formula-psi-{i}")}>{ "ψ" }</label>
                    <select id={format!("cloudshare-formula-psi-{i}")} data-pointer={format!("/algorithms/{i}/psi")}
                        onchange={d.reform(move |e: Event| {
                            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
                            Action::Formula(i, FormulaEdit::Psi(PSIS.iter().find(|(p, _)| p.tag() == v).map_or(Psi::Sp, |(p, _)| *p)))
                        })}>
                        { for PSIS.iter().map(|(p, label)| html! { <option value={p.tag()} selected={f.psi == *p}>{ *label }</option> }) }
                    </select>
                </span>
                <label for={format!("cloudshare-formula-priority-{i}")}>{ "priority =" }</label>
                <FormulaField id={format!("cloudshare-formula-priority-{i}")} pointer={format!("/algorithms/{i}/priority")} value={f.priority.clone()}
                    onchange={d.reform(move |p: String| Action::Formula(i, FormulaEdit::Priority(p)))} label={format!("Priority formula of {}", f.name)} />
                <button class="remove" data-pointer={format!("/algorithms/{i}")} onclick={d.reform(move |_: MouseEvent| Action::RemoveFormula(i))}
                    title="Remove" aria-label={format!("Remove formula algorithm {}", f.name)}>{ "−" }</button>
            </div>
        }),
        AlgorithmSpec::Builtin(_) => None,
    });
    let any = props.algorithms.iter().any(|a| a.builtin().is_none());
    html! {
        <div class="cloudshare-formulas" id="cloudshare-formulas">
            { for rows }
            <button id="cloudshare-add-formula" data-pointer="/algorithms" onclick={d.reform(|_: MouseEvent| Action::AddFormula)}>{ "Add a priority formula" }</button>
            <div class="field-row" id="cloudshare-show-as-formula">
                <span>{ "Show as formula:" }</span>
                { for Algorithm::ALL.iter().map(|&a| html! {
                    <button class="secondary" id={format!("cloudshare-twin-{}", a.tag())} data-pointer="/algorithms"
                        title={format!("Add {} written as a priority formula ({}): the same results, a starting point to edit", a.label(), a.as_formula().1)}
                        onclick={d.reform(move |_: MouseEvent| Action::AddTwin(a))}>{ a.label() }</button>
                }) }
            </div>
            if any {
                <p class="hint">{ "Before each choice of a free processor, every organization with waiting work gets this priority                                    (at t = now + 1, as the built-ins); the highest wins, ties go to the first organization.                                    contribution − utility under ψ_sp, ψ_rel or ψ_surface is ORIG_DIRECT, REL_DIRECT or SIMPL_DIRECT;                                    if(processors > 0, -usage / processors, -1e308) is FAIRSHARE; -last is ROUND_ROBIN.                                    Try contribution - utility + waiting (a priority by waiting work)." }</p>
                <FormulaVariables variables={&PRIORITY_VARIABLES[..]} />
            }
        </div>
    }
}
