//! What the pages' text forms ([`Parsed`] values typed in one field, see
//! [`ParsedField`](crate::components::ParsedField)) are read and shown with: a number, a whole
//! number, a range "low–high", a list, a value that may be left empty — and the plain whole
//! number itself ([`Whole`]). Each page's own `fields.rs` builds its compound values from these,
//! with its own words for what it expects.

use crate::components::Parsed;

/// A finite number (as [`f64`]'s field reads it).
pub fn number(text: &str) -> Option<f64> {
    <f64 as Parsed>::parse(text)
}

/// A whole number that fits in 32 bits.
pub fn whole(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok()
}

/// Empty text as `Some(None)`; other text as `read` reads it (trimmed).
pub fn optional<T>(text: &str, read: impl FnOnce(&str) -> Option<T>) -> Option<Option<T>> {
    let t = text.trim();
    if t.is_empty() {
        return Some(None);
    }
    read(t).map(Some)
}

/// `low–high`: split at the first of `separators` found, else at a hyphen between two numbers
/// (not a sign); both sides must be numbers.
pub fn range(text: &str, separators: &[char]) -> Option<(f64, f64)> {
    if let Some((a, b)) = separators.iter().find_map(|&sep| text.split_once(sep)) {
        return Some((number(a)?, number(b)?));
    }
    text.char_indices()
        .filter(|&(i, c)| c == '-' && i > 0)
        .find_map(|(i, _)| Some((number(&text[..i])?, number(&text[i + 1..])?)))
}

/// The items of a list separated by commas, spaces or semicolons (blanks skipped; the list may
/// be empty), each read by `item`; `None` when one does not read.
pub fn list<T>(text: &str, item: impl Fn(&str) -> Option<T>) -> Option<Vec<T>> {
    text.split([',', ' ', ';']).filter(|s| !s.trim().is_empty()).map(|s| item(s.trim())).collect()
}

/// Items shown one by one, joined by `separator`.
pub fn joined<T>(items: impl IntoIterator<Item = T>, show: impl Fn(T) -> String, separator: &str) -> String {
    items.into_iter().map(show).collect::<Vec<_>>().join(separator)
}

/// A whole number that fits in 32 bits (minutes, hours, thresholds, counts, cores).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Whole(pub u32);

impl Parsed for Whole {
    const CLASS: &'static str = "integer";
    const INPUT_MODE: &'static str = "numeric";
    fn parse(text: &str) -> Option<Self> {
        whole(text).map(Whole)
    }
    fn show(&self) -> String {
        self.0.to_string()
    }
    fn problem(text: &str) -> String {
        crate::components::whole_problem(text, u32::MAX.into(), &crate::i18n::t("components-expected-a-whole-number"))
    }
}

/// Checks that `text` reads as `value` and that `value` shown reads back as itself (the tests of
/// every page's text forms).
#[cfg(test)]
pub fn round_trip<T: Parsed + std::fmt::Debug>(text: &str, value: T) {
    assert_eq!(T::parse(text), Some(value.clone()), "{text:?}");
    assert_eq!(T::parse(&value.show()), Some(value), "{text:?} shown back");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_pieces_read_what_the_forms_are_made_of() {
        round_trip("5", Whole(5));
        assert_eq!(Whole::parse("-1"), None);
        assert_eq!(range("1e-3-2", &['–']), Some((1e-3, 2.0)));
        assert_eq!(range("-1--2", &[]), Some((-1.0, -2.0)));
        assert_eq!(range("0.5, 2", &[',']), Some((0.5, 2.0)));
        assert_eq!(range("1–x", &['–', '-']), None, "the first separator found decides");
        assert_eq!(range("2", &['–']), None);
        assert_eq!(list("1, 2;3  4", number), Some(vec![1.0, 2.0, 3.0, 4.0]));
        assert_eq!(list(" , ", whole), Some(vec![]));
        assert_eq!(list("1, x", whole), None);
        assert_eq!(optional("  ", whole), Some(None));
        assert_eq!(optional(" 7 ", whole), Some(Some(7)));
        assert_eq!(optional("x", whole), None);
        assert_eq!(joined([1, 2], |x: i32| x.to_string(), ", "), "1, 2");
    }
}
