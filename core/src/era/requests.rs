//! Requests (the bids of a document) and the workload generator: classes of requests with Poisson arrivals and per-class distributions of
//! size, duration, window slack, reservation in advance and value per unit — every draw from the
//! seed (ChaCha8, `sim::seeded_rng`), in a fixed order, so a generator and a seed always give the
//! same list, natively and in wasm.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{check_finite, non_negative, Problems};
use crate::math;
use crate::sim::{unit_interval as unit, Rng};

/// Most requests accepted (listed or generated), and most historical ones.
pub const MAX_REQUESTS: usize = 1_000_000;
/// Longest duration, slack or advance a generator draws, in slots.
const MAX_DRAWN_SLOTS: u32 = 100_000;
/// Largest count a generator draws.
const MAX_COUNT: f64 = 1e9;

/// One part of a bid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartSpec {
    /// A configuration name (default: the first configuration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<String>,
    pub count: f64,
    pub duration: u32,
    pub arrival: u32,
    pub deadline: u32,
}

/// A bid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequestSpec {
    /// Default: `r<index>` (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// For charts: the class a generated request came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    pub submit: u32,
    pub value: f64,
    pub parts: Vec<PartSpec>,
}

/// Validates requests at `path` (`requests`, `predictor.history`).
pub(crate) fn validate_requests(list: &[RequestSpec], path: &str, configs: &[String], problems: &mut Problems) {
    if list.len() > MAX_REQUESTS {
        problems.push_keyed(
            path,
            "err-at-most-max-requests-got",
            vec![("max", MAX_REQUESTS.to_string()), ("got", list.len().to_string())],
        );
        return;
    }
    for (i, r) in list.iter().enumerate() {
        let p = format!("{path}[{i}]");
        non_negative(problems, &format!("{p}.value"), r.value);
        if r.parts.is_empty() {
            problems.push_keyed(format!("{p}.parts"), "err-request-needs-at-least-one-part", vec![]);
        }
        for (k, part) in r.parts.iter().enumerate() {
            let pp = format!("{p}.parts[{k}]");
            if let Some(c) = &part.config {
                if !configs.contains(c) {
                    problems.push_keyed(
                        format!("{pp}.config"),
                        "err-unknown-configuration-c-known-join",
                        vec![("c", format!("{c:?}")), ("join", (configs.join(", ")).to_string())],
                    );
                }
            }
            if check_finite(problems, &format!("{pp}.count"), part.count) && part.count <= 0.0 {
                problems.push_keyed(
                    format!("{pp}.count"),
                    "err-must-be-gt-0-got",
                    vec![("got", part.count.to_string())],
                );
            }
            if part.duration == 0 {
                problems.push_keyed(format!("{pp}.duration"), "err-must-be-at-least-1-slot", vec![]);
            }
            if part.deadline < part.arrival {
                problems.push_keyed(
                    format!("{pp}.deadline"),
                    "err-must-not-be-before-arrival-got",
                    vec![("arrival", part.arrival.to_string()), ("got", part.deadline.to_string())],
                );
            }
        }
    }
}

/// A number, or a distribution: `{ "uniform": [low, high] }`, `{ "exponential": mean }`,
/// `{ "choice": [a, b, …] }` (equally likely).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ValueDist {
    Fixed(f64),
    Uniform { uniform: [f64; 2] },
    Exponential { exponential: f64 },
    Choice { choice: Vec<f64> },
}

