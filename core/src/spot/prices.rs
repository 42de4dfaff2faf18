//! Spot price models (spec "Time and prices"): the document's `spot_price` field, its
//! validation, and the price of every slot of a run (what the variable bids read of them is
//! `history`).
//!
//! Every model is a function of its own fields (a `gaussian` model of its own `seed`), never of
//! the document's seed: the learner's draws are the only thing that seed changes.

use std::fmt;

use rand_distr::{Distribution, StandardNormal};
use serde::{Deserialize, Serialize};

use super::ec2::{self, Ec2Error, History};
use crate::error::{check_finite, non_negative, Problems, ScenarioError};
use crate::sim::seeded_rng;

/// The random stream of a price model's draws (stream 0 is the learner's).
const PRICE_STREAM: u64 = 2;

/// A spot price model.
#[derive(Debug, Clone, PartialEq)]
pub enum PriceModelSpec {
    /// One price per slot, repeated from its start when shorter than needed.
    Trace { prices: Vec<f64> },
    /// i.i.d. per slot `mean + sd·N(0,1)`, clipped below at 0, drawn from `seed`.
    Gaussian { mean: f64, sd: f64, seed: u64 },
    /// Other models from given jobs on (experiment 3).
    Schedule { switches: Vec<Switch> },
    /// `high` for `period_hours` hours, then `low` as long, from slot 0 (experiment 4).
    Alternating { high: f64, low: f64, period_hours: u32 },
    /// A recorded EC2 price history, resampled to slots.
    Ec2History { csv: String, instance_type: String, location: String, product: String, start: String },
}

/// A model that applies from job `from_job` on: a fraction of the jobs in [0, 1) (`0.1` = after
/// 10% of them), or a job index ≥ 1 (in processing order).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Switch {
    pub from_job: f64,
    pub model: PriceModelSpec,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum PriceKind {
    Trace,
    Gaussian,
    Schedule,
    Alternating,
    Ec2History,
}

/// The model as written: a plain struct, so that errors inside keep their JSON paths.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PriceFields {
    kind: PriceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    prices: Option<Vec<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mean: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sd: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    switches: Option<Vec<Switch>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    high: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    low: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    period_hours: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    csv: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    instance_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    location: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    product: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<String>,
}

impl PriceFields {
    fn empty(kind: PriceKind) -> Self {
        PriceFields {
            kind,
            prices: None,
            mean: None,
            sd: None,
            seed: None,
            switches: None,
            high: None,
            low: None,
            period_hours: None,
            csv: None,
            instance_type: None,
            location: None,
            product: None,
            start: None,
        }
    }

    /// The fields set, by name (to reject those the kind does not have).
    fn present(&self) -> Vec<&'static str> {
        let f = self;
        [
            ("prices", f.prices.is_some()),
            ("mean", f.mean.is_some()),
            ("sd", f.sd.is_some()),
            ("seed", f.seed.is_some()),
            ("switches", f.switches.is_some()),
            ("high", f.high.is_some()),
            ("low", f.low.is_some()),
            ("period_hours", f.period_hours.is_some()),
            ("csv", f.csv.is_some()),
            ("instance_type", f.instance_type.is_some()),
            ("location", f.location.is_some()),
            ("product", f.product.is_some()),
            ("start", f.start.is_some()),
        ]
        .into_iter()
        .filter_map(|(n, set)| set.then_some(n))
        .collect()
    }
}

impl fmt::Display for PriceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PriceKind::Trace => "trace",
            PriceKind::Gaussian => "gaussian",
            PriceKind::Schedule => "schedule",
            PriceKind::Alternating => "alternating",
            PriceKind::Ec2History => "ec2_history",
        })
    }
}

impl TryFrom<PriceFields> for PriceModelSpec {
    type Error = String;
    fn try_from(f: PriceFields) -> Result<Self, String> {
        let allowed: &[&str] = match f.kind {
            PriceKind::Trace => &["prices"],
            PriceKind::Gaussian => &["mean", "sd", "seed"],
            PriceKind::Schedule => &["switches"],
            PriceKind::Alternating => &["high", "low", "period_hours"],
            PriceKind::Ec2History => &["csv", "instance_type", "location", "product", "start"],
        };
        if let Some(extra) = f.present().into_iter().find(|n| !allowed.contains(n)) {
            return Err(crate::error::keyed_text(
                "err-extra-is-not-field-of-price-model",
                vec![("extra", extra.to_string()), ("kind", f.kind.to_string())],
            ));
        }
        let need = |name: &str| {
            crate::error::keyed_text(
                "err-price-model-kind-needs-name",
                vec![("kind", f.kind.to_string()), ("name", name.to_string())],
            )
        };
        Ok(match f.kind {
            PriceKind::Trace => PriceModelSpec::Trace { prices: f.prices.ok_or_else(|| need("prices"))? },
            PriceKind::Gaussian => PriceModelSpec::Gaussian {
                mean: f.mean.ok_or_else(|| need("mean"))?,
                sd: f.sd.ok_or_else(|| need("sd"))?,
                seed: f.seed.unwrap_or(0),
            },
            PriceKind::Schedule => PriceModelSpec::Schedule { switches: f.switches.ok_or_else(|| need("switches"))? },
            PriceKind::Alternating => PriceModelSpec::Alternating {
                high: f.high.ok_or_else(|| need("high"))?,
                low: f.low.ok_or_else(|| need("low"))?,
                period_hours: f.period_hours.unwrap_or(1),
            },
            PriceKind::Ec2History => PriceModelSpec::Ec2History {
                csv: f.csv.ok_or_else(|| need("csv"))?,
                instance_type: f.instance_type.ok_or_else(|| need("instance_type"))?,
                location: f.location.ok_or_else(|| need("location"))?,
                product: f.product.unwrap_or_else(|| "Linux/UNIX".into()),
                start: f.start.ok_or_else(|| need("start"))?,
            },
        })
    }
}

