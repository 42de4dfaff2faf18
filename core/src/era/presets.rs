//! The paper's settings as `era` documents (menus, `cloudecon preset`) and the standard
//! benchmark workloads. Building one is cheap: generators and the LP run when the document runs.

use super::requests::{ClassSpec, GeneratorSpec, PartSpec, RequestSpec, ValueDist};
use super::scenario::{
    AlgorithmSpec, CapacityChanges, CapacitySpec, CapacityStep, CloudSpec, EraScenario, HistorySpec, PointSpec,
    PredictorSpec, RequestsSpec, ResourceSpec,
};
use crate::mechanism::{Build, Document, Example};

fn cloud(horizon: u32, capacity: CapacitySpec) -> CloudSpec {
    CloudSpec {
        horizon,
        slot_minutes: 60.0,
        resources: vec![ResourceSpec { name: "core".into(), is_virtual: false, capacity }],
        capacity_changes: CapacityChanges::Announced,
        configurations: Vec::new(),
    }
}

fn request(id: &str, class: Option<&str>, submit: u32, value: f64, part: (f64, u32, u32, u32)) -> RequestSpec {
    let (count, duration, arrival, deadline) = part;
    RequestSpec {
        id: Some(id.into()),
        class: class.map(Into::into),
        submit,
        value,
        parts: vec![PartSpec { config: None, count, duration, arrival, deadline }],
    }
}

fn basic_econ() -> AlgorithmSpec {
    AlgorithmSpec::BasicEcon { min_unit_price: 0.0, max_unit_price: None, late_penalty: 0.0 }
}

/// `era-basic`: 10 cores, 12 slots; predicted demand 8 units at $2 by day (slots 0–5), 2 units
/// at $1 by night (6–11); four bids, hand-checked in `core/tests/era.rs`.
pub fn basic() -> Document<EraScenario> {
    let day = vec![PointSpec { units: 8.0, unit_value: 2.0 }];
    let night = vec![PointSpec { units: 2.0, unit_value: 1.0 }];
    let slots = (0..12).map(|t| if t < 6 { day.clone() } else { night.clone() }).collect();
    let spec = EraScenario {
        algorithm: basic_econ(),
        cloud: cloud(12, CapacitySpec::Constant(10.0)),
        predictor: PredictorSpec::Explicit { slots: Some(slots), resources: None },
        requests: RequestsSpec::List(vec![
            request("flexible", None, 0, 5.0, (4.0, 2, 0, 12)),
            request("daytime", None, 0, 20.0, (4.0, 3, 0, 4)),
            request("too-dear", None, 1, 10.0, (6.0, 2, 1, 4)),
            request("night-owl", None, 2, 4.0, (8.0, 2, 2, 12)),
        ]),
        actual_usage: None,
    };
    Document {
        title: "ERA: four bids, one resource".into(),
        notes: "Predicted demand: 8 cores at $2 per core-slot by day (slots 0–5), 2 cores at $1 by night \
                (6–11); capacity 10. Each quote sums the marginal prices of the units over the cheapest \
                start of the window."
            .into(),
        seed: 0,
        spec,
    }
}

/// The day/night workload of Section 3.3 over `days` days of 24 slots: each class asks for the
/// whole capacity (10 cores × 12 slots = 30 jobs of 1 core × 4 slots a day); high-value jobs
/// ($10 per core-slot) only by day (slots 8–20), medium ($5) and low ($1) day or night; all
/// submitted at the start of their day, classes interleaved (low, medium, high, …).
pub fn day_night_requests(days: u32) -> Vec<RequestSpec> {
    let mut out = Vec::new();
    for d in 0..days {
        let start = d * 24;
        for k in 1..=30 {
            for (class, value, window) in [("low", 1.0, (0, 24)), ("medium", 5.0, (0, 24)), ("high", 10.0, (8, 20))] {
                let id = format!("{class}-d{d}-{k}");
                out.push(request(&id, Some(class), start, value * 4.0, (1.0, 4, start + window.0, start + window.1)));
            }
        }
    }
    out
}

