//! Sorting the answer files a teacher dropped: those for this exercise are graded; those for
//! another exercise (another fingerprint, or none) are listed, not mixed in; those that cannot be
//! read are listed with their problem (the core's message, with its JSON path).

use cloudecon::exercise::{document, Answers, Submission};

use crate::components::LoadedFile;
use crate::i18n::t;

/// An answers file for another exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct Foreign {
    pub file: String,
    pub student: String,
    /// The fingerprint the file carries (empty: none).
    pub fingerprint: String,
}

/// A file that is no answers file.
#[derive(Debug, Clone, PartialEq)]
pub struct Unreadable {
    pub file: String,
    pub problem: String,
}

/// The files, sorted.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Sorted {
    /// For this exercise, in the order given.
    pub submissions: Vec<Submission>,
    pub foreign: Vec<Foreign>,
    pub unreadable: Vec<Unreadable>,
}

/// Adds `new` files to `files`; a file of the same name as one already there replaces it (the
/// teacher dropped a newer copy).
pub fn add(files: &mut Vec<LoadedFile>, new: Vec<LoadedFile>) {
    for file in new {
        match files.iter_mut().find(|f| f.name == file.name) {
            Some(old) => *old = file,
            None => files.push(file),
        }
    }
}

/// Sorts `files` for the exercise whose fingerprint is `fingerprint`.
pub fn sort(fingerprint: &str, files: &[LoadedFile]) -> Sorted {
    let mut sorted = Sorted::default();
    for file in files {
        let text = match &file.text {
            Ok(text) => text,
            Err(problem) => {
                sorted.unreadable.push(Unreadable { file: file.name.clone(), problem: problem.clone() });
                continue;
            }
        };
        match Answers::from_json(text) {
            Ok(answers) if !answers.exercise.is_empty() && answers.exercise == fingerprint => {
                sorted.submissions.push(Submission { source: file.name.clone(), answers })
            }
            Ok(answers) => sorted.foreign.push(Foreign {
                file: file.name.clone(),
                student: answers.student,
                fingerprint: answers.exercise,
            }),
            Err(e) => sorted.unreadable.push(Unreadable { file: file.name.clone(), problem: problem_of(text, &e) }),
        }
    }
    sorted
}

/// The problem of a file that is no answers file: the reader's, unless the file is an exercise or
/// scenario document (given in the wrong place).
fn problem_of(text: &str, e: &cloudecon::ScenarioError) -> String {
    match document::read(text) {
        Ok((_, Some(_))) => t("classroom-file-is-exercise"),
        Ok((_, None)) => t("classroom-file-is-scenario"),
        Err(_) => super::problems_text(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> LoadedFile {
        LoadedFile { name: name.into(), text: Ok(text.into()) }
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn files_are_graded_listed_or_explained() {
        let mine = r#"{"version":1,"exercise":"abc","student":"Ann","answers":{"t1":0.3}}"#;
        let other = r#"{"version":1,"exercise":"def","student":"Bob","answers":{}}"#;
        let none = r#"{"version":1,"student":"Cy"}"#;
        let bad = r#"{"version":1,"exercise":"abc","answers":{},"attempts":{"t1":-1}}"#;
        let files = vec![
            file("ann.json", mine),
            file("bob.json", other),
            file("cy.json", none),
            file("bad.json", bad),
            file("junk.txt", "not json"),
            file(
                "scenario.json",
                r#"{"version":1,"mechanism":"shapley","players":["A"],"game":{"kind":"majority","quota":1}}"#,
            ),
            LoadedFile { name: "gone.json".into(), text: Err("could not read the file".into()) },
        ];
        let sorted = sort("abc", &files);
        assert_eq!(sorted.submissions.len(), 1);
        assert_eq!(
            (sorted.submissions[0].source.as_str(), sorted.submissions[0].answers.student.as_str()),
            ("ann.json", "Ann")
        );
        let foreign: Vec<_> =
            sorted.foreign.iter().map(|f| (f.file.as_str(), f.student.as_str(), f.fingerprint.as_str())).collect();
        assert_eq!(foreign, [("bob.json", "Bob", "def"), ("cy.json", "Cy", "")]);
        let unreadable: Vec<_> = sorted.unreadable.iter().map(|u| u.file.as_str()).collect();
        assert_eq!(unreadable, ["bad.json", "junk.txt", "scenario.json", "gone.json"]);
        assert!(sorted.unreadable[0].problem.contains("attempts.t1"), "{}", sorted.unreadable[0].problem);
        assert!(sorted.unreadable[2].problem.contains("scenario document"), "{}", sorted.unreadable[2].problem);
        // An empty fingerprint never matches, even an exercise's empty one.
        assert!(sort("", &[file("cy.json", none)]).submissions.is_empty());
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_file_dropped_again_replaces_the_first() {
        let mut files = vec![file("a.json", "1"), file("b.json", "2")];
        add(&mut files, vec![file("a.json", "3"), file("c.json", "4")]);
        let texts: Vec<_> = files.iter().map(|f| (f.name.as_str(), f.text.clone().unwrap_or_default())).collect();
        assert_eq!(texts, [("a.json", "3".to_string()), ("b.json", "2".into()), ("c.json", "4".into())]);
    }
}
