//! Classroom exercises on every mechanism page: the student's view of an open exercise (tasks
//! beside the live page, checks, hints, answer files, a printable worksheet) and the teacher's
//! editor that turns the page's scenario into an exercise link. Generic over mechanisms: it works
//! on the scenario and result documents as JSON, with the core's `exercise` module.
//!
//! A page calls [`use_exercise`] and renders its `panel`; while a predict-then-run task is not
//! yet answered, `hide_results` is true and the page shows no results.

mod answers;
mod locks;
mod picker;
mod precision;
mod result_pick;
mod scenario_note;
mod student;
mod task;
mod teacher;
mod teacher_task;

use std::rc::Rc;

use cloudecon::exercise::check::{Key, Said};
use cloudecon::exercise::{Answers, ExerciseDocument};
use cloudecon::{RunOutput, Scenario};
use yew::prelude::*;

use crate::hooks::{RunHandle, RunState};
use crate::i18n::{t, t_args, use_lang, Args};
use crate::services::storage;
use crate::t;
use student::StudentView;
use teacher::TeacherEditor;

/// What a page needs of its document for exercises (taken from its `DocumentHandle`).
#[derive(Clone, PartialEq)]
pub struct ExerciseDoc {
    pub exercise: Option<Rc<ExerciseDocument>>,
    pub scenario: Rc<Scenario>,
    pub set_exercise: Callback<Option<ExerciseDocument>>,
    /// Opens the exercise's own scenario again over the student's changes (kept for Undo).
    pub back: Callback<()>,
    /// Undoes that, while it is what the page's Undo takes back.
    pub undo_back: Option<Callback<()>>,
    pub refused: Option<(u32, String)>,
    /// Lifts the exercise's locks (teacher mode) or puts them back.
    pub lift_locks: Callback<bool>,
}

/// The panel to render and whether the page must hide its results (predict, then run).
pub struct ExerciseView {
    pub panel: Html,
    pub hide_results: bool,
}

impl ExerciseView {
    /// The run as the page may show it: nothing while predictions are pending.
    pub fn gate(&self, run: RunHandle) -> RunHandle {
        if self.hide_results {
            RunHandle { state: RunState::Idle, last: None, cancel: run.cancel }
        } else {
            run
        }
    }
}

/// The current result of the page's scenario: only a finished run of the current scenario counts.
fn current_output(run: &RunHandle) -> Result<Rc<RunOutput>, String> {
    match &run.state {
        RunState::Done { output, .. } => Ok(Rc::clone(output)),
        RunState::Invalid(e) => Err(t!("exercise-why-scenario-problems", error = problems_text(e))),
        RunState::Running { .. } | RunState::Loading { .. } => Err(t("exercise-why-not-finished")),
        RunState::Cancelled => Err(t("exercise-why-cancelled")),
        RunState::Failed(e) => Err(e.show()),
        RunState::Idle => Err(t("exercise-why-nothing-run")),
    }
}

/// A core message given as data ([`Key`]), in the reader's language.
pub fn key_text(key: &Key) -> String {
    let mut args = Args::new();
    for (name, value) in &key.args {
        args.set(*name, value.clone());
    }
    for (name, inner) in &key.nested {
        args.set(*name, key_text(inner));
    }
    for (name, e) in &key.problems {
        args.set(*name, problems_text(e));
    }
    t_args(key.id, &args)
}

/// What a verdict tells, in the reader's language (its English when it has no message).
pub fn said_text(said: &Said) -> String {
    said.key.as_ref().map_or_else(|| said.text.clone(), key_text)
}

/// "This exercise is written in English." (said when that is not the reader's language).
pub fn written_in(tag: &str) -> String {
    let primary = tag.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
    t!("exercise-written-in", lang = primary, tag = tag.to_string())
}

pub use crate::i18n::problems_text;

/// Whether `answers` leave a predict-then-run task unanswered (the results stay hidden).
pub fn predictions_pending(doc: &ExerciseDocument, answers: &Answers) -> bool {
    doc.exercise.tasks.iter().any(|t| {
        t.predict && answers.attempts.get(&t.id).copied().unwrap_or(0) == 0 && !answers.answers.contains_key(&t.id)
    })
}

