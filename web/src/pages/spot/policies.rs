//! The policy set: one of the paper's sets, or an explicit list (paged, every parameter
//! editable) — built from families (rate-centric σ list, deadline-centric M list) × bids (fixed b
//! list, variable γ list × ε list).

use std::rc::Rc;

use cloudecon::spot::as_formula::{paper_set_as_formulas, policy_as_formula};
use cloudecon::spot::formula::{FormulaFamilySpec, VARIABLES};
use cloudecon::spot::policies::{to_model, BidSpec, FamilySpec, PaperSet, PoliciesSpec, PolicyEntry, PolicySpec};
use cloudecon::Problem;
use yew::prelude::*;

use super::fields::{Grid, Numbers, Whole, Wholes};
use super::state::{Action, FormulaEdit, PolicyEdit, SetKind};
use super::ROWS_PER_PAGE;
use crate::components::{use_page, FieldProblems, FormulaField, FormulaVariables, NumberField, ParsedField};
use crate::i18n::{number, t, use_lang};
use crate::t;

/// The builder's choices (the page's own, not the document's: it writes the list it builds).
#[derive(Debug, Clone, PartialEq)]
pub struct Builder {
    pub rate_centric: bool,
    pub sigmas: Vec<f64>,
    pub deadline_centric: bool,
    pub thresholds: Vec<u32>,
    pub fixed: bool,
    pub bids: Vec<f64>,
    pub variable: bool,
    pub gammas: Vec<f64>,
    pub epsilons: Vec<f64>,
}

impl Default for Builder {
    /// The paper's synthetic grid.
    fn default() -> Self {
        Builder {
            rate_centric: true,
            sigmas: vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0],
            deadline_centric: true,
            thresholds: vec![0, 1, 2, 3, 4, 5],
            fixed: true,
            bids: vec![0.1, 0.15, 0.2, 0.25],
            variable: true,
            gammas: vec![0.0, 0.2, 0.4, 0.6, 0.8],
            epsilons: vec![0.0, 0.02, 0.04, 0.06, 0.08, 0.1],
        }
    }
}

impl Builder {
    /// The policies in the paper's order: per family (rate-centric first), the fixed bids by
    /// (parameter, b), then the variable bids by (parameter, γ, ε).
    pub fn policies(&self) -> Vec<PolicySpec> {
        let mut families: Vec<Vec<FamilySpec>> = Vec::new();
        if self.rate_centric {
            families.push(self.sigmas.iter().map(|&sigma| FamilySpec::RateCentric { sigma }).collect());
        }
        if self.deadline_centric {
            families.push(self.thresholds.iter().map(|&m| FamilySpec::DeadlineCentric { m_threshold: m }).collect());
        }
        let mut out = Vec::new();
        for family in families {
            if self.fixed {
                for &f in &family {
                    out.extend(self.bids.iter().map(|&b| PolicySpec { family: f, bid: BidSpec::Fixed { b } }));
                }
            }
            if self.variable {
                for &f in &family {
                    for &gamma in &self.gammas {
                        out.extend(
                            self.epsilons
                                .iter()
                                .map(|&epsilon| PolicySpec { family: f, bid: BidSpec::Variable { gamma, epsilon } }),
                        );
                    }
                }
            }
        }
        out
    }
}

/// The policy set with the paper's policies written as formula families ("show as formula"):
/// a paper set, or each set in a list, becomes its four families (the same experts in the same
/// order, so the learner's results are unchanged); `None` if there is no paper set to show.
pub fn sets_as_formulas(policies: &PoliciesSpec) -> Option<PoliciesSpec> {
    match policies {
        PoliciesSpec::Paper(set) => Some(PoliciesSpec::List(paper_set_as_formulas(*set))),
        PoliciesSpec::List(list) if list.iter().any(|e| matches!(e, PolicyEntry::Set(_))) => Some(PoliciesSpec::List(
            list.iter()
                .flat_map(|e| match e {
                    PolicyEntry::Set(set) => paper_set_as_formulas(*set),
                    other => vec![other.clone()],
                })
                .collect(),
        )),
        PoliciesSpec::List(_) => None,
    }
}

/// The list with its entry `i` (one of the paper's policies) written as a formula family of one
/// expert.
fn policy_as_formula_at(list: &[PolicyEntry], i: usize) -> PoliciesSpec {
    let mut list = list.to_vec();
    if let Some(PolicyEntry::Paper(p)) = list.get(i) {
        list[i] = PolicyEntry::Formula(policy_as_formula(p));
    }
    PoliciesSpec::List(list)
}

