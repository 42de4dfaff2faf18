//! The scenario's problems where the eye is: each page provides them ([`use_field_errors`]) in
//! the page's words ("J1's budget must be a finite number > 0, got -5", the JSON path beside it as
//! secondary detail), keyed by the JSON pointer of their field. Every [`ParsedField`] with a
//! pointer shows its own next to it (`aria-invalid`, a visible message tied by
//! `aria-describedby`); [`FieldProblems`] shows the rest of a group (list-level problems, controls
//! that are not text fields) and leaves out those a field shows itself.
//!
//! [`ParsedField`]: super::ParsedField
//! [`FieldProblems`]: super::FieldProblems

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use cloudecon::{Problem, Scenario};
use yew::prelude::*;

use crate::hooks::{RunHandle, RunState};
use crate::services::field_names;

/// One problem as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    /// The JSON path the core gave (`jobs[0].budget`): secondary detail.
    pub path: String,
    /// The sentence in the page's words.
    pub sentence: String,
    /// The core's own message (a formula's starts with its position: `at 1:5: …`).
    pub message: String,
}

/// The scenario's problems by JSON pointer, and which pointers a text field is showing.
#[derive(Debug, Clone, Default)]
pub struct FieldErrors {
    by_pointer: Rc<BTreeMap<String, Vec<FieldError>>>,
    /// Every problem, in the core's order.
    all: Rc<Vec<(String, FieldError)>>,
    /// Pointers whose field shows its problems itself (registered while it renders).
    shown: Rc<RefCell<BTreeSet<String>>>,
}

impl PartialEq for FieldErrors {
    fn eq(&self, other: &Self) -> bool {
        self.all == other.all
    }
}

impl FieldErrors {
    /// The problems of `problems` in the words of the page showing `scenario`.
    pub fn new(problems: &[Problem], scenario: &Scenario) -> Self {
        let doc = scenario.to_value();
        let all: Vec<(String, FieldError)> = problems
            .iter()
            .map(|p| {
                let said = crate::i18n::problem_text(p);
                let sentence = if p.path == "document" { said } else { field_names::sentence(&p.path, &said, &doc) };
                (
                    field_names::pointer_of(&p.path),
                    FieldError { path: p.path.clone(), sentence, message: p.message.clone() },
                )
            })
            .collect();
        FieldErrors::from_all(all, Rc::default())
    }

    fn from_all(all: Vec<(String, FieldError)>, shown: Rc<RefCell<BTreeSet<String>>>) -> Self {
        let mut by_pointer: BTreeMap<String, Vec<FieldError>> = BTreeMap::new();
        for (pointer, e) in &all {
            by_pointer.entry(pointer.clone()).or_default().push(e.clone());
        }
        FieldErrors { by_pointer: Rc::new(by_pointer), all: Rc::new(all), shown }
    }

    /// These problems and `other`'s, each once (a page with two runs of one document: Abacus's
    /// auction and its scheduler).
    pub fn merged(&self, other: &FieldErrors) -> FieldErrors {
        if other.all.is_empty() {
            return self.clone();
        }
        let mut all = (*self.all).clone();
        for e in other.all.iter() {
            if !all.contains(e) {
                all.push(e.clone());
            }
        }
        FieldErrors::from_all(all, Rc::clone(&self.shown))
    }

    /// The problems of the field at `pointer`.
    pub fn at(&self, pointer: &str) -> &[FieldError] {
        self.by_pointer.get(pointer).map_or(&[], Vec::as_slice)
    }

    /// Every problem, with its pointer.
    pub fn all(&self) -> &[(String, FieldError)] {
        &self.all
    }

    /// A text field at `pointer` shows its problems itself (or, with `false`, no longer does).
    pub fn mark_shown(&self, pointer: &str, shown: bool) {
        let mut set = self.shown.borrow_mut();
        if shown {
            set.insert(pointer.to_string());
        } else {
            set.remove(pointer);
        }
    }

    /// Whether a text field shows the problems at `pointer`.
    pub fn is_shown(&self, pointer: &str) -> bool {
        self.shown.borrow().contains(pointer)
    }
}

/// The problems of the text field at `pointer`, which shows them itself: registered while it
/// renders (its group's [`FieldProblems`](super::FieldProblems) leaves them out) and no longer
/// once it is gone.
#[hook]
pub fn use_own_errors(pointer: Option<String>) -> Vec<FieldError> {
    let errors = use_context::<FieldErrors>();
    let mine = match (&errors, &pointer) {
        (Some(e), Some(p)) => e.at(p).to_vec(),
        _ => Vec::new(),
    };
    if let (Some(e), Some(p)) = (&errors, &pointer) {
        e.mark_shown(p, !mine.is_empty());
    }
    use_effect_with(pointer, move |pointer| {
        let pointer = pointer.clone();
        move || {
            if let (Some(e), Some(p)) = (errors, pointer) {
                e.mark_shown(&p, false);
            }
        }
    });
    mine
}

/// The id of the message element of the field at `pointer` (for `aria-describedby`).
pub fn message_id(pointer: &str) -> String {
    let safe: String = pointer.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    format!("problem{safe}")
}

/// The page's field errors: the problems of its scenario while it is invalid.
#[hook]
pub fn use_field_errors(run: &RunHandle, scenario: &Rc<Scenario>) -> FieldErrors {
    let problems = match &run.state {
        RunState::Invalid(e) => Some(e.problems.clone()),
        _ => None,
    };
    // The sentences are in the page's language: made again when it changes.
    let lang = crate::i18n::use_lang();
    let errors = use_memo((problems, Rc::clone(scenario), lang), |(problems, scenario, _)| match problems {
        Some(p) => FieldErrors::new(p, scenario),
        None => FieldErrors::default(),
    });
    (*errors).clone()
}

#[derive(Properties, PartialEq)]
pub struct FieldErrorsProviderProps {
    pub errors: FieldErrors,
    #[prop_or_default]
    pub children: Html,
}

/// Gives the page's editors its field errors.
#[component]
pub fn FieldErrorsProvider(props: &FieldErrorsProviderProps) -> Html {
    html! {
        <ContextProvider<FieldErrors> context={props.errors.clone()}>{ props.children.clone() }</ContextProvider<FieldErrors>>
    }
}

/// One problem as a message: the sentence, and the JSON path in small print.
pub fn render_error(e: &FieldError) -> Html {
    html! { <span class="problem">{ e.sentence.clone() }<code class="problem-path">{ e.path.clone() }</code></span> }
}
