//! The files that were not graded: answers for another exercise (listed with the fingerprint they
//! carry, never mixed into the grades), and files that are no answers file (with the reader's
//! problem and its JSON path).

use yew::prelude::*;

use super::sort::{Foreign, Unreadable};
use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct NotGradedProps {
    pub foreign: Vec<Foreign>,
    pub unreadable: Vec<Unreadable>,
    /// This exercise's fingerprint.
    pub fingerprint: AttrValue,
}

#[component]
pub fn NotGraded(props: &NotGradedProps) -> Html {
    use_lang();
    if props.foreign.is_empty() && props.unreadable.is_empty() {
        return html! {};
    }
    let fingerprint = |f: &str| {
        if f.is_empty() {
            html! { <em>{ t("classroom-fingerprint-none") }</em> }
        } else {
            html! { <code>{ f.to_string() }</code> }
        }
    };
    html! {
        <section class="not-graded" aria-labelledby="not-graded-heading">
            <h2 id="not-graded-heading">{ t("classroom-not-graded") }</h2>
            if !props.foreign.is_empty() {
                <p class="hint">
                    { t("classroom-foreign-before") }{ " " }
                    <code style="overflow-wrap: anywhere;">{ props.fingerprint.clone() }</code>
                    { t("classroom-foreign-after") }
                </p>
                <div class="scroll" role="region" aria-label={t("classroom-foreign-label")} tabindex="0">
                    <table id="foreign-files">
                        <thead><tr><th scope="col">{ t("classroom-col-file") }</th><th scope="col">{ t("classroom-col-student") }</th><th scope="col">{ t("classroom-col-fingerprint") }</th></tr></thead>
                        <tbody>
                            { for props.foreign.iter().map(|f| html! {
                                <tr>
                                    <td class="file" translate="no">{ f.file.clone() }</td>
                                    <td class="student" translate="no">{ f.student.clone() }</td>
                                    <td class="fingerprint" style="overflow-wrap: anywhere;">{ fingerprint(&f.fingerprint) }</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            }
            if !props.unreadable.is_empty() {
                <p class="hint">{ t("classroom-unreadable") }</p>
                <ul id="unreadable-files">
                    { for props.unreadable.iter().map(|u| html! {
                        <li>
                            <strong class="file" translate="no">{ u.file.clone() }</strong>{ ": " }
                            <span class="problem" style="white-space: pre-wrap; overflow-wrap: anywhere;">{ u.problem.clone() }</span>
                        </li>
                    }) }
                </ul>
            }
        </section>
    }
}