#[derive(Properties, PartialEq)]
pub struct PoliciesProps {
    pub policies: PoliciesSpec,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn PoliciesEditor(props: &PoliciesProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let kind = SetKind::of(&props.policies);
    let onset = {
        let (d, current) = (d.clone(), props.policies.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            let chosen = match v.as_str() {
                "paper_synthetic" => SetKind::Synthetic,
                "paper_real" => SetKind::Real,
                _ => SetKind::List,
            };
            d.emit(Action::Policies(chosen.choose(&current)));
        })
    };
    let count = props.policies.count();
    html! {
        <fieldset class="spot-policies" id="spot-policies">
            <legend>{ t!("spot-policies", count = count.to_string()) }</legend>
            <div class="field-row">
                <select id="spot-policy-set" data-pointer="/policies" onchange={onset} aria-label={t("spot-policy-set-label")}>
                    <option value="paper_synthetic" selected={kind == SetKind::Synthetic}>{ t("spot-set-synthetic") }</option>
                    <option value="paper_real" selected={kind == SetKind::Real}>{ t("spot-set-real") }</option>
                    <option value="list" selected={kind == SetKind::List}>{ t("spot-set-list") }</option>
                </select>
                <FieldProblems problems={Rc::clone(&props.problems)} path="policies" />
            </div>
            if let Some(shown) = sets_as_formulas(&props.policies) {
                <div class="field-row">
                    <button class="secondary" id="spot-show-as-formula" data-pointer="/policies"
                        onclick={d.reform(move |_: MouseEvent| Action::Policies(shown.clone()))}>{ t("spot-show-as-formula") }</button>
                    <span class="hint">{ t("spot-show-as-formula-hint") }</span>
                </div>
            }
            <BuilderForm dispatch={d.clone()} />
            <div class="field-row">
                <button id="spot-add-formula" data-pointer="/policies" onclick={d.reform(|_: MouseEvent| Action::AddFormulaFamily)}>{ t("spot-add-formula") }</button>
                <span class="hint">{ t("spot-add-formula-hint") }</span>
            </div>
            if let PoliciesSpec::List(list) = &props.policies {
                { for list.iter().enumerate().filter_map(|(i, e)| match e {
                    PolicyEntry::Formula(f) => Some(html! { <FormulaFamilyEditor key={format!("formula-{i}")} index={i} family={f.clone()} problems={Rc::clone(&props.problems)} dispatch={d.clone()} /> }),
                    _ => None,
                }) }
                <PolicyTable list={Rc::new(list.clone())} problems={Rc::clone(&props.problems)} dispatch={d.clone()} />
            } else {
                <p class="hint">{ t!("spot-paper-set-hint", gammas = "{0, .2, …, .8}", epsilons = "{0, .02, …, .1}") }</p>
            }
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
struct BuilderProps {
    dispatch: Callback<Action>,
}

/// Families × bids → an explicit list, written into the document by its button.
#[component]
fn BuilderForm(props: &BuilderProps) -> Html {
    use_lang();
    let b = use_state(Builder::default);
    let set = |f: fn(&mut Builder, bool)| {
        let b = b.clone();
        Callback::from(move |e: Event| {
            let mut next = (*b).clone();
            f(&mut next, e.target_unchecked_into::<web_sys::HtmlInputElement>().checked());
            b.set(next);
        })
    };
    let list = |f: fn(&mut Builder, Vec<f64>)| {
        let b = b.clone();
        Callback::from(move |n: Numbers| {
            let mut next = (*b).clone();
            f(&mut next, n.0);
            b.set(next);
        })
    };
    let onthresholds = {
        let b = b.clone();
        Callback::from(move |w: Wholes| b.set(Builder { thresholds: w.0, ..(*b).clone() }))
    };
    let n = b.policies().len();
    let ongenerate = {
        let (b, d) = (b.clone(), props.dispatch.clone());
        Callback::from(move |_: MouseEvent| d.emit(Action::Policies(PoliciesSpec::of(b.policies()))))
    };
    html! {
        <details class="spot-builder" id="spot-builder">
            <summary>{ t("spot-builder") }</summary>
            <div class="field-row">
                <label class="check"><input type="checkbox" id="spot-build-rate" checked={b.rate_centric} onchange={set(|b, x| b.rate_centric = x)} />{ t("spot-build-rate") }</label>
                <ParsedField<Numbers> id="spot-build-sigmas" value={Numbers(b.sigmas.clone())} onchange={list(|b, v| b.sigmas = v)} label={t("spot-build-sigmas-label")} />
                <label class="check"><input type="checkbox" id="spot-build-deadline" checked={b.deadline_centric} onchange={set(|b, x| b.deadline_centric = x)} />{ t("spot-build-deadline") }</label>
                <ParsedField<Wholes> id="spot-build-thresholds" value={Wholes(b.thresholds.clone())} onchange={onthresholds} label={t("spot-build-thresholds-label")} />
            </div>
            <div class="field-row">
                <label class="check"><input type="checkbox" id="spot-build-fixed" checked={b.fixed} onchange={set(|b, x| b.fixed = x)} />{ t("spot-build-fixed") }</label>
                <ParsedField<Numbers> id="spot-build-bids" value={Numbers(b.bids.clone())} onchange={list(|b, v| b.bids = v)} label={t("spot-build-bids-label")} />
            </div>
            <div class="field-row">
                <label class="check"><input type="checkbox" id="spot-build-variable" checked={b.variable} onchange={set(|b, x| b.variable = x)} />{ t("spot-build-variable") }</label>
                <ParsedField<Numbers> id="spot-build-gammas" value={Numbers(b.gammas.clone())} onchange={list(|b, v| b.gammas = v)} label={t("spot-build-gammas-label")} />
                <span class="pair">
                    <label for="spot-build-epsilons">{ "× ε =" }</label>
                    <ParsedField<Numbers> id="spot-build-epsilons" value={Numbers(b.epsilons.clone())} onchange={list(|b, v| b.epsilons = v)} label={t("spot-build-epsilons-label")} />
                </span>
            </div>
            <button id="spot-build" data-pointer="/policies" disabled={n == 0} onclick={ongenerate}>{ t!("spot-build-use", count = n.to_string()) }</button>
            <p class="hint">{ t("spot-build-hint") }</p>
        </details>
    }
}

#[derive(Properties, PartialEq)]
struct FormulaProps {
    index: usize,
    family: FormulaFamilySpec,
    problems: Rc<Vec<Problem>>,
    dispatch: Callback<Action>,
}

/// A formula family's four formulas, its γ and its parameter grid, each with its problems at the
/// field as the user types, and the variables they may read.
#[component]
fn FormulaFamilyEditor(props: &FormulaProps) -> Html {
    use_lang();
    let (i, f, d) = (props.index, &props.family, &props.dispatch);
    let at = |field: &str| format!("/policies/{i}/{field}");
    let edit = |make: fn(String) -> FormulaEdit| d.reform(move |x: String| Action::EditFormula(i, make(x)));
    let experts = f.experts();
    html! {
        <fieldset class="spot-formula-family" id={format!("spot-formula-{i}")} data-policy={i.to_string()}>
            <legend>{ t!("spot-formula-legend", entry = (i + 1).to_string(), experts = number(experts as f64)) }</legend>
            <div class="field-row formula-row">
                <label for={format!("spot-formula-{i}-drop")}>{ t("spot-formula-drop") }</label>
                <FormulaField id={format!("spot-formula-{i}-drop")} pointer={at("drop")} value={f.drop.clone()} onchange={edit(FormulaEdit::Drop)} label={t("spot-formula-drop-label")} />
            </div>
            <div class="field-row formula-row">
                <label for={format!("spot-formula-{i}-on-demand")}>{ t("spot-formula-on-demand") }</label>
                <FormulaField id={format!("spot-formula-{i}-on-demand")} pointer={at("on_demand")} value={f.on_demand.clone()} onchange={edit(FormulaEdit::OnDemand)} label={t("spot-formula-on-demand-label")} />
            </div>
            <div class="field-row formula-row">
                <label for={format!("spot-formula-{i}-spot")}>{ t("spot-formula-spot") }</label>
                <FormulaField id={format!("spot-formula-{i}-spot")} pointer={at("spot")} value={f.spot.clone()} onchange={edit(FormulaEdit::Spot)} label={t("spot-formula-spot-label")} />
            </div>
            <div class="field-row formula-row">
                <label for={format!("spot-formula-{i}-bid")}>{ t("spot-formula-bid") }</label>
                <FormulaField id={format!("spot-formula-{i}-bid")} pointer={at("bid")} value={f.bid.clone()} onchange={edit(FormulaEdit::Bid)} label={t("spot-formula-bid-label")} />
            </div>
            <div class="field-row">
                <span class="pair">
                    <label for={format!("spot-formula-{i}-params")}>{ t("spot-formula-params") }</label>
                    <ParsedField<Grid> id={format!("spot-formula-{i}-params")} pointer={at("params")} value={Grid(f.params.0.clone())}
                        onchange={d.reform(move |g: Grid| Action::EditFormula(i, FormulaEdit::Params(g.0)))} label={t("spot-formula-params-label")} />
                </span>
                <span class="pair">
                    <label for={format!("spot-formula-{i}-gamma")}>{ t("spot-formula-gamma") }</label>
                    <NumberField id={format!("spot-formula-{i}-gamma")} pointer={at("gamma")} value={f.gamma.unwrap_or(0.0)}
                        onchange={d.reform(move |x: f64| Action::EditFormula(i, FormulaEdit::Gamma(Some(x))))} label={t("spot-formula-gamma")} />
                </span>
                <button class="remove" data-pointer="/policies" onclick={d.reform(move |_: MouseEvent| Action::RemovePolicy(i))}
                    aria-label={t!("spot-formula-remove-label", n = (i + 1).to_string())}>{ t("spot-formula-remove") }</button>
            </div>
            <FieldProblems problems={Rc::clone(&props.problems)} path={format!("policies[{i}]")} nested=true />
            <p class="hint">{ t("spot-formula-hint") }</p>
            <FormulaVariables variables={&VARIABLES[..]} />
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
struct TableProps {
    list: Rc<Vec<PolicyEntry>>,
    problems: Rc<Vec<Problem>>,
    dispatch: Callback<Action>,
}

/// The explicit list, a page at a time: every parameter editable.
#[component]
fn PolicyTable(props: &TableProps) -> Html {
    let lang = use_lang();
    let d = &props.dispatch;
    let n = props.list.len();
    let page = use_page(n, ROWS_PER_PAGE, "spot-policies-pager");
    let labels = use_memo((Rc::clone(&props.list), lang), |(l, _)| {
        l.iter()
            .map(|e| match e {
                PolicyEntry::Paper(p) => to_model(std::slice::from_ref(p)).0[0].label(),
                PolicyEntry::Set(set) => t!(
                    "spot-set-entry",
                    set = if *set == PaperSet::Synthetic { "synthetic" } else { "real" },
                    count = set.policies().len().to_string()
                ),
                PolicyEntry::Formula(f) => {
                    t!("spot-formula-entry", name = f.name(), count = f.experts().to_string())
                }
            })
            .collect::<Vec<_>>()
    });
    html! {
        <>
            <div class="scroll">
            <table class="spot-policy-table" id="spot-policy-table">
                <thead><tr><th>{ "#" }</th><th>{ t("spot-table-label") }</th><th title={t("spot-table-family-title")}>{ t("spot-table-family") }</th>
                    <th title={t("spot-table-bid-title")}>{ t("spot-table-bid") }</th><th></th></tr></thead>
                <tbody>
                { for page.rows.clone().filter_map(|i| props.list.get(i).map(|p| (i, p.clone()))).map(|(i, e)| {
                    let p = match e {
                        PolicyEntry::Paper(p) => p,
                        _ => return html! {
                            <tr key={i} data-policy={i.to_string()}>
                                <td>{ i + 1 }</td>
                                <td class="label" colspan="3">{ labels.get(i).cloned().unwrap_or_default() }</td>
                                <td><button class="remove" data-pointer="/policies" disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemovePolicy(i))} title={t("spot-remove-entry")}
                                    aria-label={t!("spot-remove-policy-label", n = (i + 1).to_string())}>{ "−" }</button></td>
                            </tr>
                        },
                    };
                    let family = match p.family {
                        FamilySpec::RateCentric { sigma } => html! { <>{ "σ " }<NumberField class="sigma" pointer={format!("/policies/{i}/sigma")} value={sigma} onchange={d.reform(move |x| Action::EditPolicy(i, PolicyEdit::Sigma(x)))} label={t!("spot-sigma-label", n = (i + 1).to_string())} /></> },
                        FamilySpec::DeadlineCentric { m_threshold } => html! { <>{ "M " }<ParsedField<Whole> class="threshold" pointer={format!("/policies/{i}/m_threshold")} value={Whole(m_threshold)} onchange={d.reform(move |w: Whole| Action::EditPolicy(i, PolicyEdit::Threshold(w.0)))} label={t!("spot-threshold-label", n = (i + 1).to_string())} /></> },
                    };
                    let bid = match p.bid {
                        BidSpec::Fixed { b } => html! { <>{ "b " }<NumberField class="b" pointer={format!("/policies/{i}/bid/b")} value={b} onchange={d.reform(move |x| Action::EditPolicy(i, PolicyEdit::B(x)))} label={t!("spot-bid-label", n = (i + 1).to_string())} /></> },
                        BidSpec::Variable { gamma, epsilon } => html! { <>
                            { "γ " }<NumberField class="gamma" pointer={format!("/policies/{i}/bid/gamma")} value={gamma} onchange={d.reform(move |x| Action::EditPolicy(i, PolicyEdit::Gamma(x)))} label={t!("spot-gamma-label", n = (i + 1).to_string())} />
                            { " ε " }<NumberField class="epsilon" pointer={format!("/policies/{i}/bid/epsilon")} value={epsilon} onchange={d.reform(move |x| Action::EditPolicy(i, PolicyEdit::Epsilon(x)))} label={t!("spot-epsilon-label", n = (i + 1).to_string())} />
                        </> },
                    };
                    html! {
                        <tr key={i} data-policy={i.to_string()}>
                            <td>{ i + 1 }</td>
                            <td class="label" translate="no">{ labels.get(i).cloned().unwrap_or_default() }</td>
                            <td>{ family }</td>
                            <td>{ bid }</td>
                            <td><button class="remove" data-pointer="/policies" disabled={n <= 1} onclick={d.reform(move |_: MouseEvent| Action::RemovePolicy(i))} title={t("spot-remove-policy")}
                                aria-label={t!("spot-remove-policy-label", n = (i + 1).to_string())}>{ "−" }</button>
                                <button class="secondary as-formula" data-pointer="/policies" title={t("spot-as-formula-title")}
                                    onclick={{ let list = Rc::clone(&props.list); d.reform(move |_: MouseEvent| Action::Policies(policy_as_formula_at(&list, i))) }}
                                    aria-label={t!("spot-as-formula-label", n = (i + 1).to_string())}>{ "ƒ" }</button>
                                <FieldProblems problems={Rc::clone(&props.problems)} path={format!("policies[{i}]")} nested=true /></td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            </div>
            { page.controls }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_default_builder_is_the_papers_synthetic_set() {
        assert_eq!(Builder::default().policies(), PaperSet::Synthetic.policies());
        let rate_only = Builder { deadline_centric: false, ..Builder::default() };
        assert_eq!(rate_only.policies(), PaperSet::Synthetic.family(true));
        let small = Builder { sigmas: vec![0.0], deadline_centric: false, variable: false, ..Builder::default() };
        assert_eq!(small.policies().len(), 4);
    }

    /// "Show as formula": the same number of experts, the formula families of the paper's set
    /// (in a list too, other entries kept), nothing to show without a set; one policy becomes a
    /// family of one expert in its place.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_papers_sets_are_shown_as_their_formula_families() {
        for set in [PaperSet::Synthetic, PaperSet::Real] {
            let shown = sets_as_formulas(&PoliciesSpec::Paper(set)).expect("a paper set");
            assert_eq!(shown.count(), set.policies().len());
            assert_eq!(shown, PoliciesSpec::List(paper_set_as_formulas(set)));
        }
        let p = PaperSet::Synthetic.policies()[7];
        let list = PoliciesSpec::List(vec![PolicyEntry::Paper(p), PolicyEntry::Set(PaperSet::Real)]);
        let PoliciesSpec::List(shown) = sets_as_formulas(&list).expect("a set in the list") else { panic!("a list") };
        assert_eq!(shown[0], PolicyEntry::Paper(p));
        assert!(shown[1..].iter().all(|e| matches!(e, PolicyEntry::Formula(_))));
        assert_eq!(PoliciesSpec::List(shown.clone()).count(), list.count());
        assert_eq!(sets_as_formulas(&PoliciesSpec::List(shown.clone())), None);
        let one = policy_as_formula_at(&shown, 0);
        let PoliciesSpec::List(one) = one else { panic!("a list") };
        assert!(matches!(&one[0], PolicyEntry::Formula(f) if f.experts() == 1));
        assert_eq!(one[1..], shown[1..]);
    }
}
