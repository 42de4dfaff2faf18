//! The organizations: a list (name, processors) or N organizations with equal processors or
//! processors by a Zipf law (the counts shown).

use std::rc::Rc;

use cloudecon::cloudshare::workload::{OrgsByCount, OrgsSpec, ProcessorsSpec, MAX_ORGS};
use cloudecon::Problem;
use yew::prelude::*;

use super::state::{sketch, Action, OrgEdit, OrgsKind};
use crate::components::{ChoiceFieldset, FieldProblems, NumberField, ParsedField};
use crate::i18n::{number, t, use_lang};
use crate::pages::fields::Whole;
use crate::t;

#[derive(Properties, PartialEq)]
pub struct OrgsProps {
    pub orgs: OrgsSpec,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn OrgsEditor(props: &OrgsProps) -> Html {
    use_lang();
    let d = &props.dispatch;
    let kind = OrgsKind::of(&props.orgs);
    let problem = |path: String| html! { <FieldProblems problems={Rc::clone(&props.problems)} {path} nested=true /> };
    let org = |f: fn(u32) -> OrgEdit| d.reform(move |w: Whole| Action::Org(f(w.0)));
    let body = match &props.orgs {
        OrgsSpec::List(list) => html! {
            <>
            <table class="cloudshare-orgs-table" id="cloudshare-orgs-table">
                <thead><tr><th>{ t("cloudshare-org-name") }</th><th title={t("cloudshare-org-processors.title")}>{ t("cloudshare-org-processors") }</th><th></th></tr></thead>
                <tbody>
                { for list.iter().enumerate().map(|(i, o)| {
                    let onname = d.reform(move |e: InputEvent| Action::Org(OrgEdit::Name(i, e.target_unchecked_into::<web_sys::HtmlInputElement>().value())));
                    let cores = o.processors.unwrap_or_else(|| o.machines.iter().flatten().sum());
                    // Given as machines, the edit replaces them with `processors`: the organization changes.
                    let at = format!("/organizations/{i}{}", if o.processors.is_some() { "/processors" } else { "" });
                    html! {
                        <tr key={i} data-org={i.to_string()}>
                            <td><input class="name" type="text" data-pointer={format!("/organizations/{i}/name")} value={o.name.clone()} oninput={onname} aria-label={t!("cloudshare-org-name-label", n = number((i + 1) as f64))} /></td>
                            <td><ParsedField<Whole> class="processors" pointer={at} value={Whole(cores)} onchange={d.reform(move |w: Whole| Action::Org(OrgEdit::Processors(i, w.0)))} label={t!("cloudshare-org-processors-label", n = number((i + 1) as f64))} />
                                if let Some(m) = &o.machines { <span class="hint">{ " " }{ t!("cloudshare-org-machines", cores = format!("{m:?}")) }</span> }</td>
                            <td><button class="remove" data-pointer="/organizations" disabled={list.len() <= 1} onclick={d.reform(move |_: MouseEvent| Action::Org(OrgEdit::Remove(i)))} title={t("cloudshare-org-remove-title")}
                                aria-label={t!("cloudshare-org-remove", n = number((i + 1) as f64))}>{ "−" }</button>
                                { problem(format!("organizations[{i}]")) }</td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            <button id="cloudshare-add-org" data-pointer="/organizations" onclick={d.reform(|_: MouseEvent| Action::Org(OrgEdit::Add))}>{ t("cloudshare-org-add") }</button>
            </>
        },
        OrgsSpec::Count(OrgsByCount { count, processors, .. }) => {
            let each = match processors {
                ProcessorsSpec::Equal(k) => html! {
                    <>
                        <span class="pair">
                            <label for="cloudshare-orgs-equal">{ t("cloudshare-orgs-equal") }</label>
                            <ParsedField<Whole> id="cloudshare-orgs-equal" pointer="/organizations/processors" value={Whole(*k)} onchange={org(OrgEdit::Equal)} label={t("cloudshare-orgs-equal-label")} />
                        </span>
                    </>
                },
                ProcessorsSpec::Zipf { zipf } => html! {
                    <>
                        <span class="pair">
                            <label for="cloudshare-orgs-total">{ t("cloudshare-orgs-total") }</label>
                            <ParsedField<Whole> id="cloudshare-orgs-total" pointer="/organizations/processors/zipf/total" value={Whole(zipf.total)} onchange={org(OrgEdit::ZipfTotal)} label={t("cloudshare-orgs-total-label")} />
                        </span>
                        <span class="pair">
                            <label for="cloudshare-orgs-s">{ t("cloudshare-orgs-zipf-s") }</label>
                            <NumberField id="cloudshare-orgs-s" pointer="/organizations/processors/zipf/s" value={zipf.s} onchange={d.reform(|s| Action::Org(OrgEdit::ZipfS(s)))} label={t("cloudshare-orgs-zipf-s-label")} />
                        </span>
                    </>
                },
            };
            let counts = match processors {
                ProcessorsSpec::Zipf { .. } if (1..=MAX_ORGS).contains(&(*count as usize)) => {
                    let k: Vec<u32> = sketch(&props.orgs).into_iter().map(|(_, k)| k).collect();
                    Some(format!("{k:?}"))
                }
                _ => None,
            };
            html! {
                <>
                <div class="field-row">
                    <span class="pair">
                        <label for="cloudshare-orgs-count">{ t("cloudshare-orgs-count") }</label>
                        <ParsedField<Whole> id="cloudshare-orgs-count" pointer="/organizations/count" value={Whole(*count)} onchange={org(OrgEdit::Count)} label={t("cloudshare-orgs-count-label")} />
                    </span>
                    { each }
                </div>
                <p class="hint" id="cloudshare-orgs-summary">{ match counts {
                    Some(k) => t!("cloudshare-orgs-summary-zipf", processors = k, count = count.to_string()),
                    None => t!("cloudshare-orgs-summary", count = count.to_string()),
                } }</p>
                </>
            }
        }
    };
    html! {
        <ChoiceFieldset<OrgsKind> id="cloudshare-orgs" legend={t!("cloudshare-orgs-legend", n = number(props.orgs.len() as f64))} select_id="cloudshare-orgs-kind" pointer="/organizations"
            value={kind} onchange={d.reform(Action::OrgsKind)} label={t("cloudshare-orgs-kind-label")} problems={Rc::clone(&props.problems)} path="organizations" nested={kind != OrgsKind::List}>
            { body }
            <p class="hint">{ t("cloudshare-orgs-hint") }</p>
        </ChoiceFieldset<OrgsKind>>
    }
}
