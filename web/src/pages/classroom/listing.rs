//! The files that were not graded: answers for another exercise (listed with the fingerprint they
//! carry, never mixed into the grades), and files that are no answers file (with the reader's
//! problem and its JSON path).

use yew::prelude::*;

use super::sort::{Foreign, Unreadable};

#[derive(Properties, PartialEq)]
pub struct NotGradedProps {
    pub foreign: Vec<Foreign>,
    pub unreadable: Vec<Unreadable>,
    /// This exercise's fingerprint.
    pub fingerprint: AttrValue,
}

#[component]
pub fn NotGraded(props: &NotGradedProps) -> Html {
    if props.foreign.is_empty() && props.unreadable.is_empty() {
        return html! {};
    }
    let fingerprint = |f: &str| {
        if f.is_empty() {
            html! { <em>{ "none" }</em> }
        } else {
            html! { <code>{ f.to_string() }</code> }
        }
    };
    html! {
        <section class="not-graded" aria-labelledby="not-graded-heading">
            <h2 id="not-graded-heading">{ "Files not graded" }</h2>
            if !props.foreign.is_empty() {
                <p class="hint">
                    { "These answer other exercises (or name none): their fingerprint is not this exercise's " }
                    <code style="overflow-wrap: anywhere;">{ props.fingerprint.clone() }</code>
                    { ". Grade them against their own exercise." }
                </p>
                <div class="scroll" role="region" aria-label="Answers for another exercise" tabindex="0">
                    <table id="foreign-files">
                        <thead><tr><th scope="col">{ "File" }</th><th scope="col">{ "Student" }</th><th scope="col">{ "Exercise fingerprint" }</th></tr></thead>
                        <tbody>
                            { for props.foreign.iter().map(|f| html! {
                                <tr>
                                    <td class="file">{ f.file.clone() }</td>
                                    <td class="student">{ f.student.clone() }</td>
                                    <td class="fingerprint" style="overflow-wrap: anywhere;">{ fingerprint(&f.fingerprint) }</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            }
            if !props.unreadable.is_empty() {
                <p class="hint">{ "These could not be read as answer files:" }</p>
                <ul id="unreadable-files">
                    { for props.unreadable.iter().map(|u| html! {
                        <li>
                            <strong class="file">{ u.file.clone() }</strong>{ ": " }
                            <span class="problem" style="white-space: pre-wrap; overflow-wrap: anywhere;">{ u.problem.clone() }</span>
                        </li>
                    }) }
                </ul>
            }
        </section>
    }
}
