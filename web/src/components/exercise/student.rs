//! The student's view of an open exercise: the text, the locked fields, the tasks with their
//! checks (the core's functions, the same as `cloudecon grade`), and the answers bar.

use std::collections::HashMap;
use std::rc::Rc;

use cloudecon::exercise::check::{check_choice, check_goal_keyed, check_number, locks_key, Expected, Key};
use cloudecon::exercise::{Answers, ExerciseDocument, Feedback, TaskKind, Verdict};
use cloudecon::{RunOutput, Scenario};
use serde_json::Value;
use yew::prelude::*;

use super::answers::{AnswersBar, StudentName};
use super::locks::LockLayer;
use super::scenario_note::ScenarioNote;
use super::task::TaskCard;
use crate::hooks::{use_run_on, RunState};
use crate::i18n::{t, use_lang};
use crate::pages::names;
use crate::services::engine;
use crate::t;

use super::{problems_text, written_in};

#[derive(Properties, PartialEq)]
pub struct StudentViewProps {
    pub exercise: Rc<ExerciseDocument>,
    /// The exercise's fingerprint (computed once by the panel).
    pub fingerprint: AttrValue,
    pub answers: Answers,
    pub onchange: Callback<Answers>,
    pub scenario: Rc<Scenario>,
    /// The result of the page's current scenario, or why there is none.
    pub output: Result<Rc<RunOutput>, String>,
    pub set_exercise: Callback<Option<ExerciseDocument>>,
    /// "Back to the exercise's scenario", and its Undo while it can be undone.
    pub back: Callback<()>,
    pub undo_back: Option<Callback<()>>,
    pub refused: Option<(u32, String)>,
    /// Back to the teacher's editor: only when this tab's teacher mode previews the exercise.
    pub edit: Option<Callback<()>>,
    pub hidden_results: bool,
}

/// A run's output compared by identity: a memo key that holds what it names.
#[derive(Clone)]
struct Same(Rc<RunOutput>);

