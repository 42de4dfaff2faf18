//! Demand prediction (paper Section 3.2): per resource and slot, a demand curve
//! `demand_t(p) = Σ units with unit_value ≥ p`, and its inverse, which is what Basic-Econ asks:
//! the highest price at which predicted demand exceeds a remaining quantity.
//!
//! The paper's Predictor returns "the highest price such that the demand that arrives from the
//! current time till t, at this price, is equal to q": a quote at `now` sees only the predicted
//! demand *still to come*. Every point of a history-based curve therefore keeps the submit time
//! of the request it comes from ([`TimedPoint`]); at `now` it counts iff `submit ≥ now`. Demand
//! that has already arrived is in the plan's `promised`, not in the prediction. Explicit curves
//! carry no submit times and count at every `now`.
//!
//! * [`Predictor`] — the trait (the curve of a slot as seen at `now`, and `advance` to move its
//!   clock); [`Prediction`] — the form every built-in predictor takes.
//! * [`spread`] — each historical request spreads `units × duration / window` units over every slot
//!   of its window at unit value `value / (units × duration)`: the naive approach the paper argues
//!   against (it under-prices the night in the day/night example).
//! * [`lp_points`] — the LP relaxation of the value-maximising allocation of the historical
//!   requests, solved once over the whole history (exactly, as a flow problem: see `lp.rs`); the
//!   curve at `t` is `{ y_jt = W_j x_jt at V_j / (W_j T_j) }`, each point keeping job j's submit.
//! * [`fold`] — history slot `t` predicts live slot `t`; with a period `P`, live slot `t` gets
//!   the union of the curves of history slots `t' ≡ t (mod P)`, units divided by their number,
//!   and a point of history slot `t'` seen at live slot `t` has submit `submit + (t − t')`.
//!
//! # Complexity
//! A curve sorts its points once by unit value (descending) and keeps their units in a segment
//! tree whose inner nodes are the sums of their children, recomputed (never updated by
//! differences) whenever a leaf changes: a node's value depends only on the current leaves, so a
//! curve that lost some points has the same bits as one built without them, natively and in
//! wasm. [`DemandCurve::price_of`] descends the tree, O(log K) for K points; removing a point is
//! O(log K). Quotes come in submit order, so `now` never decreases during a run: [`Prediction`]
//! keeps every timed point in one list sorted by submit and removes each at most once
//! ([`Predictor::advance`]), O(E log K) over a run for E points. A curve asked for at another
//! `now` (the page's charts, the result's price series) is a snapshot, O(K).

use std::borrow::Cow;

use super::lp::{self, LpError, LpJob};
use super::model::{Bid, Cloud};

/// One point of a demand curve: `units` wanted at up to `unit_value` per unit and slot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DemandPoint {
    pub units: f64,
    pub unit_value: f64,
}

/// A point of a history-based curve: it counts for a quote at `now` iff `submit ≥ now` (the
/// request it comes from has not arrived yet). `submit` is in live slots and may be negative
/// after folding by a period (then it never counts).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimedPoint {
    pub units: f64,
    pub unit_value: f64,
    pub submit: i64,
}

/// The submit time of points that count at every `now` (explicit curves).
const ALWAYS: i64 = i64::MAX;

/// A demand curve, sorted by unit value (highest first), with the units of the points that count
/// at the curve's current `now` in a segment tree.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DemandCurve {
    /// Unit values, descending (stable: equal values keep their order).
    values: Vec<f64>,
    /// Units of each point as given.
    units: Vec<f64>,
    /// Submit time of each point ([`ALWAYS`] for explicit points).
    submits: Vec<i64>,
    /// `tree[size + k]` = units of point `k` if it counts, else 0; `tree[i] = tree[2i] + tree[2i + 1]`.
    tree: Vec<f64>,
    /// Leaves of the tree: the smallest power of two ≥ the number of points (0 if none).
    size: usize,
    /// Some point has a submit time: the curve changes with `now`.
    timed: bool,
}

impl DemandCurve {
    /// The curve of these points, counting at every `now` (points with no units are dropped).
    pub fn new(points: Vec<DemandPoint>) -> Self {
        Self::timed(points.into_iter().map(|p| TimedPoint { units: p.units, unit_value: p.unit_value, submit: ALWAYS }))
    }

