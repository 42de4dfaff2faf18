//! The core's messages in English: a problem given as data ([`crate::Problem::keyed`]: a message
//! id and its arguments) is written by formatting its message in `core/locales/en/*.ftl`. The
//! runner prints that English; the pages format the same id in the reader's language from
//! `core/locales/{lang}/*.ftl` with Project Fluent (the `web` crate's `i18n`).
//!
//! The core's messages use the part of Fluent a problem needs — text and `{ $argument }`
//! placeables (and `{ "{" }`-style literals) — so the core formats them itself instead of
//! carrying a Fluent runtime into every bundle a second time. `tests::formatted_as_fluent_does`
//! checks every message against `fluent-bundle` (a dev-dependency), and that no message uses more.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The core's English message files, by area (the pages include every language's), without
/// their comments (`core/build.rs`).
pub const FILES: &[(&str, &str)] = &[
    ("errors", include_str!(concat!(env!("OUT_DIR"), "/en/errors.ftl"))),
    ("game", include_str!(concat!(env!("OUT_DIR"), "/en/game.ftl"))),
    ("exercise", include_str!(concat!(env!("OUT_DIR"), "/en/exercise.ftl"))),
];

/// One piece of a message: text, or an argument's value.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Arg(String),
}

/// The messages of a Fluent file (the subset above): id → pieces. A line that is neither a
/// comment, a message nor a continuation, and a placeable that is neither `$name` nor a string
/// literal, is an error.
fn parse(text: &str) -> Result<Vec<(String, Vec<Piece>)>, String> {
    let mut messages: Vec<(String, Vec<String>)> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if line.starts_with([' ', '\t']) {
            let Some((_, lines)) = messages.last_mut() else {
                return Err(format!("line {}: a continuation of nothing", k + 1));
            };
            lines.push(line.trim().to_string());
            continue;
        }
        let (id, value) = line.split_once('=').ok_or_else(|| format!("line {}: not a message", k + 1))?;
        messages.push((id.trim().to_string(), vec![value.trim().to_string()]));
    }
    messages
        .into_iter()
        .map(|(id, lines)| {
            // Fluent joins a value's lines with a newline (a first empty line is dropped).
            let value = lines.into_iter().skip_while(String::is_empty).collect::<Vec<_>>().join("\n");
            Ok((id.clone(), pieces(&value).map_err(|e| format!("{id}: {e}"))?))
        })
        .collect()
}

fn pieces(value: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut rest = value;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            out.push(Piece::Text(rest[..open].to_string()));
        }
        // A string literal may hold a brace (`{"}"}`): the placeable ends after its closing quote.
        let body = &rest[open + 1..];
        let lead = body.len() - body.trim_start().len();
        let from = match body.trim_start().strip_prefix('"') {
            Some(literal) => open + 1 + lead + 1 + literal.find('"').ok_or("an unclosed string")? + 1,
            None => open,
        };
        let close = rest[from..].find('}').ok_or("an unclosed {")? + from;
        let inner = rest[open + 1..close].trim();
        let identifier = |n: &str| {
            n.starts_with(|c: char| c.is_ascii_alphabetic())
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        };
        if let Some(name) = inner.strip_prefix('$').filter(|n| identifier(n)) {
            out.push(Piece::Arg(name.to_string()));
        } else if inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"') {
            out.push(Piece::Text(unescape(&inner[1..inner.len() - 1])?));
        } else {
            return Err(format!("a placeable the core does not format: {{{inner}}}"));
        }
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest.to_string()));
    }
    Ok(out)
}

/// A Fluent string literal's text: `\\`, `\"`, `\uXXXX` and `\UXXXXXX` escapes.
fn unescape(literal: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(e @ ('\\' | '"')) => out.push(e),
            Some(u @ ('u' | 'U')) => {
                let digits: String = chars.by_ref().take(if u == 'u' { 4 } else { 6 }).collect();
                let code = u32::from_str_radix(&digits, 16).ok().and_then(char::from_u32);
                out.push(code.ok_or_else(|| format!("a bad escape \\{u}{digits}"))?);
            }
            other => return Err(format!("a bad escape \\{}", other.map(String::from).unwrap_or_default())),
        }
    }
    Ok(out)
}

/// Whether the core has an English message `id`.
pub fn has(id: &str) -> bool {
    english_messages().contains_key(id)
}

