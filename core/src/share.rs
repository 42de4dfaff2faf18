//! Share links: the scenario travels in a URL's fragment `#s=` + base64url (no padding) of the
//! raw-deflate-compressed JSON document. The fragment never reaches a server. An exercise link is
//! the same codec over the exercise document (the scenario with its `exercise` block, in its
//! canonical form, whose fingerprint answer files carry). The browser's pages build and read
//! links with it; it is here, pure, so that the runner and the fuzzer read links as the pages do.

use crate::error::ScenarioError;
use crate::exercise::{document, ExerciseDocument};
use crate::scenario::Scenario;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// Fragments above this many bytes are uncomfortable in a URL; the UI offers a file instead.
pub const MAX_COMFORTABLE_FRAGMENT: usize = 8 * 1024;

/// Links above this many bytes are not offered at all (browsers refuse longer addresses:
/// Chromium's limit is 2 MiB); the UI offers the JSON file only.
pub const MAX_LINK: usize = 2_000_000;

/// Largest decompressed document accepted from a URL (protects against deflate bombs).
const MAX_INFLATED: usize = 64 << 20;

/// Why a share fragment could not be opened.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShareError {
    #[error("the link is damaged: its scenario is not valid base64url text")]
    Base64,
    #[error("the link is damaged: its scenario could not be decompressed")]
    Inflate,
    #[error("the link's scenario is invalid: {0}")]
    Invalid(ScenarioError),
}

impl ShareError {
    /// Its message id in `core/locales/{lang}/errors.ftl` (the English is its `Display`).
    pub fn id(&self) -> &'static str {
        match self {
            ShareError::Base64 => "err-share-not-base64",
            ShareError::Inflate => "err-share-not-decompressed",
            ShareError::Invalid(_) => "err-share-invalid",
        }
    }

    /// Its message's arguments (`problems`: the scenario's problems, in English; a page says
    /// them from [`ShareError::Invalid`]'s problems).
    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            ShareError::Invalid(problems) => vec![("problems", problems.to_string())],
            _ => vec![],
        }
    }
}

/// What a link carries: a scenario, or an exercise (a scenario with its exercise block).
#[derive(Debug, Clone, PartialEq)]
pub enum Shared {
    Scenario(Scenario),
    Exercise(ExerciseDocument),
}

impl Shared {
    /// The scenario, with or without its exercise.
    pub fn scenario(&self) -> &Scenario {
        match self {
            Shared::Scenario(s) => s,
            Shared::Exercise(e) => &e.scenario,
        }
    }
}

fn encode_json(json: &str) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    URL_SAFE_NO_PAD.encode(deflated)
}

/// The fragment body (without `#s=`) for a scenario.
pub fn encode(scenario: &Scenario) -> String {
    encode_json(&scenario.to_json())
}

/// The fragment body (without `#s=`) for an exercise: its canonical form.
pub fn encode_exercise(doc: &ExerciseDocument) -> String {
    encode_json(&doc.to_json())
}

/// The scenario or exercise in a fragment body (without `#s=`), validated.
pub fn decode(body: &str) -> Result<Shared, ShareError> {
    let bytes = URL_SAFE_NO_PAD.decode(body.trim()).map_err(|_| ShareError::Base64)?;
    let json =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INFLATED).map_err(|_| ShareError::Inflate)?;
    let text = std::str::from_utf8(&json)
        .map_err(|_| ShareError::Invalid(ScenarioError::keyed("", "err-share-not-utf8", vec![])))?;
    read_document(text).map_err(ShareError::Invalid)
}

/// A scenario or exercise document (a link's, a file's), validated; the problems as text.
pub fn read_document(text: &str) -> Result<Shared, ScenarioError> {
    match document::read(text) {
        Ok((_, Some(_))) => ExerciseDocument::from_json(text).map(Shared::Exercise),
        _ => Scenario::from_json(text).map(Shared::Scenario),
    }
}

/// The share body of a whole URL fragment (`#s=…` or `s=…`), if it has one.
pub fn fragment_body(hash: &str) -> Option<&str> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    hash.strip_prefix("s=")
}

/// An exercise and its fingerprint, pinned from a native run: the browser's tests check that
/// wasm computes the same bits.
#[doc(hidden)]
pub mod pinned {
    pub const PINNED_EXERCISE: &str = r#"{"version":1,"mechanism":"shapley","seed":3,"players":["A","B"],
        "coalitions":[{"members":["A"],"value":0.1},{"members":["B"],"value":0},{"members":["A","B"],"value":1e-7}],
        "exercise":{"title":"π ✓","tasks":[{"id":"t1","prompt":"φ_A?","kind":"number",
        "answer":{"result":"/shapley/0"},"tolerance":{"rel":0.015}}]}}"#;
    pub const PINNED_FINGERPRINT: &str = "218c18dcd631f79337ce7a9e04d1e9ad97af9cba7c41b7a366bb79611b191f7d";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "embedded-data")]
    #[test]
    fn round_trip_is_exact() {
        // Every example scenario, with text beyond ASCII and the largest seed (not exact as f64).
        let presets = crate::presets::all();
        assert!(!presets.is_empty());
        for preset in presets {
            let scenario =
                Scenario { title: "t ✓".into(), notes: "0.1 + 0.2".into(), seed: u64::MAX, ..preset.scenario() };
            let body = encode(&scenario);
            assert!(!body.contains('=') && !body.contains('+') && !body.contains('/'), "{}", preset.name);
            assert_eq!(decode(&body), Ok(Shared::Scenario(scenario)), "{}", preset.name);
        }
    }

    #[test]
    fn exercises_round_trip_with_their_fingerprint() {
        let shipped = crate::exercise::shipped::all();
        assert!(!shipped.is_empty());
        for e in shipped {
            let doc = e.document().expect("shipped exercises read");
            let Ok(Shared::Exercise(back)) = decode(&encode_exercise(&doc)) else { panic!("{}", e.name) };
            assert_eq!(back.fingerprint(), doc.fingerprint(), "{}", e.name);
            assert_eq!(back, doc, "{}", e.name);
        }
    }

    /// The fingerprint is the same bits in wasm as natively (pinned from a native run).
    #[test]
    fn the_fingerprint_is_pinned() {
        let doc = ExerciseDocument::from_json(pinned::PINNED_EXERCISE).expect("reads");
        assert_eq!(doc.fingerprint(), pinned::PINNED_FINGERPRINT);
    }

    #[test]
    fn damaged_links_are_errors() {
        assert_eq!(decode("%%%"), Err(ShareError::Base64));
        assert_eq!(decode("AAAA"), Err(ShareError::Inflate));
        let not_a_scenario = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"{\"version\":1}", 6));
        assert!(matches!(decode(&not_a_scenario), Err(ShareError::Invalid(m)) if m.to_string().contains("mechanism")));
        assert_eq!(fragment_body("#s=abc"), Some("abc"));
        assert_eq!(fragment_body("#other"), None);
    }
}
