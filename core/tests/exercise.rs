//! Classroom exercises: the block's validation (with JSON paths), each task kind checked right and
//! wrong, tolerances at their edges, locked fields, the fingerprint, answer files and grading.

use cloudecon::exercise::check::{allowance, check_choice, check_goal, check_number, within};
use cloudecon::exercise::{
    document, Answers, ExerciseDocument, Feedback, Grading, Submission, Task, TaskKind, Tolerance,
};
use cloudecon::sim::run_to_end;
use cloudecon::Scenario;
use serde_json::{json, Value};

/// The glove game (A holds left gloves, B and C right ones) with one task of each kind.
fn glove() -> Value {
    let mut doc =
        serde_json::from_str::<Value>(&cloudecon::presets::find("shapley-glove").unwrap().scenario().to_json())
            .unwrap();
    doc["exercise"] = json!({
        "title": "Gloves",
        "text": "A has a left glove; B and C have right gloves. A pair is worth 1.",
        "locked": ["/players", "/coalitions/6/value"],
        "tasks": [
            { "id": "t1", "prompt": "A's Shapley value?", "kind": "number", "answer": { "result": "/shapley/0" },
              "tolerance": { "abs": 0.005 }, "predict": true, "hints": ["Orders in which A joins second or third."] },
            { "id": "t2", "prompt": "Is the value in the core?", "kind": "choice", "options": ["yes", "no"],
              "answer": { "value": 1 } },
            { "id": "t3", "prompt": "Make B's value at least 0.3.", "kind": "goal",
              "goal": { "result": "/shapley/1", "min": 0.3 } }
        ]
    });
    doc
}

fn read(doc: &Value) -> Result<ExerciseDocument, Vec<String>> {
    ExerciseDocument::from_json(&doc.to_string()).map_err(|e| e.problems.iter().map(|p| p.to_string()).collect())
}

/// The single problem of `doc`, which must be at `path`.
#[track_caller]
fn problem_at(doc: &Value, path: &str) -> String {
    let problems = read(doc).expect_err("the document should be refused");
    let mine: Vec<_> = problems.iter().filter(|p| p.starts_with(&format!("{path}: "))).collect();
    assert!(!mine.is_empty(), "expected a problem at {path}, got {problems:?}");
    mine[0].clone()
}

fn task(kind: TaskKind, tolerance: Option<Tolerance>) -> Task {
    Task {
        id: "t".into(),
        prompt: "p".into(),
        kind,
        options: vec!["a".into(), "b".into(), "c".into()],
        answer: None,
        tolerance,
        predict: false,
        hints: vec![],
        goal: None,
        explanation: String::new(),
    }
}

#[test]
fn a_valid_exercise_reads_and_its_scenario_reads_as_any_scenario() {
    let doc = read(&glove()).unwrap();
    assert_eq!(doc.exercise.tasks.len(), 3);
    assert!(doc.exercise.predicts());
    // The scenario reader (and so `cloudecon run`) reads an exercise document's scenario.
    assert_eq!(Scenario::from_json(&glove().to_string()).unwrap(), doc.scenario);
    // And the canonical form reads back as the same document.
    assert_eq!(ExerciseDocument::from_json(&doc.to_json()).unwrap(), doc);
    // A plain scenario is not an exercise.
    let plain = doc.scenario.to_json();
    assert!(ExerciseDocument::from_json(&plain).unwrap_err().to_string().starts_with("exercise: required"));
    assert_eq!(document::read(&plain).unwrap().1, None);
}

