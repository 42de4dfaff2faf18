//! The grades: a table of students × tasks (each task headed by its prompt; ✓ or ✗, with the
//! answer given in the cell's tooltip, attempts and hints used), each student's total, a bar
//! chart of how many students answered each task correctly (whole students on its axis), and the
//! CSV for a gradebook (the same text as `cloudecon grade` prints).

use std::rc::Rc;

use cloudecon::exercise::grade::{StudentGrades, TaskGrade};
use cloudecon::exercise::{ExerciseDocument, Grades, Task, TaskKind};
use yew::prelude::*;

use crate::charts::{BarChart, Chart, Counts};
use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};
use crate::services::files;
use crate::t;

/// Hidden on screen, read by screen readers (the stylesheet has no such class).
const READER_ONLY: &str =
    "position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;";

/// How many students answered each task correctly, in the exercise's order of tasks.
pub fn correct_per_task(doc: &ExerciseDocument, grades: &Grades) -> Vec<f64> {
    (doc.exercise.tasks.iter())
        .map(|task| {
            let right = |s: &&StudentGrades| s.tasks.iter().any(|t| t.task == task.id && t.verdict.correct);
            grades.students.iter().filter(right).count() as f64
        })
        .collect()
}

/// A task's label on the chart: its number and the start of its prompt (shorter the more tasks
/// share the axis).
fn short_label(k: usize, task: &Task, tasks: usize) -> String {
    let room = (72 / tasks.max(1)).clamp(0, 24);
    let prompt: String = task.prompt.chars().take(room).collect();
    match (room, task.prompt.chars().count() > room) {
        (0, _) => format!("{}", k + 1),
        (_, true) => format!("{}. {}…", k + 1, prompt.trim_end()),
        (_, false) => format!("{}. {prompt}", k + 1),
    }
}

/// The chart of correct answers per task, with the number of students as the reference line; its
/// axis counts whole students.
pub fn chart(doc: &ExerciseDocument, grades: &Grades) -> Counts {
    let tasks = &doc.exercise.tasks;
    let labels = tasks.iter().enumerate().map(|(k, t)| short_label(k, t, tasks.len())).collect();
    let students = grades.students.len() as f64;
    Counts(BarChart {
        reference: Some((t("classroom-chart-students"), students)),
        ..BarChart::single(
            &t("classroom-chart-title"),
            &t("classroom-chart-axis"),
            labels,
            correct_per_task(doc, grades),
        )
    })
}

/// "2 attempts, 1 hint".
pub fn usage(grade: &TaskGrade) -> String {
    t!("classroom-usage", attempts = crate::i18n::number(grade.attempts), hints = crate::i18n::number(grade.hints))
}

/// An answer as the student saw it: a choice's option by its text, anything else as written.
fn answer_text(task: Option<&Task>, answer: &str) -> String {
    match task.filter(|t| t.kind == TaskKind::Choice) {
        Some(t) => {
            answer.parse::<usize>().ok().and_then(|i| t.options.get(i)).cloned().unwrap_or_else(|| answer.into())
        }
        None => answer.into(),
    }
}

/// A goal's bounds in the page's language (`≥ 0.5`, `≤ 3`, `in [1, 2]`, any value).
fn bounds_text(min: Option<f64>, max: Option<f64>) -> String {
    use crate::format::exact;
    match (min, max) {
        (Some(lo), Some(hi)) => t!("classroom-bounds-between", lo = exact(lo), hi = exact(hi)),
        (Some(lo), None) => t!("classroom-bounds-at-least", lo = exact(lo)),
        (None, Some(hi)) => t!("classroom-bounds-at-most", hi = exact(hi)),
        (None, None) => t("classroom-bounds-any"),
    }
}

/// The tooltip of a cell: the answer given, what was expected, and the verdict's message.
fn tooltip(task: Option<&Task>, grade: &TaskGrade) -> String {
    let v = &grade.verdict;
    let given = if v.given.is_empty() {
        t("classroom-no-answer")
    } else {
        t!("classroom-given", answer = answer_text(task, &v.given))
    };
    let goal = task.filter(|t| t.kind == TaskKind::Goal).and_then(|t| t.goal.as_ref());
    let expected = match goal {
        // The core's `bounds` are English words ("in [1, 2]", "any"): said again here.
        Some(goal) => t!("classroom-expected", answer = bounds_text(goal.min, goal.max)),
        None if v.expected.is_empty() => String::new(),
        None => t!("classroom-expected", answer = answer_text(task, &v.expected)),
    };
    let message = v.key.as_ref().map_or_else(|| v.message.clone(), super::key_text);
    t!("classroom-tooltip", given = given, expected = expected, message = message)
}

