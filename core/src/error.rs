//! Validation problems that name the JSON path of the offending field.
//!
//! Messages are bounded: a value quoted in one is cut to a short excerpt (a 1 MB string in a
//! number's place, or `1e308` written out in full, must not make a 1 MB message), and a document
//! with millions of problems of one kind lists the first [`MAX_LISTED`] and counts the rest.

use std::collections::BTreeMap;
use std::fmt;

/// Most problems listed one by one; the rest are counted by kind.
pub const MAX_LISTED: usize = 100;

/// Longest quoted excerpt of a value inside a message, in characters.
const MAX_QUOTE: usize = 40;

/// Longest message or path, in characters.
const MAX_MESSAGE: usize = 400;

/// `text` with long quoted strings cut to an excerpt, long runs of digits written in scientific
/// notation, and the whole cut to [`MAX_MESSAGE`] characters.
pub fn bounded(text: &str) -> String {
    if text.len() <= 60 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len().min(4 * MAX_MESSAGE + 8));
    let mut written = 0usize;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if written >= MAX_MESSAGE {
            out.push('…');
            break;
        }
        if c == '"' {
            // A quoted run: keep its first MAX_QUOTE characters.
            let inner = &rest[1..];
            let end = inner.find('"').unwrap_or(inner.len());
            let mut kept = 0;
            out.push('"');
            for q in inner[..end].chars() {
                if kept == MAX_QUOTE {
                    out.push('…');
                    break;
                }
                out.push(q);
                kept += 1;
            }
            let closed = end < inner.len();
            if closed {
                out.push('"');
            }
            written += kept + 2;
            rest = &inner[end + usize::from(closed)..];
        } else if c.is_ascii_digit() {
            // A number: long ones (1e308 written out) in scientific notation.
            let end = rest.find(|d: char| !(d.is_ascii_digit() || d == '.')).unwrap_or(rest.len());
            let run = &rest[..end];
            let shown = match run.parse::<f64>() {
                Ok(x) if run.len() > 24 => format!("{x:e}"),
                _ if run.len() > 24 => format!("{}…", &run[..24]),
                _ => run.to_string(),
            };
            written += shown.chars().count();
            out.push_str(&shown);
            rest = &rest[end..];
        } else {
            out.push(c);
            written += 1;
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// One thing wrong with a scenario document, at a JSON path such as `coalitions[3].value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// JSON path of the offending field (`document` for the whole document).
    pub path: String,
    /// What is wrong, in words a newcomer understands (English: the runner prints it).
    pub message: String,
    /// The problem as data, for a page in another language: its message id in
    /// `core/locales/{lang}/errors.ftl` and its arguments (already written as text). `None` for
    /// a problem that has no message of its own yet: pages show `message`.
    pub id: Option<&'static str>,
    pub args: Vec<(&'static str, String)>,
    /// Arguments that are problems themselves (a JSON syntax error inside "is not valid JSON"):
    /// each said in the same language as the whole.
    pub nested: Vec<(&'static str, Problem)>,
}

impl Problem {
    /// A problem; its path and message are [bounded].
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Problem {
            path: bounded(&path.into()),
            message: bounded(&message.into()),
            id: None,
            args: Vec::new(),
            nested: Vec::new(),
        }
    }

    /// A problem given as data: message `id` of `core/locales/{lang}/*.ftl` with its arguments
    /// (each [bounded]); its English `message` is that message formatted
    /// ([`crate::messages::english`]). An id without an English message is a bug the tests catch
    /// (`core/tests/messages.rs`); the problem then says the id itself.
    pub fn keyed(path: impl Into<String>, id: &'static str, args: Vec<(&'static str, String)>) -> Self {
        let args: Vec<(&'static str, String)> = args.into_iter().map(|(k, v)| (k, bounded(&v))).collect();
        let message = crate::messages::english(id, &args).unwrap_or_else(|| id.to_string());
        Problem { path: bounded(&path.into()), message: bounded(&message), id: Some(id), args, nested: Vec::new() }
    }

    /// A problem given as data whose arguments `nested` are problems themselves (their paths
    /// unused): [`Problem::keyed`], each nested one written into its argument in the same
    /// language.
    pub fn keyed_nested(
        path: impl Into<String>,
        id: &'static str,
        args: Vec<(&'static str, String)>,
        nested: Vec<(&'static str, Problem)>,
    ) -> Self {
        let mut all = args.clone();
        all.extend(nested.iter().map(|(k, p)| (*k, p.message.clone())));
        let Problem { path, message, .. } = Problem::keyed(path, id, all);
        let args = args.into_iter().map(|(k, v)| (k, bounded(&v))).collect();
        Problem { path, message, id: Some(id), args, nested }
    }
}

/// A problem as it crosses a channel (the Web Worker's messages): text only.
#[derive(serde::Serialize, serde::Deserialize)]
struct WireProblem {
    path: String,
    message: String,
    id: Option<String>,
    args: Vec<(String, String)>,
    nested: Vec<(String, WireProblem)>,
}

impl From<&Problem> for WireProblem {
    fn from(p: &Problem) -> Self {
        WireProblem {
            path: p.path.clone(),
            message: p.message.clone(),
            id: p.id.map(str::to_string),
            args: p.args.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
            nested: p.nested.iter().map(|(k, n)| (k.to_string(), WireProblem::from(n))).collect(),
        }
    }
}

impl From<WireProblem> for Problem {
    /// The problem again, as data when the core knows its message and arguments (else its
    /// English, as it was said).
    fn from(w: WireProblem) -> Self {
        let names = w.args.iter().map(|(k, _)| k.as_str()).chain(w.nested.iter().map(|(k, _)| k.as_str()));
        let interned = w.id.as_deref().and_then(|id| crate::messages::intern(id, names));
        match interned {
            Some((id, names)) => {
                let (arg_names, nested_names) = names.split_at(w.args.len());
                Problem {
                    path: w.path,
                    message: w.message,
                    id: Some(id),
                    args: (arg_names.iter().zip(w.args)).filter_map(|(k, (_, v))| Some(((*k)?, v))).collect(),
                    nested: (nested_names.iter().zip(w.nested))
                        .filter_map(|(k, (_, n))| Some(((*k)?, n.into())))
                        .collect(),
                }
            }
            None => Problem { path: w.path, message: w.message, id: None, args: Vec::new(), nested: Vec::new() },
        }
    }
}

impl serde::Serialize for ScenarioError {
    /// Its problems with their ids and arguments, for the Web Worker's channel.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.problems.iter().map(WireProblem::from))
    }
}

impl<'de> serde::Deserialize<'de> for ScenarioError {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = Vec::<WireProblem>::deserialize(deserializer)?;
        Ok(ScenarioError { problems: wire.into_iter().map(Problem::from).collect() })
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.path.as_str() {
            "" => f.write_str(&self.message),
            path => write!(f, "{path}: {}", self.message),
        }
    }
}

/// Every problem found in a scenario document (validation never stops at the first one).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ScenarioError {
    pub problems: Vec<Problem>,
}

