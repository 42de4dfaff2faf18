//! The exercise sets shipped with the playground: each mechanism lists its own
//! ([`crate::Mechanism::exercises`], JSON files in its folder); this module gathers them.
//!
//! Each exercise is written in English (`era-quotes.json`) and may have translations beside it:
//! the same document with its texts (titles, instructions, prompts, options, hints,
//! explanations, the scenario's title and notes) in another language and its `exercise.lang` set
//! (`era-quotes.zh-CN.json`). A mechanism registers a translation under the exercise's name and
//! the language's tag (`era-quotes.zh-CN`). [`all`] lists each exercise once (the English
//! original); [`all_in`] and [`Shipped::in_lang`] give the one in a reader's language, where
//! there is one. A translation is the same task (ids, kinds, answers, tolerances, goals, locks,
//! scenario): a test compares each with its original.

use super::document::ExerciseDocument;
use super::model::{same_language, DEFAULT_LANG};
use crate::error::ScenarioError;
use crate::registry::{KindVisitor, Registered};
use crate::scenario::MechanismKind;

/// A shipped exercise with its mechanism.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shipped {
    /// The exercise's name (`era-quotes`; a translation has its original's name).
    pub name: &'static str,
    pub mechanism: MechanismKind,
    pub json: &'static str,
    /// The language it is written in (`"en"`, `"zh-CN"`), as registered.
    pub lang: &'static str,
}

impl Shipped {
    /// The exercise document (shipped exercises are tested to read).
    pub fn document(&self) -> Result<ExerciseDocument, ScenarioError> {
        ExerciseDocument::from_json(self.json)
    }

    /// The name `cloudecon exercise` knows it by: `era-quotes`, or `era-quotes.zh-CN` for a
    /// translation.
    pub fn full_name(&self) -> String {
        if self.is_original() {
            self.name.to_string()
        } else {
            format!("{}.{}", self.name, self.lang)
        }
    }

    /// Whether this is the original (English) document, not a translation.
    pub fn is_original(&self) -> bool {
        self.lang == DEFAULT_LANG
    }

    /// This exercise in the language `tag` names (`zh-CN`, `zh`, `en`…): its translation, or
    /// itself when there is none.
    pub fn in_lang(&self, tag: &str) -> Shipped {
        if same_language(self.lang, tag) {
            return *self;
        }
        every().into_iter().find(|e| e.name == self.name && same_language(e.lang, tag)).unwrap_or(*self)
    }

    /// The translations of this exercise (not itself).
    pub fn translations(&self) -> Vec<Shipped> {
        every().into_iter().filter(|e| e.name == self.name && e.lang != self.lang && !e.is_original()).collect()
    }
}

/// A registered name split into the exercise's name and its language (`era-quotes.zh-CN` →
/// `("era-quotes", "zh-CN")`; a name without a language is English).
fn split(registered: &'static str) -> (&'static str, &'static str) {
    registered.split_once('.').unwrap_or((registered, DEFAULT_LANG))
}

/// Every shipped document, originals and translations, in registration order.
pub fn every() -> Vec<Shipped> {
    struct List;
    impl KindVisitor for List {
        type Out = Vec<Shipped>;
        fn visit<M: Registered>(self) -> Vec<Shipped> {
            (M::exercises().iter())
                .map(|e| {
                    let (name, lang) = split(e.name);
                    Shipped { name, mechanism: M::KIND, json: e.json, lang }
                })
                .collect()
        }
    }
    MechanismKind::ALL.iter().flat_map(|k| k.visit(List)).collect()
}

/// Every shipped exercise (its original): mechanism by mechanism, in registration order, each
/// set in its order.
pub fn all() -> Vec<Shipped> {
    every().into_iter().filter(Shipped::is_original).collect()
}

/// Every shipped exercise in the language `tag` names where it has a translation, else in its
/// original: what a reader of that language is offered.
pub fn all_in(tag: &str) -> Vec<Shipped> {
    let every = every();
    (every.iter().filter(|e| e.is_original()))
        .map(|o| every.iter().find(|e| e.name == o.name && same_language(e.lang, tag)).copied().unwrap_or(*o))
        .collect()
}

/// The shipped exercise with this name (its original), or the translation with this full name
/// (`era-quotes.zh-CN`).
pub fn find(name: &str) -> Option<Shipped> {
    every().into_iter().find(|e| e.full_name() == name)
}

/// The shipped exercise with this name in the language `tag` names, or its original.
pub fn find_in(name: &str, tag: &str) -> Option<Shipped> {
    find(name).map(|e| e.in_lang(tag))
}