/// `era-day-night` (`lp` true) and `era-day-night-spread`: two live days, predicted from one
/// historical day with period 24.
pub fn day_night(lp: bool) -> Document<EraScenario> {
    let history = HistorySpec::List(day_night_requests(1));
    let predictor = if lp {
        PredictorSpec::LpHistory { history, period: Some(24) }
    } else {
        PredictorSpec::SpreadHistory { history, period: Some(24) }
    };
    let spec = EraScenario {
        algorithm: basic_econ(),
        cloud: cloud(48, CapacitySpec::Constant(10.0)),
        predictor,
        requests: RequestsSpec::List(day_night_requests(2)),
        actual_usage: None,
    };
    let (title, notes) = if lp {
        (
            "ERA: day and night, LP predictor",
            "Section 3.3: low-, medium- and high-value jobs each ask for the whole capacity; high-value \
             jobs only by day. The LP predictor sees that medium-value jobs fill the night, so the night's \
             price is $5 and low-value jobs are declined.",
        )
    } else {
        (
            "ERA: day and night, spreading predictor",
            "Section 3.3 with the naive spreading predictor: it counts half the low- and half the \
             medium-value demand at night, prices half the night at $1, and accepts low-value jobs at the \
             cost of medium-value ones.",
        )
    };
    Document { title: title.into(), notes: notes.into(), seed: 0, spec }
}

fn uniform(a: f64, b: f64) -> ValueDist {
    ValueDist::Uniform { uniform: [a, b] }
}

/// Six Yahoo-like classes, about 1,450 jobs each over 720 slots: five of small high-value jobs
/// ($10 per unit and slot on average, windows of a few slots: together about the cluster's
/// capacity), one (`yahoo-5`) of the largest jobs at $1 with flexible windows (about ten times
/// the capacity).
pub fn yahoo_generator() -> GeneratorSpec {
    let mut classes: Vec<ClassSpec> = (0..5)
        .map(|k| ClassSpec {
            name: format!("yahoo-{k}"),
            rate: 2.0,
            config: None,
            count: uniform(1.0, 4.0),
            duration: uniform(2.0, 5.0 + k as f64 / 2.0),
            slack: uniform(0.0, 10.0),
            advance: ValueDist::Fixed(0.0),
            unit_value: uniform(8.0, 12.0),
            from: 0,
            to: None,
        })
        .collect();
    classes.push(ClassSpec {
        name: "yahoo-5".into(),
        rate: 2.0,
        config: None,
        count: uniform(10.0, 40.0),
        duration: uniform(10.0, 28.0),
        slack: uniform(0.0, 240.0),
        advance: ValueDist::Fixed(0.0),
        unit_value: uniform(0.5, 1.5),
        from: 0,
        to: None,
    });
    GeneratorSpec { classes }
}

/// `era-yahoo` with this algorithm.
pub fn yahoo(algorithm: AlgorithmSpec) -> Document<EraScenario> {
    let greedy = matches!(algorithm, AlgorithmSpec::FirstFit { .. });
    let spec = EraScenario {
        algorithm,
        cloud: cloud(720, CapacitySpec::Constant(100.0)),
        predictor: PredictorSpec::SpreadHistory {
            history: HistorySpec::Generated { generator: yahoo_generator(), seed: 1 },
            period: None,
        },
        requests: RequestsSpec::Generated { generator: yahoo_generator() },
        actual_usage: None,
    };
    let title =
        if greedy { "ERA: Yahoo-like workload, value-blind first-fit" } else { "ERA: Yahoo-like workload, Basic-Econ" };
    Document {
        title: title.into(),
        notes: "Section 4: six classes of about 1,450 jobs each; class yahoo-5 has the largest jobs at about \
                $1 per unit, the others about $10; the 100-core cluster is far too small. The paper reports \
                ≈ 10% of the requested value for value-blind greedy against ≈ 51% for Basic-Econ."
            .into(),
        seed: 7,
        spec,
    }
}