impl ScenarioError {
    pub fn single(path: impl Into<String>, message: impl Into<String>) -> Self {
        ScenarioError { problems: vec![Problem::new(path, message)] }
    }

    /// One problem given as data ([`Problem::keyed`]).
    pub fn keyed(path: impl Into<String>, id: &'static str, args: Vec<(&'static str, String)>) -> Self {
        ScenarioError { problems: vec![Problem::keyed(path, id, args)] }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.problems.iter().enumerate() {
            if k > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Collects problems while walking a document, keeping track of the current path. The first
/// [`MAX_LISTED`] are kept; the others are counted by the shape of their path (`jobs[*].value`).
#[derive(Debug, Default)]
pub struct Problems {
    list: Vec<Problem>,
    /// Problems past the first [`MAX_LISTED`], by path shape (at most a few shapes are named).
    omitted: BTreeMap<String, u64>,
    omitted_total: u64,
}

/// `jobs[12].parts[3].count` → `jobs[*].parts[*].count`.
fn shape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str("[*]");
            }
            ']' => in_index = false,
            _ if in_index => {}
            _ => out.push(c),
        }
    }
    out
}

impl Problems {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.add(Problem::new(path, message));
    }

    /// Records a problem given as data ([`Problem::keyed`]).
    pub fn push_keyed(&mut self, path: impl Into<String>, id: &'static str, args: Vec<(&'static str, String)>) {
        if self.list.len() < MAX_LISTED {
            self.add(Problem::keyed(path, id, args));
        } else {
            // Only counted: its message is never written.
            self.count(&bounded(&path.into()));
        }
    }

    /// Records a problem as it is (its id and arguments kept).
    pub fn push_problem(&mut self, problem: Problem) {
        self.add(problem);
    }

    fn add(&mut self, problem: Problem) {
        if self.list.len() < MAX_LISTED {
            self.list.push(problem);
            return;
        }
        self.count(&problem.path);
    }

    /// Counts a problem past the first [`MAX_LISTED`] at `path`.
    fn count(&mut self, path: &str) {
        self.omitted_total += 1;
        let key = shape(path);
        if self.omitted.len() < 5 || self.omitted.contains_key(&key) {
            *self.omitted.entry(key).or_default() += 1;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The problems `check` finds, each with its path under `prefix` (`prefix.path`): for a
    /// document nested inside another.
    pub fn nested(&mut self, prefix: &str, check: impl FnOnce(&mut Problems)) {
        let mut inner = Problems::new();
        check(&mut inner);
        let Problems { list, omitted, omitted_total } = inner;
        for p in list {
            self.add(Problem { path: bounded(&format!("{prefix}.{}", p.path)), ..p });
        }
        self.count_omitted(omitted_total, omitted.into_iter().map(|(k, n)| (format!("{prefix}.{k}"), n)));
    }

    /// Adds every problem of `other`, paths unchanged.
    pub fn append(&mut self, other: Problems) {
        let Problems { list, omitted, omitted_total } = other;
        for p in list {
            self.add(p);
        }
        self.count_omitted(omitted_total, omitted);
    }

    fn count_omitted(&mut self, total: u64, shapes: impl IntoIterator<Item = (String, u64)>) {
        self.omitted_total += total;
        for (k, n) in shapes {
            if self.omitted.len() < 5 || self.omitted.contains_key(&k) {
                *self.omitted.entry(k).or_default() += n;
            }
        }
    }

    /// `Ok(())` if nothing was found, else every problem (past [`MAX_LISTED`], one more line
    /// that counts the rest).
    pub fn into_result(self) -> Result<(), ScenarioError> {
        if self.list.is_empty() {
            return Ok(());
        }
        let mut problems = self.list;
        if self.omitted_total > 0 {
            let shapes: Vec<String> = self.omitted.iter().map(|(k, n)| format!("{n} at {k}")).collect();
            // `shapes` lists "N at path" (path shapes are machine text); "…-more" when some shapes
            // are not named.
            let more = self.omitted.values().sum::<u64>() < self.omitted_total;
            let id = if more { "err-more-problems-not-listed-more" } else { "err-more-problems-not-listed" };
            problems.push(Problem::keyed(
                "document",
                id,
                vec![("count", self.omitted_total.to_string()), ("shapes", shapes.join(", "))],
            ));
        }
        Err(ScenarioError { problems })
    }
}

/// Checks that `x` is a finite number; records a problem otherwise.
pub fn check_finite(problems: &mut Problems, path: &str, x: f64) -> bool {
    if x.is_finite() {
        true
    } else {
        problems.push_keyed(path, "err-must-be-finite-number-got", vec![("got", x.to_string())]);
        false
    }
}

/// Checks that `x` is a finite number ≥ 0; records a problem otherwise.
pub fn non_negative(problems: &mut Problems, path: &str, x: f64) -> bool {
    if !check_finite(problems, path, x) {
        return false;
    }
    if x < 0.0 {
        problems.push_keyed(path, "err-must-be-at-least-0-got", vec![("got", x.to_string())]);
        return false;
    }
    true
}

thread_local! {
    /// The last error made by [`keyed_custom`] on this thread: its English and the problem as
    /// data, so that [`serde_problem`] can give it its id back once serde has carried it as text.
    static LAST_CUSTOM: std::cell::RefCell<Option<(String, &'static str, Vec<(&'static str, String)>)>> =
        const { std::cell::RefCell::new(None) };
}

