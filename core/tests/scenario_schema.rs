//! The scenario document (schema v1): round trips, versioning, mechanisms, every problem reported
//! with its JSON path, limits, and robustness against arbitrary input.

mod common;

use common::{check, Expect};

use cloudecon::scenario::{MechanismSpec, MAX_DOCUMENT_BYTES, SCHEMA_VERSION};
use cloudecon::shapley::{CoalitionValue, GameFormula, ShapleyScenario};
use cloudecon::{Scenario, ScenarioError};
use proptest::prelude::*;
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// The one data-driven check

/// A valid `shapley` document: the 3-player glove game as a formula.
fn glove_doc() -> Value {
    json!({
        "version": 1,
        "mechanism": "shapley",
        "players": ["A", "B", "C"],
        "game": { "kind": "glove", "left": ["A"] }
    })
}

/// A valid `shapley` document with the full coalition table of the 3-player glove game.
fn table_doc() -> Value {
    json!({
        "version": 1,
        "mechanism": "shapley",
        "title": "Gloves",
        "seed": 7,
        "players": ["A", "B", "C"],
        "coalitions": [
            { "members": ["A"], "value": 0.0 },
            { "members": ["B"], "value": 0.0 },
            { "members": ["A", "B"], "value": 1.0 },
            { "members": ["C"], "value": 0.0 },
            { "members": ["A", "C"], "value": 1.0 },
            { "members": ["B", "C"], "value": 0.0 },
            { "members": ["A", "B", "C"], "value": 1.0 }
        ]
    })
}

/// `base` with `key` set to `value` (top level).
fn with(mut base: Value, key: &str, value: Value) -> Value {
    base[key] = value;
    base
}

/// `base` without `key` (top level).
fn without(mut base: Value, key: &str) -> Value {
    base.as_object_mut().expect("object").remove(key);
    base
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("P{i}")).collect()
}

// ---------------------------------------------------------------------------------------------
// Valid documents and round trips

#[test]
fn minimal_documents_are_accepted_with_defaults() {
    let s = check(&glove_doc(), Expect::Ok).expect("accepted");
    assert_eq!((s.title.as_str(), s.notes.as_str(), s.seed), ("", "", 0));
    let s = check(&table_doc(), Expect::Ok).expect("accepted");
    assert_eq!((s.title.as_str(), s.seed), ("Gloves", 7));
    // `null` title and notes read as absent.
    check(&with(with(glove_doc(), "title", Value::Null), "notes", Value::Null), Expect::Ok);
    check(&with(glove_doc(), "seed", json!(u64::MAX)), Expect::Ok);
}

/// `Scenario::from_json(s.to_json()) == s`, for the compact and the pretty form.
#[track_caller]
fn assert_round_trip(s: &Scenario) {
    assert_eq!(s.validate(), Ok(()), "test scenario must be valid");
    let compact = s.to_json();
    assert_eq!(Scenario::from_json(&compact).as_ref(), Ok(s), "compact round trip of {compact}");
    assert_eq!(Scenario::from_json(&s.to_json_pretty()).as_ref(), Ok(s), "pretty round trip");
    assert_eq!(Scenario::from_value(s.to_value()).as_ref(), Ok(s), "value round trip");
    let v = s.to_value();
    assert_eq!(v["version"], json!(SCHEMA_VERSION));
    assert_eq!(v["mechanism"], json!("shapley"));
}

#[test]
fn round_trip_keeps_every_digit_and_field() {
    let awkward = [
        0.1 + 0.2,
        1.0 / 3.0,
        std::f64::consts::PI,
        -2.0f64.sqrt(),
        1e-300,
        5e-324, // smallest subnormal
        f64::MAX,
        -f64::MAX / 7.0,
        123_456_789.123_456_79,
        -0.0,
        9_007_199_254_740_993.0, // 2^53 + 1 rounds to 2^53: a float, not an integer
    ];
    let players = names(4);
    let base = ShapleyScenario { players: players.clone(), coalitions: None, game: None };
    let rows = (1u32..16)
        .map(|m| CoalitionValue { members: base.members_of(m), value: awkward[(m as usize - 1) % awkward.len()] })
        .collect();
    let spec = ShapleyScenario { coalitions: Some(rows), ..base };
    let s = Scenario {
        title: "Ünïcødé 🧤 \"quoted\" \\ back".into(),
        notes: "line 1\nline 2\t<b>not html</b>\u{1F600}".into(),
        seed: u64::MAX,
        spec: MechanismSpec::Shapley(spec),
    };
    assert_round_trip(&s);
    // The floats are printed so that they read back bit for bit.
    let back = Scenario::from_json(&s.to_json()).expect("round trip");
    let (MechanismSpec::Shapley(a), MechanismSpec::Shapley(b)) = (&s.spec, &back.spec) else {
        panic!("a shapley scenario read back as another mechanism");
    };
    for (x, y) in a.coalitions.iter().flatten().zip(b.coalitions.iter().flatten()) {
        assert_eq!(x.value.to_bits(), y.value.to_bits(), "{} changed to {}", x.value, y.value);
    }
}

#[test]
fn round_trip_of_every_formula() {
    let formulas = [
        GameFormula::Glove { left: vec!["P1".into(), "P3".into()] },
        GameFormula::Majority { weights: None, quota: 2.0 },
        GameFormula::Majority { weights: Some(vec![0.1, 0.7, 1.0 / 3.0]), quota: 0.75 },
        GameFormula::Random { low: -1.0 / 3.0, high: 1e10 },
    ];
    for (k, formula) in formulas.into_iter().enumerate() {
        let spec = ShapleyScenario { players: names(3), coalitions: None, game: Some(formula) };
        let s = Scenario {
            title: format!("formula {k}"),
            notes: String::new(),
            seed: k as u64 * 1_000_003,
            spec: MechanismSpec::Shapley(spec),
        };
        assert_round_trip(&s);
    }
}

fn formula() -> impl Strategy<Value = GameFormula> {
    prop_oneof![
        prop::sample::subsequence(names(4), 0..=4).prop_map(|left| GameFormula::Glove { left }),
        (prop::option::of(prop::collection::vec(0.0f64..1e6, 4)), 1e-9f64..1e6)
            .prop_map(|(weights, quota)| GameFormula::Majority { weights, quota }),
        (-1e12f64..1e12, 0.0f64..1e12).prop_map(|(low, width)| GameFormula::Random { low, high: low + width }),
    ]
}

/// Any finite float, including subnormals and extremes.
fn finite() -> impl Strategy<Value = f64> {
    use prop::num::f64::{NEGATIVE, NORMAL, POSITIVE, SUBNORMAL, ZERO};
    (POSITIVE | NEGATIVE | NORMAL | SUBNORMAL | ZERO).prop_filter("finite", |x| x.is_finite())
}

