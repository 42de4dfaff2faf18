//! Share URLs (the codec is the core's, [`cloudecon::share`]): the links the pages build for
//! the page at an address.

use cloudecon::exercise::ExerciseDocument;
pub use cloudecon::share::*;
use cloudecon::Scenario;

use crate::i18n::Text;

/// Why a link could not be opened, in the language of when it is shown (the scenario's own
/// problems as data).
pub fn error_text(e: &ShareError) -> Text {
    match e {
        ShareError::Invalid(problems) => crate::said!("err-share-invalid", problems = problems.clone()),
        other => crate::said!(other.id()),
    }
}

/// A full share URL for the page at `base` (origin + path).
pub fn share_url(base: &str, scenario: &Scenario) -> String {
    format!("{base}#s={}", encode(scenario))
}

/// A full exercise URL for the page at `base` (origin + the exercise's mechanism page's path).
pub fn exercise_url(base: &str, doc: &ExerciseDocument) -> String {
    format!("{base}#s={}", encode_exercise(doc))
}

/// `url` pinned to open in `lang` (`?lang=zh-CN` before the `#s=` fragment; an earlier
/// `lang=` replaced, other parameters kept); unchanged for `None`. The link then opens in that
/// language whatever the reader's own choice (`crate::i18n::choose`).
pub fn pinned(url: &str, lang: Option<crate::i18n::Lang>) -> String {
    let Some(lang) = lang else { return url.to_string() };
    let (address, fragment) = url.split_at(url.find('#').unwrap_or(url.len()));
    let (path, query) = address.split_once('?').unwrap_or((address, ""));
    let mut params: Vec<String> =
        query.split('&').filter(|p| !p.is_empty() && !p.starts_with("lang=")).map(str::to_string).collect();
    params.push(format!("lang={}", lang.tag()));
    format!("{path}?{}{fragment}", params.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_pinned_link_says_its_language_before_the_fragment() {
        use crate::i18n::Lang;
        assert_eq!(pinned("http://x/era#s=AB", Some(Lang::ZhCn)), "http://x/era?lang=zh-CN#s=AB");
        assert_eq!(pinned("http://x/era?a=1&lang=en#s=AB", Some(Lang::ZhCn)), "http://x/era?a=1&lang=zh-CN#s=AB");
        assert_eq!(pinned("http://x/era#s=AB", None), "http://x/era#s=AB");
    }

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
