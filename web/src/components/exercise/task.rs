//! One task as the student sees it: the prompt, the answer field (a number, options, or "my
//! scenario"), Check with what the exercise's feedback level tells (✓/✗, too high or low, how far
//! off, or only "saved"), hints one at a time, attempts, and the explanation once it is right.
//! Text that is not a number is refused at once, without counting an attempt.

use cloudecon::exercise::{Feedback, Task, TaskKind, Verdict};
use serde_json::Value;
use yew::prelude::*;

use crate::i18n::{t, use_lang};
use crate::t;

#[derive(Properties, PartialEq)]
pub struct TaskCardProps {
    pub index: usize,
    pub task: Task,
    /// The language the exercise is written in (its texts are marked so).
    pub lang: AttrValue,
    /// The answer last checked (a number or an option's index).
    pub given: Option<Value>,
    pub verdict: Option<Verdict>,
    /// What the student is told of a verdict.
    pub feedback: Feedback,
    pub attempts: u32,
    pub hints_used: u32,
    /// Checks an answer (`None` for a goal: the page's current scenario is the answer).
    pub oncheck: Callback<Option<Value>>,
    pub onhint: Callback<()>,
}

/// The number a student typed: a decimal number (with a point, or one decimal comma), maybe with
/// an exponent; `None` for anything else.
pub fn typed_number(text: &str) -> Option<f64> {
    crate::components::decimal(text)
}

#[component]
pub fn TaskCard(props: &TaskCardProps) -> Html {
    use_lang();
    let task = &props.task;
    let id = format!("task-{}", task.id);
    let draft = {
        let given = props.given.clone();
        use_state(move || match given {
            Some(Value::Number(n)) => n.to_string(),
            Some(Value::String(s)) => s,
            _ => String::new(),
        })
    };
    let choice = {
        let given = props.given.as_ref().and_then(Value::as_u64);
        use_state(move || given)
    };
    // Why the text typed was not checked (it is not a number).
    let refused = use_state(|| None::<String>);
    let check = {
        let (draft, choice, oncheck, kind) = (draft.clone(), choice.clone(), props.oncheck.clone(), task.kind);
        let refused = refused.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match kind {
                TaskKind::Number => {
                    let text = draft.trim();
                    match typed_number(text).and_then(serde_json::Number::from_f64) {
                        Some(x) => {
                            refused.set(None);
                            oncheck.emit(Some(Value::Number(x)));
                        }
                        None if text.is_empty() => refused.set(Some(t("exercise-type-a-number"))),
                        None => refused.set(Some(t!("exercise-not-a-number", text = text.to_string()))),
                    }
                }
                TaskKind::Choice => oncheck.emit(Some(choice.map_or(Value::Null, Value::from))),
                TaskKind::Goal => oncheck.emit(None),
            }
        })
    };
    let field = match task.kind {
        TaskKind::Number => {
            let oninput = {
                let draft = draft.clone();
                Callback::from(move |e: InputEvent| {
                    draft.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().value())
                })
            };
            html! {
                <label class="task-answer">{ t("exercise-your-answer") }{ " " }
                    <input type="text" inputmode="decimal" class="number" id={format!("{id}-answer")} value={(*draft).clone()} {oninput} />
                </label>
            }
        }
        TaskKind::Choice => html! {
            <fieldset class="task-options">
                <legend class="visually-hidden">{ t!("exercise-options-of-task", number = (props.index + 1).to_string()) }</legend>
                { for task.options.iter().enumerate().map(|(i, option)| {
                    let onchange = { let choice = choice.clone(); Callback::from(move |_: Event| choice.set(Some(i as u64))) };
                    html! {
                        <label class="option">
                            <input type="radio" name={format!("{id}-choice")} value={i.to_string()} checked={*choice == Some(i as u64)} {onchange} />
                            <span lang={props.lang.clone()} translate="no">{ option.clone() }</span>
                        </label>
                    }
                }) }
            </fieldset>
        },
        TaskKind::Goal => html! {
            <p class="hint">{ t("exercise-goal-hint") }</p>
        },
    };
    let told = props.feedback != Feedback::None;
    let verdict = props.verdict.as_ref().map(|v| {
        let (mark, class) = match (told, v.correct) {
            _ if v.unchecked => ("", "verdict unchecked"),
            (false, _) => ("", "verdict saved"),
            (true, true) => ("✓ ", "verdict right"),
            (true, false) => ("✗ ", "verdict wrong"),
        };
        html! { <p class={class} role="status"><span aria-hidden="true">{ mark }</span>{ super::said_text(&v.told_as(props.feedback)) }</p> }
    });
    // What the page shows of the verdict: right or wrong, unless the feedback level says nothing.
    let shown =
        props.verdict.as_ref().filter(|v| told && !v.unchecked).map(|v| if v.correct { "right" } else { "wrong" });
    let hints = (props.hints_used as usize).min(task.hints.len());
    let onhint = props.onhint.reform(|_: MouseEvent| ());
    let label = if task.kind == TaskKind::Goal { t("exercise-check-scenario") } else { t("exercise-check") };
    html! {
        <li class={classes!("task", shown)} id={id.clone()} data-task={task.id.clone()}>
            <p class="prompt"><strong>{ format!("{}. ", props.index + 1) }</strong><span lang={props.lang.clone()} translate="no">{ task.prompt.clone() }</span>
                if task.predict { <span class="badge" title={t("exercise-predict-badge.title")}>{ " " }{ t("exercise-predict-badge") }</span> }
            </p>
            <form class="task-form" onsubmit={check}>
                { field }
                <button type="submit" class="check">{ label }</button>
                <span class="attempts">{ match props.attempts { 0 => String::new(), n => format!(" {}", t!("exercise-attempts", n = crate::i18n::number(n))) } }</span>
            </form>
            if let Some(why) = &*refused {
                <p class="refused" role="alert">{ why.clone() }</p>
            }
            { for verdict }
            if hints > 0 {
                <ol class="hints" lang={props.lang.clone()} translate="no">{ for task.hints.iter().take(hints).map(|h| html! { <li>{ h.clone() }</li> }) }</ol>
            }
            if hints < task.hints.len() {
                <button type="button" class="hint-button" onclick={onhint}>{ t!("exercise-show-hint", number = (hints + 1).to_string(), total = task.hints.len().to_string()) }</button>
            }
            if told && props.verdict.as_ref().is_some_and(|v| v.correct) && !task.explanation.is_empty() {
                <p class="explanation" lang={props.lang.clone()} translate="no">{ task.explanation.clone() }</p>
            }
        </li>
    }
}
