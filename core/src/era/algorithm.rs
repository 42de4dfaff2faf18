//! Scheduling and pricing algorithms (paper Section 3.1) behind one small trait.
//!
//! An [`Algorithm`] *quotes*: given a [`Request`] — which has no value field — the current plan
//! and the predictor, it returns where each part would run and the price, or why it cannot place
//! the request. Only the ERA layer (`era.rs`) compares the quote with the bid's value, once, so
//! every algorithm here is monotone in the value and the mechanism truthful by construction.
//!
//! * [`BasicEcon`] — Algorithm 1. For a part of `W` units, per slot `t` of its window:
//!   `R_i = capacity(t) − promised(t) − i`, `price_t(i)` = the highest `p` with `demand_t(p) >
//!   R_i` (+∞ if `R_i < 0`, 0 if none), clamped into `[min_unit_price, max_unit_price]`;
//!   `cost[t] = Σ_i price_t(i)` summed over the resources of the actual bundle (additive pricing);
//!   `total[s] = cost[s] + … + cost[s + T − 1]`; the earliest `s` with the least total (with
//!   `late_penalty` λ: the least `total[s] · (1 + λ)^(s − A)`), price `total[s*]`.
//!   Quote: O(L · (S · log K)) per resource for a window of L slots, K demand points per slot and
//!   S ≤ K + 1 curve segments touched (the units of a slot are summed segment by segment, not
//!   unit by unit), plus O(L) for the window totals (a compensated sliding sum).
//! * [`FormulaPrice`] — Basic-Econ with the user's unit price: each unit `i` of slot `t` is priced
//!   by a formula over Basic-Econ's own price for it (`demand_price`) and the plan, then clamped
//!   as Basic-Econ clamps; a unit that does not fit stays unpriceable whatever the formula says,
//!   and the start with the least (penalised) total wins, as in Algorithm 1. O(L · W) formula
//!   evaluations per resource for a part of W units (each unit has its own variables).
//! * [`FirstFit`] — value-blind greedy: the earliest start where the part fits, at a fixed
//!   `unit_price` per formal unit and slot. O(L · resources).
//! * [`OnDemand`] — accepts if the capacity not promised at `submit` covers the part (duration
//!   ignored), starts it at `submit`, fixed `unit_price`. O(resources).
//!
//! Acceptance (in the ERA layer) adds each part's units to `promised` over its slots: O(T ·
//! resources) per part. Parts of one bid are placed one after another, each seeing the earlier
//! ones as promised.

use std::cell::RefCell;

use super::model::{Cloud, Part, Request};
use super::predict::Predictor;
use crate::error::Problem;
use crate::formula::{Formula, Variable};
use crate::math;

/// Promised units per resource and slot, against the capacities.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    capacity: Vec<Vec<f64>>,
    promised: Vec<Vec<f64>>,
}

impl Plan {
    /// An empty plan over the cloud's horizon: with the capacity steps if they are announced,
    /// else with the capacity of slot 0 until the cloud reports a change.
    pub fn new(cloud: &Cloud) -> Self {
        let capacity = if cloud.announced {
            cloud.capacities()
        } else {
            cloud.resources.iter().map(|r| vec![r.capacity.at(0); cloud.horizon as usize]).collect()
        };
        let promised = capacity.iter().map(|c| vec![0.0; c.len()]).collect();
        Plan { capacity, promised }
    }

    pub fn horizon(&self) -> u32 {
        self.capacity.first().map_or(0, |c| c.len() as u32)
    }

    pub fn capacity(&self, resource: usize, slot: u32) -> f64 {
        self.capacity[resource].get(slot as usize).copied().unwrap_or(0.0)
    }

    pub fn promised(&self, resource: usize, slot: u32) -> f64 {
        self.promised[resource].get(slot as usize).copied().unwrap_or(0.0)
    }

    /// The cloud reported `capacity` (per resource) at slot `now`: it holds from `now` on.
    pub fn report_capacity(&mut self, now: u32, capacity: &[f64]) {
        for (row, &c) in self.capacity.iter_mut().zip(capacity) {
            for x in row.iter_mut().skip(now as usize) {
                *x = c;
            }
        }
    }

