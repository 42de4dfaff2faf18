//! Text forms of the ERA document's compound values, typed in one field each and read back only
//! when they parse ([`ParsedField`](crate::components::ParsedField)): whole slots, an optional
//! number, a distribution ("5", "1–3", "exp 4", "{1, 2, 5}"), a capacity ("10", or steps
//! "0:100, 24:90") and a demand curve ("8@2, 2@1": units at a unit value).

use cloudecon::era::requests::ValueDist;
use cloudecon::era::scenario::{CapacitySpec, CapacityStep, PointSpec};

use crate::components::Parsed;
use crate::i18n::t;
use crate::pages::fields::{joined, number, optional, range, whole};

/// A whole number of slots (or a slot index).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slots(pub u32);

impl Parsed for Slots {
    const CLASS: &'static str = "integer";
    const INPUT_MODE: &'static str = "numeric";
    fn problem(_text: &str) -> String {
        t("era-problem-slots")
    }
    fn parse(text: &str) -> Option<Self> {
        whole(text).map(Slots)
    }
    fn show(&self) -> String {
        self.0.to_string()
    }
}

/// A number, or empty for none.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Optional<T>(pub Option<T>);

impl Parsed for Optional<f64> {
    const CLASS: &'static str = "number";
    const INPUT_MODE: &'static str = "decimal";
    fn problem(_text: &str) -> String {
        t("era-problem-optional-number")
    }
    fn parse(text: &str) -> Option<Self> {
        optional(text, number).map(Optional)
    }
    fn show(&self) -> String {
        self.0.map(|x| x.show()).unwrap_or_default()
    }
}

impl Parsed for Optional<u32> {
    const CLASS: &'static str = "integer";
    const INPUT_MODE: &'static str = "numeric";
    fn problem(_text: &str) -> String {
        t("era-problem-optional-slots")
    }
    fn parse(text: &str) -> Option<Self> {
        optional(text, whole).map(Optional)
    }
    fn show(&self) -> String {
        self.0.map(|x| x.to_string()).unwrap_or_default()
    }
}

/// A number or a distribution of [`ValueDist`].
#[derive(Debug, Clone, PartialEq)]
pub struct Dist(pub ValueDist);

impl Parsed for Dist {
    const CLASS: &'static str = "dist";
    fn problem(_text: &str) -> String {
        t("era-problem-dist")
    }
    fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        if let Some(x) = number(t) {
            return Some(Dist(ValueDist::Fixed(x)));
        }
        if let Some(mean) = t.strip_prefix("exp") {
            let mean = mean.trim().trim_start_matches('(').trim_end_matches(')');
            return number(mean).map(|m| Dist(ValueDist::Exponential { exponential: m }));
        }
        if let Some(inner) = t.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            let choice: Option<Vec<f64>> = inner.split(',').map(number).collect();
            return choice.filter(|c| !c.is_empty()).map(|choice| Dist(ValueDist::Choice { choice }));
        }
        range(t, &['–', '—']).map(|(a, b)| Dist(ValueDist::Uniform { uniform: [a, b] }))
    }
    fn show(&self) -> String {
        match &self.0 {
            ValueDist::Fixed(x) => x.show(),
            ValueDist::Uniform { uniform: [a, b] } => format!("{}–{}", a.show(), b.show()),
            ValueDist::Exponential { exponential } => format!("exp {}", exponential.show()),
            ValueDist::Choice { choice } => {
                format!("{{{}}}", joined(choice, f64::show, ", "))
            }
        }
    }
}

/// A capacity: a number, or steps `from:capacity, …`.
#[derive(Debug, Clone, PartialEq)]
pub struct Capacity(pub CapacitySpec);

impl Parsed for Capacity {
    const CLASS: &'static str = "capacity";
    fn problem(_text: &str) -> String {
        t("era-problem-capacity")
    }
    fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        if let Some(x) = number(t) {
            return Some(Capacity(CapacitySpec::Constant(x)));
        }
        let steps: Option<Vec<CapacityStep>> = t
            .split(',')
            .map(|s| {
                let (from, c) = s.split_once(':')?;
                Some(CapacityStep { from: from.trim().parse().ok()?, capacity: number(c)? })
            })
            .collect();
        steps.filter(|s| !s.is_empty()).map(|s| Capacity(CapacitySpec::Steps(s)))
    }
    fn show(&self) -> String {
        match &self.0 {
            CapacitySpec::Constant(x) => x.show(),
            CapacitySpec::Steps(s) => joined(s, |s| format!("{}:{}", s.from, s.capacity.show()), ", "),
        }
    }
}

