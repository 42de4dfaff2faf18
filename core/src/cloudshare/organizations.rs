//! The document's `organizations`: a list (processors or multi-core machines), or a count with
//! equal processors or a Zipf law — their validation and the model's organizations.

use serde::{Deserialize, Serialize};

use super::model::Org;
use crate::error::{check_finite, Problems};

/// Most organizations (coalitions are bitmasks).
pub const MAX_ORGS: usize = 64;
/// Most cores in the whole federation.
pub const MAX_CORES: u64 = 1_000_000;

/// An organization as listed: `processors` identical single-core processors, or `machines`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrgSpec {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub processors: Option<u32>,
    /// Cores of each machine (multi-core machines, no overbooking).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machines: Option<Vec<u32>>,
}

/// `{ "zipf": { "total": P, "s": 1.0 } }`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zipf {
    pub total: u32,
    #[serde(default = "one")]
    pub s: f64,
}

fn one() -> f64 {
    1.0
}

/// Processors of `count` organizations: the same number each, or by a Zipf law.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ProcessorsSpec {
    Equal(u32),
    Zipf { zipf: Zipf },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ZipfField {
    zipf: Zipf,
}

impl<'de> Deserialize<'de> for ProcessorsSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = ProcessorsSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number of processors each, or { \"zipf\": { \"total\": P, \"s\": 1.0 } }")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<ProcessorsSpec, E> {
                u32::try_from(v).map(ProcessorsSpec::Equal).map_err(|_| {
                    crate::error::keyed_custom("err-at-most-max-processors", vec![("max", (u32::MAX).to_string())])
                })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<ProcessorsSpec, A::Error> {
                let z = ZipfField::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(ProcessorsSpec::Zipf { zipf: z.zipf })
            }
        }
        d.deserialize_any(V)
    }
}

/// `{ "count": N, "processors": k | { "zipf": … } }`, organizations named O1 … ON (or `names`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrgsByCount {
    pub count: u32,
    pub processors: ProcessorsSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Vec<String>>,
}

/// The document's `organizations`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum OrgsSpec {
    List(Vec<OrgSpec>),
    Count(OrgsByCount),
}

