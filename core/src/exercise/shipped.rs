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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    /// The languages every shipped exercise is translated into.
    const TRANSLATED: [&str; 1] = ["zh-CN"];

    fn chinese(s: &str) -> bool {
        s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    /// A text that a translation may leave as it is: no English word in it (`b = 0.1`).
    fn wordless(s: &str) -> bool {
        !s.split(|c: char| !c.is_ascii_alphabetic()).any(|w| w.len() >= 3)
    }

    fn without_texts(s: &Scenario) -> Scenario {
        Scenario { title: String::new(), notes: String::new(), ..s.clone() }
    }

    #[test]
    fn every_exercise_has_a_translation_that_is_the_same_task() {
        let originals = all();
        assert!(!originals.is_empty());
        for e in &originals {
            let en = e.document().unwrap_or_else(|err| panic!("{}: {err}", e.name));
            assert_eq!(en.exercise.lang, "en", "{}", e.name);
            assert!(!en.to_json().contains("\"lang\""), "{}: an English document names no language", e.name);
            for lang in TRANSLATED {
                let twin = e.in_lang(lang);
                assert_eq!(twin.lang, lang, "{}: a translation into {lang}", e.name);
                assert_eq!(twin.mechanism, e.mechanism, "{}", e.name);
                let zh = twin.document().unwrap_or_else(|err| panic!("{}.{lang}: {err}", e.name));
                let what = format!("{}.{lang}", e.name);
                assert_eq!(zh.exercise.lang, lang, "{what}: the document says its language");
                assert_eq!(without_texts(&zh.scenario), without_texts(&en.scenario), "{what}: the same scenario");
                assert_eq!(zh.exercise.locked, en.exercise.locked, "{what}: locks");
                assert_eq!(zh.exercise.feedback, en.exercise.feedback, "{what}: feedback");
                assert_eq!(zh.exercise.tasks.len(), en.exercise.tasks.len(), "{what}: tasks");
                assert_ne!(zh.fingerprint(), en.fingerprint(), "{what}: its own fingerprint");
                let translated = |a: &str, b: &str, field: &str| {
                    assert_eq!(a.is_empty(), b.is_empty(), "{what} {field}: present in both or neither");
                    // A formula alone (`9·√(2 · 66 · ln 80 / 300) ≈ 12.5.`) needs no words.
                    if !b.is_empty() && !wordless(b) {
                        assert!(a != b && chinese(a), "{what} {field}: translated: {a:?}");
                    }
                };
                translated(&zh.exercise.title, &en.exercise.title, "title");
                translated(&zh.exercise.text, &en.exercise.text, "text");
                translated(&zh.scenario.title, &en.scenario.title, "scenario title");
                translated(&zh.scenario.notes, &en.scenario.notes, "scenario notes");
                for (z, t) in zh.exercise.tasks.iter().zip(&en.exercise.tasks) {
                    let at = format!("task {}", t.id);
                    assert_eq!(
                        (&z.id, z.kind, &z.answer, &z.tolerance, z.predict, &z.goal),
                        (&t.id, t.kind, &t.answer, &t.tolerance, t.predict, &t.goal),
                        "{what} {at}: the same task"
                    );
                    assert_eq!(z.options.len(), t.options.len(), "{what} {at}: options");
                    assert_eq!(z.hints.len(), t.hints.len(), "{what} {at}: hints");
                    translated(&z.prompt, &t.prompt, &format!("{at} prompt"));
                    translated(&z.explanation, &t.explanation, &format!("{at} explanation"));
                    for (h, (a, b)) in z.hints.iter().zip(&t.hints).enumerate() {
                        translated(a, b, &format!("{at} hint {h}"));
                    }
                    for (o, (a, b)) in z.options.iter().zip(&t.options).enumerate() {
                        // A name or a formula may stay as it is (`FAIRSHARE`, `b = 0.1`).
                        if b.contains(' ') && !wordless(b) {
                            translated(a, b, &format!("{at} option {o}"));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn translations_are_found_by_language_and_listed_once() {
        let every = every();
        let originals = all();
        assert!(originals.iter().all(Shipped::is_original), "all() lists the originals");
        assert_eq!(every.len(), originals.len() * (1 + TRANSLATED.len()), "each original and its translations");
        let first = originals[0];
        let zh = first.in_lang("zh-CN");
        assert_eq!((zh.name, zh.lang), (first.name, "zh-CN"));
        assert_eq!(first.in_lang("zh"), zh, "any Chinese tag");
        assert_eq!(first.in_lang("zh-Hans"), zh);
        assert_eq!(zh.in_lang("en"), first, "and back");
        assert_eq!(first.in_lang("fr"), first, "a language without a translation: the original");
        assert_eq!(first.translations(), vec![zh]);
        assert_eq!(zh.full_name(), format!("{}.zh-CN", first.name));
        assert_eq!(find(&zh.full_name()), Some(zh), "cloudecon exercise NAME.zh-CN");
        assert_eq!(find(first.name), Some(first));
        assert_eq!(find_in(first.name, "zh-CN"), Some(zh));
        let in_chinese = all_in("zh-CN");
        assert_eq!(in_chinese.len(), originals.len());
        assert!(in_chinese.iter().zip(&originals).all(|(z, e)| z.name == e.name && z.lang == "zh-CN"));
        assert_eq!(all_in("en"), originals);
    }

    #[test]
    fn a_language_tag_is_checked() {
        let e = all()[0];
        let json = e.json.replacen("\"exercise\": {", "\"exercise\": {\n    \"lang\": \"not a tag!\",", 1);
        let err = ExerciseDocument::from_json(&json).expect_err("a bad tag");
        assert!(err.problems.iter().any(|p| p.path == "exercise.lang" && p.id == Some("exercise-err-lang")), "{err}");
        let json = e.json.replacen("\"exercise\": {", "\"exercise\": {\n    \"lang\": \"en\",", 1);
        let doc = ExerciseDocument::from_json(&json).expect("en written out");
        assert_eq!(doc.fingerprint(), e.document().expect("reads").fingerprint(), "\"en\" is the default's form");
    }
}
