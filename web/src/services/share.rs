//! Share URLs (the codec is the core's, [`cloudecon::share`]): the links the pages build for
//! the page at an address.

use cloudecon::exercise::ExerciseDocument;
pub use cloudecon::share::*;
use cloudecon::Scenario;

/// A full share URL for the page at `base` (origin + path).
pub fn share_url(base: &str, scenario: &Scenario) -> String {
    format!("{base}#s={}", encode(scenario))
}

/// A full exercise URL for the page at `base` (origin + the exercise's mechanism page's path).
pub fn exercise_url(base: &str, doc: &ExerciseDocument) -> String {
    format!("{base}#s={}", encode_exercise(doc))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fingerprint is the same bits in wasm as natively (pinned from a native run: the
    /// core's tests pin the same one).
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn links_round_trip_in_the_browser_with_their_fingerprint() {
        for preset in cloudecon::presets::all() {
            let scenario = Scenario { title: "t ✓".into(), seed: u64::MAX, ..preset.scenario() };
            let url = share_url("http://x/a/era", &scenario);
            let body = fragment_body(&url[url.find('#').unwrap_or(0)..]).expect("a share fragment");
            assert_eq!(decode(body), Ok(Shared::Scenario(scenario)), "{}", preset.name);
        }
        let doc = ExerciseDocument::from_json(cloudecon::share::pinned::PINNED_EXERCISE).expect("reads");
        assert_eq!(doc.fingerprint(), cloudecon::share::pinned::PINNED_FINGERPRINT);
    }
}