#[test]
fn bad_blocks_are_errors_at_their_paths() {
    let mut dup = glove();
    dup["exercise"]["tasks"][1]["id"] = json!("t1");
    assert!(problem_at(&dup, "exercise.tasks[1].id").contains("unique"));

    let mut outside = glove();
    outside["exercise"]["locked"][1] = json!("/coalitions/99/value");
    assert!(problem_at(&outside, "exercise.locked[1]").contains("not a field"));

    let mut syntax = glove();
    syntax["exercise"]["locked"][0] = json!("players");
    assert!(problem_at(&syntax, "exercise.locked[0]").contains("JSON pointer"));

    let mut range = glove();
    range["exercise"]["tasks"][1]["answer"]["value"] = json!(2);
    assert!(problem_at(&range, "exercise.tasks[1].answer.value").contains("does not exist"));

    let mut unknown = glove();
    unknown["exercise"]["tasks"][0]["colour"] = json!("red");
    assert!(problem_at(&unknown, "exercise.tasks[0].colour").contains("unknown field"));

    let mut kind = glove();
    kind["exercise"]["tasks"][0]["kind"] = json!("essay");
    assert!(problem_at(&kind, "exercise.tasks[0].kind").contains("unknown variant"));

    let mut both = glove();
    both["exercise"]["tasks"][0]["answer"]["value"] = json!(1.0);
    problem_at(&both, "exercise.tasks[0].answer");

    let mut goal = glove();
    goal["exercise"]["tasks"][2]["goal"] = json!({ "result": "/shapley/1", "min": 2, "max": 1 });
    problem_at(&goal, "exercise.tasks[2].goal.max");

    let mut tol = glove();
    tol["exercise"]["tasks"][0]["tolerance"]["abs"] = json!(-1);
    problem_at(&tol, "exercise.tasks[0].tolerance.abs");

    // Problems of the scenario and of the block are reported together.
    let mut two = glove();
    two["seed"] = json!(-1);
    two["exercise"]["tasks"][0]["id"] = json!("");
    let problems = read(&two).unwrap_err();
    assert!(problems.iter().any(|p| p.starts_with("seed: ")), "{problems:?}");
    assert!(problems.iter().any(|p| p.starts_with("exercise.tasks[0].id: ")), "{problems:?}");
}

#[test]
fn pointers_into_the_result_are_checked_against_the_run() {
    let doc = read(&glove()).unwrap();
    let result = cloudecon::runner::run(&doc.scenario).unwrap().to_value();
    assert_eq!(doc.check_result(&result), Ok(()));
    let mut bad = glove();
    bad["exercise"]["tasks"][0]["answer"]["result"] = json!("/shapley/7");
    bad["exercise"]["tasks"][2]["goal"]["result"] = json!("/players/0");
    let bad = read(&bad).unwrap();
    let problems = bad.check_result(&result).unwrap_err().problems;
    assert_eq!(problems[0].path, "exercise.tasks[0].answer.result");
    assert!(problems[0].message.contains("points to nothing"), "{problems:?}");
    assert_eq!(problems[1].path, "exercise.tasks[2].goal.result");
    assert!(problems[1].message.contains("a string"), "{problems:?}");
    // Grading such an exercise fails with the same paths.
    let graded = run_to_end(Grading::new(bad, vec![]));
    assert_eq!(graded.unwrap_err().problems[0].path, "exercise.tasks[0].answer.result");
}

#[test]
fn number_tasks_at_the_edges_of_their_tolerance() {
    let abs = task(TaskKind::Number, Some(Tolerance { abs: Some(0.005), rel: None }));
    for (given, right) in [(0.305, true), (0.295, true), (0.3, true), (0.305_001, false), (0.294_999, false)] {
        assert_eq!(check_number(&abs, 0.3, Some(&json!(given))).correct, right, "{given}");
    }
    let rel = task(TaskKind::Number, Some(Tolerance { abs: None, rel: Some(0.01) }));
    for (given, right) in [(202.0, true), (198.0, true), (202.001, false), (197.999, false)] {
        assert_eq!(check_number(&rel, 200.0, Some(&json!(given))).correct, right, "{given}");
    }
    // Both: the looser one counts.
    assert_eq!(allowance(Some(Tolerance { abs: Some(0.5), rel: Some(0.01) }), 200.0), 2.0);
    assert_eq!(allowance(Some(Tolerance { abs: Some(0.5), rel: Some(0.01) }), 10.0), 0.5);
    // No tolerance: the full number, up to rounding.
    let exact = task(TaskKind::Number, None);
    assert!(check_number(&exact, 0.3, Some(&json!(0.1 + 0.2))).correct);
    assert!(!check_number(&exact, 0.3, Some(&json!(0.3001))).correct);
    // Text that is a number counts; anything else is explained.
    assert!(check_number(&abs, 0.3, Some(&json!(" 0.301 "))).correct);
    let wrong = check_number(&abs, 0.3, Some(&json!(0.4)));
    assert!(wrong.message.contains("off by 0.1") && wrong.message.contains("±0.005"), "{}", wrong.message);
    assert_eq!((wrong.given.as_str(), wrong.expected.as_str()), ("0.4", "0.3 ± 0.005"));
    assert!(!check_number(&abs, 0.3, Some(&json!("x"))).correct);
    assert!(!check_number(&abs, 0.3, None).correct);
}