/// Message id `id` and its argument names `args` as the core keeps them (`'static`), for a
/// problem that crossed a channel as text; `None` if the core has no such message, and `None`
/// for a name the message does not use.
pub fn intern<'a>(
    id: &str,
    args: impl IntoIterator<Item = &'a str>,
) -> Option<(&'static str, Vec<Option<&'static str>>)> {
    let (id, pieces) = english_messages().get_key_value(id)?;
    let names = args
        .into_iter()
        .map(|name| {
            pieces.iter().find_map(|p| match p {
                Piece::Arg(a) if a == name => Some(a.as_str()),
                _ => None,
            })
        })
        .collect();
    Some((id.as_str(), names))
}

fn english_messages() -> &'static HashMap<String, Vec<Piece>> {
    static ENGLISH: OnceLock<HashMap<String, Vec<Piece>>> = OnceLock::new();
    ENGLISH.get_or_init(|| {
        let mut all = HashMap::new();
        for (area, text) in FILES {
            // The files are part of the build and tested to parse; a broken one is a bug.
            let parsed = parse(text).unwrap_or_else(|e| panic!("core/locales/en/{area}.ftl: {e}"));
            all.extend(parsed);
        }
        all
    })
}

/// Message `id` in English with its arguments; `None` if there is no such message. An argument
/// the message names but `args` lacks is written as Fluent writes it, `{$name}`.
pub fn english(id: &str, args: &[(&str, String)]) -> Option<String> {
    let pieces = english_messages().get(id)?;
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Arg(name) => match args.iter().find(|(k, _)| k == name) {
                Some((_, v)) => out.push_str(v),
                None => {
                    out.push_str("{$");
                    out.push_str(name);
                    out.push('}');
                }
            },
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};

    use super::*;

    const ZH: &[(&str, &str)] = &[
        ("errors", include_str!("../locales/zh-CN/errors.ftl")),
        ("game", include_str!("../locales/zh-CN/game.ftl")),
        ("exercise", include_str!("../locales/zh-CN/exercise.ftl")),
    ];

    /// Every English message, with every argument it names set to a sample, is the text Fluent
    /// makes of it; every file of both languages parses with Fluent and with the core's subset.
    #[test]
    fn formatted_as_fluent_does() {
        for (area, text) in FILES.iter().chain(ZH) {
            let resource = FluentResource::try_new(text.to_string())
                .unwrap_or_else(|(_, e)| panic!("{area}.ftl does not parse with Fluent: {e:?}"));
            let ours = parse(text).unwrap_or_else(|e| panic!("{area}.ftl: {e}"));
            let mut bundle = FluentBundle::new(vec!["en".parse().expect("a language tag")]);
            bundle.set_use_isolating(false);
            bundle.add_resource(resource).expect("no id twice");
            for (id, pieces) in ours {
                let mut args = FluentArgs::new();
                let mut ours_args = Vec::new();
                for p in &pieces {
                    if let Piece::Arg(name) = p {
                        args.set(name.clone(), format!("<{name}>"));
                        let leaked: &'static str = Box::leak(name.clone().into_boxed_str());
                        ours_args.push((leaked, format!("<{name}>")));
                    }
                }
                let message = bundle.get_message(&id).expect("parsed by both");
                let mut errors = vec![];
                let fluent = bundle.format_pattern(message.value().expect("a value"), Some(&args), &mut errors);
                assert!(errors.is_empty(), "{area} {id}: {errors:?}");
                if FILES.iter().any(|(a, t)| a == area && *t == *text) {
                    assert_eq!(english(&id, &ours_args).as_deref(), Some(fluent.as_ref()), "{area} {id}");
                }
            }
        }
        assert_eq!(english("no-such-message", &[]), None);
    }

    /// The English compiled in is the files without their comments, every message line kept.
    #[test]
    fn english_is_compiled_in_without_its_comments() {
        let source = include_str!("../locales/en/game.ftl");
        assert!(source.lines().filter(|l| l.starts_with('#')).count() > 5, "the file has comments");
        let messages: Vec<&str> = source.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(FILES[1].0, "game");
        assert_eq!(FILES[1].1.lines().collect::<Vec<_>>(), messages);
    }

    #[test]
    fn the_subset_is_enforced() {
        assert!(parse("a = { $n ->\n  *[other] x\n }").is_err());
        assert!(parse("b = { -term }").is_err());
        assert_eq!(
            parse("c = at { $path }: { \"{\" }x").expect("in the subset").into_iter().next().map(|(_, p)| p.len()),
            Some(5)
        );
    }
}
