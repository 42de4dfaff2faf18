//! The `spot` document (see `spec/spot.md`): its fields, their defaults, and validation — every
//! problem with its JSON path.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::jobs::JobsSpec;
use super::learner::StepRule;
use super::model::RemainingUnit;
use super::policies::PoliciesSpec;
use super::prices::PriceModelSpec;
use crate::error::{non_negative, Problems};

fn default_slot_minutes() -> u32 {
    5
}
fn default_scale() -> f64 {
    1.0
}

/// The learner's delay `d`: given, or the largest number of jobs arriving during a job's lifetime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DelaySpec {
    #[default]
    Auto,
    Jobs(u64),
}

/// Mechanism `spot` (see `spec/spot.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotScenario {
    /// Minutes per slot; divides 60 (default 5).
    #[serde(default = "default_slot_minutes")]
    pub slot_minutes: u32,
    /// `p`, per instance-hour.
    pub on_demand_price: f64,
    pub spot_price: PriceModelSpec,
    pub jobs: JobsSpec,
    pub policies: PoliciesSpec,
    #[serde(default)]
    pub delay: DelaySpec,
    /// `"algorithm"` (default), `"theorem"` or `{ "constant": c }`.
    #[serde(default = "default_rule")]
    pub step_size: StepRule,
    /// Payoffs are multiplied by this in the weight update (default 1).
    #[serde(default = "default_scale")]
    pub payoff_scale: f64,
    /// Job counts after which to report the weights (default 500, 1000, 2500, 5000; the last
    /// job is always added).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshots: Option<Vec<u64>>,
    /// The unit of `m` in the policies' tests: `"hours"` (default; omitted when written, so that
    /// documents and links from before the field read and fingerprint as they did) or `"slots"`
    /// (Algorithm 1's literal "remaining time slots").
    #[serde(default, skip_serializing_if = "RemainingUnit::is_hours")]
    pub remaining_unit: RemainingUnit,
}

fn default_rule() -> StepRule {
    StepRule::Algorithm
}

/// Most snapshot counts.
pub const MAX_SNAPSHOTS: usize = 100;

impl SpotScenario {
    /// Slots per hour `H` (valid documents only).
    pub fn per_hour(&self) -> u64 {
        u64::from(60 / self.slot_minutes.max(1))
    }

    pub fn validate(&self, problems: &mut Problems) {
        let m = self.slot_minutes;
        let minutes_ok = m >= 1 && 60 % m == 0;
        if !minutes_ok {
            problems.push_keyed("slot_minutes", "err-must-divide-60-1-2-3-4", vec![("got", m.to_string())]);
        }
        non_negative(problems, "on_demand_price", self.on_demand_price);
        self.spot_price.validate("spot_price", problems);
        if minutes_ok {
            let mut jobs = Problems::new();
            self.jobs.validate(self.per_hour(), &mut jobs);
            // Only drawing the jobs tells whether generated or replayed ones fit in the slots
            // kept; it is cheap (O(jobs)) beside the run.
            if jobs.is_empty() {
                if let Err(e) = self.jobs.build(self.on_demand_price, m, self.per_hour()) {
                    e.problems.into_iter().for_each(|p| jobs.push_problem(p));
                }
            }
            problems.append(jobs);
        }
        self.policies.validate(problems);
        if self.delay == DelaySpec::Jobs(0) {
            problems.push_keyed("delay", "err-delay-is-at-least-1-job-or", vec![]);
        }
        if let StepRule::Constant(c) = self.step_size {
            if !c.is_finite() || c <= 0.0 {
                problems.push_keyed(
                    "step_size.constant",
                    "err-must-be-finite-number-gt-0-got",
                    vec![("got", c.to_string())],
                );
            }
        }
        non_negative(problems, "payoff_scale", self.payoff_scale);
        if let Some(s) = &self.snapshots {
            if s.len() > MAX_SNAPSHOTS {
                problems.push_keyed("snapshots", "err-at-most-max-snapshots", vec![("max", MAX_SNAPSHOTS.to_string())]);
            }
            for (i, &c) in s.iter().enumerate() {
                if c == 0 {
                    problems.push_keyed(format!("snapshots[{i}]"), "err-snapshot-is-taken-after-at-least-1", vec![]);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Serde: `delay` is a number or "auto"; `step_size` a name or `{ "constant": c }`;
// `remaining_unit` "hours" or "slots".

impl RemainingUnit {
    fn is_hours(&self) -> bool {
        *self == RemainingUnit::Hours
    }
}

impl Serialize for RemainingUnit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.tag())
    }
}

impl<'de> Deserialize<'de> for RemainingUnit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RemainingUnit;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("\"hours\" or \"slots\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RemainingUnit, E> {
                match v {
                    "hours" => Ok(RemainingUnit::Hours),
                    "slots" => Ok(RemainingUnit::Slots),
                    _ => Err(crate::error::keyed_custom(
                        "err-unknown-remaining-unit-v-hours-or-slots",
                        vec![("v", v.to_string())],
                    )),
                }
            }
        }
        d.deserialize_str(V)
    }
}

impl Serialize for DelaySpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            DelaySpec::Auto => s.serialize_str("auto"),
            DelaySpec::Jobs(d) => s.serialize_u64(*d),
        }
    }
}

impl<'de> Deserialize<'de> for DelaySpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = DelaySpec;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number of jobs ≥ 1, or \"auto\"")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<DelaySpec, E> {
                Ok(DelaySpec::Jobs(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<DelaySpec, E> {
                u64::try_from(v).map(DelaySpec::Jobs).map_err(|_| {
                    crate::error::keyed_custom("err-delay-is-at-least-1-job-got", vec![("got", v.to_string())])
                })
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<DelaySpec, E> {
                Err(crate::error::keyed_custom("err-delay-is-whole-number-of-jobs-got", vec![("got", v.to_string())]))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<DelaySpec, E> {
                if v == "auto" {
                    Ok(DelaySpec::Auto)
                } else {
                    Err(crate::error::keyed_custom("err-delay-is-number-of-jobs-or-auto", vec![("v", v.to_string())]))
                }
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConstantStep {
    constant: f64,
}

impl Serialize for StepRule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            StepRule::Algorithm => s.serialize_str("algorithm"),
            StepRule::Theorem => s.serialize_str("theorem"),
            StepRule::Constant(c) => ConstantStep { constant: *c }.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for StepRule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = StepRule;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("\"algorithm\", \"theorem\" or { \"constant\": c }")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<StepRule, E> {
                match v {
                    "algorithm" => Ok(StepRule::Algorithm),
                    "theorem" => Ok(StepRule::Theorem),
                    _ => Err(crate::error::keyed_custom(
                        "err-unknown-step-size-v-algorithm-theorem-or",
                        vec![("v", v.to_string())],
                    )),
                }
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<StepRule, A::Error> {
                let c = ConstantStep::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(StepRule::Constant(c.constant))
            }
        }
        d.deserialize_any(V)
    }
}
