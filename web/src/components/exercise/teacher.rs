//! Teacher mode: "Make an exercise" from the page's scenario — the text, tasks made by picking a
//! number of the result (its pointer is picked for the teacher, its prompt drafted with the page's
//! names: "What is J1's share of map?"), choice and goal tasks, locks on fields, what students are
//! told after a check — then preview as a student, copy the link (the share codec; past about
//! 8,000 characters it says so and offers the file) or download the exercise file.

use std::rc::Rc;

use cloudecon::exercise::{Answer, Exercise, ExerciseDocument, Feedback, Goal, Task, TaskKind, Tolerance};
use cloudecon::{RunOutput, Scenario};
use serde_json::Value;
use yew::prelude::*;

use super::locks::LockLayer;
use super::picker::{lockable, number_rows, Picker};
use super::result_pick::{shown, ResultPick};
use super::teacher_task::TaskEditor;
use crate::i18n::{t, use_lang, Lang};
use crate::pages::{names, route_of};
use crate::services::{files, share, storage};
use crate::t;

#[derive(Properties, PartialEq)]
pub struct TeacherEditorProps {
    pub scenario: Rc<Scenario>,
    pub output: Option<Rc<RunOutput>>,
    /// The open exercise, whose block the editor starts from.
    pub exercise: Option<Rc<ExerciseDocument>>,
    /// Opens the exercise as a student sees it (teacher mode closes, and offers the way back).
    pub preview: Callback<ExerciseDocument>,
    pub close: Callback<()>,
}

/// An edit of the draft.
pub type Edit = Rc<dyn Fn(&mut Exercise)>;

/// The next free task id (`t1`, `t2`, …).
fn next_id(ex: &Exercise) -> String {
    (1..).map(|k| format!("t{k}")).find(|id| ex.task(id).is_none()).unwrap_or_default()
}

fn blank(ex: &Exercise, kind: TaskKind, prompt: String) -> Task {
    Task {
        id: next_id(ex),
        prompt,
        kind,
        options: vec![],
        answer: None,
        tolerance: None,
        predict: false,
        hints: vec![],
        goal: None,
        explanation: String::new(),
    }
}

/// The page address of the exercise's mechanism (origin + path).
fn page_base(doc: &ExerciseDocument) -> String {
    let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
    let path = route_of(doc.scenario.kind()).map(|r| r.href()).unwrap_or_default();
    format!("{origin}{path}")
}

/// A feedback level as the teacher's menu offers it.
fn feedback_label(level: Feedback) -> String {
    match level {
        Feedback::None => t("exercise-feedback-none"),
        Feedback::RightWrong => t("exercise-feedback-right-wrong"),
        Feedback::Direction => t("exercise-feedback-direction"),
        Feedback::Distance => t("exercise-feedback-distance"),
    }
}