fn cell(task: Option<&Task>, grade: &TaskGrade) -> Html {
    let mark = if grade.verdict.correct { "✓" } else { "✗" };
    let class = classes!("grade", if grade.verdict.correct { "right" } else { "wrong" });
    let read = match (grade.verdict.correct, grade.verdict.given.is_empty()) {
        (true, true) => t("classroom-cell-correct-nothing"),
        (false, true) => t("classroom-cell-wrong-nothing"),
        (true, false) => t!("classroom-cell-correct", given = grade.verdict.given.clone()),
        (false, false) => t!("classroom-cell-wrong", given = grade.verdict.given.clone()),
    };
    html! {
        <td {class} title={tooltip(task, grade)} data-task={grade.task.clone()} data-correct={grade.verdict.correct.to_string()}
            data-attempts={grade.attempts.to_string()} data-hints={grade.hints.to_string()} data-given={grade.verdict.given.clone()}>
            <span class="mark" aria-hidden="true">{ mark }</span>
            <span style={READER_ONLY}>{ read }</span>
            <br /><small class="usage">{ usage(grade) }</small>
        </td>
    }
}

fn row(doc: &ExerciseDocument, s: &StudentGrades) -> Html {
    let right = s.tasks.iter().filter(|t| t.verdict.correct).count();
    html! {
        <tr>
            <th scope="row" class="student" title={t!("classroom-from", file = s.source.clone())} translate="no">{ s.student.clone() }</th>
            { for s.tasks.iter().map(|t| cell(doc.exercise.task(&t.task), t)) }
            <td class="total">{ format!("{right} / {}", s.tasks.len()) }</td>
        </tr>
    }
}

#[derive(Properties, PartialEq)]
pub struct GradesViewProps {
    pub doc: Rc<ExerciseDocument>,
    pub grades: Rc<Grades>,
}

#[component]
pub fn GradesView(props: &GradesViewProps) -> Html {
    let lang = use_lang();
    let errors = use_errors();
    let (doc, grades) = (&props.doc, &props.grades);
    // The chart's words are the reader's: drawn again when the language changes.
    let data = use_memo((doc.clone(), grades.clone(), lang), |(doc, grades, _)| chart(doc, grades));
    let ondownload = {
        let grades = grades.clone();
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = files::download("grades.csv", "text/csv", &grades.to_csv()) {
                match &errors {
                    Some(errors) => errors.report(e),
                    None => web_sys::console::error_1(&e.into()),
                }
            }
        })
    };
    let header = doc.exercise.tasks.iter().enumerate().map(|(k, t)| {
        html! { <th scope="col" class="task-prompt" title={t.id.clone()} data-task={t.id.clone()} lang={doc.exercise.lang.clone()} translate="no">{ format!("{}. {}", k + 1, t.prompt) }</th> }
    });
    html! {
        <section class="results" id="grades" aria-labelledby="grades-heading">
            <h2 id="grades-heading">{ t!("classroom-grades-heading", n = crate::i18n::number(grades.students.len() as f64)) }</h2>
            <p class="hint">{ t("classroom-grades-hint") }</p>
            <div class="scroll" role="region" aria-label={t("classroom-grades-table")} tabindex="0">
                <table id="grades-table">
                    <thead><tr><th scope="col">{ t("classroom-col-student") }</th>{ for header }<th scope="col">{ t("classroom-col-total") }</th></tr></thead>
                    <tbody>{ for grades.students.iter().map(|s| row(doc, s)) }</tbody>
                </table>
            </div>
            <Chart<Counts> data={(*data).clone()} height={240} id="grades-chart" />
            <div class="toolbar">
                <button id="download-grades-csv" onclick={ondownload}
                    title={t("classroom-csv.title")}>
                    { t("classroom-csv") }
                </button>
                <p class="hint downloads-plain">{ t("components-downloads-plain") }</p>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::{install_in, Lang};
    use crate::pages::bundles::messages::ALL;

    /// A goal's bounds are said in the page's language (the core's `bounds` are English words).
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_goals_bounds_are_said_in_the_pages_language() {
        install_in(Lang::En, ALL);
        assert_eq!(super::bounds_text(Some(1.0), Some(2.5)), "in [1, 2.5]");
        assert_eq!(super::bounds_text(Some(0.5), None), "≥ 0.5");
        assert_eq!(super::bounds_text(None, None), "any value");
        install_in(Lang::ZhCn, ALL);
        let (between, any) = (super::bounds_text(Some(1.0), Some(2.5)), super::bounds_text(None, None));
        install_in(Lang::En, ALL);
        assert_eq!(between, "在 [1, 2.5] 之内");
        assert_eq!(any, "任意值");
    }
}
