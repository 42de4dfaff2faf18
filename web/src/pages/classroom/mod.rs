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
use crate::i18n::{t, use_lang};
use crate::t;
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
    let ids = doc.exercise.tasks.iter().map(|t| t.id.as_str()).collect::<Vec<_>>().join(", ");
    let lang = crate::i18n::current();
    html! {
        <p id="exercise-summary">
            <strong id="exercise-title" lang={doc.exercise.lang.clone()} translate="no">{ title }</strong>
            { " " }{ t!("classroom-summary", mechanism = doc.scenario.kind().name(), count = crate::i18n::number(tasks as f64),
                ids = ids, origin = picked.origin.show()) }
            if !doc.exercise.written_in(lang.tag()) {
                { " " }{ written_in(&doc.exercise.lang) }
            }
            <br /><small>{ t("classroom-fingerprint") }{ " " }<code id="exercise-fingerprint" style="overflow-wrap: anywhere;">{ doc.fingerprint() }</code></small>
        </p>
    }
}

use crate::components::{key_text, written_in};
use crate::i18n::problems_text;

fn explanation() -> Html {
    html! {
        <section class="explanation" aria-labelledby="classroom-how">
            <h2 id="classroom-how">{ t("classroom-how") }</h2>
            <p>{ t("classroom-how-students") }</p>
            <p>{ t("classroom-how-checks-before") }<code>{ "cloudecon grade EXERCISE.json ANSWERS.json…" }</code>
               { " " }{ t("classroom-how-checks-after") }</p>
            <p>{ t("classroom-how-local") }</p>
            <p><strong>{ t("classroom-practice") }</strong>{ " " }
               { t("classroom-practice-text") }</p>
        </section>
    }
}

#[component]
pub fn ClassroomPage() -> Html {
    let lang = use_lang();
    let picked = use_state(|| None::<Picked>);
    let problem = use_state(|| None::<crate::i18n::Text>);
    let files = use_reducer(AnswerFiles::default);

    let onpick = {
        let (picked, problem) = (picked.clone(), problem.clone());
        Callback::from(move |result: Result<Picked, crate::i18n::Text>| match result {
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
    let sorted = use_memo(((*fingerprint).clone(), files.0.clone(), lang), |(fingerprint, files, _)| {
        sort::sort(fingerprint, files)
    });
    let submissions = use_memo(sorted.clone(), |sorted| sorted.submissions.clone());
    let grading = use_grading(doc.clone(), submissions.clone());

    let count = files.0.len();
    html! {
        <section class="page classroom">
            <h1>{ t("classroom-heading") }</h1>
            <p class="lead">{ t("classroom-lead") }</p>
            <ExercisePicker {onpick} />
            if let Some(e) = &*problem {
                <p class="warning" id="exercise-problem" role="alert" style="white-space: pre-wrap; overflow-wrap: anywhere;">{ e.show() }</p>
            }
            if let Some(p) = &*picked {
                { summary(p) }
            }
            <fieldset class="answer-files">
                <legend>{ t("classroom-answer-files") }</legend>
                <DropZone id="answer-files" label={t("classroom-choose-answer-files")} multiple=true {onfiles}
                    hint={t("classroom-drop-answer-files")} />
                <p class="hint" id="answer-count">
                    { match count { 0 => t("classroom-no-files"), n => t!("classroom-files-given", n = crate::i18n::number(n as f64)) } }
                    if count > 0 {
                        { " " }<button class="secondary" id="clear-answer-files" onclick={onclear}>{ t("classroom-remove-files") }</button>
                    }
                </p>
            </fieldset>
            if picked.is_none() && count > 0 {
                <p class="hint" id="need-exercise">{ t("classroom-need-exercise") }</p>
            } else if picked.is_some() && count > 0 && submissions.is_empty() {
                <p class="hint" id="nothing-to-grade">{ t("classroom-nothing-to-grade") }</p>
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