#[component]
pub fn TeacherEditor(props: &TeacherEditorProps) -> Html {
    let lang = use_lang();
    let kind = props.scenario.kind();
    let draft = {
        let start = props.exercise.as_ref().map(|e| e.exercise.clone());
        use_state(move || {
            start.or_else(|| storage::load_draft(kind)).unwrap_or(Exercise {
                // A new exercise is written in the teacher's language.
                lang: lang.tag().to_string(),
                title: String::new(),
                text: String::new(),
                locked: vec![],
                feedback: Feedback::default(),
                tasks: vec![],
            })
        })
    };
    let link = use_state(|| None::<String>);
    let edit: Callback<Edit> = {
        let (draft, link) = (draft.clone(), link.clone());
        Callback::from(move |f: Edit| {
            let mut next = (*draft).clone();
            f(&mut next);
            // Best effort: without storage the draft lives until the page is left.
            let _ = storage::save_draft(kind, &next);
            link.set(None);
            draft.set(next);
        })
    };
    let result = props.output.as_ref().map(|o| o.to_value());
    let scenario = use_memo(props.scenario.clone(), |s| s.to_value());
    let numbers = {
        let scenario = Rc::clone(&scenario);
        // Named in the reader's language: named again when it changes.
        use_memo((result.clone(), lang), move |(r, _)| {
            r.as_ref().map(|r| number_rows(kind, &scenario, r)).unwrap_or_default()
        })
    };
    let fields = use_memo((Rc::clone(&scenario), lang), move |(s, _)| lockable(kind, s));
    let doc = ExerciseDocument { scenario: (*props.scenario).clone(), exercise: (*draft).clone() };
    let said = |e: cloudecon::ScenarioError| -> Vec<String> {
        e.problems.iter().map(|p| format!("{}: {}", p.path, crate::i18n::problem_text(p))).collect()
    };
    let mut problems: Vec<String> = doc.validate().err().map(said).unwrap_or_default();
    match &result {
        Some(r) if problems.is_empty() => {
            if let Err(e) = doc.check_result(r) {
                problems.extend(said(e));
            }
        }
        None => problems.push(t("exercise-no-result-yet")),
        _ => {}
    }
    let value_at = |p: &str| result.as_ref().and_then(|r| r.pointer(p)).and_then(Value::as_f64);
    // A place of the result as the page names it ("J1's share of map").
    let place = {
        let (scenario, result) = (Rc::clone(&scenario), result.clone());
        move |p: &str| names::result(kind, &scenario, result.as_ref().unwrap_or(&Value::Null), p)
    };
    let add_number = {
        let (edit, place) = (edit.clone(), place.clone());
        Callback::from(move |p: String| {
            let prompt = t!("exercise-draft-number", place = place(&p));
            edit.emit(Rc::new(move |ex: &mut Exercise| {
                let mut t = blank(ex, TaskKind::Number, prompt.clone());
                t.answer = Some(Answer { result: Some(p.clone()), value: None });
                t.tolerance = Some(Tolerance { abs: None, rel: Some(0.01) });
                ex.tasks.push(t);
            }))
        })
    };
    let add_goal = {
        let (edit, current, place) = (edit.clone(), result.clone(), place.clone());
        Callback::from(move |p: String| {
            let now = current.as_ref().and_then(|r| r.pointer(&p)).and_then(Value::as_f64).unwrap_or(0.0);
            // Half as much again, at the precision the page shows the number with.
            let precision = shown(&p, now);
            let min = precision.round(now * 1.5);
            let prompt = t!("exercise-draft-goal", place = place(&p), min = precision.format(min));
            edit.emit(Rc::new(move |ex: &mut Exercise| {
                let mut t = blank(ex, TaskKind::Goal, prompt.clone());
                t.goal = Some(Goal { result: p.clone(), min: Some(min), max: None });
                ex.tasks.push(t);
            }))
        })
    };
    let onfeedback = {
        let edit = edit.clone();
        Callback::from(move |e: Event| {
            let tag = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            let level = Feedback::from_tag(&tag).unwrap_or_default();
            edit.emit(Rc::new(move |ex: &mut Exercise| ex.feedback = level))
        })
    };
    let add_choice = {
        let edit = edit.clone();
        Callback::from(move |_: MouseEvent| {
            let (prompt, first, second) =
                (t("exercise-draft-choice"), t("exercise-draft-option-first"), t("exercise-draft-option-second"));
            edit.emit(Rc::new(move |ex: &mut Exercise| {
                let mut t = blank(ex, TaskKind::Choice, prompt.clone());
                t.options = vec![first.clone(), second.clone()];
                t.answer = Some(Answer { result: None, value: Some(Value::from(0)) });
                ex.tasks.push(t);
            }))
        })
    };
    let toggle_lock = {
        let edit = edit.clone();
        Callback::from(move |p: String| {
            edit.emit(Rc::new(move |ex: &mut Exercise| match ex.locked.iter().position(|l| *l == p) {
                Some(i) => drop(ex.locked.remove(i)),
                None => ex.locked.push(p.clone()),
            }))
        })
    };
    let text_edit = |f: fn(&mut Exercise, String)| {
        let edit = edit.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            edit.emit(Rc::new(move |ex: &mut Exercise| f(ex, v.clone())))
        })
    };
    let onlang = {
        let edit = edit.clone();
        Callback::from(move |e: Event| {
            let tag = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            edit.emit(Rc::new(move |ex: &mut Exercise| ex.lang = tag.clone()))
        })
    };
    let ok = problems.is_empty();
    let preview = {
        let (preview, doc) = (props.preview.clone(), doc.clone());
        Callback::from(move |_: MouseEvent| preview.emit(doc.clone()))
    };
    let copy = {
        let (link, doc) = (link.clone(), doc.clone());
        Callback::from(move |_: MouseEvent| {
            let url = share::exercise_url(&page_base(&doc), &doc);
            if url.len() <= share::MAX_COMFORTABLE_FRAGMENT {
                if let Some(w) = web_sys::window() {
                    // Best effort: the link is shown for copying by hand too.
                    let _ = w.navigator().clipboard().write_text(&url);
                }
            }
            link.set(Some(url));
        })
    };
    let download = {
        let doc = doc.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = files::download("exercise.json", "application/json", &doc.to_json_pretty());
        })
    };
    let locked = Rc::new(draft.locked.clone());
    // What a click on the page does: lock a field, or ask about a number of the result.
    let picking = use_state(|| false);
    let asking = use_state(|| false);
    let onpick = {
        let (picking, asking) = (picking.clone(), asking.clone());
        Callback::from(move |_: MouseEvent| {
            asking.set(false);
            picking.set(!*picking)
        })
    };
    let onask = {
        let (picking, asking) = (picking.clone(), asking.clone());
        Callback::from(move |_: MouseEvent| {
            picking.set(false);
            asking.set(!*asking)
        })
    };
    html! {
        <aside class="exercise-panel teacher" id="exercise-editor" aria-labelledby="teacher-title">
            <p class="eyebrow">{ t("exercise-teacher-mode") }</p>
            <h2 id="teacher-title">{ t("exercise-make") }</h2>
            <p class="hint">{ t("exercise-teacher-intro") }</p>
            <label class="block">{ t("exercise-title-label") }{ " " }<input type="text" id="exercise-title-input" value={draft.title.clone()} oninput={text_edit(|ex, v| ex.title = v)} /></label>
            <label class="block">{ t("exercise-text-label") }
                <textarea id="exercise-text-input" rows="4" value={draft.text.clone()} oninput={text_edit(|ex, v| ex.text = v)} /></label>
            <label class="block">{ t("exercise-lang-label") }{ " " }
                <select id="exercise-lang" onchange={onlang}>
                    { for Lang::CHOSEN.into_iter().map(|l| html! {
                        <option value={l.tag()} lang={l.tag()} selected={draft.written_in(l.tag())}>{ l.native_name() }</option>
                    }) }
                    if !Lang::CHOSEN.iter().any(|l| draft.written_in(l.tag())) {
                        <option value={draft.lang.clone()} selected=true>{ draft.lang.clone() }</option>
                    }
                </select>
            </label>
            <h3>{ t!("exercise-tasks-heading", count = draft.tasks.len().to_string()) }</h3>
            <ol class="task-editors">
                { for draft.tasks.iter().enumerate().map(|(i, t)| {
                    let at = t.answer.as_ref().and_then(|a| a.result.as_deref()).or(t.goal.as_ref().map(|g| g.result.as_str()));
                    let current = at.and_then(|p| value_at(p).map(|x| shown(p, x).shown(x)));
                    html! { <TaskEditor key={t.id.clone()} index={i} task={t.clone()} edit={edit.clone()} place={at.map(&place)} {current} /> }
                }) }
            </ol>
            <div class="row ask-pick">
                <button type="button" id="pick-results" aria-pressed={asking.to_string()} onclick={onask}>
                    { if *asking { t("exercise-done-asking") } else { t("exercise-ask-on-page") } }</button>
                if *asking {
                    <span class="hint" role="status">{ t("exercise-ask-hint") }</span>
                    <ResultPick pick={add_number.clone()} />
                }
            </div>
            <Picker id="result-picker" legend={t("exercise-result-picker")} rows={numbers.clone()}
                actions={vec![(AttrValue::from(t("exercise-action-ask")), add_number), (AttrValue::from(t("exercise-action-goal")), add_goal)]} />
            <button type="button" onclick={add_choice}>{ t("exercise-add-choice") }</button>
            <label class="block">{ t("exercise-feedback-label") }{ " " }
                <select id="exercise-feedback" onchange={onfeedback}>
                    { for Feedback::ALL.into_iter().map(|level| html! {
                        <option value={level.tag()} selected={draft.feedback == level}>{ feedback_label(level) }</option>
                    }) }
                </select>
            </label>
            <div class="row lock-pick">
                <button type="button" id="pick-locks" aria-pressed={picking.to_string()} onclick={onpick}>
                    if !*picking { { super::locks::lock_icon() } }{ if *picking { t("exercise-done-locking") } else { t("exercise-lock-on-page") } }</button>
                if *picking {
                    <span class="hint" role="status">{ t("exercise-lock-hint") }</span>
                }
            </div>
            <LockLayer locked={Rc::clone(&locked)} pick={picking.then(|| toggle_lock.clone())} />
            <Picker id="lock-picker" legend={t("exercise-lock-picker")} rows={fields.clone()}
                actions={vec![(AttrValue::from(t("exercise-action-lock")), toggle_lock)]} chosen={locked} />
            if !problems.is_empty() {
                <ul class="field-problem" role="alert" id="exercise-problems">{ for problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
            }
            <div class="buttons">
                <button type="button" id="preview-exercise" disabled={!ok} onclick={preview}>{ t("exercise-preview") }</button>
                <button type="button" id="copy-exercise-link" disabled={!ok} onclick={copy}>{ t("exercise-copy-link") }</button>
                <button type="button" id="download-exercise" disabled={!ok} onclick={download}>{ t("exercise-download-exercise") }</button>
                <button type="button" onclick={props.close.reform(|_: MouseEvent| ())}>{ t("exercise-close-teacher") }</button>
            </div>
            if let Some(url) = &*link {
                if url.len() > share::MAX_COMFORTABLE_FRAGMENT {
                    <p class="field-problem" role="status" id="exercise-link-long">{ t!("exercise-link-long", length = url.len().to_string()) }</p>
                } else {
                    <p class="hint" role="status">{ t("exercise-link-copied") }</p>
                }
                <input type="text" readonly=true id="exercise-link" class="link-box" value={url.clone()} aria-label={t("exercise-link-label")} />
            }
        </aside>
    }
}