fn scenario() -> impl Strategy<Value = Scenario> {
    let table = prop::collection::vec(finite(), 15).prop_map(|values| {
        let base = ShapleyScenario { players: names(4), coalitions: None, game: None };
        let rows =
            (1u32..16).map(|m| CoalitionValue { members: base.members_of(m), value: values[m as usize - 1] }).collect();
        ShapleyScenario { coalitions: Some(rows), ..base }
    });
    let game = formula().prop_map(|f| ShapleyScenario { players: names(4), coalitions: None, game: Some(f) });
    ("\\PC{0,200}", "(\\PC|\n){0,300}", any::<u64>(), prop_oneof![table, game])
        .prop_map(|(title, notes, seed, spec)| Scenario { title, notes, seed, spec: MechanismSpec::Shapley(spec) })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn round_trip_random_scenarios(s in scenario()) {
        assert_round_trip(&s);
    }
}

// ---------------------------------------------------------------------------------------------
// Unknown fields, versions, mechanisms

#[test]
fn unknown_fields_are_rejected_by_name() {
    check(&with(glove_doc(), "playres", json!(["A"])), Expect::Problems(&[("playres", "unknown field `playres`")]));
    let mut doc = table_doc();
    doc["coalitions"][2]["weight"] = json!(2);
    check(&doc, Expect::Problems(&[("coalitions[2].weight", "unknown field `weight`")]));
    let mut doc = glove_doc();
    doc["game"]["right"] = json!(["B"]);
    // `game` is read as a plain struct (not an internally tagged enum): the path names the field.
    check(&doc, Expect::Problems(&[("game.right", "unknown field `right`")]));
    // A field of another kind of game is named too.
    let mut doc = glove_doc();
    doc["game"]["quota"] = json!(2);
    check(&doc, Expect::Problems(&[("game", "unknown field `quota` for a game of kind Glove")]));
    let mut doc = glove_doc();
    doc["game"]["kind"] = json!("banana");
    check(&doc, Expect::Problems(&[("game.kind", "unknown variant `banana`")]));
}

#[test]
fn versions() {
    check(&without(glove_doc(), "version"), Expect::Problems(&[("version", "required")]));
    check(&with(glove_doc(), "version", json!(2)), Expect::Problems(&[("version", "newer than this playground")]));
    check(&with(glove_doc(), "version", json!(u64::MAX)), Expect::Problems(&[("version", "newer")]));
    check(&with(glove_doc(), "version", json!(0)), Expect::Problems(&[("version", "0 is not a schema version")]));
    check(&with(glove_doc(), "version", json!("1")), Expect::Problems(&[("version", "must be a positive integer")]));
    check(&with(glove_doc(), "version", json!(-1)), Expect::Problems(&[("version", "must be a positive integer")]));
    check(&with(glove_doc(), "version", json!(1.5)), Expect::Problems(&[("version", "must be a positive integer")]));
    check(&with(glove_doc(), "version", Value::Null), Expect::Problems(&[("version", "must be a positive integer")]));
}

#[test]
fn mechanisms() {
    check(
        &without(glove_doc(), "mechanism"),
        Expect::Problems(&[("mechanism", "required: one of \"abacus\", \"abacus_estimate\", \"shapley\"")]),
    );
    check(
        &with(glove_doc(), "mechanism", json!("shapely")),
        Expect::Problems(&[("mechanism", "unknown mechanism \"shapely\"")]),
    );
    check(&with(glove_doc(), "mechanism", json!(5)), Expect::Problems(&[("mechanism", "must be a string")]));
    for planned in cloudecon::registry::PLANNED {
        check(
            &with(glove_doc(), "mechanism", json!(planned)),
            Expect::Problems(&[("mechanism", "not available in this version yet")]),
        );
    }
}

#[test]
fn documents_that_are_not_objects() {
    for doc in [json!([]), json!(1), json!("shapley"), Value::Null, json!([glove_doc()])] {
        check(&doc, Expect::Problems(&[("document", "must be a JSON object")]));
    }
    for text in ["", "{", "{\"version\":1,}", "nul", "{\"version\": NaN}", "{} {}"] {
        let e = Scenario::from_json(text).expect_err(text);
        assert_eq!(e.problems.len(), 1, "{text}");
        assert_eq!(e.problems[0].path, "document", "{text}");
        assert!(e.problems[0].message.contains("not valid JSON"), "{text}: {}", e.problems[0].message);
    }
    let e = Scenario::from_json_bytes(b"{\"title\": \"\xff\"}").expect_err("bad UTF-8");
    assert_eq!(e.problems[0].path, "document");
    assert!(e.problems[0].message.contains("UTF-8"), "{}", e.problems[0].message);
}

// ---------------------------------------------------------------------------------------------
// Common fields

#[test]
fn seed_must_be_a_non_negative_integer() {
    for bad in [json!(-1), json!(1.5), json!("42"), json!(18_446_744_073_709_551_616.0), json!(true), json!([1])] {
        check(
            &with(glove_doc(), "seed", bad.clone()),
            Expect::Problems(&[("seed", "must be an integer from 0 to 2^64")]),
        );
    }
    for good in [0u64, 1, 42, u64::MAX] {
        let s = check(&with(glove_doc(), "seed", json!(good)), Expect::Ok).expect("accepted");
        assert_eq!(s.seed, good);
    }
}

#[test]
fn title_and_notes_must_be_short_strings() {
    check(&with(glove_doc(), "title", json!(5)), Expect::Problems(&[("title", "must be a string")]));
    check(&with(glove_doc(), "title", json!(["a"])), Expect::Problems(&[("title", "must be a string")]));
    check(&with(glove_doc(), "notes", json!({})), Expect::Problems(&[("notes", "must be a string")]));
    check(&with(glove_doc(), "title", json!("é".repeat(200))), Expect::Ok);
    check(
        &with(glove_doc(), "title", json!("é".repeat(201))),
        Expect::Problems(&[("title", "limited to 200 characters")]),
    );
    check(&with(glove_doc(), "notes", json!("n".repeat(20_000))), Expect::Ok);
    check(
        &with(glove_doc(), "notes", json!("n".repeat(20_001))),
        Expect::Problems(&[("notes", "limited to 20000 characters")]),
    );
}

// ---------------------------------------------------------------------------------------------
// The `shapley` fields

