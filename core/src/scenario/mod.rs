//! # Scenario documents (schema v1)
//!
//! A scenario is one JSON object: the common fields `version` (required), `mechanism`
//! (required), `title`, `notes`, `seed` (default 0), plus the fields of that mechanism.
//! See `spec/scenario.md`.
//!
//! Reading a document goes (after a [one-pass attempt](stream) for valid documents in the usual
//! field order): size limit → JSON syntax → `version` (older versions are
//! [migrated](migrate), newer ones refused) → the common fields → the mechanism's own fields with
//! serde (unknown fields rejected, the failing JSON path kept by `serde_path_to_error`) → the
//! mechanism's semantic validation, which reports *every* problem with its JSON path.

mod migrate;
mod stream;

pub use migrate::migrate;

use std::collections::BTreeMap;

use serde::de::value::MapDeserializer;
use serde::de::{DeserializeOwned, IntoDeserializer};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::error::{Problems, ScenarioError};
use crate::mechanism::Document;
use crate::registry::{Every, KindVisitor, Mechanisms, Registered, SpecVisitor, PLANNED};
pub use crate::registry::{MechanismKind, MechanismSpec};

/// The schema version this build reads and writes.
pub const SCHEMA_VERSION: u64 = 1;

/// The key of a classroom exercise's block in a document (read by the `exercise` module; a
/// scenario ignores it).
pub const EXERCISE_KEY: &str = "exercise";

/// Largest accepted document, in bytes (64 MiB).
pub const MAX_DOCUMENT_BYTES: usize = 64 << 20;

/// Longest accepted `title` and `notes`, in characters.
pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_NOTES_CHARS: usize = 20_000;

/// The problem of a scenario of a mechanism a page's bundle does not run (it runs on its own page).
pub const OTHER_PAGE: &str = "err-runs-on-its-own-page";

/// A scenario document of any registered mechanism.
pub type Scenario = Document<MechanismSpec>;

impl Scenario {
    pub fn kind(&self) -> MechanismKind {
        self.spec.kind()
    }

