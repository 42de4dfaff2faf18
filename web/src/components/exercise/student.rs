//! The student's view of an open exercise: the text, the locked fields, the tasks with their
//! checks (the core's functions, the same as `cloudecon grade`), and the answers bar.

use std::collections::HashMap;
use std::rc::Rc;

use cloudecon::exercise::check::{check_choice, check_goal, check_number, locks_problem_named, Expected};
use cloudecon::exercise::{Answers, ExerciseDocument, Feedback, TaskKind, Verdict};
use cloudecon::runner::{self, Placement};
use cloudecon::{RunOutput, Scenario};
use serde_json::Value;
use yew::prelude::*;

use super::answers::{AnswersBar, StudentName};
use super::locks::LockLayer;
use super::scenario_note::ScenarioNote;
use super::task::TaskCard;
use crate::hooks::{use_run_on, RunState};
use crate::pages::names;

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
        RunState::Done { output, .. } => doc.expectations(&output.to_value()).map_err(|e| e.to_string()),
        RunState::Running { fraction } => {
            Err(format!("its answers are still being computed ({:.0} %): check again in a moment", fraction * 100.0))
        }
        RunState::Loading { .. } => Err("the background worker that computes its answers is still loading".into()),
        RunState::Invalid(e) => Err(e.to_string()),
        RunState::Failed(e) => Err(e.clone()),
        RunState::Cancelled | RunState::Idle => Err("its answers have not been computed".into()),
    }
}

/// The verdict on `given` for task `t`.
/// The start of a verdict on a task that cannot be checked (the exercise's fault).
const CANNOT: &str = "This task cannot be checked:";
/// What such a check costs: nothing.
const NOT_COUNTED: &str = "Tell your teacher; this did not count as an attempt.";

fn verdict(
    doc: &ExerciseDocument,
    t: usize,
    expected: &Result<Vec<Option<Expected>>, String>,
    given: Option<&Value>,
    scenario: &Scenario,
    output: &Result<Rc<RunOutput>, String>,
) -> Verdict {
    let task = &doc.exercise.tasks[t];
    let fail = |message: String| Verdict { message, ..Verdict::default() };
    match (task.kind, expected.as_ref().map(|e| e.get(t).copied().flatten())) {
        (TaskKind::Goal, _) => {
            let goal = task.goal.as_ref().map(|g| g.result.as_str()).unwrap_or("");
            // The whole scenario's result, as `cloudecon grade` computes it (a page may run only
            // part of it, e.g. Abacus's auction apart from its schedule); a large scenario's is the
            // page's own run.
            let result = match runner::placement(scenario) {
                Placement::Inline => {
                    runner::run(scenario).map(|o| o.to_value()).map_err(|e| format!("your scenario has problems: {e}"))
                }
                Placement::Worker => output.as_ref().map(|o| o.to_value()).map_err(Clone::clone),
            };
            let (exercise, mine) = (doc.scenario.to_value(), scenario.to_value());
            // Locked fields as the page names them ("J2's budget"), not as paths.
            let name = |p: &str| names::field(doc.scenario.kind(), &exercise, p);
            if let Some(why) = locks_problem_named(&doc.exercise.locked, &exercise, &mine, name) {
                return fail(why);
            }
            // A goal that names nothing in a result is the exercise's fault, not the student's.
            if let Ok(r) = &result {
                if r.pointer(goal).is_none() {
                    return Verdict::cannot_check(format!(
                        "{CANNOT} its goal {goal:?} names nothing in the result. {NOT_COUNTED}"
                    ));
                }
            }
            let value = result.and_then(|r| cloudecon::exercise::pointer::number_at(&r, goal));
            check_goal(task, &doc.exercise.locked, &exercise, &mine, value)
        }
        (TaskKind::Number, Ok(Some(Expected::Number(x)))) => check_number(task, x, given),
        (TaskKind::Choice, Ok(Some(Expected::Choice(i)))) => check_choice(task, i, given),
        (_, Err(e)) => Verdict::cannot_check(format!("This exercise cannot be checked: {e}. {NOT_COUNTED}")),
        _ => Verdict::cannot_check(format!("{CANNOT} it names no answer in the exercise's result. {NOT_COUNTED}")),
    }
}