impl Default for ValueDist {
    fn default() -> Self {
        ValueDist::Fixed(0.0)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum DistObject {
    Uniform([f64; 2]),
    Exponential(f64),
    Choice(Vec<f64>),
}

impl<'de> Deserialize<'de> for ValueDist {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ValueDist;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a number, { \"uniform\": [low, high] }, { \"exponential\": mean } or { \"choice\": [ … ] }",
                )
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<ValueDist, E> {
                Ok(ValueDist::Fixed(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ValueDist, E> {
                Ok(ValueDist::Fixed(v as f64))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ValueDist, E> {
                Ok(ValueDist::Fixed(v as f64))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ValueDist, A::Error> {
                Ok(match DistObject::deserialize(de::value::MapAccessDeserializer::new(map))? {
                    DistObject::Uniform(u) => ValueDist::Uniform { uniform: u },
                    DistObject::Exponential(m) => ValueDist::Exponential { exponential: m },
                    DistObject::Choice(c) => ValueDist::Choice { choice: c },
                })
            }
        }
        d.deserialize_any(V)
    }
}

impl ValueDist {
    /// One draw (a fixed number draws nothing).
    pub fn draw(&self, rng: &mut Rng) -> f64 {
        match self {
            ValueDist::Fixed(x) => *x,
            ValueDist::Uniform { uniform: [a, b] } => a + (b - a) * unit(rng),
            ValueDist::Exponential { exponential: mean } => -mean * math::ln(1.0 - unit(rng)),
            ValueDist::Choice { choice } => {
                let k = (unit(rng) * choice.len() as f64) as usize;
                choice.get(k.min(choice.len().saturating_sub(1))).copied().unwrap_or(0.0)
            }
        }
    }

    /// The mean (for work estimates and the page).
    pub fn mean(&self) -> f64 {
        match self {
            ValueDist::Fixed(x) => *x,
            ValueDist::Uniform { uniform: [a, b] } => (a + b) / 2.0,
            ValueDist::Exponential { exponential } => *exponential,
            ValueDist::Choice { choice } => choice.iter().sum::<f64>() / choice.len().max(1) as f64,
        }
    }

    /// Every value it can take is finite and ≥ 0.
    pub fn validate(&self, path: &str, problems: &mut Problems) {
        match self {
            ValueDist::Fixed(x) => {
                non_negative(problems, path, *x);
            }
            ValueDist::Uniform { uniform: [a, b] } => {
                let ok = non_negative(problems, &format!("{path}.uniform[0]"), *a)
                    & non_negative(problems, &format!("{path}.uniform[1]"), *b);
                if ok && b < a {
                    problems.push_keyed(
                        format!("{path}.uniform"),
                        "err-low-must-not-exceed-high-got-got2",
                        vec![("got", a.to_string()), ("got2", b.to_string())],
                    );
                }
            }
            ValueDist::Exponential { exponential } => {
                non_negative(problems, &format!("{path}.exponential"), *exponential);
            }
            ValueDist::Choice { choice } => {
                if choice.is_empty() {
                    problems.push_keyed(format!("{path}.choice"), "err-needs-at-least-one-value", vec![]);
                }
                for (k, x) in choice.iter().enumerate() {
                    non_negative(problems, &format!("{path}.choice[{k}]"), *x);
                }
            }
        }
    }

    /// A fraction: every value in (0, 1] (exponential is not allowed).
    pub fn validate_fraction(&self, path: &str, problems: &mut Problems) {
        let in_range = |p: &mut Problems, path: String, x: f64| {
            if !(x > 0.0 && x <= 1.0) {
                p.push_keyed(path, "err-must-be-in-0-1-got-2", vec![("got", x.to_string())]);
            }
        };
        match self {
            ValueDist::Fixed(x) => in_range(problems, path.to_string(), *x),
            ValueDist::Uniform { uniform: [a, b] } => {
                in_range(problems, format!("{path}.uniform[0]"), *a);
                in_range(problems, format!("{path}.uniform[1]"), *b);
                if b < a {
                    problems.push_keyed(format!("{path}.uniform"), "err-low-must-not-exceed-high", vec![]);
                }
            }
            ValueDist::Exponential { .. } => {
                problems.push_keyed(path, "err-fraction-cannot-be-exponential-use-number-uniform", vec![])
            }
            ValueDist::Choice { choice } => {
                if choice.is_empty() {
                    problems.push_keyed(format!("{path}.choice"), "err-needs-at-least-one-value", vec![]);
                }
                for (k, x) in choice.iter().enumerate() {
                    in_range(problems, format!("{path}.choice[{k}]"), *x);
                }
            }
        }
    }
}

fn default_one() -> ValueDist {
    ValueDist::Fixed(1.0)
}

/// A class of requests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassSpec {
    pub name: String,
    /// Mean requests per slot (Poisson arrivals).
    pub rate: f64,
    /// Configuration (default: the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<String>,
    /// Units of the configuration (rounded, at least 1).
    #[serde(default = "default_one")]
    pub count: ValueDist,
    /// Slots (rounded, at least 1).
    #[serde(default = "default_one")]
    pub duration: ValueDist,
    /// Window length minus duration (rounded, ≥ 0).
    #[serde(default)]
    pub slack: ValueDist,
    /// Arrival minus submit: reservation in advance (rounded, ≥ 0).
    #[serde(default)]
    pub advance: ValueDist,
    /// Value per formal unit and slot: the bid's value is this × units × duration.
    pub unit_value: ValueDist,
    /// Requests are submitted in `[from, to)` (default: the whole horizon).
    #[serde(default)]
    pub from: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u32>,
}

/// `{ "classes": [ … ] }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneratorSpec {
    pub classes: Vec<ClassSpec>,
}

impl GeneratorSpec {
    /// Expected number of requests over `horizon`.
    pub fn expected_requests(&self, horizon: u32) -> f64 {
        self.classes
            .iter()
            .map(|c| {
                let to = c.to.unwrap_or(horizon).min(horizon);
                c.rate.max(0.0) * f64::from(to.saturating_sub(c.from))
            })
            .sum()
    }

    pub fn validate(&self, path: &str, horizon: u32, configs: &[String], problems: &mut Problems) {
        if self.classes.is_empty() {
            problems.push_keyed(format!("{path}.classes"), "err-at-least-one-class-is-needed", vec![]);
        }
        for (i, c) in self.classes.iter().enumerate() {
            let p = format!("{path}.classes[{i}]");
            non_negative(problems, &format!("{p}.rate"), c.rate);
            if let Some(name) = &c.config {
                if !configs.contains(name) {
                    problems.push_keyed(
                        format!("{p}.config"),
                        "err-unknown-configuration-name",
                        vec![("name", format!("{name:?}"))],
                    );
                }
            }
            for (field, d) in [
                ("count", &c.count),
                ("duration", &c.duration),
                ("slack", &c.slack),
                ("advance", &c.advance),
                ("unit_value", &c.unit_value),
            ] {
                d.validate(&format!("{p}.{field}"), problems);
            }
            if let Some(to) = c.to {
                if to < c.from {
                    problems.push_keyed(
                        format!("{p}.to"),
                        "err-must-not-be-before-from-got",
                        vec![("from", c.from.to_string()), ("got", to.to_string())],
                    );
                }
            }
        }
        let expected = self.expected_requests(horizon);
        if expected > MAX_REQUESTS as f64 / 2.0 {
            problems.push_keyed(
                format!("{path}.classes"),
                "err-about-expected-requests-expected-at-most-value",
                vec![("expected", format!("{expected:.0}")), ("value", (MAX_REQUESTS / 2).to_string())],
            );
        }
    }

    /// The requests, submitted in `[0, horizon)`, sorted by submit slot (stable: class order,
    /// then arrival order); ids `<class>-<k>`. `formal_units(config)` gives a configuration's
    /// formal units per count. Each class draws its arrivals and then its requests' fields in
    /// order from `rng`.
    pub fn generate(
        &self,
        horizon: u32,
        configs: &[String],
        formal_units: impl Fn(usize) -> f64,
        rng: &mut Rng,
    ) -> Vec<RequestSpec> {
        let mut out = Vec::new();
        for c in &self.classes {
            let config = c.config.as_ref().and_then(|n| configs.iter().position(|x| x == n)).unwrap_or(0);
            let (from, to) = (f64::from(c.from), f64::from(c.to.unwrap_or(horizon).min(horizon)));
            if c.rate <= 0.0 || to <= from {
                continue;
            }
            let mut time = from;
            let mut k = 0;
            loop {
                time += -math::ln(1.0 - unit(rng)) / c.rate;
                if time >= to || out.len() >= MAX_REQUESTS {
                    break;
                }
                k += 1;
                let submit = time as u32;
                // Drawn slots are bounded by the longest horizon (a window past it is clipped).
                let slots = |x: f64, low: f64| x.round().clamp(low, f64::from(MAX_DRAWN_SLOTS)) as u32;
                let count = c.count.draw(rng).round().clamp(1.0, MAX_COUNT);
                let duration = slots(c.duration.draw(rng), 1.0);
                let slack = slots(c.slack.draw(rng), 0.0);
                let advance = slots(c.advance.draw(rng), 0.0);
                let unit_value = c.unit_value.draw(rng);
                let arrival = submit.saturating_add(advance);
                let value = unit_value * count * formal_units(config) * f64::from(duration);
                out.push(RequestSpec {
                    id: Some(format!("{}-{k}", c.name)),
                    class: Some(c.name.clone()),
                    submit,
                    value,
                    parts: vec![PartSpec {
                        config: c.config.clone(),
                        count,
                        duration,
                        arrival,
                        deadline: arrival.saturating_add(duration).saturating_add(slack),
                    }],
                });
            }
        }
        out.sort_by_key(|r| r.submit);
        out
    }
}