impl OrgsSpec {
    pub fn len(&self) -> usize {
        match self {
            OrgsSpec::List(l) => l.len(),
            OrgsSpec::Count(c) => c.count as usize,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn validate(&self, problems: &mut Problems) {
        let n = self.len();
        if n == 0 || n > MAX_ORGS {
            problems.push_keyed(
                "organizations",
                "err-between-1-and-max-organizations-got",
                vec![("max", MAX_ORGS.to_string()), ("got", n.to_string())],
            );
            return;
        }
        match self {
            OrgsSpec::List(list) => {
                for (i, o) in list.iter().enumerate() {
                    let p = format!("organizations[{i}]");
                    if o.name.is_empty() {
                        problems.push_keyed(format!("{p}.name"), "err-organization-needs-name", vec![]);
                    } else if list[..i].iter().any(|x| x.name == o.name) {
                        problems.push_keyed(
                            format!("{p}.name"),
                            "err-name-is-listed-twice",
                            vec![("name", o.name.to_string())],
                        );
                    }
                    let cores = o.processors.map_or(0, u64::from)
                        + o.machines.as_ref().map_or(0, |m| m.iter().map(|&c| u64::from(c)).sum());
                    if cores > MAX_CORES {
                        problems.push_keyed(
                            &p,
                            "err-at-most-max-cores-got",
                            vec![("max", MAX_CORES.to_string()), ("got", cores.to_string())],
                        );
                    }
                    match (&o.processors, &o.machines) {
                        (Some(_), Some(_)) => {
                            problems.push_keyed(&p, "err-give-processors-or-machines-not-both", vec![])
                        }
                        (None, None) => {
                            problems.push_keyed(&p, "err-give-processors-number-possibly-0-or-machines", vec![])
                        }
                        (None, Some(m)) => {
                            if let Some(k) = m.iter().position(|&c| c == 0) {
                                problems.push_keyed(
                                    format!("{p}.machines[{k}]"),
                                    "err-machine-has-at-least-1-core",
                                    vec![],
                                );
                            }
                        }
                        (Some(_), None) => {}
                    }
                }
            }
            OrgsSpec::Count(c) => {
                let each = match c.processors {
                    ProcessorsSpec::Equal(k) => u64::from(k) * n as u64,
                    ProcessorsSpec::Zipf { zipf } => u64::from(zipf.total),
                };
                if each > MAX_CORES {
                    problems.push_keyed(
                        "organizations.processors",
                        "err-at-most-max-processors-in-all-got",
                        vec![("max", MAX_CORES.to_string()), ("got", each.to_string())],
                    );
                }
                if let Some(names) = &c.names {
                    if names.len() != n {
                        problems.push_keyed(
                            "organizations.names",
                            "err-count-names-for-n-organizations",
                            vec![("count", names.len().to_string()), ("n", n.to_string())],
                        );
                    }
                }
                if let ProcessorsSpec::Zipf { zipf } = c.processors {
                    if (zipf.total as usize) < n {
                        problems.push_keyed(
                            "organizations.processors.zipf.total",
                            "err-at-least-1-processor-each-at-least",
                            vec![("n", n.to_string()), ("got", zipf.total.to_string())],
                        );
                    }
                    check_finite(problems, "organizations.processors.zipf.s", zipf.s);
                }
            }
        }
    }

    /// The organizations (valid documents; a machine list is capped at [`MAX_CORES`] so that an
    /// unvalidated count cannot exhaust memory).
    pub fn build(&self) -> Vec<Org> {
        match self {
            OrgsSpec::List(list) => list
                .iter()
                .map(|o| Org {
                    name: o.name.clone(),
                    machines: o
                        .machines
                        .clone()
                        .unwrap_or_else(|| vec![1; (o.processors.unwrap_or(0) as usize).min(MAX_CORES as usize)]),
                })
                .collect(),
            OrgsSpec::Count(c) => {
                let n = c.count as usize;
                let counts = match c.processors {
                    ProcessorsSpec::Equal(k) => vec![k; n],
                    ProcessorsSpec::Zipf { zipf } => zipf_counts(n, zipf.total, zipf.s),
                };
                counts
                    .into_iter()
                    .enumerate()
                    .map(|(i, k)| Org {
                        name: c.names.as_ref().and_then(|v| v.get(i).cloned()).unwrap_or_else(|| format!("O{}", i + 1)),
                        machines: vec![1; (k as usize).min(MAX_CORES as usize)],
                    })
                    .collect()
            }
        }
    }
}

/// `total` processors over `n` organizations by a Zipf law (weight `1/i^s` for rank `i`), at
/// least 1 each: each gets `max(1, floor(ideal))`, then the rest by largest remainder (ties: the
/// lower rank), or back from the smallest remainders among those above 1.
pub fn zipf_counts(n: usize, total: u32, s: f64) -> Vec<u32> {
    if n == 0 {
        return Vec::new();
    }
    let w: Vec<f64> = (1..=n).map(|i| 1.0 / crate::math::pow(i as f64, s)).collect();
    let sum: f64 = w.iter().sum();
    let ideal: Vec<f64> = w.iter().map(|x| f64::from(total) * x / sum).collect();
    let mut k: Vec<u32> = ideal.iter().map(|x| (x.floor() as u32).max(1)).collect();
    let rem = |k: &[u32], i: usize| ideal[i] - f64::from(k[i]);
    let mut assigned: u64 = k.iter().map(|&x| u64::from(x)).sum();
    while assigned < u64::from(total) {
        let i = (0..n).fold(0, |b, i| if rem(&k, i) > rem(&k, b) { i } else { b });
        k[i] += 1;
        assigned += 1;
    }
    while assigned > u64::from(total) {
        let Some(i) = (0..n).filter(|&i| k[i] > 1).fold(None, |b: Option<usize>, i| match b {
            Some(b) if rem(&k, b) <= rem(&k, i) => Some(b),
            _ => Some(i),
        }) else {
            break;
        };
        k[i] -= 1;
        assigned -= 1;
    }
    k
}

// Serde: a list or an object, keeping the JSON paths inside.

impl<'de> Deserialize<'de> for OrgsSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use crate::de::{Either, ListOr};
        let v = ListOr::<OrgSpec, OrgsByCount>::new(
            "a list of { \"name\", \"processors\" | \"machines\" }, or { \"count\": N, \"processors\": … }",
        );
        Ok(match d.deserialize_any(v)? {
            Either::List(l) => OrgsSpec::List(l),
            Either::Object(c) => OrgsSpec::Count(c),
        })
    }
}