impl From<PriceModelSpec> for PriceFields {
    fn from(m: PriceModelSpec) -> Self {
        match m {
            PriceModelSpec::Trace { prices } => PriceFields { prices: Some(prices), ..Self::empty(PriceKind::Trace) },
            PriceModelSpec::Gaussian { mean, sd, seed } => {
                PriceFields { mean: Some(mean), sd: Some(sd), seed: Some(seed), ..Self::empty(PriceKind::Gaussian) }
            }
            PriceModelSpec::Schedule { switches } => {
                PriceFields { switches: Some(switches), ..Self::empty(PriceKind::Schedule) }
            }
            PriceModelSpec::Alternating { high, low, period_hours } => PriceFields {
                high: Some(high),
                low: Some(low),
                period_hours: Some(period_hours),
                ..Self::empty(PriceKind::Alternating)
            },
            PriceModelSpec::Ec2History { csv, instance_type, location, product, start } => PriceFields {
                csv: Some(csv),
                instance_type: Some(instance_type),
                location: Some(location),
                product: Some(product),
                start: Some(start),
                ..Self::empty(PriceKind::Ec2History)
            },
        }
    }
}

impl Serialize for PriceModelSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PriceFields::from(self.clone()).serialize(s)
    }
}

impl<'de> Deserialize<'de> for PriceModelSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        PriceFields::deserialize(d).and_then(|f| PriceModelSpec::try_from(f).map_err(serde::de::Error::custom))
    }
}

/// The `ec2_history` rows a model selects, or the problem with the field to blame.
fn ec2_rows(
    csv: &str,
    instance_type: &str,
    location: &str,
    product: &str,
) -> Result<Vec<(i64, f64)>, (String, Ec2Error)> {
    let history = History::parse(csv).map_err(|e| ("csv".to_string(), e))?;
    history.select(instance_type, location, product).map_err(|e| {
        let field = if matches!(e, Ec2Error::NoRows { .. }) { "instance_type" } else { "csv" };
        (field.to_string(), e)
    })
}