#[test]
fn all_problems_are_reported_at_once_with_paths() {
    let doc = json!({
        "version": 1,
        "mechanism": "shapley",
        "title": "t".repeat(201),
        "seed": -3,
        "players": ["A", "B", "C", "B"],
        "coalitions": [
            { "members": ["A"], "value": 1.0 },
            { "members": ["B"], "value": 1.0 },
            { "members": ["A", "B"], "value": 2.0 },
            { "members": ["Zed", "A"], "value": 2.0 },
            { "members": ["B", "A"], "value": 3.0 },
            { "members": ["C", "C"], "value": 3.0 },
            { "members": [], "value": 0.0 }
        ]
    });
    check(
        &doc,
        Expect::Problems(&[
            ("title", "limited to 200 characters"),
            ("seed", "must be an integer"),
            ("players[3]", "duplicate name \"B\" (also players[1])"),
            ("coalitions[3].members[0]", "unknown player \"Zed\""),
            ("coalitions[4]", "the same coalition as coalitions[2]"),
            ("coalitions[5].members[1]", "\"C\" is listed twice"),
            ("coalitions[6].members", "at least one member"),
            // {C}, {A,C}, {B,C}, {A,B,C} have no value (the repeated "B" adds no coalitions).
            ("coalitions", "all 7 non-empty coalitions need a value; 4 missing, e.g. {C}, {A, C}, {B, C}"),
        ]),
    );
    let e = Scenario::from_json(&doc.to_string()).expect_err("invalid");
    let text = e.to_string();
    assert_eq!(text.lines().count(), e.problems.len(), "one line per problem:\n{text}");
    assert!(text.lines().next().is_some_and(|l| l.starts_with("title: ")), "{text}");
    assert!(text.contains("coalitions[3].members[0]: unknown player \"Zed\""), "{text}");
}

#[test]
fn missing_coalitions() {
    let mut doc = table_doc();
    doc["coalitions"].as_array_mut().expect("array").truncate(5);
    check(
        &doc,
        Expect::Problems(&[(
            "coalitions",
            "all 7 non-empty coalitions need a value; 2 missing, e.g. {B, C}, {A, B, C}",
        )]),
    );
    check(&with(table_doc(), "coalitions", json!([])), Expect::Problems(&[("coalitions", "7 missing")]));
}

#[test]
fn players_and_table_checks() {
    let many: Vec<String> = (0..40).map(|i| format!("Q{i}")).collect();
    check(
        &with(glove_doc(), "players", json!([])),
        Expect::Problems(&[("players", "at least one player"), ("game.left[0]", "unknown player \"A\"")]),
    );
    check(&with(glove_doc(), "players", json!(names(21))), Expect::Problems(&[("players", "limited to 20 players")]));
    check(&with(glove_doc(), "players", json!(many)), Expect::Problems(&[("players", "got 40")]));
    check(
        &with(with(glove_doc(), "players", json!(names(20))), "game", json!({"kind": "glove", "left": ["P1"]})),
        Expect::Ok,
    );
    check(
        &with(glove_doc(), "players", json!(["A", " ", "x".repeat(65), "C"])),
        Expect::Problems(&[("players[1]", "non-empty name"), ("players[2]", "limited to 64 characters")]),
    );
    check(&with(glove_doc(), "players", json!("A")), Expect::Problems(&[("players", "invalid type")]));
    check(&without(glove_doc(), "players"), Expect::Problems(&[("document", "missing field `players`")]));
    check(&without(glove_doc(), "game"), Expect::Problems(&[("coalitions", "required")]));
    check(&with(table_doc(), "game", glove_doc()["game"].clone()), Expect::Problems(&[("game", "not both")]));
    let mut doc = table_doc();
    doc["coalitions"][1]["value"] = json!("x");
    check(&doc, Expect::Problems(&[("coalitions[1].value", "invalid type: string \"x\"")]));
    let mut doc = table_doc();
    doc["coalitions"][1]["members"] = json!("B");
    check(&doc, Expect::Problems(&[("coalitions[1].members", "invalid type")]));
}

#[test]
fn formula_checks() {
    let game = |g: Value| with(glove_doc(), "game", g);
    check(
        &game(json!({"kind": "glove", "left": ["A", "D"]})),
        Expect::Problems(&[("game.left[1]", "unknown player \"D\"")]),
    );
    check(&game(json!({"kind": "glove", "left": []})), Expect::Ok);
    check(&game(json!({"kind": "majority", "quota": 2})), Expect::Ok);
    check(
        &game(json!({"kind": "majority", "weights": [1, 2], "quota": 2})),
        Expect::Problems(&[("game.weights", "one weight per player (3), got 2")]),
    );
    check(
        &game(json!({"kind": "majority", "weights": [1, -2, 3], "quota": 0})),
        Expect::Problems(&[("game.weights[1]", "must be ≥ 0"), ("game.quota", "must be > 0")]),
    );
    check(
        &game(json!({"kind": "majority", "weights": [1, 2, 3]})),
        Expect::Problems(&[("game", "missing field `quota`")]),
    );
    check(&game(json!({"kind": "random", "low": 1, "high": 0})), Expect::Problems(&[("game.high", "must be ≥ low")]));
    check(&game(json!({"kind": "random", "low": 2.5, "high": 2.5})), Expect::Ok);
    // A range wider than the largest float would draw infinite values: refused, not a crash.
    check(&game(json!({"kind": "random", "low": -1e308, "high": 1e308})), Expect::Problems(&[("game.high", "finite")]));
    check(&game(json!({"kind": "random", "low": 0, "high": f64::MAX})), Expect::Ok);
    check(&game(json!({"low": 0, "high": 1})), Expect::Problems(&[("game", "missing field `kind`")]));
}

#[test]
fn numbers_beyond_f64_are_refused_as_json() {
    let text = table_doc().to_string().replace("\"value\":1.0", "\"value\":1e400");
    let e = Scenario::from_json(&text).expect_err("1e400 is not a finite f64");
    // The number is read with its field, so the problem names it.
    assert!(e.problems[0].path.starts_with("coalitions[") && e.problems[0].path.ends_with("].value"), "{e}");
    assert!(e.problems[0].message.contains("out of range"), "{e}");
}

#[test]
fn documents_over_64_mib_are_refused() {
    let head = r#"{"version":1,"mechanism":"shapley","players":["A"],"game":{"kind":"glove","left":[]},"notes":""#;
    let mut text = String::with_capacity(MAX_DOCUMENT_BYTES + (1 << 20));
    text.push_str(head);
    while text.len() <= MAX_DOCUMENT_BYTES {
        text.push_str(&"x".repeat(1 << 16));
    }
    text.push_str("\"}");
    for e in [
        Scenario::from_json(&text).expect_err("too large"),
        Scenario::from_json_bytes(text.as_bytes()).expect_err("too large"),
    ] {
        assert_eq!(e.problems.len(), 1);
        assert_eq!(e.problems[0].path, "document");
        assert!(e.problems[0].message.contains("64 MiB"), "{}", e.problems[0].message);
        assert!(e.problems[0].message.contains(&text.len().to_string()), "names the size: {}", e.problems[0].message);
    }
    assert!(cloudecon::runner::run_json(&text).is_err());
}