#[test]
fn within_is_symmetric_and_inclusive() {
    for e in [0.0, 1.0, -3.5, 1e6, 1e-6] {
        for a in [0.0, 1e-3, 0.5, 10.0] {
            assert!(within(e + a, e, a) && within(e - a, e, a), "{e} {a}");
            assert!(!within(e + a * 1.001 + 1e-9 * (1.0 + e.abs()), e, a), "{e} {a}");
        }
    }
}

#[test]
fn choice_tasks() {
    let t = task(TaskKind::Choice, None);
    assert!(check_choice(&t, 2, Some(&json!(2))).correct);
    assert!(!check_choice(&t, 2, Some(&json!(1))).correct);
    assert!(!check_choice(&t, 2, Some(&json!(3))).correct);
    assert!(!check_choice(&t, 2, Some(&json!("c"))).correct);
    assert!(!check_choice(&t, 2, None).correct);
}

#[test]
fn goal_tasks_bounds_and_locked_fields() {
    let mut t = task(TaskKind::Goal, None);
    t.goal = Some(cloudecon::exercise::Goal { result: "/x".into(), min: Some(0.5), max: Some(1.0) });
    let (ex, same) = (json!({ "a": 1, "b": 2 }), json!({ "a": 1, "b": 3 }));
    let locked = vec!["/a".to_string()];
    assert!(check_goal(&t, &locked, &ex, &same, Ok(0.5)).correct);
    assert!(check_goal(&t, &locked, &ex, &same, Ok(1.0)).correct);
    assert!(check_goal(&t, &locked, &ex, &same, Ok(0.1 + 0.4)).correct);
    let low = check_goal(&t, &locked, &ex, &same, Ok(0.49));
    assert!(!low.correct && low.message.contains("below 0.5"), "{}", low.message);
    assert!(!check_goal(&t, &locked, &ex, &same, Ok(1.01)).correct);
    let changed = check_goal(&t, &locked, &ex, &json!({ "a": 2, "b": 2 }), Ok(0.7));
    assert!(!changed.correct && changed.message.contains("Locked fields were changed (a)"), "{}", changed.message);
    let none = check_goal(&t, &locked, &ex, &same, Err("the run failed".into()));
    assert!(!none.correct && none.message.contains("the run failed"));
}