/// The exercise panel of a page, and whether its results are hidden.
#[hook]
pub fn use_exercise(doc: ExerciseDoc, run: &RunHandle) -> ExerciseView {
    // The panel's texts are the calling page's: it re-renders when the reader switches language.
    use_lang();
    // Hashing the whole document is not for every render.
    let fingerprint = (*use_memo(doc.exercise.clone(), |e| e.as_ref().map(|e| e.fingerprint()))).clone();
    let answers = {
        let fp = fingerprint.clone();
        use_state(move || fp.and_then(|fp| storage::load_answers(&fp)))
    };
    {
        // Another exercise opened: its own saved answers (or none yet).
        let answers = answers.clone();
        use_effect_with(fingerprint.clone(), move |fp| {
            answers.set(fp.as_ref().and_then(|fp| storage::load_answers(fp)));
        });
    }
    let teacher = use_state(|| false);
    // The fingerprint of the exercise this tab's teacher mode previews: only then does the
    // student's view offer the way back to teacher mode (a student's link never does).
    let previewing = use_state(|| None::<String>);
    {
        // Teacher mode edits the scenario freely, locked fields too; leaving it locks them again.
        let lift = doc.lift_locks.clone();
        use_effect_with(*teacher, move |on| lift.emit(*on));
    }
    let output = current_output(run);
    let hide_results = !*teacher
        && match (&doc.exercise, &fingerprint) {
            (Some(ex), Some(fp)) => {
                let current =
                    (*answers).clone().filter(|a| &a.exercise == fp).unwrap_or_else(|| Answers::new(fp.clone(), ""));
                predictions_pending(ex, &current)
            }
            _ => false,
        };
    let on_teacher = {
        let teacher = teacher.clone();
        Callback::from(move |on: bool| teacher.set(on))
    };
    let preview = {
        let (set, teacher, previewing) = (doc.set_exercise.clone(), teacher.clone(), previewing.clone());
        Callback::from(move |e: ExerciseDocument| {
            previewing.set(Some(e.fingerprint()));
            set.emit(Some(e));
            teacher.set(false);
        })
    };
    let panel = match (&doc.exercise, *teacher) {
        (_, true) => html! {
            // Keyed by the open exercise: another one opened meanwhile starts its own draft.
            <TeacherEditor key={fingerprint.clone().unwrap_or_default()} scenario={doc.scenario.clone()} output={output.clone().ok()} exercise={doc.exercise.clone()}
                {preview} close={on_teacher.reform(|()| false)} />
        },
        (Some(ex), false) => {
            let fp = fingerprint.clone().unwrap_or_default();
            let current =
                (*answers).clone().filter(|a| a.exercise == fp).unwrap_or_else(|| Answers::new(fp.clone(), ""));
            let onchange = {
                let answers = answers.clone();
                Callback::from(move |a: Answers| {
                    // Best effort: the download button keeps the answers when storage refuses.
                    let _ = storage::save_answers(&a);
                    answers.set(Some(a));
                })
            };
            let edit = (previewing.as_deref() == Some(fp.as_str())).then(|| on_teacher.reform(|()| true));
            html! {
                <StudentView key={fp.clone()} fingerprint={AttrValue::from(fp.clone())} exercise={Rc::clone(ex)} answers={current} {onchange} scenario={doc.scenario.clone()}
                    output={output} set_exercise={doc.set_exercise.clone()} back={doc.back.clone()} undo_back={doc.undo_back.clone()} refused={doc.refused.clone()}
                    {edit} hidden_results={hide_results} />
            }
        }
        (None, false) => html! {
            <aside class="exercise-bar" aria-label={t("exercise-bar-label")}>
                <button type="button" onclick={on_teacher.reform(|_: MouseEvent| true)}>{ t("exercise-make") }</button>
                <span class="hint">{ " " }{ t("exercise-make-hint") }</span>
            </aside>
        },
    };
    ExerciseView { panel, hide_results }
}

#[cfg(test)]
mod tests {
    use cloudecon::exercise::check::{check_choice, check_goal, check_number};
    use cloudecon::exercise::{Feedback, Goal, Task, TaskKind, Tolerance};
    use serde_json::json;

    use super::said_text;
    use crate::i18n::{install_in, Lang};
    use crate::pages::bundles::messages::TOOLS;

    fn task(kind: TaskKind) -> Task {
        Task {
            id: "t1".into(),
            prompt: "?".into(),
            kind,
            options: vec!["a".into(), "b".into()],
            answer: None,
            tolerance: (kind == TaskKind::Number).then_some(Tolerance { abs: Some(0.005), rel: None }),
            predict: false,
            hints: vec![],
            goal: Some(Goal { result: "/x".into(), min: Some(1.0), max: None }),
            explanation: String::new(),
        }
    }

    /// What the student is told reads the same in English as the core's English (the runner's,
    /// `cloudecon grade`'s), and is translated in Chinese.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn verdicts_read_as_the_core_writes_them_and_are_translated() {
        let number = task(TaskKind::Number);
        let verdicts = [
            check_number(&number, 0.3, Some(&json!(0.41))),
            check_number(&number, 0.3, Some(&json!(0.3))),
            check_number(&number, 0.3, None),
            check_number(&number, 0.3, Some(&json!("x"))),
            check_choice(&task(TaskKind::Choice), 1, Some(&json!(0))),
            check_goal(&task(TaskKind::Goal), &[], &json!({}), &json!({}), Ok(0.5)),
            check_goal(&task(TaskKind::Goal), &[], &json!({}), &json!({}), Err("no run".into())),
        ];
        for lang in [Lang::En, Lang::ZhCn] {
            install_in(lang, TOOLS);
            for v in &verdicts {
                for level in Feedback::ALL {
                    let said = v.told_as(level);
                    let text = said_text(&said);
                    if lang == Lang::En {
                        assert_eq!(text, said.text, "{v:?} at {level:?}");
                    } else {
                        assert_ne!(text, said.text, "{v:?} at {level:?}: translated");
                    }
                }
            }
        }
        // The other tests read every area in English.
        install_in(Lang::En, crate::pages::bundles::messages::ALL);
    }

    /// Why a student's answer could not be graded (the classroom's table): the scenario's
    /// problems are said in the reader's language, like the reason around them.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_grading_reason_says_the_scenarios_problems_in_the_readers_language() {
        use cloudecon::exercise::check::Key;
        let broken = cloudecon::Scenario::from_json("{\"version\": 1,").expect_err("not JSON");
        let key = Key::new("exercise-why-unreadable", vec![]).with_problems("error", broken);
        install_in(Lang::En, TOOLS);
        assert_eq!(super::key_text(&key), key.english());
        install_in(Lang::ZhCn, TOOLS);
        let chinese = super::key_text(&key);
        assert!(chinese.starts_with("无法读取该场景：") && chinese.contains("不是有效的 JSON"), "{chinese}");
        assert!(!chinese.contains("valid"), "{chinese}");
        install_in(Lang::En, crate::pages::bundles::messages::ALL);
    }
}