#[test]
fn validation_guards_directly_built_scenarios() {
    let bad = [
        ShapleyScenario { players: vec![], coalitions: None, game: Some(GameFormula::Glove { left: vec![] }) },
        ShapleyScenario { players: names(25), coalitions: None, game: Some(GameFormula::Glove { left: vec![] }) },
        ShapleyScenario {
            players: names(2),
            coalitions: None,
            game: Some(GameFormula::Random { low: f64::NAN, high: 1.0 }),
        },
        ShapleyScenario {
            players: names(2),
            coalitions: None,
            game: Some(GameFormula::Majority { weights: Some(vec![1.0; 40]), quota: 1.0 }),
        },
        ShapleyScenario {
            players: names(2),
            coalitions: Some(vec![CoalitionValue { members: names(1), value: f64::INFINITY }]),
            game: None,
        },
    ];
    for spec in bad {
        let s = Scenario::new(MechanismSpec::Shapley(spec.clone()));
        let e: ScenarioError = s.validate().expect_err("invalid");
        assert!(!e.problems.is_empty());
        assert!(cloudecon::runner::run(&s).is_err(), "{spec:?} must not run");
    }
}

// ---------------------------------------------------------------------------------------------
// Garbage never panics

/// Keys that steer random documents into the interesting parts of the reader.
const KEYS: &[&str] = &[
    "version",
    "mechanism",
    "title",
    "notes",
    "seed",
    "players",
    "coalitions",
    "game",
    "members",
    "value",
    "kind",
    "left",
    "weights",
    "quota",
    "low",
    "high",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-3i64..25).prop_map(Value::from),
        finite().prop_map(Value::from),
        prop::sample::select(vec![1e308, -1e308, f64::MAX, -f64::MAX, 5e-324, -0.0, 0.5, 1.0]).prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
        prop::sample::select(vec!["shapley", "abacus", "glove", "majority", "random", "A", "B", "C", ""])
            .prop_map(Value::from),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![3 => prop::sample::select(KEYS).prop_map(String::from), 1 => "[a-z]{0,6}"]
}

fn arbitrary_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..8).prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// A random object that gets past the version and mechanism checks most of the time.
fn plausible_document() -> impl Strategy<Value = Value> {
    (prop::collection::vec((key(), arbitrary_json()), 0..6), prop::sample::select(vec!["shapley", "abacus", "x"]))
        .prop_map(|(fields, mechanism)| {
            let mut doc = json!({ "version": 1, "mechanism": mechanism });
            for (k, v) in fields {
                doc[k.as_str()] = v;
            }
            doc
        })
}

/// Every JSON pointer inside `v` (not the root).
fn pointers(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| {
            let p = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
            out.push(p.clone());
            pointers(x, &p, out);
        }),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| {
            let p = format!("{at}/{i}");
            out.push(p.clone());
            pointers(x, &p, out);
        }),
        _ => {}
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Delete,
    Replace(Value),
    Wrap,
    /// A number set just past another of the document's numbers, or an array's length: a submit
    /// past a deadline, an arrival past the horizon, an index past a length (`reference` picks
    /// the number, `delta` ∈ −1..=2 the step past it).
    Relational {
        reference: prop::sample::Index,
        delta: i64,
    },
}

/// The numbers a relational mutation sets a field just past: every number in `v` and every
/// array's length.
fn reference_numbers(v: &Value, out: &mut Vec<f64>) {
    match v {
        Value::Number(n) => out.extend(n.as_f64()),
        Value::Array(a) => {
            out.push(a.len() as f64);
            a.iter().for_each(|x| reference_numbers(x, out));
        }
        Value::Object(m) => m.values().for_each(|x| reference_numbers(x, out)),
        _ => {}
    }
}

/// Pointers of the numbers inside `v`.
fn number_pointers(v: &Value) -> Vec<String> {
    let mut all = Vec::new();
    pointers(v, "", &mut all);
    all.retain(|p| v.pointer(p).is_some_and(Value::is_number));
    all
}

/// `doc` with the node at `pointer` deleted, replaced or wrapped in an array.
fn mutate(mut doc: Value, pointer: &str, mutation: &Mutation) -> Value {
    let doc_snapshot = doc.clone();
    let (parent, last) = pointer.rsplit_once('/').expect("pointer");
    let last = last.replace("~1", "/").replace("~0", "~");
    let target = doc.pointer_mut(parent).expect("parent exists");
    match (mutation, target) {
        (Mutation::Delete, Value::Object(m)) => {
            m.remove(&last);
        }
        (Mutation::Delete, Value::Array(a)) => {
            a.remove(last.parse::<usize>().expect("index"));
        }
        (Mutation::Replace(new), Value::Object(m)) => {
            m.insert(last, new.clone());
        }
        (Mutation::Replace(new), Value::Array(a)) => {
            a[last.parse::<usize>().expect("index")] = new.clone();
        }
        (Mutation::Relational { reference, delta }, t) => {
            let mut numbers = Vec::new();
            reference_numbers(&doc_snapshot, &mut numbers);
            if let (Some(&x), Some(slot)) = (numbers.get(reference.index(numbers.len().max(1))), child(t, &last)) {
                let y = x + *delta as f64;
                *slot = if y.fract() == 0.0 && y.abs() < 9e15 { Value::from(y as i64) } else { Value::from(y) };
            }
        }
        (Mutation::Wrap, t) => {
            if let Some(x) = t.pointer_mut(&format!("/{}", last.replace('~', "~0").replace('/', "~1"))) {
                *x = Value::Array(vec![x.take()]);
            }
        }
        _ => unreachable!("parents are containers"),
    }
    doc
}

/// The child `key` of a container.
fn child<'v>(parent: &'v mut Value, key: &str) -> Option<&'v mut Value> {
    match parent {
        Value::Object(m) => m.get_mut(key),
        Value::Array(a) => key.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
        _ => None,
    }
}

