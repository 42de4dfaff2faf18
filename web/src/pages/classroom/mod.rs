//! The collection page (`/classroom`): the teacher gives the exercise and drops the students'
//! answer files; the page grades them with the core's [`cloudecon::exercise::Grading`] (the same
//! checks as the student's browser and `cloudecon grade`) and shows a table of students × tasks,
//! a chart of correct answers per task and the CSV for a gradebook. Files for another exercise
//! and unreadable files are listed apart. Nothing leaves the browser.

mod grading;
mod listing;
mod picker;
mod results;
mod sort;

use std::rc::Rc;

use yew::prelude::*;

use crate::components::{DropZone, LoadedFile};
use grading::{use_grading, GradingState, GradingStatus};
use listing::NotGraded;
use picker::{ExercisePicker, Picked};
use results::GradesView;

/// The answer files given so far (a file given again replaces the first copy).
#[derive(Debug, Clone, PartialEq, Default)]
struct AnswerFiles(Rc<Vec<LoadedFile>>);

enum FilesAction {
    Add(Vec<LoadedFile>),
    Clear,
}

impl Reducible for AnswerFiles {
    type Action = FilesAction;

    fn reduce(self: Rc<Self>, action: FilesAction) -> Rc<Self> {
        match action {
            FilesAction::Add(new) => {
                let mut files = (*self.0).clone();
                sort::add(&mut files, new);
                Rc::new(AnswerFiles(Rc::new(files)))
            }
            FilesAction::Clear => Rc::new(AnswerFiles::default()),
        }
    }
}

/// What the exercise is, in one line.
fn summary(picked: &Picked) -> Html {
    let doc = &picked.doc;
    let title = if doc.exercise.title.is_empty() { doc.scenario.title.clone() } else { doc.exercise.title.clone() };
    let tasks = doc.exercise.tasks.len();
    html! {
        <p id="exercise-summary">
            <strong id="exercise-title">{ title }</strong>
            { format!(" — {}, {tasks} task{} ({}), from {}.", doc.scenario.kind().name(), if tasks == 1 { "" } else { "s" },
                doc.exercise.tasks.iter().map(|t| t.id.as_str()).collect::<Vec<_>>().join(", "), picked.origin) }
            <br /><small>{ "Fingerprint: " }<code id="exercise-fingerprint" style="overflow-wrap: anywhere;">{ doc.fingerprint() }</code></small>
        </p>
    }
}

fn explanation() -> Html {
    html! {
        <section class="explanation" aria-labelledby="classroom-how">
            <h2 id="classroom-how">{ "How it works" }</h2>
            <p>{ "Students open the exercise's link, answer its tasks beside the live page, and download their \
                  answers as a file (the button “Download my answers”). Each file names the student and carries the \
                  exercise's fingerprint, a hash of the exercise as its link holds it. Collect the files (by e-mail, \
                  a shared folder, a learning platform) and drop them here." }</p>
            <p>{ "The page recomputes the exercise's results and checks every answer with the same code as the \
                  student's page and the command-line runner (" }<code>{ "cloudecon grade EXERCISE.json ANSWERS.json…" }</code>
               { " prints the same CSV). A goal task's scenario is run again here, so an answers file cannot simply \
                  claim a goal is met. Files whose fingerprint is not this exercise's are listed apart and not graded." }</p>
            <p>{ "Everything happens in this browser tab: the files are not uploaded anywhere." }</p>
            <p><strong>{ "Practice, not exams. " }</strong>
               { "The checks run in the student's browser and the expected answers are computed from the exercise \
                  the link carries, so a determined student can read the answers (and can write an answers file by \
                  hand). The playground is for practice and teaching, not for exams." }</p>
        </section>
    }
}

#[component]
pub fn ClassroomPage() -> Html {
    let picked = use_state(|| None::<Picked>);
    let problem = use_state(|| None::<String>);
    let files = use_reducer(AnswerFiles::default);

    let onpick = {
        let (picked, problem) = (picked.clone(), problem.clone());
        Callback::from(move |result: Result<Picked, String>| match result {
            Ok(p) => {
                picked.set(Some(p));
                problem.set(None);
            }
            Err(e) => problem.set(Some(e)),
        })
    };
    let onfiles = {
        let files = files.dispatcher();
        Callback::from(move |new| files.dispatch(FilesAction::Add(new)))
    };
    let onclear = {
        let files = files.dispatcher();
        Callback::from(move |_: MouseEvent| files.dispatch(FilesAction::Clear))
    };

    let doc = picked.as_ref().map(|p| p.doc.clone());
    let fingerprint = use_memo(doc.clone(), |doc| doc.as_ref().map(|d| d.fingerprint()).unwrap_or_default());
    let sorted =
        use_memo(((*fingerprint).clone(), files.0.clone()), |(fingerprint, files)| sort::sort(fingerprint, files));
    let submissions = use_memo(sorted.clone(), |sorted| sorted.submissions.clone());
    let grading = use_grading(doc.clone(), submissions.clone());

    let count = files.0.len();
    html! {
        <section class="page classroom">
            <h1>{ "Classroom: collect the answers" }</h1>
            <p class="lead">
                { "Give the exercise, drop your students' answer files, and get a table of who answered what, \
                   a chart of correct answers per task and a CSV for your gradebook — without any server." }
            </p>
            <ExercisePicker {onpick} />
            if let Some(e) = &*problem {
                <p class="warning" id="exercise-problem" role="alert" style="white-space: pre-wrap; overflow-wrap: anywhere;">{ e.clone() }</p>
            }
            if let Some(p) = &*picked {
                { summary(p) }
            }
            <fieldset class="answer-files">
                <legend>{ "2. The students' answer files" }</legend>
                <DropZone id="answer-files" label="Choose answer files…" multiple=true {onfiles}
                    hint="Drop the students' answer files here (as many as you like, all at once or a few at a time)," />
                <p class="hint" id="answer-count">
                    { match count { 0 => "No answer files yet.".to_string(), 1 => "1 file given.".into(), n => format!("{n} files given.") } }
                    if count > 0 {
                        { " " }<button class="secondary" id="clear-answer-files" onclick={onclear}>{ "Remove all files" }</button>
                    }
                </p>
            </fieldset>
            if picked.is_none() && count > 0 {
                <p class="hint" id="need-exercise">{ "Give the exercise (step 1) to grade these files." }</p>
            } else if picked.is_some() && count > 0 && submissions.is_empty() {
                <p class="hint" id="nothing-to-grade">{ "None of these files answers this exercise." }</p>
            }
            <GradingStatus grading={grading.clone()} />
            if let GradingState::Done(doc, grades) = &grading.state {
                <GradesView doc={doc.clone()} grades={grades.clone()} />
            }
            if picked.is_some() {
                <NotGraded foreign={sorted.foreign.clone()} unreadable={sorted.unreadable.clone()}
                    fingerprint={AttrValue::from((*fingerprint).clone())} />
            }
            { explanation() }
        </section>
    }
}
