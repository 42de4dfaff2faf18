//! Teacher mode: "Make an exercise" from the page's scenario — the text, tasks made by picking a
//! number of the result (its pointer is picked for the teacher), choice and goal tasks, locks on
//! fields — then preview as a student, copy the link (the share codec; past about 8,000
//! characters it says so and offers the file) or download the exercise file.

use std::rc::Rc;

use cloudecon::exercise::{Answer, Exercise, ExerciseDocument, Goal, Task, TaskKind, Tolerance};
use cloudecon::{RunOutput, Scenario};
use serde_json::Value;
use yew::prelude::*;

use super::locks::LockLayer;
use super::picker::{lockable, number_rows, Picker};
use super::result_pick::ResultPick;
use super::teacher_task::TaskEditor;
use crate::pages::route_of;
use crate::services::{files, share, storage};

#[derive(Properties, PartialEq)]
pub struct TeacherEditorProps {
    pub scenario: Rc<Scenario>,
    pub output: Option<Rc<RunOutput>>,
    /// The open exercise, whose block the editor starts from.
    pub exercise: Option<Rc<ExerciseDocument>>,
    pub set_exercise: Callback<Option<ExerciseDocument>>,
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
    let path = route_of(doc.scenario.kind()).map(|r| yew_router::Routable::to_path(&r)).unwrap_or_default();
    format!("{origin}{path}")
}