    /// The curve of these timed points, as seen before any time has passed (every point counts).
    pub fn timed(points: impl IntoIterator<Item = TimedPoint>) -> Self {
        let mut points: Vec<TimedPoint> = points.into_iter().filter(|p| p.units > 0.0).collect();
        // Stable sort: equal values keep their order, so the sums are fixed.
        points.sort_by(|a, b| b.unit_value.total_cmp(&a.unit_value));
        let size = if points.is_empty() { 0 } else { points.len().next_power_of_two() };
        let mut curve = DemandCurve {
            values: points.iter().map(|p| p.unit_value).collect(),
            units: points.iter().map(|p| p.units).collect(),
            submits: points.iter().map(|p| p.submit).collect(),
            tree: vec![0.0; 2 * size],
            size,
            timed: points.iter().any(|p| p.submit != ALWAYS),
        };
        curve.rebuild(i64::MIN);
        curve
    }

    /// Sets every leaf for `now` and recomputes the inner nodes: O(K).
    fn rebuild(&mut self, now: i64) {
        if self.size == 0 {
            return;
        }
        for k in 0..self.size {
            self.tree[self.size + k] = match (self.units.get(k), self.submits.get(k)) {
                (Some(&u), Some(&s)) if s >= now => u,
                _ => 0.0,
            };
        }
        for i in (1..self.size).rev() {
            self.tree[i] = self.tree[2 * i] + self.tree[2 * i + 1];
        }
    }

    /// Point `k` no longer counts. O(log K).
    fn remove(&mut self, k: usize) {
        let mut i = self.size + k;
        if i >= self.tree.len() || self.tree[i] == 0.0 {
            return;
        }
        self.tree[i] = 0.0;
        while i > 1 {
            i /= 2;
            self.tree[i] = self.tree[2 * i] + self.tree[2 * i + 1];
        }
    }

    /// The curve as a quote at `now` sees it: only the points with `submit ≥ now`. O(K).
    pub fn at(&self, now: u32) -> DemandCurve {
        let mut c = self.clone();
        c.rebuild(i64::from(now));
        c
    }

    /// Whether some point has a submit time (the curve changes with `now`).
    pub fn is_timed(&self) -> bool {
        self.timed
    }

    /// Total predicted units (demand at price 0).
    pub fn total(&self) -> f64 {
        self.tree.get(1).copied().unwrap_or(0.0)
    }

