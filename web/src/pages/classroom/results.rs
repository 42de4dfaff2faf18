//! The grades: a table of students × tasks (✓ or ✗, with the answer given in the cell's tooltip,
//! attempts and hints used), each student's total, a bar chart of correct answers per task, and
//! the CSV for a gradebook (the same text as `cloudecon grade` prints).

use std::rc::Rc;

use cloudecon::exercise::grade::{StudentGrades, TaskGrade};
use cloudecon::exercise::{ExerciseDocument, Grades};
use yew::prelude::*;

use crate::charts::{BarChart, Chart};
use crate::hooks::use_errors;
use crate::services::files;

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

/// The chart of correct answers per task, with the number of students as the reference line.
pub fn chart(doc: &ExerciseDocument, grades: &Grades) -> BarChart {
    let labels = doc.exercise.tasks.iter().map(|t| t.id.clone()).collect();
    let students = grades.students.len() as f64;
    BarChart {
        reference: Some(("students".into(), students)),
        ..BarChart::single("Correct answers per task", "students correct", labels, correct_per_task(doc, grades))
    }
}

/// "2 attempts, 1 hint".
pub fn usage(t: &TaskGrade) -> String {
    let plural = |n: u32, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    format!("{}, {}", plural(t.attempts, "attempt"), plural(t.hints, "hint"))
}

/// The tooltip of a cell: the answer given, what was expected, and the verdict's message.
fn tooltip(t: &TaskGrade) -> String {
    let v = &t.verdict;
    let given = if v.given.is_empty() { "no answer".to_string() } else { format!("given: {}", v.given) };
    let expected = if v.expected.is_empty() { String::new() } else { format!("; expected: {}", v.expected) };
    format!("{given}{expected} — {}", v.message)
}

fn cell(t: &TaskGrade) -> Html {
    let (mark, word) = if t.verdict.correct { ("✓", "correct") } else { ("✗", "wrong") };
    let class = classes!("grade", if t.verdict.correct { "right" } else { "wrong" });
    html! {
        <td {class} title={tooltip(t)} data-task={t.task.clone()} data-correct={t.verdict.correct.to_string()}
            data-attempts={t.attempts.to_string()} data-hints={t.hints.to_string()} data-given={t.verdict.given.clone()}>
            <span class="mark" aria-hidden="true">{ mark }</span>
            <span style={READER_ONLY}>{ format!("{word}, given {}", if t.verdict.given.is_empty() { "nothing" } else { &t.verdict.given }) }</span>
            <br /><small class="usage">{ usage(t) }</small>
        </td>
    }
}

fn row(s: &StudentGrades) -> Html {
    let right = s.tasks.iter().filter(|t| t.verdict.correct).count();
    html! {
        <tr>
            <th scope="row" class="student" title={format!("from {}", s.source)}>{ s.student.clone() }</th>
            { for s.tasks.iter().map(cell) }
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
    let errors = use_errors();
    let (doc, grades) = (&props.doc, &props.grades);
    let data = use_memo((doc.clone(), grades.clone()), |(doc, grades)| chart(doc, grades));
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
    let header = doc.exercise.tasks.iter().map(|t| {
        html! { <th scope="col" title={t.prompt.clone()} data-task={t.id.clone()}>{ t.id.clone() }</th> }
    });
    html! {
        <section class="results" id="grades" aria-labelledby="grades-heading">
            <h2 id="grades-heading">{ format!("Grades: {} student{}", grades.students.len(), if grades.students.len() == 1 { "" } else { "s" }) }</h2>
            <p class="hint">{ "✓ right, ✗ wrong; hover a cell (or focus the table with a screen reader) for the answer given. \
                               Below each mark: the checks the student made and the hints they revealed." }</p>
            <div class="scroll" role="region" aria-label="Grades table" tabindex="0">
                <table id="grades-table">
                    <thead><tr><th scope="col">{ "Student" }</th>{ for header }<th scope="col">{ "Total" }</th></tr></thead>
                    <tbody>{ for grades.students.iter().map(row) }</tbody>
                </table>
            </div>
            <Chart<BarChart> data={(*data).clone()} height={240} id="grades-chart" />
            <div class="toolbar">
                <button id="download-grades-csv" onclick={ondownload}
                    title="student,task,correct,given,expected: one row per student and task, as cloudecon grade prints">
                    { "Download CSV" }
                </button>
            </div>
        </section>
    }
}
