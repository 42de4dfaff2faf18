//! The core's problems as data: every `err-…` id the sources use has an English and a Chinese
//! message with the same arguments; the problems of broken documents of every mechanism carry an
//! id, their English is Fluent's English for that id, and their Chinese formats cleanly.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use cloudecon::messages::english;
use cloudecon::{Problem, Scenario};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
use serde_json::{json, Value};

/// Every `"err-…"` string literal in the core's sources (ids given to `keyed`, `push_keyed`,
/// `keyed_custom`, `keyed_text`, or picked by a `match`).
fn ids_in_sources() -> BTreeMap<String, String> {
    fn walk(dir: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("core/src is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                let mut rest = text.as_str();
                while let Some(i) = rest.find("\"err-") {
                    let tail = &rest[i + 1..];
                    let end = tail.find('"').unwrap_or(tail.len());
                    let id = &tail[..end];
                    if id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
                        out.entry(id.to_string()).or_insert_with(|| path.display().to_string());
                    }
                    rest = &tail[end..];
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
    out
}

/// The core's message files in both languages: (area, English, Simplified Chinese).
const FILES: &[(&str, &str, &str)] = &[
    ("errors", include_str!("../locales/en/errors.ftl"), include_str!("../locales/zh-CN/errors.ftl")),
    ("game", include_str!("../locales/en/game.ftl"), include_str!("../locales/zh-CN/game.ftl")),
    ("exercise", include_str!("../locales/en/exercise.ftl"), include_str!("../locales/zh-CN/exercise.ftl")),
];

fn bundle(lang: &str) -> FluentBundle<FluentResource> {
    let mut bundle = FluentBundle::new(vec![lang.parse().expect("a language tag")]);
    bundle.set_use_isolating(false);
    for (area, en, zh) in FILES {
        let text = if lang == "en" { en } else { zh };
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|e| panic!("{lang}/{area}.ftl: {e:?}"));
        bundle.add_resource(resource).unwrap_or_else(|e| panic!("{lang}/{area}.ftl: {e:?}"));
    }
    bundle
}

/// The `$arguments` a message's text names.
fn variables(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find('$') {
        let tail = &rest[i + 1..];
        let end = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(tail.len());
        out.insert(tail[..end].to_string());
        rest = &tail[end..];
    }
    out
}

/// Each message's source text in one file, by id.
fn sources(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with(' ') {
            if let Some(id) = &current {
                let entry: &mut String = out.entry(id.clone()).or_default();
                entry.push('\n');
                entry.push_str(line);
            }
        } else if let Some((id, value)) = line.split_once(" = ") {
            if !id.starts_with('#') {
                current = Some(id.trim().to_string());
                out.insert(id.trim().to_string(), value.to_string());
            }
        } else {
            current = None;
        }
    }
    out
}

/// The problem's message in English from its id, arguments and nested problems.
fn english_of(problem: &Problem) -> Option<String> {
    let mut args = problem.args.clone();
    for (k, inner) in &problem.nested {
        args.push((k, english_of(inner)?));
    }
    english(problem.id?, &args)
}

/// The problem's message in `bundle`'s language, or the errors Fluent met.
fn format(bundle: &FluentBundle<FluentResource>, problem: &Problem) -> Result<String, String> {
    let id = problem.id.ok_or("no id")?;
    let pattern = bundle.get_message(id).and_then(|m| m.value()).ok_or_else(|| format!("no message {id}"))?;
    let mut args = FluentArgs::new();
    for (k, v) in &problem.args {
        args.set(*k, v.clone());
    }
    for (k, inner) in &problem.nested {
        args.set(*k, format(bundle, inner)?);
    }
    let mut errors = vec![];
    let text = bundle.format_pattern(pattern, Some(&args), &mut errors).into_owned();
    if errors.is_empty() {
        Ok(text)
    } else {
        Err(format!("{id}: {errors:?}"))
    }
}