    /// The points that count, highest value first (for charts and tables).
    pub fn points(&self) -> impl Iterator<Item = DemandPoint> + '_ {
        let leaves = self.tree.get(self.size..).unwrap_or(&[]);
        self.values
            .iter()
            .zip(leaves)
            .filter(|(_, &u)| u > 0.0)
            .map(|(&unit_value, &units)| DemandPoint { units, unit_value })
    }

    /// Units of the points `0..k` that count, added from the root down as [`Self::segment`] adds
    /// them.
    fn prefix(&self, k: usize) -> f64 {
        if k >= self.values.len() {
            return self.total();
        }
        let (mut i, mut first, mut width, mut sum) = (1, 0, self.size, 0.0);
        while i < self.size {
            width /= 2;
            if k >= first + width {
                sum += self.tree[2 * i];
                first += width;
                i = 2 * i + 1;
            } else {
                i *= 2;
            }
        }
        sum
    }

    /// `demand(p)`: units with unit value ≥ `p`.
    pub fn demand(&self, p: f64) -> f64 {
        self.prefix(self.values.partition_point(|&v| v >= p))
    }

    /// The point that sets the price for remaining quantity `r`: the first `k` whose units
    /// take the cumulative demand above `r`, and the units before it; `len` if demand never
    /// exceeds `r`. O(log K).
    fn segment(&self, r: f64) -> (usize, f64) {
        if self.size == 0 || self.total() <= r {
            return (self.values.len(), self.total());
        }
        let (mut i, mut before) = (1, 0.0);
        while i < self.size {
            let left = self.tree[2 * i];
            if before + left > r {
                i *= 2;
            } else {
                before += left;
                i = 2 * i + 1;
            }
        }
        ((i - self.size).min(self.values.len()), before)
    }

    /// The highest price `p` with `demand(p) > r` (0 if demand never exceeds `r`); `None` if `r <
    /// 0` (the unit does not fit). O(log K).
    pub fn price_of(&self, r: f64) -> Option<f64> {
        if r < 0.0 {
            return None;
        }
        Some(self.values.get(self.segment(r).0).copied().unwrap_or(0.0))
    }

    /// [`price_of`](Self::price_of) and the point that sets it (units priced by one point
    /// form one run of [`sum_prices`](Self::sum_prices)).
    pub fn price_and_point(&self, r: f64) -> Option<(f64, usize)> {
        if r < 0.0 {
            return None;
        }
        let k = self.segment(r).0;
        Some((self.values.get(k).copied().unwrap_or(0.0), k))
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
            let (k, floor) = self.segment(base - i as f64);
            // Units i..=last share point k while R_j = base − j stays ≥ the units before it: the
            // descent to k compared R with exactly the partial sums that add up to `floor`, so
            // `R_j ≥ floor` holds iff `segment(R_j)` is k again (no second descent needed).
            let last = if k == 0 {
                n
            } else {
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
/// and a quantity, the highest price at which the demand that arrives from now till that slot
/// reaches the quantity.
pub trait Predictor {
    /// The demand curve of `resource` at `slot`, as a quote at `now` sees it. Borrowed when the
    /// predictor's clock is at `now` ([`Predictor::advance`]), else a snapshot.
    fn curve(&self, resource: usize, slot: u32, now: u32) -> Cow<'_, DemandCurve>;

    /// Moves the predictor's clock to `now`, so that curves at `now` are read without copying.
    /// A run calls it with non-decreasing times; an earlier time is allowed (and costs a rebuild).
    fn advance(&mut self, _now: u32) {}

    /// Inverse demand: the highest price with demand above `remaining` (0 if none; `None` if
    /// `remaining < 0`).
    fn inverse_demand(&self, resource: usize, slot: u32, now: u32, remaining: f64) -> Option<f64> {
        self.curve(resource, slot, now).price_of(remaining)
    }
}

/// One timed point's place: (submit, resource, slot, index in its curve).
type Departure = (i64, u32, u32, u32);

/// Demand curves for the run: `[resource][slot]`; slots past the end have no demand.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Prediction {
    curves: Vec<Vec<DemandCurve>>,
    empty: DemandCurve,
    /// Every timed point, by submit time (then resource, slot, index).
    departures: Vec<Departure>,
    /// Departures already applied: those with submit < `now`.
    gone: usize,
    /// The clock: curves hold the points with submit ≥ `now`.
    now: u32,
}

impl Prediction {
    /// No predicted demand at all (`none`).
    pub fn none(resources: usize) -> Self {
        Prediction { curves: vec![Vec::new(); resources], ..Prediction::default() }
    }

    /// Curves from points that count at every `now`, `[resource][slot][point]` (`explicit`).
    pub fn from_points(points: Vec<Vec<Vec<DemandPoint>>>) -> Self {
        let curves = points.into_iter().map(|slots| slots.into_iter().map(DemandCurve::new).collect()).collect();
        Prediction { curves, ..Prediction::default() }
    }

    /// Curves from timed points, `[resource][slot][point]` (the history predictors).
    pub fn from_timed(points: Vec<Vec<Vec<TimedPoint>>>) -> Self {
        let curves: Vec<Vec<DemandCurve>> =
            points.into_iter().map(|slots| slots.into_iter().map(DemandCurve::timed).collect()).collect();
        let mut departures = Vec::new();
        for (r, slots) in curves.iter().enumerate() {
            for (t, c) in slots.iter().enumerate() {
                for (k, &s) in c.submits.iter().enumerate() {
                    if s != ALWAYS {
                        departures.push((s, r as u32, t as u32, k as u32));
                    }
                }
            }
        }
        departures.sort_unstable();
        Prediction { curves, departures, ..Prediction::default() }
    }

    fn stored(&self, resource: usize, slot: u32) -> &DemandCurve {
        self.curves.get(resource).and_then(|c| c.get(slot as usize)).unwrap_or(&self.empty)
    }
}

impl Predictor for Prediction {
    fn curve(&self, resource: usize, slot: u32, now: u32) -> Cow<'_, DemandCurve> {
        let c = self.stored(resource, slot);
        // Slots before the clock keep the points that left after them (they are never quoted).
        if !c.timed || (now == self.now && slot >= now) {
            Cow::Borrowed(c)
        } else {
            Cow::Owned(c.at(now))
        }
    }

    fn advance(&mut self, now: u32) {
        if now < self.now {
            for c in self.curves.iter_mut().flatten() {
                c.rebuild(i64::MIN);
            }
            self.gone = 0;
        }
        self.now = now;
        let now = i64::from(now);
        while let Some(&(s, r, t, k)) = self.departures.get(self.gone) {
            if s >= now {
                break;
            }
            self.gone += 1;
            // A slot before `now` is never quoted at `now` or later: leave it as it is.
            if i64::from(t) >= now {
                self.curves[r as usize][t as usize].remove(k as usize);
            }
        }
    }
}

/// One LP job of the history: its resource, its request's submit time, the job.
struct HistoryItem {
    resource: usize,
    submit: u32,
    job: LpJob,
}