    /// Adds `units` (per resource) over slots `[from, to)` (clipped to the horizon); negative
    /// units release.
    pub fn add(&mut self, units: &[f64], from: u32, to: u32) {
        for (r, &u) in units.iter().enumerate() {
            if u == 0.0 {
                continue;
            }
            let row = &mut self.promised[r];
            let to = (to as usize).min(row.len());
            for p in row.iter_mut().take(to).skip(from as usize) {
                *p += u;
                if *p < 1e-9 {
                    *p = 0.0;
                }
            }
        }
    }
}

/// Where each part of a request would run, and the price.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    pub price: f64,
    /// Start slot of each part.
    pub starts: Vec<u32>,
}

/// Why a request got no quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoQuote {
    /// Submitted at or after the horizon.
    Closed,
    /// The part's window (clipped to the submit time and the horizon) is shorter than its duration.
    WindowTooShort { part: u32 },
    /// No start in the part's window where it fits under capacity.
    DoesNotFit { part: u32 },
}

impl NoQuote {
    /// A sentence for the decisions table.
    pub fn describe(self) -> String {
        match self {
            NoQuote::Closed => "submitted at or after the horizon".into(),
            NoQuote::WindowTooShort { part } => {
                format!("part {part}: its window (from max(arrival, submit) to min(deadline, horizon)) is shorter than its duration")
            }
            NoQuote::DoesNotFit { part } => format!("part {part}: no start in its window where it fits under capacity"),
        }
    }
}

/// What an algorithm may look at when quoting.
pub struct Context<'a> {
    pub cloud: &'a Cloud,
    pub plan: &'a Plan,
    pub predictor: &'a dyn Predictor,
    pub now: u32,
}

/// Parts of the request being quoted that are already placed: `(units, from, to)`.
struct Overlay(Vec<(Vec<f64>, u32, u32)>);

impl Overlay {
    fn extra(&self, r: usize, t: u32) -> f64 {
        self.0.iter().filter(|(_, a, b)| *a <= t && t < *b).map(|(u, _, _)| u[r]).sum()
    }
}