#[test]
fn every_id_in_the_sources_has_an_english_and_a_chinese_message_with_the_same_arguments() {
    let used = ids_in_sources();
    assert!(used.len() > 200, "the scan finds the ids ({} found)", used.len());
    let (_, en, zh) = FILES.iter().find(|(area, _, _)| *area == "errors").expect("the errors area");
    let (en, zh) = (sources(en), sources(zh));
    let mut missing = vec![];
    for (id, file) in &used {
        match (en.get(id), zh.get(id)) {
            (Some(e), Some(z)) => assert_eq!(variables(e), variables(z), "{id}: the same $arguments in en and zh-CN"),
            _ => missing.push(format!("{id} (used in {file})")),
        }
    }
    assert!(missing.is_empty(), "ids without an English or a Chinese message: {missing:#?}");
    let unused: Vec<&String> = en.keys().filter(|id| !used.contains_key(*id)).collect();
    assert!(unused.is_empty(), "messages no source uses: {unused:?}");
    assert_eq!(en.keys().collect::<Vec<_>>(), zh.keys().collect::<Vec<_>>(), "en and zh-CN define the same ids");
}

/// Broken variants of `doc`: each leaf replaced by values of the wrong sign, type or size, each
/// object given an unknown field and each of its fields removed (at most `cap`, spread over the
/// document).
fn broken(doc: &Value, cap: usize) -> Vec<Value> {
    fn paths(v: &Value, at: Vec<Value>, out: &mut Vec<(Vec<Value>, Value)>) {
        out.push((at.clone(), v.clone()));
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    let mut p = at.clone();
                    p.push(json!(k));
                    paths(x, p, out);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate().take(3) {
                    let mut p = at.clone();
                    p.push(json!(i));
                    paths(x, p, out);
                }
            }
            _ => {}
        }
    }
    fn set(doc: &mut Value, at: &[Value], new: Option<Value>) {
        let Some((last, parents)) = at.split_last() else {
            if let Some(n) = new {
                *doc = n;
            }
            return;
        };
        let mut v = doc;
        for k in parents {
            v = match k {
                Value::String(s) => &mut v[s.as_str()],
                _ => &mut v[k.as_u64().unwrap_or(0) as usize],
            };
        }
        match (last, new) {
            (Value::String(s), Some(n)) => v[s.as_str()] = n,
            (Value::String(s), None) => {
                v.as_object_mut().map(|m| m.remove(s));
            }
            (i, Some(n)) => v[i.as_u64().unwrap_or(0) as usize] = n,
            (i, None) => {
                v.as_array_mut().map(|a| a.remove(i.as_u64().unwrap_or(0) as usize));
            }
        }
    }
    let mut all = vec![];
    paths(doc, vec![], &mut all);
    let mut out = vec![];
    for (at, v) in &all {
        let replacements: Vec<Option<Value>> = match v {
            Value::Number(_) => {
                vec![Some(json!(-1)), Some(json!(0)), Some(json!(1e300)), Some(json!("x")), Some(json!(0.5))]
            }
            Value::String(_) => vec![Some(json!(5)), Some(json!("")), Some(json!("no such thing"))],
            Value::Bool(_) => vec![Some(json!("x"))],
            Value::Array(_) => vec![Some(json!([])), Some(json!({})), Some(json!([[1, 2], "x"]))],
            Value::Object(_) => vec![Some(json!(7)), Some(json!([]))],
            Value::Null => vec![Some(json!(1))],
        };
        for r in replacements.into_iter().chain([None]) {
            if at.is_empty() && r.is_none() {
                continue;
            }
            let mut d = doc.clone();
            set(&mut d, at, r);
            out.push(d);
        }
        if let Value::Object(_) = v {
            let mut d = doc.clone();
            let mut p = at.clone();
            p.push(json!("no_such_field"));
            set(&mut d, &p, Some(json!(1)));
            out.push(d);
        }
    }
    if out.len() > cap {
        let stride = out.len().div_ceil(cap);
        out = out.into_iter().step_by(stride).collect();
    }
    out
}