/// The history's parts, one LP job per part and resource used: units of that resource, duration,
/// window (from `max(arrival, submit)`; parts whose window is empty are left out), and value per
/// unit and slot `value / (Σ actual units of the bid × duration)`, so a bid of several parts or
/// resources divides its value over everything it uses.
fn history_items(history: &[Bid], cloud: &Cloud) -> Vec<HistoryItem> {
    let mut items = Vec::new();
    for bid in history {
        let usage: f64 =
            bid.request.parts.iter().map(|p| p.actual_units(cloud).iter().sum::<f64>() * f64::from(p.duration)).sum();
        if usage <= 0.0 {
            continue;
        }
        let per_unit_slot = bid.value / usage;
        let submit = bid.request.submit;
        for part in &bid.request.parts {
            let (a, d) = (part.arrival.max(submit), part.deadline);
            if d <= a {
                continue;
            }
            for (resource, &units) in part.actual_units(cloud).iter().enumerate() {
                if units > 0.0 {
                    let value = per_unit_slot * units * f64::from(part.duration);
                    let job = LpJob { units, duration: part.duration, value, arrival: a, deadline: d };
                    items.push(HistoryItem { resource, submit, job });
                }
            }
        }
    }
    items
}

/// Most slots a history may cover.
pub const MAX_HISTORY_SLOTS: u32 = 100_000;
/// Most (request, slot) pairs a spreading predictor may write.
pub const MAX_SPREAD_ENTRIES: u64 = 20_000_000;
/// Most LP variables (a request's slots) the LP predictor takes on.
pub const MAX_LP_VARIABLES: u64 = 1_000_000;

/// Slots the history covers: its latest deadline.
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

/// Points per resource, history slot and point.
pub type TimedPoints = Vec<Vec<Vec<TimedPoint>>>;

/// `spread_history`: per resource and history slot, the spread points, each with its request's
/// submit time.
pub fn spread(history: &[Bid], cloud: &Cloud) -> TimedPoints {
    let h = history_horizon(history) as usize;
    let mut points = vec![vec![Vec::new(); h]; cloud.resources.len()];
    for HistoryItem { resource: r, submit, job } in history_items(history, cloud) {
        let (a, d) = (job.arrival as usize, (job.deadline as usize).min(points[r].len()));
        if d <= a || job.duration == 0 {
            continue;
        }
        let units = job.units * f64::from(job.duration) / (d - a) as f64;
        let unit_value = job.value / (job.units * f64::from(job.duration));
        for slot in &mut points[r][a..d] {
            slot.push(TimedPoint { units, unit_value, submit: i64::from(submit) });
        }
    }
    points
}

/// `lp_history`: per resource, the LP relaxation of the value-maximising allocation of the
/// history under the cloud's capacity, solved once over the whole history; the points at slot `t`
/// are `{ y_jt, V_j / (W_j T_j) }` (`y_jt = W_j x_jt`, job j's units at `t`), each with job j's
/// submit time.
pub fn lp_points(history: &[Bid], cloud: &Cloud) -> Result<TimedPoints, LpError> {
    let h = history_horizon(history);
    let items = history_items(history, cloud);
    let mut points = vec![vec![Vec::new(); h as usize]; cloud.resources.len()];
    for (r, resource) in cloud.resources.iter().enumerate() {
        let mine: Vec<&HistoryItem> = items.iter().filter(|i| i.resource == r).collect();
        if mine.is_empty() {
            continue;
        }
        let jobs: Vec<LpJob> = mine.iter().map(|i| i.job.clone()).collect();
        let solution = lp::solve(&jobs, &resource.capacity.series(h))?;
        for (item, y) in mine.iter().zip(&solution.y) {
            let job = &item.job;
            let unit_value = job.value / (job.units * f64::from(job.duration));
            for &(t, units) in y {
                if let Some(slot) = points[r].get_mut(t as usize) {
                    slot.push(TimedPoint { units, unit_value, submit: i64::from(item.submit) });
                }
            }
        }
    }
    Ok(points)
}

/// History slot `t` → live slot `t`; with `period: P`, live slot `t` (of `horizon`) gets the points
/// of every history slot `t' ≡ t (mod P)`, units divided by how many such slots there are, and
/// submit times moved with their slot (`submit + t − t'`).
pub fn fold(history: TimedPoints, period: Option<u32>, horizon: u32) -> TimedPoints {
    let Some(p) = period.filter(|&p| p > 0) else { return history };
    history
        .into_iter()
        .map(|slots| {
            (0..horizon as usize)
                .map(|t| {
                    let phase = t % p as usize;
                    let sources: Vec<(usize, &Vec<TimedPoint>)> =
                        slots.iter().enumerate().skip(phase).step_by(p as usize).collect();
                    let k = sources.len() as f64;
                    sources
                        .into_iter()
                        .flat_map(|(from, s)| {
                            let shift = t as i64 - from as i64;
                            s.iter().map(move |d| TimedPoint {
                                units: d.units / k,
                                unit_value: d.unit_value,
                                submit: d.submit.saturating_add(shift),
                            })
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}
