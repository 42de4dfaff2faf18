//! Where the run is: a progress bar and a cancel button for worker runs, problems for invalid
//! scenarios, a note on where a finished run ran.

use yew::prelude::*;

use super::field_errors::{render_error, FieldErrors};
use crate::format::fixed;
use crate::hooks::{RunHandle, RunState};
use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct RunStatusProps {
    pub run: RunHandle,
    #[prop_or(AttrValue::Static("run-status"))]
    pub id: AttrValue,
}

#[component]
pub fn RunStatus(props: &RunStatusProps) -> Html {
    use_lang();
    let run = &props.run;
    let id = props.id.clone();
    let errors = use_context::<FieldErrors>().filter(|e| !e.all().is_empty());
    match &run.state {
        RunState::Idle => html! {},
        RunState::Invalid(e) => html! {
            <div class="run-status invalid" id={id.clone()}>
                <p>{ t("components-fix-these") }</p>
                <ul class="problems">
                    if let Some(errors) = &errors {
                        { for errors.all().iter().map(|(_, e)| html! { <li>{ render_error(e) }</li> }) }
                    } else {
                        { for e.problems.iter().map(|p| html! { <li><code>{ p.path.clone() }</code>{ t("components-path-colon") }{ crate::i18n::problem_text(p) }</li> }) }
                    }
                </ul>
            </div>
        },
        RunState::Running { fraction } => {
            let onclick = run.cancel.reform(|_: MouseEvent| ());
            html! {
                <div class="run-status running" id={id.clone()}>
                    <progress max="1" value={fraction.to_string()} aria-label={t("components-progress")}></progress>
                    <span>{ " " }{ crate::t!("components-running", percent = fixed(fraction * 100.0, 0)) }</span>
                    <button id={format!("cancel-{id}")} class="cancel" {onclick}>{ t("components-cancel") }</button>
                </div>
            }
        }
        RunState::Loading { received, total } => {
            let onclick = run.cancel.reform(|_: MouseEvent| ());
            let mb = |b: u64| b as f64 / 1e6;
            let (bar, text) = match total {
                Some(size) if *size > 0 => (
                    html! { <progress max={size.to_string()} value={received.to_string()} aria-label={t("components-download-progress")}></progress> },
                    crate::t!(
                        "components-loading-worker",
                        received = fixed(mb(*received), 1),
                        total = fixed(mb(*size), 1)
                    ),
                ),
                _ => (
                    html! { <progress aria-label={t("components-download-progress")}></progress> },
                    crate::t!("components-loading-worker-so-far", received = fixed(mb(*received), 1)),
                ),
            };
            html! {
                <div class="run-status running loading" id={id.clone()}>
                    { bar }<span>{ " " }{ text }</span>
                    <button id={format!("cancel-{id}")} class="cancel" {onclick}>{ t("components-cancel") }</button>
                </div>
            }
        }
        RunState::Done { in_worker, .. } => html! {
            <div class="run-status done" id={id.clone()}>
                { if *in_worker { t("components-computed-in-worker") } else { t("components-computed-instantly") } }
            </div>
        },
        RunState::Cancelled => html! {
            <div class="run-status cancelled" id={id.clone()}>{ t("components-run-cancelled") }</div>
        },
        RunState::Failed(m) => html! {
            <div class="run-status failed" id={id.clone()} role="alert">{ crate::t!("components-run-failed", reason = m.show()) }</div>
        },
    }
}
