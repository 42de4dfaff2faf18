//! Demand prediction (paper Section 3.2): per resource and slot, a demand curve
//! `demand_t(p) = Σ units with unit_value ≥ p`, and its inverse, which is what Basic-Econ asks:
//! the highest price at which predicted demand exceeds a remaining quantity.
//!
//! * [`Predictor`] — the trait (`inverse demand` per slot); [`Prediction`] — curves fixed for
//!   the run (accepted bids do not consume them), the form every built-in predictor takes.
//! * [`spread`] — each historical request spreads `units × duration / window` units over every slot
//!   of its window at unit value `value / (units × duration)`: the naive approach the paper argues
//!   against (it under-prices the night in the day/night example).
//! * [`lp`] — the LP relaxation of the value-maximising allocation of the historical requests; the
//!   curve at `t` is `{ W_j x_jt at V_j / (W_j T_j) }` (see `lp.rs`).
//! * [`fold`] — history slot `t` predicts live slot `t`; with a period `P`, live slot `t` gets
//!   the union of the curves of history slots `t' ≡ t (mod P)`, units divided by their number.
//!
//! Complexity: a curve is sorted once (by unit value, descending) with prefix sums of its units;
//! [`DemandCurve::price_of`] is a binary search, O(log K) for K points.

use super::lp::{self, LpError, LpJob};
use super::model::{Bid, Cloud};

/// One point of a demand curve: `units` wanted at up to `unit_value` per unit and slot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DemandPoint {
    pub units: f64,
    pub unit_value: f64,
}

/// A demand curve, sorted by unit value (highest first), with cumulative units.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DemandCurve {
    /// Unit values, descending.
    values: Vec<f64>,
    /// `cumulative[k]` = units of points `0..=k`.
    cumulative: Vec<f64>,
}

impl DemandCurve {
    /// The curve of these points (points with no units are dropped).
    pub fn new(mut points: Vec<DemandPoint>) -> Self {
        points.retain(|p| p.units > 0.0);
        // Stable sort: equal values keep their order, so the sum order is fixed.
        points.sort_by(|a, b| b.unit_value.total_cmp(&a.unit_value));
        let mut total = 0.0;
        let mut values = Vec::with_capacity(points.len());
        let mut cumulative = Vec::with_capacity(points.len());
        for p in points {
            total += p.units;
            values.push(p.unit_value);
            cumulative.push(total);
        }
        DemandCurve { values, cumulative }
    }

    /// Total predicted units (demand at price 0).
    pub fn total(&self) -> f64 {
        self.cumulative.last().copied().unwrap_or(0.0)
    }

    /// The points, highest value first (for charts and tables).
    pub fn points(&self) -> impl Iterator<Item = DemandPoint> + '_ {
        let mut before = 0.0;
        self.values.iter().zip(&self.cumulative).map(move |(&v, &c)| {
            let p = DemandPoint { units: c - before, unit_value: v };
            before = c;
            p
        })
    }

    /// `demand(p)`: units with unit value ≥ `p`.
    pub fn demand(&self, p: f64) -> f64 {
        let k = self.values.partition_point(|&v| v >= p);
        if k == 0 {
            0.0
        } else {
            self.cumulative[k - 1]
        }
    }

    /// Index of the point that sets the price for remaining quantity `r`: the first `k` with
    /// `cumulative[k] > r`, or `len` if demand never exceeds `r`.
    fn segment(&self, r: f64) -> usize {
        self.cumulative.partition_point(|&c| c <= r)
    }

    /// The highest price `p` with `demand(p) > r` (0 if demand never exceeds `r`); `None` if `r <
    /// 0` (the unit does not fit). O(log K).
    pub fn price_of(&self, r: f64) -> Option<f64> {
        if r < 0.0 {
            return None;
        }
        Some(self.values.get(self.segment(r)).copied().unwrap_or(0.0))
    }

    /// `Σ_{i=1..n} price_of(base − i)` for `n` whole units, each price clamped into
    /// `[min, max]`, or `None` if a unit does not fit (`base − n < 0`). Walks the curve's segments
    /// instead of the units: O(S · log K) for the S segments touched (S ≤ K + 1), with the same
    /// comparisons as `price_of` unit by unit.
    pub fn sum_prices(&self, base: f64, n: u64, min: f64, max: f64) -> Option<f64> {
        if n == 0 {
            return Some(0.0);
        }
        if base - (n as f64) < 0.0 {
            return None;
        }
        let mut sum = 0.0;
        let mut i: u64 = 1;
        while i <= n {
            let k = self.segment(base - i as f64);
            // Units i..=last share segment k: R_j = base − j stays ≥ cumulative[k − 1].
            let last = if k == 0 {
                n
            } else {
                let floor = self.cumulative[k - 1];
                let mut j = (base - floor).floor().clamp(i as f64, n as f64) as u64;
                while j < n && base - (j + 1) as f64 >= floor {
                    j += 1;
                }
                while j > i && base - (j as f64) < floor {
                    j -= 1;
                }
                j
            };
            let price = self.values.get(k).copied().unwrap_or(0.0).max(min).min(max);
            sum += price * (last - i + 1) as f64;
            i = last + 1;
        }
        Some(sum)
    }
}