    /// Parses, migrates and validates a document. All problems are reported at once.
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        let (scenario, mut problems) = Self::read_parts(text)?;
        if let Some(s) = &scenario {
            s.check(&mut problems);
        }
        problems.into_result()?;
        scenario.ok_or_else(|| ScenarioError::keyed("document", "err-could-not-be-read", vec![]))
    }

    /// Parses and migrates a document, checking its shape and types but not its values — for
    /// work in progress (the browser's autosave keeps a scenario the user has not finished).
    pub fn read_json(text: &str) -> Result<Self, ScenarioError> {
        let (scenario, problems) = Self::read_parts(text)?;
        problems.into_result()?;
        scenario.ok_or_else(|| ScenarioError::keyed("document", "err-could-not-be-read", vec![]))
    }

    /// Like [`Scenario::from_json`] for raw bytes (which must be UTF-8).
    pub fn from_json_bytes(bytes: &[u8]) -> Result<Self, ScenarioError> {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| ScenarioError::keyed("document", "err-is-not-utf-8-text-e", vec![("e", e.to_string())]))?;
        Self::from_json(text)
    }

    /// Migrates and validates a parsed document.
    pub fn from_value(value: Value) -> Result<Self, ScenarioError> {
        Self::from_json(&value.to_string())
    }

    /// Migrates a parsed document and reads its fields, without semantic validation.
    pub fn read_value(value: Value) -> Result<Self, ScenarioError> {
        Self::read_json(&value.to_string())
    }

    /// The scenario as far as it could be read, and the problems met on the way.
    ///
    /// The top level is split into raw JSON slices (no intermediate tree of values), and the
    /// mechanism's fields are deserialized straight from them, so a 4 MB document of 10,000 jobs
    /// costs one pass of parsing.
    fn read_parts(text: &str) -> Result<(Option<Self>, Problems), ScenarioError> {
        if text.len() > MAX_DOCUMENT_BYTES {
            return Err(ScenarioError::keyed(
                "document",
                "err-is-count-bytes-documents-are-limited-to",
                vec![("count", text.len().to_string()), ("max", MAX_DOCUMENT_BYTES.to_string())],
            ));
        }
        match stream::read(text) {
            Some(scenario) => Ok((Some(scenario), Problems::new())),
            None => Self::read_general(text),
        }
    }

    /// [`Scenario::read_parts`] for any document: the top level as raw slices, then the
    /// mechanism's fields with their paths tracked on failure.
    fn read_general(text: &str) -> Result<(Option<Self>, Problems), ScenarioError> {
        let mut obj: Fields = serde_json::from_str(text).map_err(|e| match e.classify() {
            serde_json::error::Category::Data => ScenarioError::keyed("document", "err-must-be-json-object", vec![]),
            _ => ScenarioError { problems: vec![crate::error::json_syntax("document", &e)] },
        })?;
        let field = obj.get("version").map(|v| scalar(v).unwrap_or(Value::Null));
        if migrate::version(field.as_ref())? < SCHEMA_VERSION {
            // An older schema: migrate the whole document, then read it again.
            let full: Value = serde_json::from_str(text)
                .map_err(|e| ScenarioError { problems: vec![crate::error::json_syntax("document", &e)] })?;
            return Self::read_parts(&migrate(full)?.to_string());
        }
        let mut problems = Problems::new();
        obj.remove("version");
        // An exercise document's block is read by the exercise module; the scenario is the rest.
        obj.remove(EXERCISE_KEY);
        // The common fields are scalars: a container in their place is described, not parsed (a
        // 16 MB array where the seed belongs must not cost gigabytes).
        let mut take = |key: &str| obj.remove(key).map(scalar);
        let title = take_string(take("title"), "title", MAX_TITLE_CHARS, &mut problems);
        let notes = take_string(take("notes"), "notes", MAX_NOTES_CHARS, &mut problems);
        let seed = take("seed");
        let mechanism = take("mechanism");
        let seed = match seed {
            None => 0,
            Some(Ok(v)) if v.as_u64().is_some() => v.as_u64().unwrap_or(0),
            Some(v) => {
                problems.push_keyed(
                    "seed",
                    "err-must-be-integer-from-0-to-2-2",
                    vec![("got", (describe(&v)).to_string())],
                );
                0
            }
        };
        let spec = match mechanism {
            None => {
                problems.push_keyed(
                    "mechanism",
                    "err-required-one-of-tags-list",
                    vec![("tags_list", tags_list().to_string())],
                );
                None
            }
            Some(Ok(Value::String(tag))) => match MechanismKind::from_tag(&tag) {
                Some(kind) => kind.visit(ReadFields { obj, problems: &mut problems }),
                None if PLANNED.contains(&tag.as_str()) => {
                    problems.push_keyed(
                        "mechanism",
                        "err-value-is-not-available-in-this-version",
                        vec![("value", format!("{tag:?}"))],
                    );
                    None
                }
                None => {
                    problems.push_keyed(
                        "mechanism",
                        "err-unknown-mechanism-value-expected-one-of-tags",
                        vec![("value", format!("{tag:?}")), ("tags_list", tags_list().to_string())],
                    );
                    None
                }
            },
            Some(other) => {
                problems.push_keyed(
                    "mechanism",
                    "err-must-be-string-one-of-tags-list",
                    vec![("tags_list", tags_list().to_string()), ("got", (describe(&other)).to_string())],
                );
                None
            }
        };
        Ok((spec.map(|spec| Scenario { title, notes, seed, spec }), problems))
    }

    /// Semantic validation: every problem, each with its JSON path.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        self.validate_in::<Every>()
    }

    /// [`validate`](Self::validate) with the mechanisms of `S` alone (a page's bundle links its
    /// own validation only): a scenario of another mechanism is a problem at `mechanism`.
    pub fn validate_in<S: Mechanisms>(&self) -> Result<(), ScenarioError> {
        let mut problems = Problems::new();
        self.check_in::<S>(&mut problems);
        problems.into_result()
    }

    fn check(&self, problems: &mut Problems) {
        self.check_in::<Every>(problems)
    }

    fn check_in<S: Mechanisms>(&self, problems: &mut Problems) {
        if self.title.chars().count() > MAX_TITLE_CHARS {
            problems.push_keyed(
                "title",
                "err-is-limited-to-max-characters",
                vec![("max", MAX_TITLE_CHARS.to_string())],
            );
        }
        if self.notes.chars().count() > MAX_NOTES_CHARS {
            problems.push_keyed(
                "notes",
                "err-is-limited-to-max-characters",
                vec![("max", MAX_NOTES_CHARS.to_string())],
            );
        }
        struct Validate<'p>(&'p mut Problems);
        impl SpecVisitor for Validate<'_> {
            type Out = ();
            fn visit<M: Registered>(self, scenario: &M::Scenario) {
                M::validate(scenario, self.0)
            }
        }
        if S::visit_spec(&self.spec, Validate(problems)).is_none() {
            problems.push_keyed("mechanism", OTHER_PAGE, vec![("name", self.kind().name().to_string())]);
        }
    }

    /// The document as a JSON value (common fields first, defaults omitted).
    pub fn to_value(&self) -> Value {
        let mut obj = Map::new();
        obj.insert("version".into(), SCHEMA_VERSION.into());
        obj.insert("mechanism".into(), self.kind().tag().into());
        if !self.title.is_empty() {
            obj.insert("title".into(), self.title.clone().into());
        }
        if !self.notes.is_empty() {
            obj.insert("notes".into(), self.notes.clone().into());
        }
        obj.insert("seed".into(), self.seed.into());
        struct Fields;
        impl SpecVisitor for Fields {
            type Out = Map<String, Value>;
            fn visit<M: Registered>(self, scenario: &M::Scenario) -> Map<String, Value> {
                to_object(scenario)
            }
        }
        let fields = self.spec.visit(Fields);
        obj.extend(fields);
        Value::Object(obj)
    }

    /// Compact JSON text of the document.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    /// Indented JSON text, for files people read.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_else(|_| self.to_json())
    }
}

