//! Schema migrations: each older version is upgraded one step at a time to [`SCHEMA_VERSION`].
//!
//! Version 1 is the first schema, so the table of steps is empty; a future version 2 adds
//! `1 => v1_to_v2(doc)` here and its tests, and every stored share URL keeps working.

use serde_json::Value;

use super::SCHEMA_VERSION;
use crate::error::ScenarioError;

/// Upgrades a parsed document to the current schema version, or explains why it cannot.
pub fn migrate(doc: Value) -> Result<Value, ScenarioError> {
    let Some(obj) = doc.as_object() else {
        return Err(ScenarioError::keyed("document", "err-must-be-json-object", vec![]));
    };
    let version = version(obj.get("version"))?;
    (version..SCHEMA_VERSION).try_fold(doc, |doc, from| upgrade(from, doc))
}

/// The `version` field of a document, checked: present, a positive integer, not newer than
/// this playground.
pub fn version(field: Option<&Value>) -> Result<u64, ScenarioError> {
    let Some(v) = field else {
        return Err(ScenarioError::keyed(
            "version",
            "err-required-schema-version-max-for-this-playground",
            vec![("max", SCHEMA_VERSION.to_string())],
        ));
    };
    let version = v.as_u64().ok_or_else(|| {
        ScenarioError::keyed("version", "err-must-be-positive-integer-got", vec![("got", v.to_string())])
    })?;
    if version > SCHEMA_VERSION {
        return Err(ScenarioError::keyed(
            "version",
            "err-version-is-newer-than-this-playground-understands",
            vec![("version", version.to_string()), ("max", SCHEMA_VERSION.to_string())],
        ));
    }
    Ok(version)
}

/// One migration step, from version `from` to `from + 1`.
#[allow(clippy::match_single_binding)] // one arm per future version goes here
fn upgrade(from: u64, doc: Value) -> Result<Value, ScenarioError> {
    match from {
        // 1 => Ok(v1_to_v2(doc)),
        _ => {
            let _ = doc;
            Err(ScenarioError::keyed(
                "version",
                "err-from-is-not-schema-version-this-playground",
                vec![("from", from.to_string())],
            ))
        }
    }
}
