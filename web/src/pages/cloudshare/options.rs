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
use crate::i18n::{number, t, use_lang};
use crate::pages::spot::fields::Whole;
use crate::t;

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
    use_lang();
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
            <legend>{ t("cloudshare-options-legend") }</legend>
            <div class="field-row" id="cloudshare-algorithms-choice">
                { for Algorithm::ALL.iter().map(|&a| html! {
                    <label class="check"><input type="checkbox" id={format!("cloudshare-alg-{}", a.tag())} data-pointer={algorithms.clone()} checked={props.algorithms.contains(&AlgorithmSpec::Builtin(a))}
                        onchange={d.reform(move |e: Event| Action::Algorithm(a, checked(&e)))} /><span translate="no">{ a.label() }</span></label>
                }) }
                <FieldProblems problems={Rc::clone(&props.problems)} path="algorithms" nested=true />
            </div>
            <FormulaAlgorithms algorithms={props.algorithms.clone()} dispatch={d.clone()} />
            <div class="field-row">
                <label class="check"><input type="checkbox" id="cloudshare-split-unit" data-pointer="/split_unit" checked={props.split_unit}
                    onchange={d.reform(|e: Event| Action::SplitUnit(checked(&e)))} />{ t("cloudshare-split-unit") }</label>
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for="cloudshare-method">{ t("cloudshare-method") }</label>
                    <select id="cloudshare-method" data-pointer="/shapley/method" onchange={onmethod}>
                        <option value="auto" selected={method == Method::Auto}>{ t("cloudshare-method-auto") }</option>
                        <option value="exact" selected={method == Method::Exact}>{ t("cloudshare-method-exact") }</option>
                        <option value="sample" selected={method == Method::Sample}>{ t("cloudshare-method-sample") }</option>
                    </select>
                </span>
                if method != Method::Exact {
                    <span class="pair">
                        <label for="cloudshare-permutations">{ t("cloudshare-permutations") }</label>
                        <ParsedField<Whole> id="cloudshare-permutations" pointer="/shapley/permutations" value={Whole(props.shapley.permutations)}
                            onchange={d.reform(|w: Whole| Action::Permutations(w.0))} label={t("cloudshare-permutations-label")} />
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
    use_lang();
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
            <legend>{ t("cloudshare-federation-legend") }</legend>
            <label class="check"><input type="checkbox" id="cloudshare-federation-on" data-pointer={props.federation.as_ref().map(|_| AttrValue::Static("/federation"))} checked={props.federation.is_some()}
                onchange={d.reform(move |e: Event| f(FederationEdit::On(checked(&e))))} />{ t("cloudshare-federation-on") }</label>
            if let Some(fed) = &props.federation {
                <div class="field-row">
                    <span class="pair">
                        <label for="cloudshare-threshold">{ t("cloudshare-threshold") }</label>
                        <NumberField id="cloudshare-threshold" pointer="/federation/exposure_threshold" value={fed.exposure_threshold} onchange={d.reform(move |x| f(FederationEdit::Threshold(x)))} label={t("cloudshare-threshold-label")} />
                    </span>
                    { problem("federation.exposure_threshold".into()) }
                </div>
                <table class="cloudshare-leaves" id="cloudshare-leaves">
                    <thead><tr><th>{ t("cloudshare-leave-org") }</th><th>{ t("cloudshare-leave-time") }</th><th></th></tr></thead>
                    <tbody>
                    { for fed.leave_events.iter().enumerate().map(|(i, l)| html! {
                        <tr key={i} data-leave={i.to_string()}>
                            <td><input class="org" type="text" data-pointer={format!("/federation/leave_events/{i}/org")} value={l.org.clone()} aria-label={t!("cloudshare-leave-org-label", n = number((i + 1) as f64))}
                                oninput={d.reform(move |e: InputEvent| f(FederationEdit::LeaveOrg(i, e.target_unchecked_into::<web_sys::HtmlInputElement>().value())))} />
                                { problem(format!("federation.leave_events[{i}].org")) }</td>
                            <td><ParsedField<u64> class="time" pointer={format!("/federation/leave_events/{i}/time")} value={l.time} onchange={d.reform(move |t| f(FederationEdit::LeaveTime(i, t)))} label={t!("cloudshare-leave-time-label", n = number((i + 1) as f64))} /></td>
                            <td><button class="remove" data-pointer={leaves} onclick={d.reform(move |_: MouseEvent| f(FederationEdit::RemoveLeave(i)))} title={t("cloudshare-remove")}
                                aria-label={t!("cloudshare-leave-remove", n = number((i + 1) as f64))}>{ "−" }</button></td>
                        </tr>
                    }) }
                    </tbody>
                </table>
                <button id="cloudshare-add-leave" data-pointer={leaves} onclick={d.reform(move |_: MouseEvent| f(FederationEdit::AddLeave))}>{ t("cloudshare-leave-add") }</button>
                <p class="hint" id="cloudshare-federation-hint">{ t("cloudshare-federation-hint") }</p>
            }
            <div class="field-row">
                <label class="check"><input type="checkbox" id="cloudshare-runs-on" data-pointer={runs.map(|_| AttrValue::Static("/runs"))} checked={runs.is_some()} disabled={!props.log && runs.is_none()}
                    onchange={d.reform(move |e: Event| Action::Runs(checked(&e).then_some(runs.unwrap_or(RunsSpec { windows: 20, seed: 1 }))))} />
                    { t("cloudshare-runs-on") }</label>
                if let Some(r) = runs {
                    <span class="pair">
                        <label for="cloudshare-runs-windows">{ t("cloudshare-runs-windows") }</label>
                        <ParsedField<Whole> id="cloudshare-runs-windows" pointer="/runs/windows" value={Whole(r.windows)} onchange={d.reform(move |w: Whole| Action::Runs(Some(RunsSpec { windows: w.0, ..r })))} label={t("cloudshare-runs-windows-label")} />
                    </span>
                    <span class="pair">
                        <label for="cloudshare-runs-seed">{ t("cloudshare-runs-seed") }</label>
                        <ParsedField<u64> id="cloudshare-runs-seed" pointer="/runs/seed" value={r.seed} onchange={d.reform(move |s| Action::Runs(Some(RunsSpec { seed: s, ..r })))} label={t("cloudshare-runs-seed-label")} />
                    </span>
                }
                <FieldProblems problems={Rc::clone(&props.problems)} path="runs" nested=true />
            </div>
            if !props.log {
                <p class="hint">{ t("cloudshare-runs-need-log") }</p>
            }
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct FormulaAlgorithmsProps {
    pub algorithms: Vec<AlgorithmSpec>,
    pub dispatch: Callback<Action>,
}

/// The ψ of a formula algorithm, and the message that names it in the menu.
const PSIS: [(Psi, &str); 3] =
    [(Psi::Sp, "cloudshare-psi-sp"), (Psi::Rel, "cloudshare-psi-rel"), (Psi::Surface, "cloudshare-psi-surface")];

/// The algorithms written as formulas: name, ψ and priority of each (problems at each field as
/// you type), the variables, and a button to add one.
#[component]
pub fn FormulaAlgorithms(props: &FormulaAlgorithmsProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let rows = props.algorithms.iter().enumerate().filter_map(|(i, a)| match a {
        AlgorithmSpec::Formula(f) => Some(html! {
            <div class="field-row formula-row cloudshare-formula" key={i} data-formula={i.to_string()}>
                <span class="pair">
                    <label for={format!("cloudshare-formula-name-{i}")}>{ t("cloudshare-formula-name") }</label>
                    <ParsedField<String> id={format!("cloudshare-formula-name-{i}")} class="formula-name" pointer={format!("/algorithms/{i}/name")} value={f.name.clone()}
                        onchange={d.reform(move |n: String| Action::Formula(i, FormulaEdit::Name(n)))} label={t!("cloudshare-formula-name-label", n = number((i + 1) as f64))} />
                </span>
                <span class="pair">
                    <label for={format!("cloudshare-formula-psi-{i}")}>{ "ψ" }</label>
                    <select id={format!("cloudshare-formula-psi-{i}")} data-pointer={format!("/algorithms/{i}/psi")}
                        onchange={d.reform(move |e: Event| {
                            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
                            Action::Formula(i, FormulaEdit::Psi(PSIS.iter().find(|(p, _)| p.tag() == v).map_or(Psi::Sp, |(p, _)| *p)))
                        })}>
                        { for PSIS.iter().map(|(p, label)| html! { <option value={p.tag()} selected={f.psi == *p}>{ t(label) }</option> }) }
                    </select>
                </span>
                <label for={format!("cloudshare-formula-priority-{i}")}>{ t("cloudshare-formula-priority") }</label>
                <FormulaField id={format!("cloudshare-formula-priority-{i}")} pointer={format!("/algorithms/{i}/priority")} value={f.priority.clone()}
                    onchange={d.reform(move |p: String| Action::Formula(i, FormulaEdit::Priority(p)))} label={t!("cloudshare-formula-priority-label", name = f.name.clone())} />
                <button class="remove" data-pointer={format!("/algorithms/{i}")} onclick={d.reform(move |_: MouseEvent| Action::RemoveFormula(i))}
                    title={t("cloudshare-remove")} aria-label={t!("cloudshare-formula-remove", name = f.name.clone())}>{ "−" }</button>
            </div>
        }),
        AlgorithmSpec::Builtin(_) => None,
    });
    let any = props.algorithms.iter().any(|a| a.builtin().is_none());
    html! {
        <div class="cloudshare-formulas" id="cloudshare-formulas">
            { for rows }
            <button id="cloudshare-add-formula" data-pointer="/algorithms" onclick={d.reform(|_: MouseEvent| Action::AddFormula)}>{ t("cloudshare-formula-add") }</button>
            <div class="field-row" id="cloudshare-show-as-formula">
                <span>{ t("cloudshare-twins") }</span>
                { for Algorithm::ALL.iter().map(|&a| html! {
                    <button class="secondary" id={format!("cloudshare-twin-{}", a.tag())} data-pointer="/algorithms"
                        title={t!("cloudshare-twin", algorithm = a.label(), priority = a.as_formula().1)}
                        onclick={d.reform(move |_: MouseEvent| Action::AddTwin(a))}><span translate="no">{ a.label() }</span></button>
                }) }
            </div>
            if any {
                <p class="hint">{ t("cloudshare-formula-hint") }</p>
                <FormulaVariables variables={&PRIORITY_VARIABLES[..]} />
            }
        </div>
    }
}