#[component]
pub fn StudentView(props: &StudentViewProps) -> Html {
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
        use_memo((props.fingerprint.clone(), done.clone()), move |_| expectations(&doc, &state))
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
            <TaskCard key={task.id.clone()} index={t} task={task.clone()} {given} verdict={verdict_of(t)} feedback={ex.feedback}
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
        format!("{} of {} answered.", verdicts.len(), ex.tasks.len())
    } else {
        format!("{} of {} right so far.", verdicts.iter().filter(|v| v.correct).count(), ex.tasks.len())
    };
    let problem = match (&run.state, expected.as_ref()) {
        (RunState::Running { fraction }, _) => Some(html! {
            <p class="predict-note" role="status" id="exercise-computing">{ format!("Computing the exercise's answers… {:.0} %", fraction * 100.0) }</p>
        }),
        (RunState::Loading { .. }, _) => Some(html! {
            <p class="predict-note" role="status" id="exercise-computing">{ "Loading the background worker that computes the exercise's answers…" }</p>
        }),
        (_, Err(e)) => Some(
            html! { <p class="field-problem" role="alert">{ format!("This exercise cannot be checked: {e}") }</p> },
        ),
        _ => None,
    };
    let locked_names: Vec<String> = ex.locked.iter().map(|p| name(p)).collect();
    html! {
        <aside class="exercise-panel" id="exercise" aria-labelledby="exercise-title">
            if let Some(edit) = &props.edit {
                <p class="preview-note no-print" id="exercise-preview">{ "Preview: this is what your students see. " }
                    <button type="button" id="back-to-teacher" onclick={edit.reform(|_: MouseEvent| ())}>{ "Back to teacher mode" }</button></p>
            }
            <p class="eyebrow">{ "Exercise" }</p>
            <h2 id="exercise-title">{ if ex.title.is_empty() { "Exercise".to_string() } else { ex.title.clone() } }</h2>
            <StudentName answers={props.answers.clone()} onchange={props.onchange.clone()} />
            { for ex.text.split("\n\n").filter(|p| !p.trim().is_empty()).map(|p| html! { <p class="exercise-text">{ p.to_string() }</p> }) }
            if !ex.locked.is_empty() {
                <p class="locked-list">{ super::locks::lock_icon() }{ "Locked: " }{ names::listing(&locked_names) }{ "." }</p>
            }
            <LockLayer {locked} block=true {onlocked} />
            if let Some(p) = &*touched {
                <p class="refused" role="status" id="locked-note">{ super::locks::lock_icon() }{ format!("Locked by the exercise: {} (it stays as the teacher set it).", name(p)) }</p>
            }
            if let Some((n, message)) = &props.refused {
                <p class="refused" role="alert" key={n.to_string()}>{ super::locks::lock_icon() }{ message.clone() }</p>
            }
            { for problem }
            if props.hidden_results {
                <p class="predict-note" role="status">{ "The results are hidden until you have answered the “predict first” tasks: predict, then run." }</p>
            }
            <ScenarioNote exercise={Rc::clone(doc)} scenario={Rc::clone(&props.scenario)}
                back={props.back.clone()} undo={props.undo_back.clone()} />
            <ol class="tasks">{ for tasks }</ol>
            <p class="score" aria-live="polite">{ score }</p>
            <AnswersBar exercise={Rc::clone(doc)} answers={props.answers.clone()} onchange={props.onchange.clone()}
                set_exercise={props.set_exercise.clone()} />
            <p class="hint">{ "Checks run in your browser; your answers are saved in it as you go. For practice and teaching, not exams." }</p>
        </aside>
    }
}