/// A scheduling and pricing algorithm: schedule + quote, never the value.
pub trait Algorithm {
    /// Where the request's parts would run and at what price, given the plan.
    fn quote(&self, request: &Request, ctx: &Context<'_>) -> Result<Quote, NoQuote>;
    /// What went wrong in the last quote that must end the run (a user's rule that gave no
    /// number): the rule, where and its variables' values, as data.
    fn fault(&self) -> Option<Problem> {
        None
    }
}

/// An algorithm chosen at run time.
pub type AnyAlgorithm = Box<dyn Algorithm>;

impl<A: Algorithm + ?Sized> Algorithm for Box<A> {
    fn quote(&self, request: &Request, ctx: &Context<'_>) -> Result<Quote, NoQuote> {
        (**self).quote(request, ctx)
    }
    fn fault(&self) -> Option<Problem> {
        (**self).fault()
    }
}

/// Places the parts one after another with `place` (which sees the earlier ones in the overlay).
fn quote_parts(
    request: &Request,
    ctx: &Context<'_>,
    mut place: impl FnMut(&Part, &[f64], &Overlay) -> Result<(u32, f64), NoQuote>,
    index: impl Fn(usize) -> u32,
) -> Result<Quote, NoQuote> {
    let mut overlay = Overlay(Vec::new());
    let mut starts = Vec::with_capacity(request.parts.len());
    let mut price = 0.0;
    for (k, part) in request.parts.iter().enumerate() {
        let units = part.actual_units(ctx.cloud);
        let (start, p) = place(part, &units, &overlay).map_err(|e| match e {
            NoQuote::WindowTooShort { .. } => NoQuote::WindowTooShort { part: index(k) },
            NoQuote::DoesNotFit { .. } => NoQuote::DoesNotFit { part: index(k) },
            NoQuote::Closed => NoQuote::Closed,
        })?;
        overlay.0.push((units, start, start.saturating_add(part.duration)));
        starts.push(start);
        price += p;
    }
    Ok(Quote { price, starts })
}

/// The window of `part` at `submit`, if it can hold the duration.
fn window(part: &Part, ctx: &Context<'_>, submit: u32) -> Result<(u32, u32), NoQuote> {
    let (a, d) = part.window(submit, ctx.plan.horizon());
    if d < a || d - a < part.duration {
        Err(NoQuote::WindowTooShort { part: 0 })
    } else {
        Ok((a, d))
    }
}

/// Algorithm 1, Basic-Econ scheduling.
#[derive(Debug, Clone, PartialEq)]
pub struct BasicEcon {
    pub min_unit_price: f64,
    pub max_unit_price: f64,
    /// λ ≥ 0: starts are compared by `total[s] · (1 + λ)^(s − A)` (the price stays `total[s]`).
    pub late_penalty: f64,
}

impl Default for BasicEcon {
    fn default() -> Self {
        BasicEcon { min_unit_price: 0.0, max_unit_price: f64::INFINITY, late_penalty: 0.0 }
    }
}

/// Relative tolerance under which two window totals count as equal (the earlier start wins).
pub const TIE_TOLERANCE: f64 = 1e-12;

impl BasicEcon {
    /// `cost[t]` of `units` at slot `t`: the sum of the units' marginal prices, or `None` if a
    /// unit does not fit.
    fn cost(&self, units: &[f64], t: u32, ctx: &Context<'_>, overlay: &Overlay) -> Option<f64> {
        let mut cost = 0.0;
        for (r, &w) in units.iter().enumerate() {
            if w <= 0.0 {
                continue;
            }
            let base = ctx.plan.capacity(r, t) - ctx.plan.promised(r, t) - overlay.extra(r, t);
            let curve = ctx.predictor.curve(r, t, ctx.now);
            let whole = w.floor();
            cost += curve.sum_prices(base, whole as u64, self.min_unit_price, self.max_unit_price)?;
            let fraction = w - whole;
            if fraction > 0.0 {
                let p = curve.price_of(base - w)?;
                cost += fraction * p.max(self.min_unit_price).min(self.max_unit_price);
            }
        }
        Some(cost)
    }
}

impl Algorithm for BasicEcon {
    fn quote(&self, request: &Request, ctx: &Context<'_>) -> Result<Quote, NoQuote> {
        let place = |part: &Part, units: &[f64], overlay: &Overlay| {
            let (a, d) = window(part, ctx, request.submit)?;
            let costs: Vec<Option<f64>> = (a..d).map(|t| self.cost(units, t, ctx, overlay)).collect();
            cheapest_start(a, &costs, part.duration, self.late_penalty)
        };
        quote_parts(request, ctx, place, |k| k as u32)
    }
}

/// Algorithm 1's choice over a window starting at slot `a` with these per-slot costs (`None`: a
/// unit does not fit): the earliest start with the least total (penalised by `(1 + λ)^s`), and its
/// price, the chosen slots' costs summed in order.
fn cheapest_start(a: u32, costs: &[Option<f64>], duration: u32, late_penalty: f64) -> Result<(u32, f64), NoQuote> {
    let t_len = duration as usize;
    // Sliding window: finite sum (Neumaier-compensated) and count of infinite costs.
    let (mut sum, mut comp, mut infinite) = (0.0f64, 0.0f64, 0usize);
    let add = |sum: &mut f64, comp: &mut f64, x: f64| {
        let s = *sum + x;
        *comp += if sum.abs() >= x.abs() { (*sum - s) + x } else { (x - s) + *sum };
        *sum = s;
    };
    let mut best: Option<(u32, f64)> = None;
    let growth = 1.0 + late_penalty;
    for (k, c) in costs.iter().enumerate() {
        match c {
            Some(x) => add(&mut sum, &mut comp, *x),
            None => infinite += 1,
        }
        if k + 1 > t_len {
            match costs[k - t_len] {
                Some(x) => add(&mut sum, &mut comp, -x),
                None => infinite -= 1,
            }
        }
        if k + 1 >= t_len && infinite == 0 {
            let s = (k + 1 - t_len) as u32;
            let total = sum + comp;
            let key = if late_penalty > 0.0 { total * math::pow(growth, f64::from(s)) } else { total };
            if best.is_none_or(|(_, b)| key < b - TIE_TOLERANCE * b.abs()) {
                best = Some((s, key));
            }
        }
    }
    let (s, _) = best.ok_or(NoQuote::DoesNotFit { part: 0 })?;
    let price = costs[s as usize..s as usize + t_len].iter().map(|c| c.unwrap_or(0.0)).sum();
    Ok((a + s, price))
}

/// The variables of a [`FormulaPrice`] unit price, in the order they are passed.
pub const UNIT_PRICE_VARIABLES: [Variable; 7] = [
    Variable {
        name: "demand_price",
        meaning: "Basic-Econ's price for this unit: the highest price at which the predicted demand still to come exceeds the units left after it",
        unit: "money per unit and slot",
    },
    Variable { name: "remaining", meaning: "units of the resource still free at this slot after this unit (capacity − promised − i)", unit: "units" },
    Variable { name: "capacity", meaning: "the resource's capacity at this slot", unit: "units" },
    Variable { name: "promised", meaning: "units already promised at this slot (earlier reservations and this request's earlier parts)", unit: "units" },
    Variable { name: "i", meaning: "which unit of the part this is, from 1 (a fractional last unit: the part's units)", unit: "units" },
    Variable { name: "t", meaning: "the slot being priced", unit: "slots" },
    Variable { name: "now", meaning: "the slot at which the request is quoted (its submit time)", unit: "slots" },
];

/// Most whole units of one resource a part may ask for per slot under a unit price formula
/// (each is priced on its own; Basic-Econ sums a segment of its curve at once and has no limit).
pub const MAX_FORMULA_UNITS: f64 = 1_000_000.0;

/// Basic-Econ scheduling with a user's unit price (see the module's introduction).
#[derive(Debug)]
pub struct FormulaPrice {
    /// Over [`UNIT_PRICE_VARIABLES`].
    pub unit_price: Formula,
    pub min_unit_price: f64,
    pub max_unit_price: f64,
    pub late_penalty: f64,
    /// The first evaluation that gave no number.
    fault: RefCell<Option<Problem>>,
}

impl FormulaPrice {
    pub fn new(unit_price: Formula, min_unit_price: f64, max_unit_price: f64, late_penalty: f64) -> Self {
        FormulaPrice { unit_price, min_unit_price, max_unit_price, late_penalty, fault: RefCell::new(None) }
    }