fn valid_documents() -> Vec<Value> {
    vec![
        glove_doc(),
        table_doc(),
        json!({"version": 1, "mechanism": "shapley", "seed": 3, "players": ["A", "B", "C", "D"],
               "game": {"kind": "majority", "weights": [3, 2, 1, 1], "quota": 4}}),
        json!({"version": 1, "mechanism": "shapley", "seed": 42, "notes": "random", "players": ["A", "B", "C"],
               "game": {"kind": "random", "low": -1, "high": 1}}),
        preset_value("era-basic"),
        preset_value("era-day-night"),
        preset_value("abacus-running-example"),
        preset_value("abacus-estimate-example"),
        preset_value("cloudshare-toy"),
        json!({"version": 1, "mechanism": "era",
               "algorithm": {"kind": "basic_econ", "min_unit_price": 0.5, "max_unit_price": 4, "late_penalty": 0.1},
               "cloud": {"horizon": 12, "resources": [{"name": "core", "capacity": 6}]},
               "predictor": {"kind": "spread_history", "period": 4,
                             "history": [{"submit": 1, "value": 9, "parts": [{"count": 2, "duration": 2, "arrival": 1, "deadline": 6}]},
                                         {"submit": 3, "value": 4, "parts": [{"count": 1, "duration": 1, "arrival": 3, "deadline": 5}]}]},
               "requests": [{"submit": 2, "value": 8, "parts": [{"count": 3, "duration": 2, "arrival": 2, "deadline": 9}]},
                            {"submit": 5, "value": 1, "parts": [{"count": 1, "duration": 3, "arrival": 6, "deadline": 11}]}]}),
        json!({"version": 1, "mechanism": "era", "seed": 5,
               "algorithm": {"kind": "on_demand", "unit_price": 1},
               "cloud": {"horizon": 24, "resources": [{"name": "core", "capacity": [{"from": 0, "capacity": 8}, {"from": 6, "capacity": 3}]},
                                                     {"name": "rack", "virtual": true, "capacity": 2}],
                         "configurations": [{"name": "vm", "formal": {"core": 2}, "actual": {"core": 2, "rack": 0.5}}]},
               "predictor": {"kind": "lp_history", "period": 12,
                             "history": [{"submit": 0, "value": 9, "parts": [{"count": 1, "duration": 2, "arrival": 0, "deadline": 6}]}]},
               "requests": {"generator": {"classes": [{"name": "a", "rate": 0.5, "count": {"uniform": [1, 3]}, "duration": 2,
                                                        "slack": {"exponential": 2}, "unit_value": {"choice": [1, 3]}}]}},
               "actual_usage": {"uniform": [0.5, 1]}}),
        json!({"version": 1, "mechanism": "spot", "seed": 2, "on_demand_price": 0.25,
               "spot_price": {"kind": "schedule", "switches": [
                   {"from_job": 0, "model": {"kind": "gaussian", "mean": 0.1, "sd": 0.05}},
                   {"from_job": 0.5, "model": {"kind": "alternating", "high": 0.3, "low": 0}}]},
               "jobs": {"generator": {"count": 40, "size_max": 30, "seed": 4}},
               "policies": [{"family": "rate_centric", "sigma": 0.4, "bid": {"kind": "fixed", "b": 0.2}},
                            {"family": "deadline_centric", "m_threshold": 1, "bid": {"kind": "variable", "gamma": 0.6, "epsilon": 0.02}}],
               "delay": 3, "step_size": {"constant": 1.5}, "snapshots": [10, 20]}),
        json!({"version": 1, "mechanism": "spot", "on_demand_price": 0.067, "slot_minutes": 15,
               "spot_price": {"kind": "ec2_history", "location": "us-east-1a", "instance_type": "m3.medium", "start": "2016-03-01T00:00:00Z",
                              "csv": "timestamp,availability_zone,instance_type,product_description,spot_price_usd_per_hour\n2016-03-01T00:00:00Z,us-east-1a,m3.medium,Linux/UNIX,0.01\n2016-03-01T05:00:00Z,us-east-1a,m3.medium,Linux/UNIX,0.3\n"},
               "jobs": {"swf": "1 0 -1 1800 4 -1 -1 4 -1 -1 1 1 1 -1 1 -1 -1 -1\n2 600 -1 7200 2 -1 -1 2 -1 -1 1 2 1 -1 1 -1 -1 -1\n", "count": 9},
               "policies": [{"family": "rate_centric", "sigma": 0, "bid": {"kind": "variable", "gamma": 0, "epsilon": 0}}],
               "payoff_scale": 2}),
        json!({"version": 1, "mechanism": "cloudshare", "seed": 3,
               "organizations": [{"name": "A", "processors": 2}, {"name": "B", "machines": [2, 1]}, {"name": "C", "processors": 0}],
               "jobs": [{"org": "A", "release": 0, "duration": 3, "cores": 2}, {"org": "B", "release": 1, "duration": 2},
                        {"org": "C", "release": 1, "duration": 1}, {"org": "B", "release": 2, "duration": 1, "local": true}],
               "split_unit": false, "shapley": {"method": "sample", "permutations": 20},
               "federation": {"exposure_threshold": 0.6, "leave_events": [{"org": "B", "time": 2}]}}),
        json!({"version": 1, "mechanism": "cloudshare",
               "organizations": {"count": 3, "processors": {"zipf": {"total": 7, "s": 1.2}}},
               "jobs": {"swf": "1 0 -1 1800 4 -1 -1 4 -1 -1 1 1 1 -1 1 -1 -1 -1\n2 4000 -1 7300 2 -1 -1 2 -1 -1 1 2 1 -1 1 -1 -1 -1\n3 90000 -1 60 1 -1 -1 1 -1 -1 1 5 1 -1 1 -1 -1 -1\n",
                        "users": "random", "local_users": 0.3},
               "algorithms": ["orig_direct", "rel_direct", "round_robin"], "runs": {"windows": 2, "seed": 4}}),
    ]
}

fn preset_value(name: &str) -> Value {
    serde_json::from_str(&cloudecon::presets::find(name).expect("preset").scenario().to_json()).expect("json")
}

/// The one refusal a valid document may meet when it runs: utility estimation on observations
/// whose regressors turn out singular, or too badly scaled to solve (only the fit can tell; with
/// `from_schedule` the observations do not exist before the run). Always at `observations`.
fn is_fit_refusal<T>(s: &Scenario, ran: &Result<T, ScenarioError>) -> bool {
    let Err(e) = ran else { return false };
    s.kind().tag() == "abacus_estimate"
        && e.problems.iter().all(|p| {
            p.path == "observations"
                && ["singular system", "the numbers are too large", "non-negative least squares stopped"]
                    .iter()
                    .any(|start| p.message.starts_with(start))
        })
}

