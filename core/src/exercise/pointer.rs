//! JSON pointers (RFC 6901) into scenario and result documents: `/shares/0/0` is row 0, column 0
//! of the result's `shares`. Resolution is serde_json's [`Value::pointer`]; this module checks
//! their syntax and builds and shows them.

use serde_json::Value;

use super::key::Key;

/// Longest accepted pointer, in bytes.
pub const MAX_POINTER: usize = 500;

/// Why `pointer` is not a JSON pointer, if it is not one: it must be empty (the whole document)
/// or start with `/`, and `~` must be escaped as `~0` or `~1`.
pub fn syntax_problem(pointer: &str) -> Option<String> {
    syntax_key(pointer).map(|k| k.english())
}

/// [`syntax_problem`] as data.
pub fn syntax_key(pointer: &str) -> Option<Key> {
    if pointer.len() > MAX_POINTER {
        return Some(Key::new("exercise-err-too-long", vec![("max", MAX_POINTER.to_string())]));
    }
    if !pointer.is_empty() && !pointer.starts_with('/') {
        return Some(Key::new("exercise-err-pointer-start", vec![("pointer", format!("{pointer:?}"))]));
    }
    let bytes = pointer.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'~' && !matches!(bytes.get(i + 1), Some(b'0' | b'1')) {
            return Some(Key::new("exercise-err-pointer-tilde", vec![("pointer", format!("{pointer:?}"))]));
        }
    }
    None
}

/// One reference token, escaped (`~` → `~0`, `/` → `~1`).
pub fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The pointer `base` extended by one token.
pub fn child(base: &str, token: &str) -> String {
    format!("{base}/{}", escape(token))
}

/// A pointer as the path style of validation messages: `/jobs/0/budget` → `jobs[0].budget`.
pub fn to_path(pointer: &str) -> String {
    let mut path = String::new();
    for token in pointer.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
            path.push_str(&format!("[{token}]"));
        } else {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&token);
        }
    }
    if path.is_empty() {
        "document".into()
    } else {
        path
    }
}

/// The number at `pointer` in `doc`, or why there is none.
pub fn number_at(doc: &Value, pointer: &str) -> Result<f64, String> {
    number_at_keyed(doc, pointer).map_err(|k| k.english())
}

/// [`number_at`], with why not as data.
pub fn number_at_keyed(doc: &Value, pointer: &str) -> Result<f64, Key> {
    let quoted = || ("pointer", format!("{pointer:?}"));
    match doc.pointer(pointer) {
        None => Err(Key::new("exercise-err-points-to-nothing", vec![quoted()])),
        Some(Value::Number(n)) => n.as_f64().ok_or_else(|| Key::new("exercise-err-not-finite", vec![quoted()])),
        Some(other) => Err(Key::new(kind_id("exercise-err-points-to-kind", other), vec![quoted()])),
    }
}

/// "an array", "a string", … — what a value is, in words.
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a true/false value",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The message of problem `base` for a value of this kind (`exercise.ftl` has one per kind, so
/// that each language words the kind in its sentence): `exercise-err-answer-not-number-array`.
pub fn kind_id(base: &'static str, value: &Value) -> &'static str {
    match (base, kind_tag(value)) {
        ("exercise-err-answer-not-number", "null") => "exercise-err-answer-not-number-null",
        ("exercise-err-answer-not-number", "bool") => "exercise-err-answer-not-number-bool",
        ("exercise-err-answer-not-number", "number") => "exercise-err-answer-not-number-number",
        ("exercise-err-answer-not-number", "string") => "exercise-err-answer-not-number-string",
        ("exercise-err-answer-not-number", "array") => "exercise-err-answer-not-number-array",
        ("exercise-err-answer-not-number", "object") => "exercise-err-answer-not-number-object",
        ("exercise-err-choice-not-index", "null") => "exercise-err-choice-not-index-null",
        ("exercise-err-choice-not-index", "bool") => "exercise-err-choice-not-index-bool",
        ("exercise-err-choice-not-index", "number") => "exercise-err-choice-not-index-number",
        ("exercise-err-choice-not-index", "string") => "exercise-err-choice-not-index-string",
        ("exercise-err-choice-not-index", "array") => "exercise-err-choice-not-index-array",
        ("exercise-err-choice-not-index", "object") => "exercise-err-choice-not-index-object",
        ("exercise-err-points-to-kind", "null") => "exercise-err-points-to-kind-null",
        ("exercise-err-points-to-kind", "bool") => "exercise-err-points-to-kind-bool",
        ("exercise-err-points-to-kind", "number") => "exercise-err-points-to-kind-number",
        ("exercise-err-points-to-kind", "string") => "exercise-err-points-to-kind-string",
        ("exercise-err-points-to-kind", "array") => "exercise-err-points-to-kind-array",
        ("exercise-err-points-to-kind", "object") => "exercise-err-points-to-kind-object",
        _ => base,
    }
}

/// What a value is, as a message argument (`exercise.ftl` words it: "an array", "数组").
pub fn kind_tag(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Every number in `doc` with its pointer, in document order, stopping after `limit` (results can
/// hold millions: the teacher's picker shows the first ones of each part).
pub fn numbers(doc: &Value, limit: usize) -> Vec<(String, f64)> {
    fn walk(v: &Value, at: &mut String, out: &mut Vec<(String, f64)>, limit: usize) {
        if out.len() >= limit {
            return;
        }
        match v {
            Value::Number(n) => {
                if let Some(x) = n.as_f64() {
                    out.push((at.clone(), x));
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let len = at.len();
                    at.push_str(&format!("/{i}"));
                    walk(item, at, out, limit);
                    at.truncate(len);
                }
            }
            Value::Object(fields) => {
                for (k, item) in fields {
                    let len = at.len();
                    at.push('/');
                    at.push_str(&escape(k));
                    walk(item, at, out, limit);
                    at.truncate(len);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(doc, &mut String::new(), &mut out, limit);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn syntax() {
        for ok in ["", "/alpha", "/jobs/0/budget", "/a~1b/~0", "/"] {
            assert_eq!(syntax_problem(ok), None, "{ok}");
        }
        for bad in ["alpha", "/a~", "/a~2", &format!("/{}", "x".repeat(600))] {
            assert!(syntax_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn paths_and_numbers() {
        assert_eq!(to_path("/jobs/0/budget"), "jobs[0].budget");
        assert_eq!(to_path("/shares/1/0"), "shares[1][0]");
        assert_eq!(to_path(""), "document");
        assert_eq!(child("/a", "b/c~"), "/a/b~1c~0");
        let doc = json!({ "a": [1, 2.5, "x"], "b/c": { "d": 3 } });
        assert_eq!(numbers(&doc, 10), vec![("/a/0".into(), 1.0), ("/a/1".into(), 2.5), ("/b~1c/d".into(), 3.0)]);
        assert_eq!(numbers(&doc, 2).len(), 2);
        assert_eq!(number_at(&doc, "/b~1c/d"), Ok(3.0));
        assert!(number_at(&doc, "/a/2").unwrap_err().contains("a string"));
        assert!(number_at(&doc, "/zz").unwrap_err().contains("nothing"));
    }
}