/// The prediction interface the paper gives (Section 3.2): given a future slot, the current time
/// and a quantity, the highest price at which demand from now till that slot reaches the
/// quantity. Built-in predictors are fixed for the run ([`Prediction`]); a learning predictor
/// would also use `now`.
pub trait Predictor {
    /// The demand curve of `resource` at `slot`, as seen at `now`.
    fn curve(&self, resource: usize, slot: u32, now: u32) -> &DemandCurve;

    /// Inverse demand: the highest price with demand above `remaining` (0 if none; `None` if
    /// `remaining < 0`).
    fn inverse_demand(&self, resource: usize, slot: u32, now: u32, remaining: f64) -> Option<f64> {
        self.curve(resource, slot, now).price_of(remaining)
    }
}

/// Demand curves fixed for the run: `[resource][slot]`; slots past the end have no demand.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Prediction {
    curves: Vec<Vec<DemandCurve>>,
    empty: DemandCurve,
}

impl Prediction {
    /// No predicted demand at all (`none`).
    pub fn none(resources: usize) -> Self {
        Prediction { curves: vec![Vec::new(); resources], empty: DemandCurve::default() }
    }

    /// Curves from points, `[resource][slot][point]` (`explicit`).
    pub fn from_points(points: Vec<Vec<Vec<DemandPoint>>>) -> Self {
        let curves = points.into_iter().map(|slots| slots.into_iter().map(DemandCurve::new).collect()).collect();
        Prediction { curves, empty: DemandCurve::default() }
    }
}

impl Predictor for Prediction {
    fn curve(&self, resource: usize, slot: u32, _now: u32) -> &DemandCurve {
        self.curves.get(resource).and_then(|c| c.get(slot as usize)).unwrap_or(&self.empty)
    }
}

/// The history's parts, one LP job per part and resource used: units of that resource, duration,
/// window, and value per unit and slot `value / (Σ actual units of the bid × duration)`, so a bid
/// of several parts or resources divides its value over everything it uses.
fn history_items(history: &[Bid], cloud: &Cloud) -> Vec<(usize, LpJob)> {
    let mut items = Vec::new();
    for bid in history {
        let usage: f64 =
            bid.request.parts.iter().map(|p| p.actual_units(cloud).iter().sum::<f64>() * f64::from(p.duration)).sum();
        if usage <= 0.0 {
            continue;
        }
        let per_unit_slot = bid.value / usage;
        for part in &bid.request.parts {
            let (a, d) = (part.arrival.max(bid.request.submit), part.deadline);
            for (r, &units) in part.actual_units(cloud).iter().enumerate() {
                if units > 0.0 {
                    let value = per_unit_slot * units * f64::from(part.duration);
                    let job = LpJob { units, duration: part.duration, value, arrival: a, deadline: d };
                    items.push((r, job));
                }
            }
        }
    }
    items
}

/// Slots the history covers: its latest deadline.
/// Most slots a history may cover.
pub const MAX_HISTORY_SLOTS: u32 = 100_000;
/// Most (request, slot) pairs a spreading predictor may write.
pub const MAX_SPREAD_ENTRIES: u64 = 20_000_000;
/// Most LP variables (a request's slots) the LP predictor takes on.
pub const MAX_LP_VARIABLES: u64 = 1_000_000;

fn history_horizon(history: &[Bid]) -> u32 {
    history.iter().flat_map(|b| b.request.parts.iter().map(|p| p.deadline)).max().unwrap_or(0).min(MAX_HISTORY_SLOTS)
}

