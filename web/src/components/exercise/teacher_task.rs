//! One task in the teacher's editor: its prompt and, by kind, the tolerance and predict flag, the
//! options and the right one, or the goal's bounds; hints (one per line) and the explanation.

use std::rc::Rc;

use cloudecon::exercise::{pointer, Answer, Exercise, Task, TaskKind};
use serde_json::Value;
use yew::prelude::*;

use super::teacher::Edit;
use crate::i18n::use_lang;
use crate::t;

#[derive(Properties, PartialEq)]
pub struct TaskEditorProps {
    pub index: usize,
    pub task: Task,
    pub edit: Callback<Edit>,
    /// The place of the result the task asks about, as the page names it.
    pub place: Option<String>,
    /// Its current value (a number task's answer, a goal's number), as the page shows it.
    pub current: Option<String>,
}

/// Text to an optional number: empty is `None`; text that is not a number keeps the old value.
fn optional(text: &str, old: Option<f64>) -> Option<f64> {
    let t = text.trim();
    if t.is_empty() {
        None
    } else {
        t.parse::<f64>().ok().filter(|x| x.is_finite()).or(old)
    }
}

/// A change to one field of a task, given the text typed.
type FieldEdit = Rc<dyn Fn(&mut Task, String)>;

fn show(x: Option<f64>) -> String {
    x.map(|x| x.to_string()).unwrap_or_default()
}

#[component]
pub fn TaskEditor(props: &TaskEditorProps) -> Html {
    use_lang();
    let (i, t) = (props.index, &props.task);
    let id = format!("edit-{}", t.id);
    // An edit of this task (by index).
    let on = |f: FieldEdit| {
        let edit = props.edit.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            let f = Rc::clone(&f);
            edit.emit(Rc::new(move |ex: &mut Exercise| {
                if let Some(task) = ex.tasks.get_mut(i) {
                    f(task, v.clone());
                }
            }))
        })
    };
    let lines = |s: String| s.lines().map(str::to_string).filter(|l| !l.trim().is_empty()).collect::<Vec<_>>();
    let remove = {
        let edit = props.edit.clone();
        Callback::from(move |_: MouseEvent| {
            edit.emit(Rc::new(move |ex: &mut Exercise| {
                if i < ex.tasks.len() {
                    ex.tasks.remove(i);
                }
            }))
        })
    };
    let predict = {
        let edit = props.edit.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            edit.emit(Rc::new(move |ex: &mut Exercise| {
                if let Some(task) = ex.tasks.get_mut(i) {
                    task.predict = on;
                }
            }))
        })
    };
    let at = t.answer.as_ref().and_then(|a| a.result.clone()).or(t.goal.as_ref().map(|g| g.result.clone()));
    let kind_fields = match t.kind {
        TaskKind::Number => {
            let tol = t.tolerance.unwrap_or_default();
            html! { <>
                <label>{ crate::i18n::t("exercise-tolerance-abs") }{ " " }<input type="text" inputmode="decimal" class="number" value={show(tol.abs)}
                    oninput={on(Rc::new(|t, v| { let mut tol = t.tolerance.unwrap_or_default(); tol.abs = optional(&v, tol.abs); t.tolerance = Some(tol); }))} /></label>
                <label>{ crate::i18n::t("exercise-tolerance-rel") }{ " " }<input type="text" inputmode="decimal" class="number" value={show(tol.rel)}
                    oninput={on(Rc::new(|t, v| { let mut tol = t.tolerance.unwrap_or_default(); tol.rel = optional(&v, tol.rel); t.tolerance = Some(tol); }))} /></label>
                <label><input type="checkbox" checked={t.predict} onchange={predict} />{ " " }{ crate::i18n::t("exercise-predict-first") }</label>
            </> }
        }
        TaskKind::Choice => {
            let right = t.answer.as_ref().and_then(|a| a.value.as_ref()).and_then(Value::as_u64).unwrap_or(0);
            let onright = {
                let edit = props.edit.clone();
                Callback::from(move |e: Event| {
                    let k = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse::<u64>().unwrap_or(0);
                    edit.emit(Rc::new(move |ex: &mut Exercise| {
                        if let Some(task) = ex.tasks.get_mut(i) {
                            task.answer = Some(Answer { result: None, value: Some(Value::from(k)) });
                        }
                    }))
                })
            };
            html! { <>
                <label class="block">{ crate::i18n::t("exercise-options-label") }<textarea rows="3" value={t.options.join("\n")}
                    oninput={on(Rc::new(move |t, v| t.options = lines(v)))} /></label>
                <label>{ crate::i18n::t("exercise-right-option") }{ " " }<select class="right-option" onchange={onright}>
                    { for t.options.iter().enumerate().map(|(k, o)| html! {
                        <option value={k.to_string()} selected={k as u64 == right}>{ format!("{}. {o}", k + 1) }</option>
                    }) }
                </select></label>
            </> }
        }
        TaskKind::Goal => {
            let g = t.goal.clone().unwrap_or_default();
            html! { <>
                <label>{ crate::i18n::t("exercise-at-least") }{ " " }<input type="text" inputmode="decimal" class="number" value={show(g.min)}
                    oninput={on(Rc::new(|t, v| if let Some(g) = &mut t.goal { g.min = optional(&v, g.min); }))} /></label>
                <label>{ crate::i18n::t("exercise-at-most") }{ " " }<input type="text" inputmode="decimal" class="number" value={show(g.max)}
                    oninput={on(Rc::new(|t, v| if let Some(g) = &mut t.goal { g.max = optional(&v, g.max); }))} /></label>
            </> }
        }
    };
    let kind = match t.kind {
        TaskKind::Number => crate::i18n::t("exercise-kind-number"),
        TaskKind::Choice => crate::i18n::t("exercise-kind-choice"),
        TaskKind::Goal => crate::i18n::t("exercise-kind-goal"),
    };
    html! {
        <li class="task-editor" id={id.clone()} data-task={t.id.clone()}>
            <p><strong>{ t!("exercise-task-kind", id = t.id.clone(), kind = kind) }</strong>
                if let (Some(p), Some(name)) = (&at, &props.place) { { " — " }<span class="place" title={pointer::to_path(p)}>{ name.clone() }</span> }
                if let Some(x) = &props.current { <span class="hint">{ " " }{ t!("exercise-now", value = x.clone()) }</span> }
                { " " }<button type="button" class="remove" aria-label={t!("exercise-remove-task", id = t.id.clone())} onclick={remove}>{ "✕" }</button>
            </p>
            <label class="block">{ crate::i18n::t("exercise-prompt-label") }{ " " }<input type="text" value={t.prompt.clone()} oninput={on(Rc::new(|t, v| t.prompt = v))} /></label>
            <div class="row">{ kind_fields }</div>
            <label class="block">{ crate::i18n::t("exercise-hints-label") }<textarea rows="2" value={t.hints.join("\n")}
                oninput={on(Rc::new(move |t, v| t.hints = lines(v)))} /></label>
            <label class="block">{ crate::i18n::t("exercise-explanation-label") }<textarea rows="2" value={t.explanation.clone()}
                oninput={on(Rc::new(|t, v| t.explanation = v))} /></label>
        </li>
    }
}