/// A slot's demand curve: `units@unit_value, …` (empty: no demand).
#[derive(Debug, Clone, PartialEq)]
pub struct Curve(pub Vec<PointSpec>);

impl Parsed for Curve {
    const CLASS: &'static str = "curve";
    fn problem(_text: &str) -> String {
        t("era-problem-curve")
    }
    fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        if t.is_empty() {
            return Some(Curve(Vec::new()));
        }
        t.split(',')
            .map(|p| {
                let (u, v) = p.split_once('@')?;
                Some(PointSpec { units: number(u)?, unit_value: number(v)? })
            })
            .collect::<Option<Vec<_>>>()
            .map(Curve)
    }
    fn show(&self) -> String {
        joined(&self.0, |p| format!("{}@{}", p.units.show(), p.unit_value.show()), ", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::fields::round_trip;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn texts_read_back_as_their_values() {
        round_trip("12", Slots(12));
        assert_eq!(Slots::parse("1.5"), None);
        round_trip("", Optional::<f64>(None));
        round_trip(" 2.5 ", Optional(Some(2.5)));
        round_trip("24", Optional(Some(24u32)));
        round_trip("5", Dist(ValueDist::Fixed(5.0)));
        round_trip("1-3", Dist(ValueDist::Uniform { uniform: [1.0, 3.0] }));
        round_trip("0.5 – 1.5", Dist(ValueDist::Uniform { uniform: [0.5, 1.5] }));
        round_trip("1e-3-2", Dist(ValueDist::Uniform { uniform: [1e-3, 2.0] }));
        round_trip("exp 4", Dist(ValueDist::Exponential { exponential: 4.0 }));
        round_trip("{1, 2,5}", Dist(ValueDist::Choice { choice: vec![1.0, 2.0, 5.0] }));
        assert_eq!(Dist::parse("1–"), None);
        round_trip("10", Capacity(CapacitySpec::Constant(10.0)));
        let steps = vec![CapacityStep { from: 0, capacity: 100.0 }, CapacityStep { from: 24, capacity: 90.0 }];
        round_trip("0:100, 24:90", Capacity(CapacitySpec::Steps(steps)));
        assert_eq!(Capacity::parse("0:100, x"), None);
        round_trip("", Curve(Vec::new()));
        let pts = vec![PointSpec { units: 8.0, unit_value: 2.0 }, PointSpec { units: 2.0, unit_value: 1.0 }];
        round_trip("8@2, 2@1", Curve(pts));
        let amounts = std::collections::BTreeMap::from([("cpu".to_string(), 2.0), ("mem".to_string(), 4.5)]);
        round_trip(" 4.5 mem+2  cpu", Amounts(amounts.clone()));
        round_trip("", Amounts(Default::default()));
        assert_eq!(Amounts::parse("2 cpu + 3 cpu"), None, "a resource twice");
        assert_eq!(Amounts::parse("cpu 2"), None);
        assert_eq!(Amounts::parse("2"), None);
        round_trip("", Optional::<Amounts>(None));
        round_trip("2 cpu + 4.5 mem", Optional(Some(Amounts(amounts))));
        assert_eq!(Curve::parse("8@"), None);
    }
}

/// Amounts per resource, "2 cpu + 4 mem" (a number then a resource name, joined by "+"); empty
/// for none. `Optional<Amounts>` reads empty as "the same as formal".
#[derive(Debug, Clone, PartialEq)]
pub struct Amounts(pub std::collections::BTreeMap<String, f64>);

impl Parsed for Amounts {
    const CLASS: &'static str = "amounts";
    fn problem(_text: &str) -> String {
        t("era-problem-amounts")
    }
    fn parse(text: &str) -> Option<Self> {
        let mut out = std::collections::BTreeMap::new();
        if text.trim().is_empty() {
            return Some(Amounts(out));
        }
        for term in text.split('+') {
            let (x, name) = term.trim().split_once(char::is_whitespace)?;
            let name = name.trim();
            if name.is_empty() || out.insert(name.to_string(), number(x)?).is_some() {
                return None;
            }
        }
        Some(Amounts(out))
    }
    fn show(&self) -> String {
        joined(&self.0, |(r, x)| format!("{} {r}", x.show()), " + ")
    }
}

impl Parsed for Optional<Amounts> {
    const CLASS: &'static str = "amounts";
    fn problem(_text: &str) -> String {
        t("era-problem-optional-amounts")
    }
    fn parse(text: &str) -> Option<Self> {
        optional(text, Amounts::parse).map(Optional)
    }
    fn show(&self) -> String {
        self.0.as_ref().map(Amounts::show).unwrap_or_default()
    }
}
