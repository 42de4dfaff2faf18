//! The organizations: a list (name, processors) or N organizations with equal processors or
//! processors by a Zipf law (the counts shown).

use std::rc::Rc;

use cloudecon::cloudshare::workload::{OrgsByCount, OrgsSpec, ProcessorsSpec, MAX_ORGS};
use cloudecon::Problem;
use yew::prelude::*;

use super::state::{sketch, Action, OrgEdit, OrgsKind};
use crate::components::{ChoiceFieldset, FieldProblems, NumberField, ParsedField};
use crate::pages::fields::Whole;

#[derive(Properties, PartialEq)]
pub struct OrgsProps {
    pub orgs: OrgsSpec,
    pub problems: Rc<Vec<Problem>>,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn OrgsEditor(props: &OrgsProps) -> Html {
    let d = &props.dispatch;
    let kind = OrgsKind::of(&props.orgs);
    let problem = |path: String| html! { <FieldProblems problems={Rc::clone(&props.problems)} {path} nested=true /> };
    let org = |f: fn(u32) -> OrgEdit| d.reform(move |w: Whole| Action::Org(f(w.0)));
    let body = match &props.orgs {
        OrgsSpec::List(list) => html! {
            <>
            <table class="cloudshare-orgs-table" id="cloudshare-orgs-table">
                <thead><tr><th>{ "name" }</th><th title="Identical single-core processors">{ "processors" }</th><th></th></tr></thead>
                <tbody>
                { for list.iter().enumerate().map(|(i, o)| {
                    let onname = d.reform(move |e: InputEvent| Action::Org(OrgEdit::Name(i, e.target_unchecked_into::<web_sys::HtmlInputElement>().value())));
                    let cores = o.processors.unwrap_or_else(|| o.machines.iter().flatten().sum());
                    // Given as machines, the edit replaces them with `processors`: the organization changes.
                    let at = format!("/organizations/{i}{}", if o.processors.is_some() { "/processors" } else { "" });
                    html! {
                        <tr key={i} data-org={i.to_string()}>
                            <td><input class="name" type="text" data-pointer={format!("/organizations/{i}/name")} value={o.name.clone()} oninput={onname} aria-label={format!("Name of organization {}", i + 1)} /></td>
                            <td><ParsedField<Whole> class="processors" pointer={at} value={Whole(cores)} onchange={d.reform(move |w: Whole| Action::Org(OrgEdit::Processors(i, w.0)))} label={format!("Processors of organization {}", i + 1)} />
                                if let Some(m) = &o.machines { <span class="hint">{ format!(" machines of {:?} cores", m) }</span> }</td>
                            <td><button class="remove" data-pointer="/organizations" disabled={list.len() <= 1} onclick={d.reform(move |_: MouseEvent| Action::Org(OrgEdit::Remove(i)))} title="Remove this organization"
                                aria-label={format!("Remove organization {}", i + 1)}>{ "−" }</button>
                                { problem(format!("organizations[{i}]")) }</td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
            <button id="cloudshare-add-org" data-pointer="/organizations" onclick={d.reform(|_: MouseEvent| Action::Org(OrgEdit::Add))}>{ "Add organization" }</button>
            </>
        },
        OrgsSpec::Count(OrgsByCount { count, processors, .. }) => {
            let each = match processors {
                ProcessorsSpec::Equal(k) => html! {
                    <>
                        <span class="pair">
                            <label for="cloudshare-orgs-equal">{ "processors each" }</label>
                            <ParsedField<Whole> id="cloudshare-orgs-equal" pointer="/organizations/processors" value={Whole(*k)} onchange={org(OrgEdit::Equal)} label="Processors of each organization" />
                        </span>
                    </>
                },
                ProcessorsSpec::Zipf { zipf } => html! {
                    <>
                        <span class="pair">
                            <label for="cloudshare-orgs-total">{ "processors in all" }</label>
                            <ParsedField<Whole> id="cloudshare-orgs-total" pointer="/organizations/processors/zipf/total" value={Whole(zipf.total)} onchange={org(OrgEdit::ZipfTotal)} label="Processors in all" />
                        </span>
                        <span class="pair">
                            <label for="cloudshare-orgs-s">{ "Zipf s" }</label>
                            <NumberField id="cloudshare-orgs-s" pointer="/organizations/processors/zipf/s" value={zipf.s} onchange={d.reform(|s| Action::Org(OrgEdit::ZipfS(s)))} label="Zipf exponent" />
                        </span>
                    </>
                },
            };
            let counts = match processors {
                ProcessorsSpec::Zipf { .. } if (1..=MAX_ORGS).contains(&(*count as usize)) => {
                    let k: Vec<u32> = sketch(&props.orgs).into_iter().map(|(_, k)| k).collect();
                    format!("Processors: {k:?}. ")
                }
                _ => String::new(),
            };
            html! {
                <>
                <div class="field-row">
                    <span class="pair">
                        <label for="cloudshare-orgs-count">{ "organizations" }</label>
                        <ParsedField<Whole> id="cloudshare-orgs-count" pointer="/organizations/count" value={Whole(*count)} onchange={org(OrgEdit::Count)} label="Number of organizations" />
                    </span>
                    { each }
                </div>
                <p class="hint" id="cloudshare-orgs-summary">{ format!("{counts}Named O1 … O{count}.") }</p>
                </>
            }
        }
    };
    html! {
        <ChoiceFieldset<OrgsKind> id="cloudshare-orgs" legend={format!("Organizations ({})", props.orgs.len())} select_id="cloudshare-orgs-kind" pointer="/organizations"
            value={kind} onchange={d.reform(Action::OrgsKind)} label="How the organizations are given" problems={Rc::clone(&props.problems)} path="organizations" nested={kind != OrgsKind::List}>
            { body }
            <p class="hint">{ "An organization with 0 processors only submits jobs. Renaming one renames it in the jobs too." }</p>
        </ChoiceFieldset<OrgsKind>>
    }
}