/// The Azure Batch setting scaled down: ERA manages 20% of a 500-core cloud whose share drops
/// to 40% of that at midday (steps every 24 five-minute slots, announced in advance); jobs ask
/// from their request time, with little slack.
pub fn azure_generator() -> GeneratorSpec {
    GeneratorSpec {
        classes: vec![ClassSpec {
            name: "batch".into(),
            rate: 4.0,
            config: None,
            count: uniform(1.0, 8.0),
            duration: uniform(2.0, 12.0),
            slack: uniform(0.0, 12.0),
            advance: ValueDist::Fixed(0.0),
            unit_value: uniform(0.7, 2.0),
            from: 0,
            to: None,
        }],
    }
}

/// ERA's share of the cloud over the day: 20% of 500 cores, less when the others' load peaks.
fn azure_capacity() -> CapacitySpec {
    let shares = [100.0, 100.0, 80.0, 60.0, 40.0, 40.0, 40.0, 60.0, 80.0, 100.0, 100.0, 100.0];
    CapacitySpec::Steps(
        shares.iter().enumerate().map(|(k, &c)| CapacityStep { from: k as u32 * 24, capacity: c }).collect(),
    )
}

/// `era-azure*` with this algorithm.
pub fn azure(algorithm: AlgorithmSpec, title: &str) -> Document<EraScenario> {
    let spec = EraScenario {
        algorithm,
        cloud: CloudSpec { slot_minutes: 5.0, ..cloud(288, azure_capacity()) },
        predictor: PredictorSpec::SpreadHistory {
            history: HistorySpec::Generated { generator: azure_generator(), seed: 11 },
            period: None,
        },
        requests: RequestsSpec::Generated { generator: azure_generator() },
        actual_usage: None,
    };
    Document {
        title: title.into(),
        notes: "Fig. 3 scaled down: ERA manages 20% of a cloud (100 cores, down to 40 when the rest of the \
                cloud is busy); the on-demand price is $1 per core-slot; Basic-Econ's unit price is bounded to \
                [65%, 100%] of it, first-fit charges 65%, on-demand 100%. Compare revenue and late jobs."
            .into(),
        seed: 3,
        spec,
    }
}

pub(super) fn all() -> Vec<Example<EraScenario>> {
    vec![
        Example {
            name: "era-basic",
            description: "four bids on one resource, hand-checkable",
            build: Build::Ready(basic),
        },
        Example {
            name: "era-day-night",
            description: "Section 3.3: low/medium/high-value jobs, day and night, LP predictor",
            build: Build::Ready(|| day_night(true)),
        },
        Example {
            name: "era-day-night-spread",
            description: "Section 3.3 with the naive spreading predictor",
            build: Build::Ready(|| day_night(false)),
        },
        Example {
            name: "era-yahoo",
            description: "Section 4: Yahoo-like workload, 6 classes × ~1,450 jobs, Basic-Econ",
            build: Build::Ready(|| yahoo(basic_econ())),
        },
        Example {
            name: "era-yahoo-first-fit",
            description: "the same workload under value-blind first-fit at price 0",
            build: Build::Ready(|| yahoo(AlgorithmSpec::FirstFit { unit_price: 0.0 })),
        },
        Example {
            name: "era-azure",
            description: "Fig. 3: Basic-Econ bounded to [65%, 100%] of the on-demand price",
            build: Build::Ready(|| {
                let a = AlgorithmSpec::BasicEcon { min_unit_price: 0.65, max_unit_price: Some(1.0), late_penalty: 0.0 };
                azure(a, "ERA over a changing share of a cloud: Basic-Econ")
            }),
        },
        Example {
            name: "era-azure-late-penalty",
            description: "Fig. 3: Basic-Econ bounded, with an exponential late penalty",
            build: Build::Ready(|| {
                let a =
                    AlgorithmSpec::BasicEcon { min_unit_price: 0.65, max_unit_price: Some(1.0), late_penalty: 0.05 };
                azure(a, "ERA over a changing share of a cloud: Basic-Econ with a late penalty")
            }),
        },
        Example {
            name: "era-azure-first-fit",
            description: "Fig. 3: first-fit at 65% of the on-demand price",
            build: Build::Ready(|| {
                azure(AlgorithmSpec::FirstFit { unit_price: 0.65 }, "ERA over a changing share of a cloud: first-fit")
            }),
        },
        Example {
            name: "era-azure-on-demand",
            description: "Fig. 3: on-demand at 100%",
            build: Build::Ready(|| {
                azure(AlgorithmSpec::OnDemand { unit_price: 1.0 }, "ERA over a changing share of a cloud: on-demand")
            }),
        },
    ]
}