/// The problems of the broken variants of every preset small enough to read quickly, plus a few
/// broken common fields.
fn problems_of_broken_documents() -> Vec<(String, Problem)> {
    let mut docs: Vec<(String, Value)> = vec![];
    for preset in cloudecon::presets::all() {
        let doc = preset.scenario().to_value();
        if doc.to_string().len() > 50_000 {
            continue;
        }
        for d in broken(&doc, 120) {
            docs.push((preset.name.to_string(), d));
        }
        let mut d = doc.clone();
        d["version"] = json!(99);
        docs.push((preset.name.to_string(), d));
    }
    for text in [
        "[]",
        "{",
        "{}",
        r#"{"version": 1}"#,
        r#"{"version": 1, "mechanism": "nope"}"#,
        r#"{"version": 1, "mechanism": 5, "seed": -1, "title": 5}"#,
        r#"{"version": "x", "mechanism": "shapley"}"#,
    ] {
        docs.push(("literal".into(), serde_json::from_str(text).unwrap_or(Value::String(text.into()))));
    }
    let mut out = vec![];
    for (name, doc) in docs {
        let text = match &doc {
            Value::String(s) => s.clone(),
            d => d.to_string(),
        };
        if let Err(e) = Scenario::from_json(&text) {
            out.extend(e.problems.into_iter().map(|p| (name.clone(), p)));
        }
    }
    out
}

