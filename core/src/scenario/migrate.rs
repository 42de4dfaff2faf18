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
        return Err(ScenarioError::single("document", "must be a JSON object"));
    };
    let version = version(obj.get("version"))?;
    (version..SCHEMA_VERSION).try_fold(doc, |doc, from| upgrade(from, doc))
}

/// The `version` field of a document, checked: present, a positive integer, not newer than
/// this playground.
pub fn version(field: Option<&Value>) -> Result<u64, ScenarioError> {
    let Some(v) = field else {
        return Err(ScenarioError::single(
            "version",
            format!("required: the schema version, {SCHEMA_VERSION} for this playground"),
        ));
    };
    let version =
        v.as_u64().ok_or_else(|| ScenarioError::single("version", format!("must be a positive integer, got {v}")))?;
    if version > SCHEMA_VERSION {
        return Err(ScenarioError::single(
            "version",
            format!("{version} is newer than this playground understands ({SCHEMA_VERSION}); update the playground"),
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
            Err(ScenarioError::single("version", format!("{from} is not a schema version this playground knows")))
        }
    }
}
