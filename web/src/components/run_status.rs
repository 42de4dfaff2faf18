//! Where the run is: a progress bar and a cancel button for worker runs, problems for invalid
//! scenarios, a note on where a finished run ran.

use yew::prelude::*;

use super::field_errors::{render_error, FieldErrors};
use crate::hooks::{RunHandle, RunState};

#[derive(Properties, PartialEq)]
pub struct RunStatusProps {
    pub run: RunHandle,
    #[prop_or(AttrValue::Static("run-status"))]
    pub id: AttrValue,
}

#[component]
pub fn RunStatus(props: &RunStatusProps) -> Html {
    let run = &props.run;
    let id = props.id.clone();
    let errors = use_context::<FieldErrors>().filter(|e| !e.all().is_empty());
    match &run.state {
        RunState::Idle => html! {},
        RunState::Invalid(e) => html! {
            <div class="run-status invalid" id={id.clone()}>
                <p>{ "Fix these to see results:" }</p>
                <ul class="problems">
                    if let Some(errors) = &errors {
                        { for errors.all().iter().map(|(_, e)| html! { <li>{ render_error(e) }</li> }) }
                    } else {
                        { for e.problems.iter().map(|p| html! { <li><code>{ p.path.clone() }</code>{ ": " }{ crate::i18n::problem_text(p) }</li> }) }
                    }
                </ul>
            </div>
        },
        RunState::Running { fraction } => {
            let onclick = run.cancel.reform(|_: MouseEvent| ());
            html! {
                <div class="run-status running" id={id.clone()}>
                    <progress max="1" value={fraction.to_string()} aria-label="Progress"></progress>
                    <span>{ format!(" Running in the background… {:.0} %", fraction * 100.0) }</span>
                    <button id={format!("cancel-{id}")} class="cancel" {onclick}>{ "Cancel" }</button>
                </div>
            }
        }
        RunState::Loading { received, total } => {
            let onclick = run.cancel.reform(|_: MouseEvent| ());
            let mb = |b: u64| b as f64 / 1e6;
            let (bar, text) = match total {
                Some(t) if *t > 0 => (
                    html! { <progress max={t.to_string()} value={received.to_string()} aria-label="Download progress"></progress> },
                    format!(" Loading the background worker… {:.1} of {:.1} MB", mb(*received), mb(*t)),
                ),
                _ => (
                    html! { <progress aria-label="Download progress"></progress> },
                    format!(" Loading the background worker… {:.1} MB so far", mb(*received)),
                ),
            };
            html! {
                <div class="run-status running loading" id={id.clone()}>
                    { bar }<span>{ text }</span>
                    <button id={format!("cancel-{id}")} class="cancel" {onclick}>{ "Cancel" }</button>
                </div>
            }
        }
        RunState::Done { in_worker, .. } => html! {
            <div class="run-status done" id={id.clone()}>
                { if *in_worker { "Computed in a background worker." } else { "Computed instantly as you edit." } }
            </div>
        },
        RunState::Cancelled => html! {
            <div class="run-status cancelled" id={id.clone()}>{ "Run cancelled. Edit the scenario to run again." }</div>
        },
        RunState::Failed(m) => html! {
            <div class="run-status failed" id={id.clone()} role="alert">{ format!("The run failed: {m}") }</div>
        },
    }
}