impl PriceModelSpec {
    /// The `kind` tag.
    pub fn tag(&self) -> &'static str {
        match self {
            PriceModelSpec::Trace { .. } => "trace",
            PriceModelSpec::Gaussian { .. } => "gaussian",
            PriceModelSpec::Schedule { .. } => "schedule",
            PriceModelSpec::Alternating { .. } => "alternating",
            PriceModelSpec::Ec2History { .. } => "ec2_history",
        }
    }

    /// Every problem, with paths under `path` (`spot_price`).
    pub fn validate(&self, path: &str, problems: &mut Problems) {
        match self {
            PriceModelSpec::Trace { prices } => {
                if prices.is_empty() {
                    problems.push_keyed(format!("{path}.prices"), "err-trace-needs-at-least-one-price", vec![]);
                }
                for (k, &x) in prices.iter().enumerate() {
                    non_negative(problems, &format!("{path}.prices[{k}]"), x);
                }
            }
            PriceModelSpec::Gaussian { mean, sd, .. } => {
                check_finite(problems, &format!("{path}.mean"), *mean);
                non_negative(problems, &format!("{path}.sd"), *sd);
            }
            PriceModelSpec::Schedule { switches } => {
                if switches.is_empty() {
                    problems.push_keyed(format!("{path}.switches"), "err-schedule-needs-at-least-one-model", vec![]);
                }
                let mut last = f64::NEG_INFINITY;
                for (i, s) in switches.iter().enumerate() {
                    let p = format!("{path}.switches[{i}]");
                    let x = s.from_job;
                    if !x.is_finite() || x < 0.0 || (x >= 1.0 && x.fract() != 0.0) {
                        problems.push_keyed(
                            format!("{p}.from_job"),
                            "err-fraction-of-jobs-in-0-1-or",
                            vec![("got", x.to_string())],
                        );
                    } else if i == 0 && x != 0.0 {
                        problems.push_keyed(format!("{p}.from_job"), "err-first-model-must-start-at-job-0", vec![]);
                    } else if (x < 1.0) == (last < 1.0) && x < last {
                        problems.push_keyed(format!("{p}.from_job"), "err-switches-must-be-in-order", vec![]);
                    }
                    last = x;
                    if matches!(s.model, PriceModelSpec::Schedule { .. }) {
                        problems.push_keyed(format!("{p}.model"), "err-schedule-s-models-cannot-be-schedules", vec![]);
                    } else {
                        s.model.validate(&format!("{p}.model"), problems);
                    }
                }
            }
            PriceModelSpec::Alternating { high, low, period_hours } => {
                non_negative(problems, &format!("{path}.high"), *high);
                non_negative(problems, &format!("{path}.low"), *low);
                if *period_hours == 0 {
                    problems.push_keyed(format!("{path}.period_hours"), "err-must-be-at-least-1-hour", vec![]);
                }
            }
            PriceModelSpec::Ec2History { csv, instance_type, location, product, start } => {
                let start_ok = ec2::parse_timestamp(start).is_some();
                if !start_ok {
                    problems.push_keyed(
                        format!("{path}.start"),
                        "err-start-is-not-rfc-3339-time-such",
                        vec![("start", start.to_string())],
                    );
                }
                match ec2_rows(csv, instance_type, location, product) {
                    Err((field, e)) => problems.push_problem(e.problem(format!("{path}.{field}"))),
                    Ok(rows) => {
                        if let (Some(t), Some(last)) = (ec2::parse_timestamp(start), rows.last()) {
                            if t > last.0 {
                                problems.push_keyed(
                                    format!("{path}.start"),
                                    "err-starts-after-last-matching-row-last-no",
                                    vec![("last", (ec2::format_timestamp(last.0)).to_string())],
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// The price of every slot `0..slots`. `arrivals` are the jobs' arrival slots in processing
    /// order (a schedule switches at the arrival of its job); `stream` tells apart the draws of
    /// the models of a schedule.
    pub fn series(
        &self,
        slots: usize,
        per_hour: u64,
        arrivals: &[u64],
        stream: u64,
    ) -> Result<Vec<f64>, ScenarioError> {
        // What validation refuses, found again if a run is started without it.
        let err = |field: &str, id: &'static str, args: Vec<(&'static str, String)>| {
            ScenarioError::keyed(format!("spot_price.{field}"), id, args)
        };
        Ok(match self {
            PriceModelSpec::Trace { prices } => {
                if prices.is_empty() {
                    return Err(err("prices", "err-trace-needs-at-least-one-price", vec![]));
                }
                (0..slots).map(|k| prices[k % prices.len()]).collect()
            }
            PriceModelSpec::Gaussian { mean, sd, seed } => {
                let mut rng = seeded_rng(*seed);
                rng.set_stream(PRICE_STREAM + stream);
                (0..slots)
                    .map(|_| {
                        let z: f64 = StandardNormal.sample(&mut rng);
                        (mean + sd * z).max(0.0)
                    })
                    .collect()
            }
            PriceModelSpec::Alternating { high, low, period_hours } => {
                let period = per_hour.saturating_mul(u64::from((*period_hours).max(1)));
                (0..slots as u64).map(|k| if (k / period) % 2 == 0 { *high } else { *low }).collect()
            }
            PriceModelSpec::Ec2History { csv, instance_type, location, product, start } => {
                let rows = ec2_rows(csv, instance_type, location, product)
                    .map_err(|(f, e)| ScenarioError { problems: vec![e.problem(format!("spot_price.{f}"))] })?;
                let t0 = ec2::parse_timestamp(start).ok_or_else(|| {
                    err("start", "err-start-is-not-rfc-3339-time-such", vec![("start", start.to_string())])
                })?;
                let slot_seconds = (3600 / per_hour.max(1)) as i64;
                ec2::resample(&rows, t0, slot_seconds, slots)
                    .map_err(|e| ScenarioError { problems: vec![e.problem("spot_price.start")] })?
            }
            PriceModelSpec::Schedule { switches } => {
                let mut out = vec![0.0; slots];
                for (i, s) in switches.iter().enumerate() {
                    let from = switch_slot(s.from_job, arrivals).min(slots);
                    let to = switches.get(i + 1).map_or(slots, |n| switch_slot(n.from_job, arrivals).min(slots));
                    if from >= to {
                        continue;
                    }
                    let part = s.model.series(to, per_hour, arrivals, stream + 1 + i as u64)?;
                    out[from..to].copy_from_slice(&part[from..to]);
                }
                out
            }
        })
    }
}

/// The first job of a switch: `round(f·J)` for a fraction, the index itself otherwise.
pub fn switch_job(from_job: f64, jobs: usize) -> usize {
    if from_job < 1.0 {
        (from_job * jobs as f64).round() as usize
    } else {
        from_job as usize
    }
}

/// The first slot of a switch: the arrival slot of its first job (never, past the last job).
fn switch_slot(from_job: f64, arrivals: &[u64]) -> usize {
    match arrivals.get(switch_job(from_job, arrivals.len())) {
        Some(&a) => usize::try_from(a).unwrap_or(usize::MAX),
        None => usize::MAX,
    }
}