/// Reading and running must return (Ok or Err), never panic; an accepted document runs and
/// round-trips.
fn assert_robust(doc: &Value) {
    let text = doc.to_string();
    let read = Scenario::from_value(doc.clone());
    assert_eq!(read, Scenario::from_json(&text));
    let ran = cloudecon::runner::run_json(&text);
    if let Ok(s) = read {
        assert!(ran.is_ok() || is_fit_refusal(&s, &ran), "accepted but did not run: {text}: {ran:?}");
        assert_eq!(Scenario::from_json(&s.to_json()).as_ref(), Ok(&s), "accepted documents round-trip: {text}");
    } else {
        assert!(ran.is_err(), "refused but ran: {text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256), prefix in any::<bool>()) {
        let mut input = if prefix { br#"{"version":1,"mechanism":"shapley","#.to_vec() } else { Vec::new() };
        input.extend(bytes);
        let _ = Scenario::from_json_bytes(&input);
        if let Ok(text) = std::str::from_utf8(&input) {
            let _ = cloudecon::runner::run_json(text);
        }
    }

    #[test]
    fn random_json_never_panics(doc in prop_oneof![arbitrary_json(), plausible_document()]) {
        assert_robust(&doc);
    }

    #[test]
    fn mutated_documents_never_panic(
        base in prop::sample::select(valid_documents()),
        at in any::<prop::sample::Index>(),
        mutation in prop_oneof![
            Just(Mutation::Delete),
            Just(Mutation::Wrap),
            leaf().prop_map(Mutation::Replace),
            arbitrary_json().prop_map(Mutation::Replace),
        ],
        twice in any::<bool>(),
    ) {
        let mut doc = base;
        for _ in 0..(1 + usize::from(twice)) {
            let mut all = Vec::new();
            pointers(&doc, "", &mut all);
            if all.is_empty() {
                break;
            }
            doc = mutate(doc, at.get(all.as_slice()).as_str(), &mutation);
        }
        assert_robust(&doc);
    }

    /// Relational mutations on every mechanism's documents: one or two numbers set just past
    /// another number of the document or an array's length.
    #[test]
    fn numbers_set_just_past_another_never_panic(
        base in prop::sample::select(valid_documents()),
        steps in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), -1i64..=2), 1..3),
    ) {
        let mut doc = base;
        for (at, reference, delta) in steps {
            let numbers = number_pointers(&doc);
            if numbers.is_empty() {
                break;
            }
            doc = mutate(doc, at.get(numbers.as_slice()).as_str(), &Mutation::Relational { reference, delta });
        }
        assert_robust(&doc);
    }
}

#[test]
fn deeply_nested_json_is_refused_not_overflowed() {
    let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(Scenario::from_json(&text).is_err());
    let text =
        format!(r#"{{"version":1,"mechanism":"shapley","players":{}{}}}"#, "[".repeat(10_000), "]".repeat(10_000));
    assert!(Scenario::from_json(&text).is_err());
}

// ---------------------------------------------------------------------------------------------
// Spot policies as formula families (issue 22): random expressions, deep nesting, huge literals,
// unknown names and formulas that give NaN in every field of a family; exit 0 or 2 (a run-time
// NaN is an error at the family's field), never a panic, never past a few seconds.

/// A small spot document whose only policy is a formula family.
fn spot_formula_doc(fields: [&str; 4], params: Value) -> Value {
    json!({"version": 1, "mechanism": "spot", "seed": 1, "on_demand_price": 0.25,
           "spot_price": {"kind": "gaussian", "mean": 0.15, "sd": 0.05, "seed": 3},
           "jobs": {"generator": {"count": 12, "seed": 2}},
           "policies": [{"family": "formula", "on_demand": fields[0], "spot": fields[1], "bid": fields[2],
                          "drop": fields[3], "params": params}]})
}

/// Random formulas over the spot variables, a parameter, unknown names and odd literals.
fn spot_expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        prop::sample::select(vec!["m", "r", "q", "a", "c", "p", "v", "z", "h", "d", "last", "avg", "b"])
            .prop_map(String::from),
        prop::sample::select(vec!["0", "1", ".5", "1e308", "1e-320", "nope", "M", "min", "9e999"])
            .prop_map(String::from),
        (-1.0e6..1.0e6f64).prop_map(|x| format!("{x}")),
    ];
    leaf.prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec!["+", "-", "*", "/", "^", "<", ">=", "==", "&&", "||"]),
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (prop::sample::select(vec!["sqrt", "ln", "exp", "abs", "floor", "-", "!"]), inner.clone())
                .prop_map(|(f, a)| if f == "-" || f == "!" { format!("{f}{a}") } else { format!("{f}({a})") }),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, t, e)| format!("if({c} > 0, {t}, {e})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("min({a}, {b})")),
        ]
    })
}

/// Reading and running a spot formula document returns, in a few seconds: refused at read, or
/// run to a result, or ended by a formula without a number at the family's field.
fn assert_spot_formula_robust(doc: &Value) {
    let start = std::time::Instant::now();
    let text = doc.to_string();
    let ran = cloudecon::runner::run_json(&text);
    if let Ok(s) = Scenario::from_value(doc.clone()) {
        assert_eq!(Scenario::from_json(&s.to_json()).as_ref(), Ok(&s), "round-trips: {text}");
        if let Err(e) = &ran {
            assert!(
                e.problems.iter().all(|p| p.path.starts_with("policies[0].") && p.message.contains(" gave ")),
                "accepted, then failed otherwise than by a formula without a number: {text}: {e}"
            );
        }
    } else {
        assert!(ran.is_err(), "refused but ran: {text}");
    }
    assert!(start.elapsed().as_secs() < 5, "{text} took {:?}", start.elapsed());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn spot_formula_families_never_panic(
        fields in prop::collection::vec(spot_expression(), 4),
        cond in spot_expression(),
        bs in prop::collection::vec(-1.0e3..1.0e3f64, 0..4),
    ) {
        let drop = format!("{cond} > 0");
        let doc = spot_formula_doc([&fields[0], &fields[1], &fields[2], &drop], json!({ "b": bs }));
        assert_spot_formula_robust(&doc);
        // The same with the condition as written (often a number: refused at `drop`).
        let doc = spot_formula_doc([&fields[0], &fields[1], &fields[2], &fields[3]], json!({ "b": bs }));
        assert_spot_formula_robust(&doc);
    }

    #[test]
    fn mutated_spot_formula_documents_never_panic(
        at in any::<prop::sample::Index>(),
        mutation in prop_oneof![
            Just(Mutation::Delete),
            Just(Mutation::Wrap),
            leaf().prop_map(Mutation::Replace),
            arbitrary_json().prop_map(Mutation::Replace),
        ],
    ) {
        let doc = spot_formula_doc(["0", "a", "avg + b", "r > m*c || q >= v"], json!({ "b": [0.0, 0.05] }));
        let mut all = Vec::new();
        pointers(&doc, "", &mut all);
        let doc = mutate(doc, at.get(all.as_slice()).as_str(), &mutation);
        assert_spot_formula_robust(&doc);
    }
}

