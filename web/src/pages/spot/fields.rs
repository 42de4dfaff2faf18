//! Text forms of the spot document's compound values, typed in one field each and read back only
//! when they parse ([`ParsedField`](crate::components::ParsedField)): whole numbers, a factor
//! range `[low, high]` ("0.5–2"), lists of numbers ("0, .2, .4"), an optional count, the delay
//! ("auto" or a number of jobs) and an RFC 3339 time.

use cloudecon::spot::ec2;
use cloudecon::spot::scenario::DelaySpec;

use crate::components::Parsed;
use crate::i18n::t;
pub use crate::pages::fields::Whole;
use crate::pages::fields::{joined, list, number, optional, range};

/// `[low, high]`, typed "low–high" or "low, high".
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Factor(pub [f64; 2]);

impl Parsed for Factor {
    const CLASS: &'static str = "range";
    /// "is not …", in the reader's language.
    fn problem(_text: &str) -> String {
        t("spot-not-factor")
    }
    fn parse(text: &str) -> Option<Self> {
        range(text.trim(), &['–', '—', ',']).map(|(a, b)| Factor([a, b]))
    }
    fn show(&self) -> String {
        format!("{}–{}", self.0[0].show(), self.0[1].show())
    }
}

/// A list of numbers "a, b, c" (at least one).
#[derive(Debug, Clone, PartialEq)]
pub struct Numbers(pub Vec<f64>);

impl Parsed for Numbers {
    const CLASS: &'static str = "list";
    /// "is not …", in the reader's language.
    fn problem(_text: &str) -> String {
        t("spot-not-numbers")
    }
    fn parse(text: &str) -> Option<Self> {
        list(text, number).filter(|l| !l.is_empty()).map(Numbers)
    }
    fn show(&self) -> String {
        joined(&self.0, f64::show, ", ")
    }
}

/// A list of whole numbers "0, 1, 2" (at least one).
#[derive(Debug, Clone, PartialEq)]
pub struct Wholes(pub Vec<u32>);

impl Parsed for Wholes {
    const CLASS: &'static str = "list";
    /// "is not …", in the reader's language.
    fn problem(_text: &str) -> String {
        t("spot-not-wholes")
    }
    fn parse(text: &str) -> Option<Self> {
        list(text, |s| s.parse().ok()).filter(|l| !l.is_empty()).map(Wholes)
    }
    fn show(&self) -> String {
        joined(&self.0, u32::to_string, ", ")
    }
}

/// Job counts "500, 1000", or empty for the default ones.
#[derive(Debug, Clone, PartialEq)]
pub struct Counts(pub Option<Vec<u64>>);

impl Parsed for Counts {
    const CLASS: &'static str = "list";
    /// "is not …", in the reader's language.
    fn problem(_text: &str) -> String {
        t("spot-not-counts")
    }
    fn parse(text: &str) -> Option<Self> {
        optional(text, |t| list(t, |s| s.parse().ok())).map(Counts)
    }
    fn show(&self) -> String {
        self.0.as_ref().map(|l| joined(l, u64::to_string, ", ")).unwrap_or_default()
    }
}

/// A number of jobs, or empty for none (a log replayed once).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OptionalCount(pub Option<u64>);

impl Parsed for OptionalCount {
    const CLASS: &'static str = "integer";
    const INPUT_MODE: &'static str = "numeric";
    /// "is not …", in the reader's language.
    fn problem(_text: &str) -> String {
        t("spot-not-optional-count")
    }
    fn parse(text: &str) -> Option<Self> {
        optional(text, |t| t.parse().ok()).map(OptionalCount)
    }
    fn show(&self) -> String {
        self.0.map(|c| c.to_string()).unwrap_or_default()
    }
}

/// The learner's delay: "auto" (or empty) or a number of jobs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Delay(pub DelaySpec);

impl Parsed for Delay {
    const CLASS: &'static str = "integer";
    /// "is not …", in the reader's language.
    fn problem(_text: &str) -> String {
        t("spot-not-delay")
    }
    fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        if t.is_empty() || t.eq_ignore_ascii_case("auto") {
            return Some(Delay(DelaySpec::Auto));
        }
        t.parse().ok().map(|d| Delay(DelaySpec::Jobs(d)))
    }
    fn show(&self) -> String {
        match self.0 {
            DelaySpec::Auto => "auto".into(),
            DelaySpec::Jobs(d) => d.to_string(),
        }
    }
}

/// An RFC 3339 time ("2016-03-24T00:00:00Z"), kept as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Time(pub String);

impl Parsed for Time {
    const CLASS: &'static str = "time";
    /// "is not …", in the reader's language.
    fn problem(_text: &str) -> String {
        t("spot-not-time")
    }
    fn parse(text: &str) -> Option<Self> {
        ec2::parse_timestamp(text).map(|_| Time(text.trim().to_string()))
    }
    fn show(&self) -> String {
        self.0.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::fields::round_trip;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn texts_read_back_as_their_values() {
        round_trip("5", Whole(5));
        assert_eq!(Whole::parse("-1"), None);
        round_trip("0.5–2", Factor([0.5, 2.0]));
        round_trip("0.5, 2", Factor([0.5, 2.0]));
        round_trip("1-3", Factor([1.0, 3.0]));
        assert_eq!(Factor::parse("2"), None);
        round_trip("0, .2, 0.4", Numbers(vec![0.0, 0.2, 0.4]));
        assert_eq!(Numbers::parse(""), None);
        assert_eq!(Numbers::parse("1, x"), None);
        round_trip("0 1, 2", Wholes(vec![0, 1, 2]));
        round_trip("", Counts(None));
        round_trip("50, 100", Counts(Some(vec![50, 100])));
        round_trip("", OptionalCount(None));
        round_trip("auto", Delay(DelaySpec::Auto));
        round_trip("12", Delay(DelaySpec::Jobs(12)));
        assert_eq!(Delay::parse("1.5"), None);
        round_trip("2016-03-24T00:00:00Z", Time("2016-03-24T00:00:00Z".into()));
        assert_eq!(Time::parse("yesterday"), None);
    }
}

/// A formula family's parameter grid, "b = 0.1, 0.15; eps = 0, 0.02" (empty: no parameters; each
/// parameter's list at least one number). The names are checked by the core, at the field.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid(pub Vec<(String, Vec<f64>)>);

impl Parsed for Grid {
    const CLASS: &'static str = "grid";
    /// "is not …", in the reader's language.
    fn problem(_text: &str) -> String {
        t("spot-not-grid")
    }
    fn parse(text: &str) -> Option<Self> {
        let mut out = Vec::new();
        for part in text.split(';').filter(|s| !s.trim().is_empty()) {
            let (name, values) = part.split_once('=')?;
            let name = name.trim();
            if name.is_empty() {
                return None;
            }
            let Numbers(values) = Numbers::parse(values)?;
            out.push((name.to_string(), values));
        }
        Some(Grid(out))
    }
    fn show(&self) -> String {
        joined(&self.0, |(n, v)| format!("{n} = {}", Numbers(v.clone()).show()), "; ")
    }
}