/// A serde error given as data: message `id` with its arguments, written in English (the text
/// serde carries); [`serde_problem`] finds its id again.
pub fn keyed_custom<E: serde::de::Error>(id: &'static str, args: Vec<(&'static str, String)>) -> E {
    E::custom(keyed_text(id, args))
}

/// The English of message `id` with its arguments, for an error serde carries as text (a
/// `TryFrom` of a document's fields): [`serde_problem`] finds its id again.
pub fn keyed_text(id: &'static str, args: Vec<(&'static str, String)>) -> String {
    let english = crate::messages::english(id, &args).unwrap_or_else(|| id.to_string());
    LAST_CUSTOM.with(|last| *last.borrow_mut() = Some((english.clone(), id, args)));
    english
}

/// `text` between its first two backticks, and the rest after the closing one.
fn backticked(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix('`')?;
    let end = rest.find('`')?;
    Some((&rest[..end], &rest[end + 1..]))
}

/// serde's "expected …" of an unknown field or variant, as a message id and its arguments:
/// "one of `a`, `b`", "`a` or `b`", "`a`", or none ("there are no fields/variants").
fn unknown(path: String, text: &str, prefix: &str, ids: [&'static str; 4], key: &'static str) -> Option<Problem> {
    let (name, rest) = backticked(text.strip_prefix(prefix)?)?;
    let name = (key, name.to_string());
    if rest == ", there are no fields" || rest == ", there are no variants" {
        return Some(Problem::keyed(path, ids[3], vec![name]));
    }
    let expected = rest.strip_prefix(", expected ")?;
    if let Some(list) = expected.strip_prefix("one of ") {
        return Some(Problem::keyed(path, ids[0], vec![name, ("expected", list.to_string())]));
    }
    if let Some((a, b)) = expected.split_once(" or ") {
        return Some(Problem::keyed(path, ids[1], vec![name, ("first", a.to_string()), ("second", b.to_string())]));
    }
    Some(Problem::keyed(path, ids[2], vec![name, ("expected", expected.to_string())]))
}

/// Message `id` at `path` whose arguments `words` are serde's words: each one [`found_words`] or
/// [`expected_words`] recognizes is nested as a message (said in the page's language), any other
/// is kept as it is (a type's own `expecting`, in English).
fn with_words<const N: usize>(
    path: String,
    id: &'static str,
    mut args: Vec<(&'static str, String)>,
    words: [(&'static str, Result<Problem, String>); N],
) -> Problem {
    let mut nested = Vec::new();
    for (name, word) in words {
        match word {
            Ok(p) => nested.push((name, p)),
            Err(text) => args.push((name, text)),
        }
    }
    Problem::keyed_nested(path, id, args, nested)
}

/// serde's description of a value it met (`string "x"`, ``integer `5` ``, `map`, …) as a
/// message, or the text itself.
fn found_words(found: &str) -> Result<Problem, String> {
    let quoted = |prefix: &str| found.strip_prefix(prefix).map(str::to_string);
    let word = |id: &'static str, value: Option<String>| match value {
        Some(v) => Ok(Problem::keyed("", id, vec![("value", v)])),
        None => Ok(Problem::keyed("", id, vec![])),
    };
    if let Some(v) = quoted("string ") {
        return word("err-found-string", Some(v));
    }
    for (prefix, id) in
        [("integer ", "err-found-integer"), ("floating point ", "err-found-float"), ("boolean ", "err-found-boolean")]
    {
        if let Some(v) = quoted(prefix) {
            return word(id, Some(v));
        }
    }
    match found {
        "null" => word("err-found-null", None),
        "sequence" => word("err-found-sequence", None),
        "map" => word("err-found-map", None),
        _ => Err(found.to_string()),
    }
}

/// serde's description of what a field takes (`f64`, `a string`, `struct JobSpec`, …) as a
/// message, or the text itself (a type's own `expecting`, in English).
fn expected_words(expected: &str) -> Result<Problem, String> {
    let typed = |id: &'static str| Ok(Problem::keyed("", id, vec![("type", expected.to_string())]));
    match expected {
        "f64" | "f32" => return typed("err-expected-float"),
        "u8" | "u16" | "u32" | "u64" | "usize" => return typed("err-expected-unsigned"),
        "i8" | "i16" | "i32" | "i64" | "isize" => return typed("err-expected-integer"),
        "a string" => return Ok(Problem::keyed("", "err-expected-string", vec![])),
        "a sequence" => return Ok(Problem::keyed("", "err-expected-sequence", vec![])),
        "a boolean" => return Ok(Problem::keyed("", "err-expected-boolean", vec![])),
        _ => {}
    }
    if let Some(rest) = expected.strip_prefix("struct ").filter(|r| !r.starts_with("variant ")) {
        fn counted(c: &str) -> Option<&str> {
            c.strip_suffix(" elements").or_else(|| c.strip_suffix(" element"))
        }
        return Ok(match rest.split_once(" with ").and_then(|(n, c)| Some((n, counted(c)?))) {
            Some((name, "1")) => {
                Problem::keyed("", "err-expected-struct-one-element", vec![("name", name.to_string())])
            }
            Some((name, count)) => Problem::keyed(
                "",
                "err-expected-struct-elements",
                vec![("name", name.to_string()), ("count", count.to_string())],
            ),
            None => Problem::keyed("", "err-expected-struct", vec![("name", rest.to_string())]),
        });
    }
    if let Some(length) = expected.strip_prefix("an array of length ") {
        return Ok(Problem::keyed("", "err-expected-array-length", vec![("length", length.to_string())]));
    }
    Err(expected.to_string())
}

/// A problem from serde's message `text` (without its position) at `path`: the usual shapes
/// (unknown or missing field, invalid type or value, …) and the errors made by
/// [`keyed_custom`] keep their id; anything else is kept as it is (no id).
pub fn serde_problem(path: impl Into<String>, text: &str) -> Problem {
    let path = path.into();
    let custom = LAST_CUSTOM.with(|last| last.borrow_mut().take());
    if let Some((english, id, args)) = custom {
        if english == text {
            return Problem::keyed(path, id, args);
        }
    }
    if let Some(p) = unknown(
        path.clone(),
        text,
        "unknown field ",
        [
            "err-unknown-field-one-of",
            "err-unknown-field-either",
            "err-unknown-field-expected",
            "err-unknown-field-none",
        ],
        "field",
    ) {
        return p;
    }
    if let Some(p) = unknown(
        path.clone(),
        text,
        "unknown variant ",
        [
            "err-unknown-variant-one-of",
            "err-unknown-variant-either",
            "err-unknown-variant-expected",
            "err-unknown-variant-none",
        ],
        "variant",
    ) {
        return p;
    }
    for (prefix, id) in [("missing field ", "err-missing-field"), ("duplicate field ", "err-duplicate-field")] {
        if let Some((field, "")) = text.strip_prefix(prefix).and_then(backticked) {
            return Problem::keyed(path, id, vec![("field", field.to_string())]);
        }
    }
    for (prefix, id) in [("invalid type: ", "err-invalid-type"), ("invalid value: ", "err-invalid-value")] {
        if let Some((found, expected)) = text.strip_prefix(prefix).and_then(|r| r.rsplit_once(", expected ")) {
            return with_words(
                path,
                id,
                vec![],
                [("found", found_words(found)), ("expected", expected_words(expected))],
            );
        }
    }
    if let Some((length, expected)) = text.strip_prefix("invalid length ").and_then(|r| r.split_once(", expected ")) {
        let length = ("length", length.to_string());
        return with_words(path, "err-invalid-length", vec![length], [("expected", expected_words(expected))]);
    }
    for (whole, id) in [
        ("number out of range", "err-number-out-of-range"),
        ("invalid number", "err-invalid-number"),
        ("expected value", "err-json-expected-value"),
        ("trailing comma", "err-json-trailing-comma"),
        ("trailing characters", "err-json-trailing-characters"),
        ("expected `,` or `]`", "err-json-expected-comma-or-bracket"),
        ("expected `,` or `}`", "err-json-expected-comma-or-brace"),
        ("expected `:`", "err-json-expected-colon"),
        ("key must be a string", "err-json-key-must-be-string"),
        ("EOF while parsing a value", "err-json-eof-value"),
        ("EOF while parsing a list", "err-json-eof-list"),
        ("EOF while parsing an object", "err-json-eof-object"),
        ("EOF while parsing a string", "err-json-eof-string"),
        ("recursion limit exceeded", "err-json-recursion-limit"),
    ] {
        if text == whole {
            return Problem::keyed(path, id, vec![]);
        }
    }
    if let Some(name) = text.strip_prefix("data did not match any variant of untagged enum ") {
        return Problem::keyed(path, "err-no-variant-matched", vec![("name", name.to_string())]);
    }
    Problem::new(path, text)
}

/// A CSV reader's error on line `line` as a message id and its arguments: a row with another
/// number of fields than the header, text that is not UTF-8, or (for what an in-memory reader
/// cannot meet) the reader's own words.
pub fn csv_line_error(e: &csv::Error, line: usize) -> (&'static str, Vec<(&'static str, String)>) {
    let line = ("line", line.to_string());
    match e.kind() {
        csv::ErrorKind::UnequalLengths { expected_len, len, .. } => (
            if *len == 1 { "err-csv-line-one-field" } else { "err-csv-line-fields" },
            vec![line, ("count", len.to_string()), ("header", expected_len.to_string())],
        ),
        csv::ErrorKind::Utf8 { .. } => ("err-csv-line-not-utf8", vec![line]),
        _ => ("err-csv-line-unreadable", vec![line, ("reason", e.to_string())]),
    }
}

/// serde_json's message without its "at line 1 column 9" (a path or the caller says where).
pub fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) if e.line() > 0 => text[..i].to_string(),
        _ => text,
    }
}

/// A serde_json error at `path` as data ([`serde_problem`] of its message; its position
/// dropped, the path says where).
pub fn json_problem(path: impl Into<String>, e: &serde_json::Error) -> Problem {
    serde_problem(path, &json_message(e))
}

/// Text at `path` that is not JSON: "is not valid JSON (line L, column C): …", the syntax error
/// itself as data.
pub fn json_syntax(path: impl Into<String>, e: &serde_json::Error) -> Problem {
    let inner = json_problem("", e);
    if e.line() == 0 {
        return Problem::keyed_nested(path, "err-is-not-valid-json-e", vec![], vec![("e", inner)]);
    }
    Problem::keyed_nested(
        path,
        "err-is-not-valid-json-at",
        vec![("line", e.line().to_string()), ("column", e.column().to_string())],
        vec![("e", inner)],
    )
}