#[test]
fn spot_formula_extremes_are_refused_or_reported() {
    let deep = format!("{}a{}", "(".repeat(100_000), ")".repeat(100_000));
    let long_sum = vec!["a"; 5_000].join(" + ");
    let cases: Vec<([String; 4], Value, &str)> = vec![
        ([deep.clone(), "a".into(), "b".into(), "q >= v".into()], json!({"b": [0.1]}), "policies[0].on_demand"),
        (["0".into(), long_sum, "b".into(), "q >= v".into()], json!({"b": [0.1]}), "policies[0].spot"),
        (["0".into(), "a".into(), "1e999".into(), "q >= v".into()], json!({"b": [0.1]}), "policies[0].bid"),
        (["0".into(), "a".into(), "sqrt(-1)".into(), "q >= v".into()], json!({"b": [0.1]}), "policies[0].bid"),
        (["0".into(), "a".into(), "b".into(), "q >= v".into()], json!({"a": [0.1]}), "policies[0].params.a"),
        (["0".into(), "a".into(), "b".into(), "q >= v".into()], json!({"b": vec![0.1; 10_001]}), "policies[0].params"),
        (
            ["0".into(), "a".into(), "b".into(), "q >= v".into()],
            json!({"b": [0.1], "if": [1]}),
            "policies[0].params.if",
        ),
    ];
    for (fields, params, path) in cases {
        let doc = spot_formula_doc([&fields[0], &fields[1], &fields[2], &fields[3]], params);
        let e = cloudecon::runner::run_json(&doc.to_string()).expect_err(path);
        assert!(e.problems.iter().any(|p| p.path == path), "{path}: {e}");
        assert_spot_formula_robust(&doc);
    }
}

// ---------------------------------------------------------------------------------------------
// CloudShare's priority formulas (issue 22)

/// The two-organization toy with the five built-ins and a priority formula.
fn cloudshare_formula_doc(psi: &str, priority: &str) -> Value {
    let mut doc = preset_value("cloudshare-toy");
    doc["algorithms"] =
        json!(["orig_direct", "fair_share", { "kind": "formula", "name": "mine", "psi": psi, "priority": priority }]);
    doc
}

/// A CloudShare formula document reads, and runs or fails with an error (a bad formula at its
/// path, a priority that is not finite at run time), never a panic, within a few seconds.
fn assert_formula_robust(doc: &Value) {
    assert_rule_formula_robust(doc, &["algorithms["]);
}

const PRIORITY_NAMES: [&str; 9] =
    ["contribution", "utility", "usage", "processors", "waiting", "last", "t", "contributon", "value"];

/// Random expressions of the language over the priority's variables (and a few wrong names).
fn priority_expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        prop::sample::select(PRIORITY_NAMES.to_vec()).prop_map(String::from),
        prop::sample::select(vec!["0", "1", "-1", "1e308", "1e-320", "0.5", "1e999", "2"]).prop_map(String::from),
    ];
    leaf.prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            (inner.clone(), prop::sample::select(vec!["+", "-", "*", "/", "^"]), inner.clone())
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (prop::sample::select(vec!["sqrt", "ln", "exp", "abs", "floor", "log10"]), inner.clone())
                .prop_map(|(f, a)| format!("{f}({a})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b}, 0)")),
            (inner.clone(), inner.clone(), inner).prop_map(|(c, a, b)| format!("if({c} > {a}, {a}, {b})")),
        ]
    })
}

#[test]
fn cloudshare_priority_formulas_at_the_limits_never_panic_nor_hang() {
    let deep = |n: usize| format!("{}waiting{}", "(".repeat(n), ")".repeat(n));
    let long_sum = vec!["contribution"; 2_000].join(" + ");
    let cases: Vec<(String, &str)> = vec![
        (deep(100_000), "algorithms[2].priority"),
        (deep(47), ""),
        (format!("{}1", "-".repeat(100_000)), "algorithms[2].priority"),
        (long_sum, "algorithms[2].priority"),
        ("9".repeat(400), "algorithms[2]"),
        ("1e400 - utility".into(), "algorithms[2]"),
        ("utility / usage".into(), "algorithms[2].priority"),
        ("sqrt(-1 - waiting)".into(), "algorithms[2].priority"),
        ("ln(0) * processors".into(), "algorithms[2].priority"),
        ("exp(1000) - t".into(), "algorithms[2].priority"),
        ("nan".into(), "algorithms[2].priority"),
        ("".into(), "algorithms[2].priority"),
        ("contribution -".into(), "algorithms[2].priority"),
        ("waiting > 1".into(), "algorithms[2].priority"),
        ("if(waiting > 1, last)".into(), "algorithms[2].priority"),
        ("\u{0}".into(), "algorithms[2].priority"),
    ];
    for (formula, path) in cases {
        let doc = cloudshare_formula_doc("rel", &formula);
        assert_formula_robust(&doc);
        if !path.is_empty() {
            let e = cloudecon::runner::run_json(&doc.to_string()).expect_err("refused or stopped");
            assert!(e.problems.iter().any(|p| p.path.starts_with(path)), "{path} for {:.60}: {e}", formula);
        }
    }
    // Names and ψ at the limits.
    for (name, psi) in
        [("", "sp"), ("fair_share", "sp"), ("x".repeat(10_000).as_str(), "sp"), ("mine", "SP"), ("mine", "")]
    {
        let mut doc = cloudshare_formula_doc(psi, "1");
        doc["algorithms"][2]["name"] = json!(name);
        assert_formula_robust(&doc);
        assert!(cloudecon::runner::run_json(&doc.to_string()).is_err(), "{name:.20} {psi}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_cloudshare_priority_formulas_never_panic(
        formula in priority_expression(),
        psi in prop::sample::select(vec!["sp", "rel", "surface"]),
    ) {
        assert_formula_robust(&cloudshare_formula_doc(psi, &formula));
    }

    #[test]
    fn mutated_cloudshare_formula_documents_never_panic(
        at in any::<prop::sample::Index>(),
        mutation in prop_oneof![
            Just(Mutation::Delete),
            Just(Mutation::Wrap),
            leaf().prop_map(Mutation::Replace),
            arbitrary_json().prop_map(Mutation::Replace),
        ],
    ) {
        let doc = cloudshare_formula_doc("sp", "contribution - utility + waiting");
        let mut all = Vec::new();
        pointers(&doc, "", &mut all);
        let doc = mutate(doc, at.get(all.as_slice()).as_str(), &mutation);
        assert_formula_robust(&doc);
    }
}

// ---------------------------------------------------------------------------------------------
// ERA's unit price and Abacus's utility as formulas (issue 22): random expressions over each
// rule's variables (and wrong names), 100,000-deep nesting, huge literals, formulas without a
// number; read and run: refused at the formula's path, run, or stopped by a formula that gave no
// number at its path; never a panic, never past a few seconds.

/// `era-basic` priced by a unit price formula.
fn era_formula_doc(unit_price: &str) -> Value {
    let mut doc = preset_value("era-basic");
    doc["algorithm"] = json!({ "kind": "formula", "unit_price": unit_price, "min_unit_price": 0.0 });
    doc
}

/// The running example with job 1's utility (and job 3's, when given) written as formulas.
fn abacus_formula_doc(first: &str, third: Option<&str>) -> Value {
    let mut doc = preset_value("abacus-running-example");
    doc["jobs"][0]["utility"] = json!({ "kind": "formula", "formula": first });
    if let Some(f) = third {
        doc["jobs"][2]["utility"] = json!({ "kind": "formula", "formula": f });
    }
    doc
}

/// Reads and runs `doc`: refused (and then not run), or run, or stopped by a formula that gave
/// no number, at a path starting with `at`; within a few seconds.
fn assert_rule_formula_robust(doc: &Value, at: &[&str]) {
    let started = std::time::Instant::now();
    let text = doc.to_string();
    let read = Scenario::from_json(&text);
    let ran = cloudecon::runner::run_json(&text);
    match (&read, &ran) {
        (Ok(s), _) => assert_eq!(Scenario::from_json(&s.to_json()).as_ref(), Ok(s), "round-trips: {text}"),
        (Err(_), Ok(_)) => panic!("refused but ran: {text}"),
        (Err(_), Err(_)) => {}
    }
    if let (Ok(_), Err(e)) = (&read, &ran) {
        assert!(
            e.problems.iter().all(|p| at.iter().any(|a| p.path.starts_with(a)) && p.message.contains("gave")),
            "accepted, then failed otherwise than by a formula without a number: {text}: {e}"
        );
    }
    assert!(started.elapsed().as_secs() < 5, "took {:?}: {text:.200}", started.elapsed());
}

/// Random expressions over `names` (with a few wrong names and odd literals).
fn rule_expression(names: &'static [&'static str]) -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        prop::sample::select(names.to_vec()).prop_map(String::from),
        prop::sample::select(vec!["0", "1", "-1", ".5", "1e308", "1e-320", "9e999", "nope", "min", "value"])
            .prop_map(String::from),
        (-1.0e6..1.0e6f64).prop_map(|x| format!("{x}")),
    ];
    leaf.prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec!["+", "-", "*", "/", "^", "<", ">=", "==", "&&", "||"]),
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (prop::sample::select(vec!["sqrt", "ln", "exp", "abs", "floor", "log10", "-", "!"]), inner.clone())
                .prop_map(|(f, a)| if f == "-" || f == "!" { format!("{f}{a}") } else { format!("{f}({a})") }),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, t, e)| format!("if({c} > 0, {t}, {e})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("max({a}, {b}, 0)")),
        ]
    })
}

