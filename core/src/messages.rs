//! The core's messages in English: a problem given as data ([`crate::Problem::keyed`]: a message
//! id and its arguments) is written by formatting its message in `core/locales/en/*.ftl` with
//! Project Fluent. The runner prints that English; the pages format the same id in the reader's
//! language from `core/locales/{lang}/*.ftl` (the `web` crate's `i18n`).

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

/// The core's message files, by area: `(area, English, Simplified Chinese)` (the pages include
/// them too; a test checks each language defines the same ids).
pub const FILES: &[(&str, &str, &str)] = &[
    ("errors", include_str!("../locales/en/errors.ftl"), include_str!("../locales/zh-CN/errors.ftl")),
    ("game", include_str!("../locales/en/game.ftl"), include_str!("../locales/zh-CN/game.ftl")),
    ("exercise", include_str!("../locales/en/exercise.ftl"), include_str!("../locales/zh-CN/exercise.ftl")),
];

fn english_bundle() -> &'static FluentBundle<FluentResource> {
    static ENGLISH: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    ENGLISH.get_or_init(|| {
        let en: unic_langid::LanguageIdentifier = "en".parse().expect("a valid language tag");
        let mut bundle = FluentBundle::new_concurrent(vec![en]);
        bundle.set_use_isolating(false);
        for (area, text, _) in FILES {
            // The files are part of the build and tested to parse; a broken one is a bug.
            let resource = FluentResource::try_new(text.to_string())
                .unwrap_or_else(|(_, e)| panic!("core/locales/en/{area}.ftl does not parse: {e:?}"));
            bundle.add_resource(resource).unwrap_or_else(|e| panic!("core/locales/en/{area}.ftl: {e:?}"));
        }
        bundle
    })
}

/// Message `id` in English with its arguments; `None` if there is no such message.
pub fn english(id: &str, args: &[(&'static str, String)]) -> Option<String> {
    let bundle = english_bundle();
    let pattern = bundle.get_message(id)?.value()?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let mut errors = vec![];
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    Some(text.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_in_both_languages() {
        for (area, en, zh) in FILES {
            for (lang, text) in [("en", en), ("zh-CN", zh)] {
                let parsed = FluentResource::try_new(text.to_string());
                assert!(parsed.is_ok(), "core/locales/{lang}/{area}.ftl: {:?}", parsed.err().map(|(_, e)| e));
            }
        }
        assert_eq!(english("no-such-message", &[]), None);
    }
}
