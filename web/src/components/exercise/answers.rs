//! The student's name (first in the panel) and the answers bar: "Download my answers" (an answers
//! file with the exercise's fingerprint, named after the student — without a name it asks for
//! one), "Resume from file", the printable worksheet and Leave.

use std::rc::Rc;

use cloudecon::exercise::{Answers, ExerciseDocument};
use yew::prelude::*;

use crate::components::FileImport;
use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};
use crate::services::files;

#[derive(Properties, PartialEq)]
pub struct AnswersBarProps {
    pub exercise: Rc<ExerciseDocument>,
    pub answers: Answers,
    pub onchange: Callback<Answers>,
    pub set_exercise: Callback<Option<ExerciseDocument>>,
}

#[derive(Properties, PartialEq)]
pub struct StudentNameProps {
    pub answers: Answers,
    pub onchange: Callback<Answers>,
}

/// The id of the name field (the download button sends the focus there when it is empty).
const NAME_ID: &str = "student-name";

/// "Your name": it goes into the answers file and the file's name.
#[component]
pub fn StudentName(props: &StudentNameProps) -> Html {
    use_lang();
    let oninput = {
        let (answers, onchange) = (props.answers.clone(), props.onchange.clone());
        Callback::from(move |e: InputEvent| {
            let mut a = answers.clone();
            a.student = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            onchange.emit(a);
        })
    };
    html! {
        <p class="student-name">
            <label>{ t("exercise-your-name") }{ " " }
                <input type="text" id={NAME_ID} value={props.answers.student.clone()} {oninput} autocomplete="name" />
            </label>
        </p>
    }
}

/// `answers-ann-budgets-and-shares.json`: letters and digits of the name and title.
fn file_name(student: &str, title: &str) -> String {
    let slug = |s: &str| {
        let s: String = s.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
        s.split('-').filter(|p| !p.is_empty()).collect::<Vec<_>>().join("-")
    };
    let parts: Vec<String> =
        ["answers".to_string(), slug(student), slug(title)].into_iter().filter(|p| !p.is_empty()).collect();
    format!("{}.json", parts.join("-"))
}

#[component]
pub fn AnswersBar(props: &AnswersBarProps) -> Html {
    use_lang();
    let errors = use_errors();
    let report = {
        let errors = errors.clone();
        move |m: crate::i18n::Text| match &errors {
            Some(e) => e.report(m),
            None => web_sys::console::error_1(&m.show().into()),
        }
    };
    // Set when a download was asked for without a name (cleared by typing one).
    let wants_name = use_state(|| false);
    let download = {
        let (answers, title, report) = (props.answers.clone(), props.exercise.exercise.title.clone(), report.clone());
        let wants_name = wants_name.clone();
        Callback::from(move |_: MouseEvent| {
            if answers.student.trim().is_empty() {
                wants_name.set(true);
                let field = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(NAME_ID));
                if let Some(field) = field.and_then(|f| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(f).ok())
                {
                    // Best effort: the message below says where the name goes anyway.
                    let _ = field.focus();
                }
                return;
            }
            if let Err(e) =
                files::download(&file_name(&answers.student, &title), "application/json", &answers.to_json())
            {
                report(e.into());
            }
        })
    };
    let resume = {
        let (onchange, fingerprint) = (props.onchange.clone(), props.exercise.fingerprint());
        Callback::from(move |text: String| match Answers::from_json(&text) {
            Ok(mut a) => {
                if a.exercise != fingerprint {
                    report(if a.exercise.is_empty() {
                        crate::said!("exercise-resume-no-exercise")
                    } else {
                        crate::said!("exercise-resume-other-exercise")
                    });
                    a.exercise = fingerprint.clone();
                }
                onchange.emit(a);
            }
            Err(e) => report(crate::said!("exercise-resume-failed", error = e)),
        })
    };
    let print = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            // Best effort: a browser without printing simply does nothing.
            let _ = w.print();
        }
    });
    let leave = props.set_exercise.reform(|_: MouseEvent| None);
    html! {
        <div class="answers-bar no-print">
            <div class="buttons">
                <button type="button" id="download-answers" onclick={download}>{ t("exercise-download-answers") }</button>
                <FileImport id="resume-answers" label={t("exercise-resume")} accept=".json,application/json" onload={resume} />
                <button type="button" onclick={print}>{ t("exercise-print") }</button>
                <button type="button" id="leave-exercise" onclick={leave}>{ t("exercise-leave") }</button>
            </div>
            if *wants_name && props.answers.student.trim().is_empty() {
                <p class="refused" role="alert" id="name-needed">{ t("exercise-name-needed") }</p>
            }
        </div>
    }
}