/// (request, slot) pairs of a history's windows, clipped to the slots it covers.
pub fn history_size(history: &[Bid]) -> u64 {
    let h = history_horizon(history);
    history
        .iter()
        .flat_map(|b| {
            b.request
                .parts
                .iter()
                .map(move |p| u64::from(p.deadline.min(h).saturating_sub(p.arrival.max(b.request.submit))))
        })
        .sum()
}

/// `spread_history`: per resource and history slot, the spread points.
pub fn spread(history: &[Bid], cloud: &Cloud) -> Vec<Vec<Vec<DemandPoint>>> {
    let h = history_horizon(history) as usize;
    let mut points = vec![vec![Vec::new(); h]; cloud.resources.len()];
    for (r, job) in history_items(history, cloud) {
        let (a, d) = (job.arrival as usize, (job.deadline as usize).min(points[r].len()));
        if d <= a || job.duration == 0 {
            continue;
        }
        let units = job.units * f64::from(job.duration) / (d - a) as f64;
        let unit_value = job.value / (job.units * f64::from(job.duration));
        for slot in &mut points[r][a..d] {
            slot.push(DemandPoint { units, unit_value });
        }
    }
    points
}

/// `lp_history`: per resource, the LP relaxation of the value-maximising allocation of the
/// history under the cloud's capacity; the points at slot `t` are `{ W_j x_jt, V_j / (W_j T_j) }`.
pub fn lp_points(history: &[Bid], cloud: &Cloud) -> Result<Vec<Vec<Vec<DemandPoint>>>, LpError> {
    let h = history_horizon(history);
    let items = history_items(history, cloud);
    let mut points = vec![vec![Vec::new(); h as usize]; cloud.resources.len()];
    for (r, resource) in cloud.resources.iter().enumerate() {
        let jobs: Vec<LpJob> = items.iter().filter(|(ir, _)| *ir == r).map(|(_, j)| j.clone()).collect();
        if jobs.is_empty() {
            continue;
        }
        // The same optimum, well scaled: a slot's capacity above the units that can reach it
        // does not bind, and x does not change when all units (and capacities), or all values,
        // are multiplied by one positive number.
        let mut reach = vec![0.0; h as usize];
        for j in &jobs {
            for r in reach.iter_mut().take(j.deadline.min(h) as usize).skip(j.arrival as usize) {
                *r += j.units;
            }
        }
        let unit = jobs.iter().map(|j| j.units).fold(0.0, f64::max);
        let worth = jobs.iter().map(|j| j.value / f64::from(j.duration.max(1))).fold(0.0, f64::max);
        if unit <= 0.0 || worth <= 0.0 {
            continue;
        }
        let capacity: Vec<f64> =
            resource.capacity.series(h).iter().zip(&reach).map(|(c, r)| c.min(*r) / unit).collect();
        let scaled: Vec<LpJob> =
            jobs.iter().map(|j| LpJob { units: j.units / unit, value: j.value / worth, ..j.clone() }).collect();
        let solution = lp::solve(&scaled, &capacity)?;
        for (job, x) in jobs.iter().zip(&solution.x) {
            let unit_value = job.value / (job.units * f64::from(job.duration));
            for &(t, xt) in x {
                points[r][t as usize].push(DemandPoint { units: job.units * xt, unit_value });
            }
        }
    }
    Ok(points)
}

/// History slot `t` → live slot `t`; with `period: P`, live slot `t` (of `horizon`) gets the points
/// of every history slot `t' ≡ t (mod P)`, units divided by how many such slots there are.
pub fn fold(history: Vec<Vec<Vec<DemandPoint>>>, period: Option<u32>, horizon: u32) -> Vec<Vec<Vec<DemandPoint>>> {
    let Some(p) = period.filter(|&p| p > 0) else { return history };
    history
        .into_iter()
        .map(|slots| {
            (0..horizon as usize)
                .map(|t| {
                    let phase = t % p as usize;
                    let sources: Vec<&Vec<DemandPoint>> = slots.iter().skip(phase).step_by(p as usize).collect();
                    let k = sources.len() as f64;
                    sources
                        .into_iter()
                        .flat_map(|s| {
                            s.iter().map(move |d| DemandPoint { units: d.units / k, unit_value: d.unit_value })
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}