/// Basic-Econ on 10,000 bids × 1,440 slots with an explicit predictor of 4 demand points a slot.
pub fn workload_10k() -> Document<EraScenario> {
    let slots = (0..1440)
        .map(|t| {
            (0..4).map(|k| PointSpec { units: 20.0 + f64::from((t + k) % 7), unit_value: 1.0 + f64::from(k) }).collect()
        })
        .collect();
    let generator = GeneratorSpec {
        classes: vec![ClassSpec {
            name: "bids".into(),
            rate: 10_000.0 / 1440.0,
            config: None,
            count: uniform(1.0, 20.0),
            duration: uniform(1.0, 30.0),
            slack: uniform(0.0, 120.0),
            advance: uniform(0.0, 30.0),
            unit_value: uniform(0.5, 5.0),
            from: 0,
            to: None,
        }],
    };
    let spec = EraScenario {
        algorithm: basic_econ(),
        cloud: cloud(1440, CapacitySpec::Constant(200.0)),
        predictor: PredictorSpec::Explicit { slots: Some(slots), resources: None },
        requests: RequestsSpec::Generated { generator },
        actual_usage: None,
    };
    Document { seed: 1, ..Document::new(spec) }
}

/// The LP predictor over ~1,000 historical requests on a 168-slot horizon (windows up to 48
/// slots), then Basic-Econ on ~1,000 live bids.
pub fn workload_lp() -> Document<EraScenario> {
    let generator = GeneratorSpec {
        classes: vec![ClassSpec {
            name: "week".into(),
            rate: 1_000.0 / 168.0,
            config: None,
            count: uniform(1.0, 20.0),
            duration: uniform(1.0, 24.0),
            slack: uniform(0.0, 24.0),
            advance: ValueDist::Fixed(0.0),
            unit_value: uniform(0.5, 5.0),
            from: 0,
            to: None,
        }],
    };
    let spec = EraScenario {
        algorithm: basic_econ(),
        cloud: cloud(168, CapacitySpec::Constant(100.0)),
        predictor: PredictorSpec::LpHistory {
            history: HistorySpec::Generated { generator: generator.clone(), seed: 2 },
            period: None,
        },
        requests: RequestsSpec::Generated { generator },
        actual_usage: None,
    };
    Document { seed: 1, ..Document::new(spec) }
}

pub(super) fn workloads() -> Vec<Example<EraScenario>> {
    vec![
        Example {
            name: "era_basic_econ_10k_1440",
            description: "Basic-Econ, ~10,000 bids × 1,440 slots, explicit predictor of 4 points a slot",
            build: Build::Ready(workload_10k),
        },
        Example {
            name: "era_lp_history_1000_168",
            description: "LP predictor over ~1,000 historical requests × 168 slots (windows ≤ 48), then ~1,000 bids",
            build: Build::Ready(workload_lp),
        },
    ]
}