impl PartialEq for Same {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// The expected answers, from the result of the exercise's own scenario (the link stores none),
/// or why there are none (yet).
fn expectations(doc: &ExerciseDocument, run: &RunState) -> Result<Vec<Option<Expected>>, String> {
    match run {
        RunState::Done { output, .. } => doc.expectations(&output.to_value()).map_err(|e| problems_text(&e)),
        RunState::Running { fraction } => {
            Err(t!("exercise-why-computing", percent = crate::format::fixed(fraction * 100.0, 0)))
        }
        RunState::Loading { .. } => Err(t("exercise-why-worker-loading")),
        RunState::Invalid(e) => Err(problems_text(e)),
        RunState::Failed(e) => Err(e.show()),
        RunState::Cancelled | RunState::Idle => Err(t("exercise-why-not-computed")),
    }
}

/// A verdict the page words itself (in the reader's language), for a check the core's functions
/// do not make: a task or an exercise that cannot be checked (the exercise's fault).
fn page_verdict(message: String, unchecked: bool) -> Verdict {
    Verdict { message, unchecked, ..Verdict::default() }
}

/// The verdict on `given` for task `t`.
fn verdict(
    doc: &ExerciseDocument,
    k: usize,
    expected: &Result<Vec<Option<Expected>>, String>,
    given: Option<&Value>,
    scenario: &Scenario,
    output: &Result<Rc<RunOutput>, String>,
) -> Verdict {
    let task = &doc.exercise.tasks[k];
    match (task.kind, expected.as_ref().map(|e| e.get(k).copied().flatten())) {
        (TaskKind::Goal, _) => {
            let goal = task.goal.as_ref().map(|g| g.result.as_str()).unwrap_or("");
            // The whole scenario's result, as `cloudecon grade` computes it (a page may run only
            // part of it, e.g. Abacus's auction apart from its schedule); a large scenario's is the
            // page's own run.
            let result = if engine::inline(scenario) {
                engine::run(scenario)
                    .map(|o| o.to_value())
                    .map_err(|e| t!("exercise-why-scenario-problems", error = problems_text(&e)))
            } else {
                output.as_ref().map(|o| o.to_value()).map_err(Clone::clone)
            };
            let (exercise, mine) = (doc.scenario.to_value(), scenario.to_value());
            // Locked fields as the page names them ("J2's budget"), not as paths.
            let name = |p: &str| names::field(doc.scenario.kind(), &exercise, p);
            if let Some(why) = locks_key(&doc.exercise.locked, &exercise, &mine, name) {
                let list = (why.args.iter().find(|(n, _)| *n == "list")).map(|(_, v)| v.clone()).unwrap_or_default();
                return page_verdict(t!("exercise-verdict-locks-changed", list = list), false);
            }
            // A goal that names nothing in a result is the exercise's fault, not the student's.
            if let Ok(r) = &result {
                if r.pointer(goal).is_none() {
                    return page_verdict(t!("exercise-cannot-check-goal", goal = format!("{goal:?}")), true);
                }
            }
            let value = result
                .map_err(|why| Key::new("exercise-why-text", vec![("why", why)]))
                .and_then(|r| cloudecon::exercise::pointer::number_at_keyed(&r, goal));
            check_goal_keyed(task, &doc.exercise.locked, &exercise, &mine, value)
        }
        (TaskKind::Number, Ok(Some(Expected::Number(x)))) => check_number(task, x, given),
        (TaskKind::Choice, Ok(Some(Expected::Choice(i)))) => check_choice(task, i, given),
        (_, Err(e)) => page_verdict(t!("exercise-cannot-check-exercise", error = e.clone()), true),
        _ => page_verdict(t("exercise-cannot-check-no-answer"), true),
    }
}

#[component]
pub fn StudentView(props: &StudentViewProps) -> Html {
    let lang = use_lang();
    let doc = &props.exercise;
    // The exercise's own scenario runs like the page's (in the worker when it is large), so a
    // large exercise never stalls the page.
    let run = use_run_on("exercise", Some(doc.scenario.clone()));
    let done = match &run.state {
        RunState::Done { output, .. } => Some(Same(Rc::clone(output))),
        _ => None,
    };
    let computing = matches!(run.state, RunState::Running { .. } | RunState::Loading { .. });
    let expected = {
        let (doc, state) = (Rc::clone(doc), run.state.clone());
        use_memo((props.fingerprint.clone(), done.clone(), lang), move |_| expectations(&doc, &state))
    };
    let expected = if done.is_some() { expected } else { Rc::new(expectations(doc, &run.state)) };
    // Goal verdicts (and checks that could not be made) of this visit; a number or choice
    // answer's verdict follows from the saved answer.
    let checked = use_state(HashMap::<usize, Verdict>::new);
    let verdict_of = |t: usize| -> Option<Verdict> {
        let task = &doc.exercise.tasks[t];
        match (task.kind, expected.as_ref(), props.answers.answers.get(&task.id)) {
            (TaskKind::Goal, _, _) | (_, Err(_), _) | (_, _, None) => checked.get(&t).cloned(),
            (_, Ok(_), Some(given)) => Some(verdict(doc, t, &expected, Some(given), &props.scenario, &props.output)),
        }
    };
    let ex = &doc.exercise;
    let tasks = ex.tasks.iter().enumerate().map(|(t, task)| {
        let oncheck = {
            let (doc, expected, checked) = (Rc::clone(doc), Rc::clone(&expected), checked.clone());
            let (scenario, output, answers, onchange) =
                (Rc::clone(&props.scenario), props.output.clone(), props.answers.clone(), props.onchange.clone());
            Callback::from(move |given: Option<Value>| {
                let id = doc.exercise.tasks[t].id.clone();
                let goal = doc.exercise.tasks[t].kind == TaskKind::Goal;
                // A goal's answer is the scenario it was checked on.
                let given = given.or_else(|| goal.then(|| serde_json::json!({ "scenario": scenario.to_value() })));
                let v = verdict(&doc, t, &expected, if goal { None } else { given.as_ref() }, &scenario, &output);
                let unchecked = v.unchecked;
                let mut next = (*checked).clone();
                next.insert(t, v);
                checked.set(next);
                let mut a = answers.clone();
                if let Some(given) = given {
                    a.answers.insert(id.clone(), given);
                }
                // A check made while the answers are still being computed is no attempt, nor is
                // one the exercise gives nothing to check against (its answer, kept, still
                // answers a predict task: the results show).
                if (goal || !computing) && !unchecked {
                    *a.attempts.entry(id).or_default() += 1;
                }
                onchange.emit(a);
            })
        };
        let onhint = {
            let (answers, onchange, id) = (props.answers.clone(), props.onchange.clone(), task.id.clone());
            Callback::from(move |()| {
                let mut a = answers.clone();
                *a.hints_used.entry(id.clone()).or_default() += 1;
                onchange.emit(a);
            })
        };
        let given = if task.kind == TaskKind::Goal { None } else { props.answers.answers.get(&task.id).cloned() };
        html! {
            <TaskCard key={task.id.clone()} index={t} task={task.clone()} lang={AttrValue::from(ex.lang.clone())} {given} verdict={verdict_of(t)} feedback={ex.feedback}
                attempts={props.answers.attempts.get(&task.id).copied().unwrap_or(0)}
                hints_used={props.answers.hints_used.get(&task.id).copied().unwrap_or(0)} {oncheck} {onhint} />
        }
    });
    // The locked field a stopped edit (or the focus) was aimed at, said in the panel.
    let touched = use_state(|| None::<String>);
    let onlocked = {
        let touched = touched.clone();
        use_callback((), move |p: String, _| touched.set(Some(p)))
    };
    let locked = use_memo(ex.locked.clone(), |l| l.clone());
    // The exercise's scenario, for naming its fields as the page does.
    let exercise_value = use_memo(props.fingerprint.clone(), {
        let doc = Rc::clone(doc);
        move |_| doc.scenario.to_value()
    });
    let name = |p: &str| names::field(doc.scenario.kind(), &exercise_value, p);
    let verdicts: Vec<Verdict> = (0..ex.tasks.len()).filter_map(verdict_of).collect();
    let score = if ex.feedback == Feedback::None {
        t!("exercise-score-answered", done = verdicts.len().to_string(), total = ex.tasks.len().to_string())
    } else {
        let right = verdicts.iter().filter(|v| v.correct).count();
        t!("exercise-score-right", right = right.to_string(), total = ex.tasks.len().to_string())
    };
    let problem = match (&run.state, expected.as_ref()) {
        (RunState::Running { fraction }, _) => Some(html! {
            <p class="predict-note" role="status" id="exercise-computing">{ t!("exercise-computing", percent = crate::format::fixed(fraction * 100.0, 0)) }</p>
        }),
        (RunState::Loading { .. }, _) => Some(html! {
            <p class="predict-note" role="status" id="exercise-computing">{ t("exercise-worker-loading") }</p>
        }),
        (_, Err(e)) => Some(
            html! { <p class="field-problem" role="alert">{ t!("exercise-cannot-be-checked", error = e.clone()) }</p> },
        ),
        _ => None,
    };
    let locked_names: Vec<String> = ex.locked.iter().map(|p| name(p)).collect();
    html! {
        <aside class="exercise-panel" id="exercise" aria-labelledby="exercise-title">
            if let Some(edit) = &props.edit {
                <p class="preview-note no-print" id="exercise-preview">{ t("exercise-preview-note") }{ " " }
                    <button type="button" id="back-to-teacher" onclick={edit.reform(|_: MouseEvent| ())}>{ t("exercise-back-to-teacher") }</button></p>
            }
            <p class="eyebrow">{ t("exercise-eyebrow") }</p>
            if ex.title.is_empty() {
                <h2 id="exercise-title">{ t("exercise-eyebrow") }</h2>
            } else {
                <h2 id="exercise-title" lang={ex.lang.clone()} translate="no">{ ex.title.clone() }</h2>
            }
            if !ex.written_in(lang.tag()) {
                <p class="hint" id="exercise-language">{ written_in(&ex.lang) }</p>
            }
            <StudentName answers={props.answers.clone()} onchange={props.onchange.clone()} />
            { for ex.text.split("\n\n").filter(|p| !p.trim().is_empty()).map(|p| html! { <p class="exercise-text" lang={ex.lang.clone()} translate="no">{ p.to_string() }</p> }) }
            if !ex.locked.is_empty() {
                <p class="locked-list">{ super::locks::lock_icon() }{ t!("exercise-locked-list", fields = names::listing(&locked_names)) }</p>
            }
            <LockLayer {locked} block=true {onlocked} />
            if let Some(p) = &*touched {
                <p class="refused" role="status" id="locked-note">{ super::locks::lock_icon() }{ t!("exercise-locked-note", field = name(p)) }</p>
            }
            if let Some((n, message)) = &props.refused {
                <p class="refused" role="alert" key={n.to_string()}>{ super::locks::lock_icon() }{ message.clone() }</p>
            }
            { for problem }
            if props.hidden_results {
                <p class="predict-note" role="status">{ t("exercise-results-hidden") }</p>
            }
            <ScenarioNote exercise={Rc::clone(doc)} scenario={Rc::clone(&props.scenario)}
                back={props.back.clone()} undo={props.undo_back.clone()} />
            <ol class="tasks">{ for tasks }</ol>
            <p class="score" aria-live="polite">{ score }</p>
            <AnswersBar exercise={Rc::clone(doc)} answers={props.answers.clone()} onchange={props.onchange.clone()}
                set_exercise={props.set_exercise.clone()} />
            <p class="hint">{ t("exercise-checks-note") }</p>
        </aside>
    }
}