    /// The formula's price for one unit, clamped; `Err` (recorded) if it is not a number.
    fn unit(&self, values: &[f64; 7], resource: &str) -> Result<f64, ()> {
        let p = self.unit_price.eval(values);
        if p.is_nan() || p.is_infinite() {
            let shown: Vec<String> =
                UNIT_PRICE_VARIABLES.iter().zip(values).map(|(v, x)| format!("{} = {x}", v.name)).collect();
            let id = if p.is_nan() { "err-era-formula-gave-nan" } else { "err-era-formula-gave-infinite" };
            let args = vec![
                ("formula", self.unit_price.source().to_string()),
                ("unit", values[4].to_string()),
                ("resource", resource.to_string()),
                ("slot", values[5].to_string()),
                ("variables", shown.join(", ")),
            ];
            self.fault.replace(Some(Problem::keyed("", id, args)));
            return Err(());
        }
        Ok(p.max(self.min_unit_price).min(self.max_unit_price))
    }

    /// `cost[t]` of `units` at slot `t`, unit by unit; `None` if a unit does not fit or the
    /// formula failed. Units priced alike in a row are summed as `price × count`, as Basic-Econ
    /// sums a curve segment, so that `demand_price` reproduces Basic-Econ to the bit.
    fn cost(&self, units: &[f64], t: u32, ctx: &Context<'_>, overlay: &Overlay) -> Option<f64> {
        let mut cost = 0.0;
        for (r, &w) in units.iter().enumerate() {
            if w <= 0.0 {
                continue;
            }
            let (capacity, extra) = (ctx.plan.capacity(r, t), overlay.extra(r, t));
            let base = capacity - ctx.plan.promised(r, t) - extra;
            let promised = ctx.plan.promised(r, t) + extra;
            let curve = ctx.predictor.curve(r, t, ctx.now);
            let name = ctx.cloud.resources.get(r).map_or("?", |x| x.name.as_str());
            let whole = w.floor();
            if base - whole < 0.0 {
                return None;
            }
            if whole > MAX_FORMULA_UNITS {
                // Unit by unit, a part this large would take hours: an error, never a hang.
                let args = vec![
                    ("units", whole.to_string()),
                    ("resource", name.to_string()),
                    ("slot", t.to_string()),
                    ("max", MAX_FORMULA_UNITS.to_string()),
                ];
                self.fault.replace(Some(Problem::keyed("", "err-era-formula-too-many-units", args)));
                return None;
            }
            // The whole units' sum apart, then added, in Basic-Econ's order of additions.
            let mut sum = 0.0;
            let mut run: Option<(usize, f64, u64)> = None;
            for i in 1..=whole as u64 {
                let remaining = base - i as f64;
                let (demand_price, point) = curve.price_and_point(remaining)?;
                let values = [demand_price, remaining, capacity, promised, i as f64, f64::from(t), f64::from(ctx.now)];
                let price = self.unit(&values, name).ok()?;
                run = match run {
                    Some((k, p, n)) if k == point && p == price => Some((k, p, n + 1)),
                    Some((_, p, n)) => {
                        sum += p * n as f64;
                        Some((point, price, 1))
                    }
                    None => Some((point, price, 1)),
                };
            }
            if let Some((_, p, n)) = run {
                sum += p * n as f64;
            }
            cost += sum;
            let fraction = w - whole;
            if fraction > 0.0 {
                let remaining = base - w;
                let demand_price = curve.price_of(remaining)?;
                let values = [demand_price, remaining, capacity, promised, w, f64::from(t), f64::from(ctx.now)];
                cost += fraction * self.unit(&values, name).ok()?;
            }
        }
        Some(cost)
    }
}

impl Algorithm for FormulaPrice {
    fn quote(&self, request: &Request, ctx: &Context<'_>) -> Result<Quote, NoQuote> {
        let place = |part: &Part, units: &[f64], overlay: &Overlay| {
            let (a, d) = window(part, ctx, request.submit)?;
            let mut costs = Vec::with_capacity((d - a) as usize);
            for t in a..d {
                costs.push(self.cost(units, t, ctx, overlay));
                if self.fault.borrow().is_some() {
                    return Err(NoQuote::DoesNotFit { part: 0 });
                }
            }
            cheapest_start(a, &costs, part.duration, self.late_penalty)
        };
        quote_parts(request, ctx, place, |k| k as u32)
    }