fn tags_list() -> String {
    MechanismKind::ALL.iter().map(|k| format!("{:?}", k.tag())).collect::<Vec<_>>().join(", ")
}

/// A top-level field that should be a scalar: its value, or `Err("an array")` / `Err("an
/// object")` for a container, which is not parsed (only its syntax was checked).
fn scalar(raw: &RawValue) -> Result<Value, &'static str> {
    match raw.get().trim_start().as_bytes().first() {
        Some(b'[') => Err("an array"),
        Some(b'{') => Err("an object"),
        _ => Ok(serde_json::from_str::<Value>(raw.get()).unwrap_or(Value::Null)),
    }
}

/// A value as a message quotes it (briefly: messages are bounded anyway).
fn describe(v: &Result<Value, &'static str>) -> String {
    match v {
        Ok(v) => v.to_string(),
        Err(kind) => (*kind).to_string(),
    }
}

fn take_string(value: Option<Result<Value, &'static str>>, key: &str, max: usize, problems: &mut Problems) -> String {
    match value {
        None | Some(Ok(Value::Null)) => String::new(),
        Some(Ok(Value::String(s))) if s.chars().count() <= max => s,
        Some(Ok(Value::String(_))) => {
            problems.push_keyed(key, "err-is-limited-to-max-characters", vec![("max", max.to_string())]);
            String::new()
        }
        Some(other) => {
            problems.push_keyed(key, "err-must-be-string-got", vec![("got", (describe(&other)).to_string())]);
            String::new()
        }
    }
}

/// The top-level fields of a document as raw JSON slices.
type Fields<'a> = BTreeMap<String, &'a RawValue>;

/// A raw JSON slice as a value deserializer for [`MapDeserializer`].
struct Raw<'a>(&'a RawValue);

impl<'de> IntoDeserializer<'de, serde_json::Error> for Raw<'de> {
    type Deserializer = &'de RawValue;
    fn into_deserializer(self) -> &'de RawValue {
        self.0
    }
}

/// Reads the fields of the mechanism it visits (the general reader's half of the dispatch).
struct ReadFields<'a, 'p> {
    obj: Fields<'a>,
    problems: &'p mut Problems,
}

impl KindVisitor for ReadFields<'_, '_> {
    type Out = Option<MechanismSpec>;
    fn visit<M: Registered>(self) -> Option<MechanismSpec> {
        deserialize::<M::Scenario>(self.obj, self.problems).map(M::spec)
    }
}

/// Deserializes a mechanism's fields, recording the JSON path of a failure.
///
/// Documents are read at full speed first; only one that fails is read again with its path
/// tracked (tracking every value costs a third of the reading time of a large document).
fn deserialize<T: DeserializeOwned>(obj: Fields<'_>, problems: &mut Problems) -> Option<T> {
    let entries = || obj.iter().map(|(k, &v)| (k.as_str(), Raw(v)));
    if let Ok(t) = T::deserialize(MapDeserializer::<_, serde_json::Error>::new(entries())) {
        return Some(t);
    }
    let de = MapDeserializer::<_, serde_json::Error>::new(entries());
    match serde_path_to_error::deserialize::<_, T>(de) {
        Ok(t) => Some(t),
        Err(e) => {
            let path = e.path().to_string();
            let path = if path == "." || path.is_empty() { "document".to_string() } else { path };
            problems.push_problem(crate::error::json_problem(path, e.inner()));
            None
        }
    }
}

fn to_object<T: Serialize>(t: &T) -> Map<String, Value> {
    match serde_json::to_value(t) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    }
}