const ERA_NAMES: &[&str] = &["demand_price", "remaining", "capacity", "promised", "i", "t", "now"];
const ABACUS_NAMES: &[&str] = &["map", "reduce"];

/// The same extreme formulas for both rules: refused at the formula's field, or stopped there.
fn extreme_formulas(variable: &str) -> Vec<String> {
    vec![
        format!("{}{variable}{}", "(".repeat(100_000), ")".repeat(100_000)),
        format!("{}{variable}", "-".repeat(100_000)),
        vec![variable; 5_000].join(" + "),
        "9".repeat(400),
        format!("1e400 * {variable}"),
        format!("{variable} / 0"),
        format!("sqrt(-1 - {variable})"),
        format!("ln(0) * {variable}"),
        format!("exp(1000) * {variable}"),
        format!("{variable} > 1"),
        format!("if({variable} > 1, {variable})"),
        "nan".into(),
        "".into(),
        "\u{0}".into(),
    ]
}

#[test]
fn era_and_abacus_formulas_at_the_limits_are_refused_or_reported() {
    for f in extreme_formulas("demand_price") {
        let doc = era_formula_doc(&f);
        assert_rule_formula_robust(&doc, &["algorithm"]);
        let e = cloudecon::runner::run_json(&doc.to_string()).expect_err("refused or stopped");
        assert!(e.problems.iter().any(|p| p.path.starts_with("algorithm.unit_price")), "{f:.60}: {e}");
    }
    for f in extreme_formulas("map") {
        let doc = abacus_formula_doc(&f, None);
        assert_rule_formula_robust(&doc, &["jobs[0]"]);
        let e = cloudecon::runner::run_json(&doc.to_string()).expect_err("refused or stopped");
        assert!(e.problems.iter().any(|p| p.path.starts_with("jobs[0].utility")), "{f:.60}: {e}");
    }
    // Deep but within the limits: runs.
    let nested = format!("{}map{}", "(".repeat(40), ")".repeat(40));
    assert!(cloudecon::runner::run_json(&abacus_formula_doc(&nested, None).to_string()).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_era_unit_price_formulas_never_panic(formula in rule_expression(ERA_NAMES)) {
        assert_rule_formula_robust(&era_formula_doc(&formula), &["algorithm"]);
    }

    #[test]
    fn random_abacus_utility_formulas_never_panic(
        first in rule_expression(ABACUS_NAMES),
        third in rule_expression(ABACUS_NAMES),
    ) {
        assert_rule_formula_robust(&abacus_formula_doc(&first, Some(&third)), &["jobs[0]", "jobs[2]"]);
    }

    #[test]
    fn mutated_rule_formula_documents_never_panic(
        era in any::<bool>(),
        at in any::<prop::sample::Index>(),
        mutation in prop_oneof![
            Just(Mutation::Delete),
            Just(Mutation::Wrap),
            leaf().prop_map(Mutation::Replace),
            arbitrary_json().prop_map(Mutation::Replace),
        ],
    ) {
        let (doc, paths): (Value, &[&str]) = if era {
            (era_formula_doc("demand_price * (1 + promised / capacity)"), &["algorithm"])
        } else {
            (abacus_formula_doc("3*min(map/2, reduce)", Some("2*sqrt(map) + ln(1 + reduce)")), &["jobs[0]", "jobs[2]"])
        };
        let mut all = Vec::new();
        pointers(&doc, "", &mut all);
        let doc = mutate(doc, at.get(all.as_slice()).as_str(), &mutation);
        // A mutation may turn a field a formula reads into a new one; it may fail anywhere, but
        // only by refusal (then it never ran) or a formula without a number.
        let started = std::time::Instant::now();
        let text = doc.to_string();
        match (Scenario::from_json(&text), cloudecon::runner::run_json(&text)) {
            (Err(_), Ok(_)) => panic!("refused but ran: {text}"),
            (Ok(_), Err(e)) => prop_assert!(
                e.problems.iter().all(|p| paths.iter().any(|a| p.path.starts_with(a)) && p.message.contains("gave")),
                "accepted, then failed otherwise: {text}: {e}"
            ),
            _ => {}
        }
        prop_assert!(started.elapsed().as_secs() < 5, "took {:?}", started.elapsed());
    }
}