#[component]
pub fn TeacherEditor(props: &TeacherEditorProps) -> Html {
    let kind = props.scenario.kind();
    let draft = {
        let start = props.exercise.as_ref().map(|e| e.exercise.clone());
        use_state(move || {
            start.or_else(|| storage::load_draft(kind)).unwrap_or(Exercise {
                title: String::new(),
                text: String::new(),
                locked: vec![],
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
    let numbers = use_memo(result.clone(), |r| r.as_ref().map(number_rows).unwrap_or_default());
    let fields = use_memo(props.scenario.clone(), |s| lockable(&s.to_value()));
    let doc = ExerciseDocument { scenario: (*props.scenario).clone(), exercise: (*draft).clone() };
    let mut problems: Vec<String> =
        doc.validate().err().map(|e| e.problems.iter().map(ToString::to_string).collect()).unwrap_or_default();
    match &result {
        Some(r) if problems.is_empty() => {
            if let Err(e) = doc.check_result(r) {
                problems.extend(e.problems.iter().map(ToString::to_string));
            }
        }
        None => problems.push("the scenario has no result yet: fix its problems or wait for the run".into()),
        _ => {}
    }
    let value_at = |p: &str| result.as_ref().and_then(|r| r.pointer(p)).and_then(Value::as_f64);
    let add_number = {
        let edit = edit.clone();
        Callback::from(move |p: String| {
            edit.emit(Rc::new(move |ex: &mut Exercise| {
                let mut t =
                    blank(ex, TaskKind::Number, format!("What is {}?", cloudecon::exercise::pointer::to_path(&p)));
                t.answer = Some(Answer { result: Some(p.clone()), value: None });
                t.tolerance = Some(Tolerance { abs: None, rel: Some(0.01) });
                ex.tasks.push(t);
            }))
        })
    };
    let add_goal = {
        let (edit, current) = (edit.clone(), result.clone());
        Callback::from(move |p: String| {
            let now = current.as_ref().and_then(|r| r.pointer(&p)).and_then(Value::as_f64).unwrap_or(0.0);
            edit.emit(Rc::new(move |ex: &mut Exercise| {
                let path = cloudecon::exercise::pointer::to_path(&p);
                let mut t =
                    blank(ex, TaskKind::Goal, format!("Change the scenario so that {path} is at least {}.", now * 1.5));
                t.goal = Some(Goal { result: p.clone(), min: Some(now * 1.5), max: None });
                ex.tasks.push(t);
            }))
        })
    };
    let add_choice = {
        let edit = edit.clone();
        Callback::from(move |_: MouseEvent| {
            edit.emit(Rc::new(|ex: &mut Exercise| {
                let mut t = blank(ex, TaskKind::Choice, "Which …?".into());
                t.options = vec!["first".into(), "second".into()];
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
    let ok = problems.is_empty();
    let preview = {
        let (set, close, doc) = (props.set_exercise.clone(), props.close.clone(), doc.clone());
        Callback::from(move |_: MouseEvent| {
            set.emit(Some(doc.clone()));
            close.emit(());
        })
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
            <p class="eyebrow">{ "Teacher mode" }</p>
            <h2 id="teacher-title">{ "Make an exercise" }</h2>
            <p class="hint">{ "The exercise is this page's scenario as it is now, plus what you write here. Number tasks are checked against the result of that scenario, computed when the student checks: the link stores no answers." }</p>
            <label class="block">{ "Title " }<input type="text" id="exercise-title-input" value={draft.title.clone()} oninput={text_edit(|ex, v| ex.title = v)} /></label>
            <label class="block">{ "Instructions (blank lines separate paragraphs)" }
                <textarea id="exercise-text-input" rows="4" value={draft.text.clone()} oninput={text_edit(|ex, v| ex.text = v)} /></label>
            <h3>{ format!("Tasks ({})", draft.tasks.len()) }</h3>
            <ol class="task-editors">
                { for draft.tasks.iter().enumerate().map(|(i, t)| html! {
                    <TaskEditor key={t.id.clone()} index={i} task={t.clone()} edit={edit.clone()} current={t.answer.as_ref().and_then(|a| a.result.as_deref()).or(t.goal.as_ref().map(|g| g.result.as_str())).and_then(value_at)} />
                }) }
            </ol>
            <div class="row ask-pick">
                <button type="button" id="pick-results" aria-pressed={asking.to_string()} onclick={onask}>
                    { if *asking { "Done asking" } else { "➕ Ask about a number on the page" } }</button>
                if *asking {
                    <span class="hint" role="status">{ "Click a number in the page's results (outlined) to make a task of it." }</span>
                    <ResultPick pick={add_number.clone()} />
                }
            </div>
            <Picker id="result-picker" legend="Or pick a number of the result from the list" rows={numbers.clone()}
                actions={vec![(AttrValue::from("Ask"), add_number), (AttrValue::from("Goal"), add_goal)]} />
            <button type="button" onclick={add_choice}>{ "Add a choice task" }</button>
            <div class="row lock-pick">
                <button type="button" id="pick-locks" aria-pressed={picking.to_string()} onclick={onpick}>
                    { if *picking { "Done locking" } else { "🔒 Lock fields on the page" } }</button>
                if *picking {
                    <span class="hint" role="status">{ "Click a field of the page (or press Enter on it) to lock or unlock it; locked ones turn grey." }</span>
                }
            </div>
            <LockLayer locked={Rc::clone(&locked)} pick={picking.then(|| toggle_lock.clone())} />
            <Picker id="lock-picker" legend="Or pick them from the list of fields" rows={fields.clone()}
                actions={vec![(AttrValue::from("🔒 Lock"), toggle_lock)]} chosen={locked} />
            if !problems.is_empty() {
                <ul class="field-problem" role="alert" id="exercise-problems">{ for problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
            }
            <div class="buttons">
                <button type="button" id="preview-exercise" disabled={!ok} onclick={preview}>{ "Preview as student" }</button>
                <button type="button" id="copy-exercise-link" disabled={!ok} onclick={copy}>{ "Copy exercise link" }</button>
                <button type="button" id="download-exercise" disabled={!ok} onclick={download}>{ "Download exercise file" }</button>
                <button type="button" onclick={props.close.reform(|_: MouseEvent| ())}>{ "Close teacher mode" }</button>
            </div>
            if let Some(url) = &*link {
                if url.len() > share::MAX_COMFORTABLE_FRAGMENT {
                    <p class="field-problem" role="status" id="exercise-link-long">{ format!("This link is {} characters long — too long for many chat and e-mail tools. Share the exercise file instead (students open it with the page's Import).", url.len()) }</p>
                } else {
                    <p class="hint" role="status">{ "Link copied to the clipboard (if the browser allowed it):" }</p>
                }
                <input type="text" readonly=true id="exercise-link" class="link-box" value={url.clone()} aria-label="Exercise link" />
            }
        </aside>
    }
}