    fn fault(&self) -> Option<Problem> {
        self.fault.borrow().clone()
    }
}

/// Greedy, value-blind: the earliest start where the part fits, fixed unit price.
#[derive(Debug, Clone, PartialEq)]
pub struct FirstFit {
    pub unit_price: f64,
}

/// Whether `units` fit at slot `t` (promised + overlay + units ≤ capacity for every resource).
fn fits(units: &[f64], t: u32, ctx: &Context<'_>, overlay: &Overlay) -> bool {
    units
        .iter()
        .enumerate()
        .all(|(r, &w)| w <= 0.0 || ctx.plan.promised(r, t) + overlay.extra(r, t) + w <= ctx.plan.capacity(r, t) + 1e-9)
}

impl Algorithm for FirstFit {
    fn quote(&self, request: &Request, ctx: &Context<'_>) -> Result<Quote, NoQuote> {
        let place = |part: &Part, units: &[f64], overlay: &Overlay| {
            let (a, d) = window(part, ctx, request.submit)?;
            let mut run = 0;
            for t in a..d {
                run = if fits(units, t, ctx, overlay) { run + 1 } else { 0 };
                if run == part.duration {
                    let price = self.unit_price * part.formal_units(ctx.cloud) * f64::from(part.duration);
                    return Ok((t + 1 - part.duration, price));
                }
            }
            Err(NoQuote::DoesNotFit { part: 0 })
        };
        quote_parts(request, ctx, place, |k| k as u32)
    }
}

/// Accepts what fits *now* (at `submit`), starts it at once, fixed unit price.
#[derive(Debug, Clone, PartialEq)]
pub struct OnDemand {
    pub unit_price: f64,
}

impl Algorithm for OnDemand {
    fn quote(&self, request: &Request, ctx: &Context<'_>) -> Result<Quote, NoQuote> {
        let now = request.submit;
        let place = |part: &Part, units: &[f64], overlay: &Overlay| {
            if !fits(units, now, ctx, overlay) {
                return Err(NoQuote::DoesNotFit { part: 0 });
            }
            Ok((now, self.unit_price * part.formal_units(ctx.cloud) * f64::from(part.duration)))
        };
        quote_parts(request, ctx, place, |k| k as u32)
    }
}
