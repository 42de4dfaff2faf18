//! Share URLs: the scenario travels in the fragment `#s=` + base64url (no padding) of the
//! raw-deflate-compressed JSON document. The fragment never reaches a server.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use cloudecon::Scenario;

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
    Invalid(String),
}

/// The fragment body (without `#s=`) for a scenario.
pub fn encode(scenario: &Scenario) -> String {
    let json = scenario.to_json();
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    URL_SAFE_NO_PAD.encode(deflated)
}

/// The scenario in a fragment body (without `#s=`).
pub fn decode(body: &str) -> Result<Scenario, ShareError> {
    let bytes = URL_SAFE_NO_PAD.decode(body.trim()).map_err(|_| ShareError::Base64)?;
    let json =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INFLATED).map_err(|_| ShareError::Inflate)?;
    Scenario::from_json_bytes(&json).map_err(|e| ShareError::Invalid(e.to_string()))
}

/// The share body of a whole URL fragment (`#s=…` or `s=…`), if it has one.
pub fn fragment_body(hash: &str) -> Option<&str> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    hash.strip_prefix("s=")
}

/// A full share URL for the page at `base` (origin + path).
pub fn share_url(base: &str, scenario: &Scenario) -> String {
    format!("{base}#s={}", encode(scenario))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn round_trip_is_exact() {
        // Every example scenario, with text beyond ASCII and the largest seed (not exact as f64).
        let presets = cloudecon::presets::all();
        assert!(!presets.is_empty());
        for preset in presets {
            let scenario =
                Scenario { title: "t ✓".into(), notes: "0.1 + 0.2".into(), seed: u64::MAX, ..preset.scenario() };
            let body = encode(&scenario);
            assert!(!body.contains('=') && !body.contains('+') && !body.contains('/'), "{}", preset.name);
            assert_eq!(decode(&body), Ok(scenario), "{}", preset.name);
        }
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn damaged_links_are_errors() {
        assert_eq!(decode("%%%"), Err(ShareError::Base64));
        assert_eq!(decode("AAAA"), Err(ShareError::Inflate));
        let not_a_scenario = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"{\"version\":1}", 6));
        assert!(matches!(decode(&not_a_scenario), Err(ShareError::Invalid(m)) if m.contains("mechanism")));
        assert_eq!(fragment_body("#s=abc"), Some("abc"));
        assert_eq!(fragment_body("#other"), None);
    }
}