#[test]
fn problems_of_broken_documents_are_keyed_and_say_the_same_in_english_and_format_in_chinese() {
    let zh = bundle("zh-CN");
    let problems = problems_of_broken_documents();
    assert!(problems.len() > 1000, "enough broken documents ({} problems)", problems.len());
    let mut unkeyed: BTreeMap<String, usize> = BTreeMap::new();
    let mut ids = BTreeSet::new();
    for (preset, p) in &problems {
        let Some(id) = p.id else {
            *unkeyed.entry(format!("{preset}: {}: {}", p.path, p.message)).or_default() += 1;
            continue;
        };
        ids.insert(id);
        assert_eq!(english_of(p).as_deref(), Some(p.message.as_str()), "{preset}: {p:?}");
        let chinese = format(&zh, p).unwrap_or_else(|e| panic!("{preset}: {p:?}: {e}"));
        // No placeable left unformatted (Fluent writes a missing one as `{$name}`); the braces
        // of a JSON example in a message are text.
        assert!(!chinese.contains("{$") && !chinese.contains("{ $"), "{id}: {chinese}");
        assert!(chinese.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{id} is Chinese: {chinese}");
    }
    let keyed = problems.len() - unkeyed.values().sum::<usize>();
    println!("{keyed} of {} problems keyed, {} distinct ids", problems.len(), ids.len());
    assert!(unkeyed.is_empty(), "problems without an id: {unkeyed:#?}");
}

#[test]
fn the_omitted_problems_line_is_keyed() {
    let players: Vec<Value> = (0..5).map(|i| json!(format!("p{i}"))).collect();
    let coalitions: Vec<Value> = (0..300).map(|_| json!({"members": ["nobody"], "value": 1})).collect();
    let doc = json!({"version": 1, "mechanism": "shapley", "players": players, "coalitions": coalitions});
    let e = Scenario::from_json(&doc.to_string()).expect_err("unknown players");
    let last = e.problems.last().expect("problems");
    assert_eq!(last.id, Some("err-more-problems-not-listed"), "{last:?}");
    assert!(last.message.starts_with("… and "), "{}", last.message);
    assert_eq!(english(last.id.unwrap_or_default(), &last.args).as_deref(), Some(last.message.as_str()));
    let chinese = format(&bundle("zh-CN"), last).expect("formats in Chinese");
    assert!(chinese.starts_with("……另有 "), "{chinese}");
    assert!(e.problems.iter().all(|p| p.id.is_some()), "every problem keyed");
}

#[test]
fn serde_shapes_keep_their_english() {
    use cloudecon::error::serde_problem;
    for (text, id) in [
        ("unknown field `x`, expected one of `a`, `b`, `c`", Some("err-unknown-field-one-of")),
        ("unknown field `x`, expected `a` or `b`", Some("err-unknown-field-either")),
        ("unknown field `x`, expected `a`", Some("err-unknown-field-expected")),
        ("unknown field `x`, there are no fields", Some("err-unknown-field-none")),
        ("unknown variant `x`, expected one of `a`, `b`", Some("err-unknown-variant-one-of")),
        ("missing field `players`", Some("err-missing-field")),
        ("duplicate field `players`", Some("err-duplicate-field")),
        ("invalid type: string \"x\", expected f64", Some("err-invalid-type")),
        ("invalid value: integer `-1`, expected u64", Some("err-invalid-value")),
        ("invalid length 3, expected an array of length 2", Some("err-invalid-length")),
        ("expected `,` or `}`", Some("err-json-expected-comma-or-brace")),
        ("trailing comma", Some("err-json-trailing-comma")),
        ("something serde says that nobody mapped", None),
    ] {
        let p = serde_problem("a.b", text);
        assert_eq!(p.message, text);
        assert_eq!(p.id, id, "{text}");
        if p.id.is_some() {
            assert_eq!(english_of(&p).as_deref(), Some(text));
        }
    }
}

#[test]
fn share_errors_are_keyed_with_their_display_as_english() {
    use cloudecon::share::ShareError;
    let invalid = Scenario::from_json("{").expect_err("not JSON");
    for e in [ShareError::Base64, ShareError::Inflate, ShareError::Invalid(invalid)] {
        assert_eq!(english(e.id(), &e.args()).as_deref(), Some(e.to_string().as_str()));
    }
}

#[test]
fn problems_met_while_running_or_reading_files_are_keyed_and_cross_the_workers_channel() {
    let zh = bundle("zh-CN");
    let check = |p: &Problem, id: &str| {
        assert_eq!(p.id, Some(id), "{p:?}");
        assert_eq!(english_of(p).as_deref(), Some(p.message.as_str()), "{p:?}");
        let chinese = format(&zh, p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        assert!(chinese.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{id} is Chinese: {chinese}");
        assert!(!chinese.contains("line") && !chinese.contains("column"), "{chinese}");
    };
    // A run's fault: an Abacus utility formula that gives NaN in the auction.
    let mut doc = common::running_example();
    doc["jobs"][2]["utility"] = json!({ "kind": "formula", "formula": "sqrt(map - 0.9) + reduce" });
    let s = Scenario::from_value(doc).expect("valid");
    let e = cloudecon::runner::run(&s).expect_err("no number");
    check(&e.problems[0], "err-abacus-formula-gave-in-round");
    assert!(e.problems[0].message.contains("s1 = "), "{}", e.problems[0].message);
    // Lines of an observations CSV: a bad number, a short row.
    let e = cloudecon::abacus::observe::observations_from_csv("share_1,utility\n0.5,x\n0.5\n").expect_err("bad lines");
    check(&e.problems[0], "err-csv-line-column-not-finite-number");
    check(&e.problems[1], "err-csv-line-one-field");
    // Text that is not JSON: the position, and serde's syntax error nested as data.
    let e = Scenario::from_json("{\"version\": 1,").expect_err("not JSON");
    check(&e.problems[0], "err-is-not-valid-json-at");
    assert_eq!(e.problems[0].nested[0].1.id, Some("err-json-eof-value"), "{:?}", e.problems[0]);
    // serde's words inside a problem: what it met and what the field takes, as messages.
    let doc = r#"{"version":1,"mechanism":"shapley","players":["A"],"coalitions":[{"members":["A"],"value":"x"}]}"#;
    let e = Scenario::from_json(doc).expect_err("a string for a number");
    let p = &e.problems[0];
    assert_eq!(p.id, Some("err-invalid-type"), "{p:?}");
    let nested: Vec<_> = p.nested.iter().map(|(k, n)| (*k, n.id)).collect();
    assert_eq!(nested, [("found", Some("err-found-string")), ("expected", Some("err-expected-float"))]);
    assert_eq!(p.message, r#"invalid type: string "x", expected f64"#, "the runner's English is serde's");
    assert_eq!(format(&zh, p).as_deref(), Ok(r#"类型无效：得到 字符串 "x"，应为 数值（f64）"#));
    let p = cloudecon::error::serde_problem("a", "invalid length 0, expected struct PointSpec with 1 element");
    assert_eq!(p.nested[0].1.id, Some("err-expected-struct-one-element"), "{p:?}");
    check(&p, "err-invalid-length");
    // The study page's `--vary` lines.
    let p = cloudecon::study::Vary::parse("/alpha=1:0:1").expect_err("TO < FROM");
    check(&p, "err-vary-bad-range");
    assert_eq!(p.message, r#"--vary "/alpha=1:0:1": a range FROM:TO:STEP needs FROM ≤ TO and STEP > 0 (got 1, 0, 1)"#);
    // CloudShare: a priority formula without a number, in a coalition of the grand one's
    // simulations; what it gave, the coalition and the formula's variables are data.
    let doc = json!({ "version": 1, "mechanism": "cloudshare", "seed": 0,
        "organizations": [{ "name": "A", "processors": 1 }, { "name": "B", "processors": 1 }],
        "jobs": [{ "org": "A", "release": 0, "duration": 2, "cores": 1 }],
        "algorithms": [{ "kind": "formula", "name": "late", "psi": "rel", "priority": "1 / (t - 2)" }, "fair_share"] });
    let failed = cloudecon::runner::run(&Scenario::from_value(doc).expect("valid")).expect_err("no number");
    let p = &failed.problems[0];
    check(p, "err-fault-simulating-coalition");
    let nested: Vec<_> = p.nested.iter().map(|(k, n)| (*k, n.id)).collect();
    assert_eq!(
        nested,
        [("fault", Some("err-cloudshare-formula-gave")), ("coalition", Some("err-cloudshare-the-coalition"))]
    );
    assert!(p.message.contains("\"late\"") && p.message.ends_with(", simulating the coalition {A}"), "{}", p.message);
    let chinese = format(&zh, p).expect("formats");
    assert!(chinese.contains("联盟 {A}") && !chinese.contains("coalition"), "{chinese}");
    // ERA: a unit price formula without a number, nested in the bid it was quoting.
    let mut doc: Value =
        serde_json::from_str(&cloudecon::presets::find("era-basic").expect("preset").scenario().to_json())
            .expect("JSON");
    doc["algorithm"] = json!({ "kind": "formula", "unit_price": "sqrt(demand_price - 1e9)" });
    let failed = cloudecon::runner::run(&Scenario::from_value(doc).expect("valid")).expect_err("no number");
    let p = &failed.problems[0];
    check(p, "err-fault-quoting-bid-i-submitted-at-slot");
    assert_eq!(p.nested[0].1.id, Some("err-era-formula-gave-nan"), "{p:?}");
    assert!(
        p.message.starts_with("the unit price formula \"sqrt(demand_price - 1e9)\" gave NaN for unit "),
        "{}",
        p.message
    );
    assert!(!format(&zh, p).expect("formats").contains("unit price"), "{p:?}");
    // Through the Web Worker's channel (JSON here, bincode there): the same problems, as data.
    let wire = serde_json::to_string(&e).expect("writes");
    let back: cloudecon::ScenarioError = serde_json::from_str(&wire).expect("reads");
    assert_eq!(back, e);
    // An id the core does not know arrives as its English.
    let unknown = r#"[{"path":"a","message":"words","id":"err-no-such-message","args":[],"nested":[]}]"#;
    let back: cloudecon::ScenarioError = serde_json::from_str(unknown).expect("reads");
    assert_eq!((back.problems[0].id, back.problems[0].message.as_str()), (None, "words"));
}