#[test]
fn the_fingerprint_is_of_the_canonical_form() {
    let doc = read(&glove()).unwrap();
    let fp = doc.fingerprint();
    assert_eq!(fp.len(), 64);
    assert!(fp.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    // Indentation and field order do not matter; the content does.
    let pretty = serde_json::to_string_pretty(&glove()).unwrap();
    assert_eq!(ExerciseDocument::from_json(&pretty).unwrap().fingerprint(), fp);
    let mut edited = glove();
    edited["exercise"]["tasks"][0]["tolerance"]["abs"] = json!(0.01);
    assert_ne!(read(&edited).unwrap().fingerprint(), fp);
    // Pinned: the canonical text and its hash must not drift between builds (or wasm and native),
    // nor with new optional fields of the block (this is the hash from before `feedback`).
    assert_eq!(fp, "d8251deffe7c6318a7b07c312e1ab0d03489ddcb062f011f633f452eaec95c92");
}

#[test]
fn the_feedback_level_is_optional_and_omitted_when_default() {
    let doc = read(&glove()).unwrap();
    assert_eq!(doc.exercise.feedback, Feedback::RightWrong, "the default: right or wrong");
    assert!(!doc.to_json().contains("feedback"), "the default is not written: old fingerprints hold");
    let mut explicit = glove();
    explicit["exercise"]["feedback"] = json!("right_wrong");
    assert_eq!(
        read(&explicit).unwrap().fingerprint(),
        doc.fingerprint(),
        "the default written out is the same exercise"
    );
    for level in Feedback::ALL {
        let mut given = glove();
        given["exercise"]["feedback"] = json!(level.tag());
        let read_back = read(&given).unwrap();
        assert_eq!(read_back.exercise.feedback, level);
        assert_eq!(Feedback::from_tag(level.tag()), Some(level));
        // The canonical form reads back to the same exercise.
        assert_eq!(ExerciseDocument::from_json(&read_back.to_json()).unwrap(), read_back);
        if level != Feedback::RightWrong {
            assert!(read_back.to_json().contains(&format!("\"feedback\":\"{}\"", level.tag())));
            assert_ne!(read_back.fingerprint(), doc.fingerprint());
        }
    }
    let mut bad = glove();
    bad["exercise"]["feedback"] = json!("loud");
    assert!(problem_at(&bad, "exercise.feedback").contains("unknown variant"));
    // An old shipped exercise keeps the fingerprint it had before the field existed.
    let shipped = cloudecon::exercise::shipped::find("abacus-budgets").unwrap().document().unwrap();
    assert_eq!(shipped.fingerprint(), "20b9777233db0a2f534c1e7d594e2f4b045e6c1aab02231334baefceae8d6020");
}

#[test]
fn what_the_student_is_told_at_each_feedback_level() {
    let t = task(TaskKind::Number, Some(Tolerance { abs: Some(0.005), rel: None }));
    let (high, low, right) = (
        check_number(&t, 0.3, Some(&json!(0.4))),
        check_number(&t, 0.3, Some(&json!(0.1))),
        check_number(&t, 0.3, Some(&json!(0.3))),
    );
    assert_eq!(
        (high.off.map(|d| (d * 1e6).round() / 1e6), low.off.map(|d| (d * 1e6).round() / 1e6)),
        (Some(0.1), Some(-0.2))
    );
    let told = |v: &cloudecon::exercise::Verdict| Feedback::ALL.map(|level| v.told(level));
    let [none, right_wrong, direction, distance] = told(&high);
    assert!(none.contains("saved") && !none.contains("0.1"), "{none}");
    assert_eq!(right_wrong, "Not quite.");
    assert_eq!(direction, "Not quite: too high.");
    assert!(distance.contains("off by 0.1") && distance.contains("±0.005"), "{distance}");
    assert_eq!(told(&low)[2], "Not quite: too low.");
    // The distance is written to the tolerance's first digit, not in 16 digits.
    let near = check_number(&t, 0.309_274_5, Some(&json!(0.2)));
    assert_eq!(near.told(Feedback::Distance), "Not quite: off by 0.109 (within ±0.005 counts as right).");
    assert_eq!(cloudecon::exercise::check::distance(1234.5678, 50.0), "1235");
    assert_eq!(cloudecon::exercise::check::distance(0.25, 0.01), "0.25");
    assert!(!told(&low)[1].contains("0.2") && !told(&low)[2].contains("0.2"), "no distance below the distance level");
    assert_eq!(told(&right)[1..], ["Correct.", "Correct.", "Correct."]);
    assert!(told(&right)[0].contains("saved"), "no ✓ either without feedback");
    // A choice is right or wrong; a goal's bounds are in its prompt and its result on the page.
    let choice = check_choice(&task(TaskKind::Choice, None), 2, Some(&json!(1)));
    assert_eq!(told(&choice)[1..], ["Not this one.", "Not this one.", "Not this one."]);
    let mut goal = task(TaskKind::Goal, None);
    goal.goal = Some(cloudecon::exercise::Goal { result: "/x".into(), min: Some(0.5), max: None });
    let below = check_goal(&goal, &[], &json!({}), &json!({}), Ok(0.25));
    assert_eq!(below.told(Feedback::RightWrong), "Not yet: 0.25 is below 0.5.");
    assert!(below.told(Feedback::None).contains("saved"));
}

#[test]
fn grading_does_not_depend_on_the_feedback_level() {
    let csv = |level: Feedback| {
        let mut doc = read(&glove()).unwrap();
        doc.exercise.feedback = level;
        let fp = doc.fingerprint();
        let subs =
            vec![answers("ann", &fp, json!({ "t1": 0.5, "t2": 1 })), answers("bob", &fp, json!({ "t1": 0.667 }))];
        run_to_end(Grading::new(doc, subs)).unwrap().to_csv()
    };
    let reference = csv(Feedback::RightWrong);
    assert!(reference.contains("ann,t1,false,0.5,"), "{reference}");
    for level in Feedback::ALL {
        assert_eq!(csv(level), reference, "{level:?}");
    }
}

fn answers(student: &str, fingerprint: &str, given: Value) -> Submission {
    let mut a = Answers::new(fingerprint, student);
    a.answers = serde_json::from_value(given).unwrap();
    a.attempts.insert("t1".into(), 3);
    a.hints_used.insert("t1".into(), 1);
    Submission { source: format!("{student}.json"), answers: a }
}

#[test]
fn grading_answer_files() {
    let doc = read(&glove()).unwrap();
    let fp = doc.fingerprint();
    let mut good = serde_json::from_str::<Value>(&doc.scenario.to_json()).unwrap();
    // B gets more when the pair {B, C} is worth something.
    good["coalitions"][5]["value"] = json!(1.0);
    let mut cheat = good.clone();
    cheat["coalitions"][6]["value"] = json!(2.0);
    let subs = vec![
        answers("ann", &fp, json!({ "t1": 0.667, "t2": 1, "t3": { "scenario": good } })),
        answers("bob", "", json!({ "t1": 0.5, "t2": 0, "t3": { "scenario": cheat } })),
        answers("", "0123", json!({})),
    ];
    let grades = run_to_end(Grading::new(doc, subs)).unwrap();
    let correct = |s: usize| grades.students[s].tasks.iter().map(|t| t.verdict.correct).collect::<Vec<_>>();
    assert_eq!(correct(0), [true, true, true]);
    assert_eq!(correct(1), [false, false, false]);
    assert_eq!(correct(2), [false, false, false]);
    assert!(grades.students[1].tasks[2].verdict.message.contains("Locked fields were changed (coalitions[6].value)"));
    assert_eq!(grades.students[2].student, ".json", "a file without a name is named by its source");
    assert_eq!((grades.students[0].tasks[0].attempts, grades.students[0].tasks[0].hints), (3, 1));
    let csv = grades.to_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "student,task,correct,given,expected");
    assert_eq!(lines.len(), 1 + 3 * 3);
    assert!(lines[1].starts_with("ann,t1,true,0.667,0.6666666666666666 ± 0.005"), "{}", lines[1]);
    assert!(lines[3].starts_with("ann,t3,true,"), "{}", lines[3]);
    let warnings = grades.warnings();
    assert_eq!(warnings.len(), 2);
    assert!(warnings[0].contains("no fingerprint") && warnings[1].contains("another exercise"), "{warnings:?}");
}

#[test]
fn answer_files_round_trip_and_errors_name_their_paths() {
    let a = answers("ann", "f", json!({ "t1": 0.3, "t3": { "scenario": { "x": 1 } } })).answers;
    assert_eq!(Answers::from_json(&a.to_json()).unwrap(), a);
    assert_eq!(a.scenario("t3"), Some(&json!({ "x": 1 })));
    for (text, path) in [
        (r#"{"version":1,"attempts":{"t1":-1}}"#, "attempts.t1"),
        (r#"{"version":1,"answers":[1]}"#, "answers"),
        (r#"{"version":1,"grade":"A"}"#, "grade"),
        (r#"{"version":2}"#, "version"),
        (r#"{"student":"x"}"#, "document"),
        ("[1]", "document"),
        ("{", "document"),
    ] {
        let e = Answers::from_json(text).unwrap_err();
        assert_eq!(e.problems[0].path, path, "{text}: {e}");
    }
}
