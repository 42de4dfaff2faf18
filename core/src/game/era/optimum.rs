//! The efficient allocation of an ERA round: the most total true value of a set of jobs, each
//! started in its window `[arrival, deadline − duration]`, such that the cores in use never exceed
//! the capacity in any slot (a knapsack over slots with a choice of start: NP-hard in general).
//!
//! **Method.** Depth-first branch and bound over the jobs in order of value per core-slot; each
//! job is placed at each start where it fits (cheapest under the slot prices `y` first), then left
//! out. Two bounds, both valid at every node:
//! * Lagrangian: for slot prices `y_t ≥ 0`, `value so far + Σ_t y_t · free_t +
//!   Σ_{jobs left} max(0, v_j − min_s W_j · Σ_{t ∈ [s, s+T_j)} y_t)`. The prices are found once, at
//!   the root, by a subgradient method (at the root this approaches the LP relaxation's bound);
//! * fractional knapsack: the jobs left, by value per core-slot, poured into the free core-slots
//!   of the span of their windows.
//!
//! Values are whole dollars, so a node is cut unless its bound reaches the best found plus 1. The
//! best found starts as the best of the seeds (e.g. the round's accepted jobs, checked to fit) and
//! three greedy packings.
//!
//! **Budget.** The search counts its work (nodes, slots looked at, jobs scanned); past `budget`
//! it stops and reports the best found with `exact: false` and the root's upper bound. The same
//! jobs give the same answer on every machine: no clock, ties broken by index.
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, DefaultHasher};

/// The work one round's search may do: about a tenth of a second natively, so a phone
/// that replays the round from its results link waits a second or so at worst.
pub const WORK_BUDGET: u64 = 50_000_000;
/// Subgradient steps at the root at most.
const PRICE_STEPS: u32 = 300;
/// Subgradient steps at a node that the cheaper bounds did not cut.
const REPRICE_STEPS: u32 = 12;
/// The memory of nodes seen (see [`Search::seen_better`]) at most.
const MEMORY_BYTES: usize = 16 << 20;

/// A job of the problem: `cores` cores for `duration` consecutive slots starting in
/// `[first, last]`, worth `value`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    pub cores: u64,
    pub duration: u32,
    pub first: u32,
    pub last: u32,
    pub value: u64,
}

impl Job {
    /// The job of a seat's type: its window of starts is `[arrival, deadline − duration]`.
    pub fn of(t: &super::Type) -> Job {
        Job {
            cores: u64::from(t.cores),
            duration: t.duration,
            first: t.arrival,
            last: t.deadline.saturating_sub(t.duration),
            value: u64::from(t.value),
        }
    }
}

/// The best allocation found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Best {
    /// Its total value.
    pub value: u64,
    /// Each job's start, or `None` if left out (in the jobs' order).
    pub starts: Vec<Option<u32>>,
    /// Whether the search finished, so that `value` is the optimum.
    pub exact: bool,
    /// No allocation is worth more (equals `value` when exact).
    pub upper_bound: u64,
}

/// A job that takes cores, as the search sees it.
struct Item {
    job: usize,
    cores: u64,
    duration: usize,
    value: u64,
    /// Core-slots.
    area: u64,
    /// Its starts, cheapest under the slot prices first.
    starts: Vec<usize>,
    /// Its cheapest start's price.
    cost: f64,
}

fn density(value: u64, area: u64) -> f64 {
    value as f64 / area as f64
}

/// The price of `cores` cores over `[s, s + duration)` with prefix sums `prefix` of the prices.
fn price(prefix: &[f64], cores: u64, s: usize, duration: usize) -> f64 {
    cores as f64 * (prefix[s + duration] - prefix[s])
}

fn prefix_sums(y: &[f64]) -> Vec<f64> {
    let mut prefix = Vec::with_capacity(y.len() + 1);
    prefix.push(0.0);
    for (t, v) in y.iter().enumerate() {
        prefix.push(prefix[t] + v);
    }
    prefix
}

/// The fractional knapsack of `items` (sorted by density) into `area` core-slots; with the
/// density at which the area runs out (0 if everything fits).
fn fractional(items: &[Item], mut area: u64) -> (f64, f64) {
    let mut total = 0.0;
    for it in items {
        if it.area <= area {
            area -= it.area;
            total += it.value as f64;
        } else {
            return (total + density(it.value, it.area) * area as f64, density(it.value, it.area));
        }
    }
    (total, 0.0)
}

/// The Lagrangian bound of prices `y` with `free` cores per slot, and each slot's load in the
/// relaxation's choice.
fn lagrangian(items: &[Item], y: &[f64], free: u64, load: &mut [i128]) -> f64 {
    let prefix = prefix_sums(y);
    load.iter_mut().for_each(|l| *l = 0);
    let mut total: f64 = y.iter().map(|v| v * free as f64).sum();
    for it in items {
        let best = it.starts.iter().map(|&s| (price(&prefix, it.cores, s, it.duration), s)).fold(
            None,
            |acc: Option<(f64, usize)>, (c, s)| match acc {
                Some((b, _)) if b <= c => acc,
                _ => Some((c, s)),
            },
        );
        if let Some((c, s)) = best {
            if (it.value as f64) > c {
                total += it.value as f64 - c;
                for l in &mut load[s..s + it.duration] {
                    *l += i128::from(it.cores);
                }
            }
        }
    }
    total
}

/// Slot prices that make the Lagrangian bound small: a subgradient method with Polyak steps
/// toward `lower` (a value known to be reachable), started from the fractional knapsack's
/// uniform price. Returns the best prices and their bound.
fn slot_prices(
    items: &[Item],
    capacity: u64,
    horizon: usize,
    lower: u64,
    work: &mut u64,
    budget: u64,
) -> (Vec<f64>, f64) {
    let (_, lambda) = fractional(items, capacity.saturating_mul(horizon as u64));
    let mut y = vec![lambda; horizon];
    let mut load = vec![0i128; horizon];
    let mut best_y = y.clone();
    let mut best = f64::INFINITY;
    let mut theta = 1.0;
    let mut stale = 0;
    let step_work = horizon as u64 + items.iter().map(|it| it.starts.len() as u64 + it.duration as u64).sum::<u64>();
    for _ in 0..PRICE_STEPS {
        if *work + step_work > budget / 4 {
            break;
        }
        *work += step_work;
        let bound = lagrangian(items, &y, capacity, &mut load);
        if bound < best {
            best = bound;
            best_y.clone_from(&y);
            stale = 0;
        } else {
            stale += 1;
            if stale >= 10 {
                theta /= 2.0;
                stale = 0;
            }
        }
        let gap = bound - lower as f64;
        let norm: f64 = load.iter().map(|&l| (i128::from(capacity) - l) as f64).map(|d| d * d).sum();
        if best < lower as f64 + 1.0 || norm == 0.0 || theta < 1e-4 || gap <= 0.0 {
            break;
        }
        let step = theta * gap / norm;
        for (v, &l) in y.iter_mut().zip(&load) {
            *v = (*v - step * (i128::from(capacity) - l) as f64).max(0.0);
        }
    }
    if !best.is_finite() {
        // No step was affordable: the uniform price's bound, which is the fractional knapsack.
        best = lagrangian(items, &y, capacity, &mut load);
    }
    (best_y, best)
}

/// Cores in use per slot, for placements.
struct Usage {
    capacity: u64,
    used: Vec<u64>,
}

impl Usage {
    fn fits(&self, cores: u64, s: usize, duration: usize) -> bool {
        self.used[s..s + duration].iter().all(|&u| u + cores <= self.capacity)
    }
    fn add(&mut self, cores: u64, s: usize, duration: usize) {
        self.used[s..s + duration].iter_mut().for_each(|u| *u += cores);
    }
    fn remove(&mut self, cores: u64, s: usize, duration: usize) {
        self.used[s..s + duration].iter_mut().for_each(|u| *u -= cores);
    }
}

/// The value of each item placed at its first start that fits, in `order`.
fn greedy(items: &[Item], order: &[usize], capacity: u64, horizon: usize) -> (u64, Vec<Option<usize>>) {
    let mut usage = Usage { capacity, used: vec![0; horizon] };
    let mut chosen = vec![None; items.len()];
    let mut value = 0;
    for &k in order {
        let it = &items[k];
        if let Some(&s) = it.starts.iter().find(|&&s| usage.fits(it.cores, s, it.duration)) {
            usage.add(it.cores, s, it.duration);
            chosen[k] = Some(s);
            value += it.value;
        }
    }
    (value, chosen)
}

/// A seed (a start or `None` per job) as the items' placements, if it keeps to the windows and
/// the capacity.
fn seed_of(
    items: &[Item],
    jobs: &[Job],
    seed: &[Option<u32>],
    capacity: u64,
    horizon: usize,
) -> Option<(u64, Vec<Option<usize>>)> {
    let mut usage = vec![0u64; horizon];
    let mut chosen = vec![None; items.len()];
    let mut value = 0;
    let mut taken = vec![false; jobs.len()];
    for (k, it) in items.iter().enumerate() {
        let Some(Some(s)) = seed.get(it.job) else { continue };
        let s = *s as usize;
        if !it.starts.contains(&s) {
            return None;
        }
        for u in &mut usage[s..s + it.duration] {
            *u += it.cores;
            if *u > capacity {
                return None;
            }
        }
        chosen[k] = Some(s);
        value += it.value;
        taken[it.job] = true;
    }
    // A seed that starts a job the search leaves aside (no start fits) is not a seed.
    let stray = jobs
        .iter()
        .enumerate()
        .any(|(j, job)| !taken[j] && job.cores > 0 && job.duration > 0 && matches!(seed.get(j), Some(Some(_))));
    (!stray).then_some((value, chosen))
}

/// The depth-first search: depth `k` decides item `k`.
struct Search<'a> {
    items: &'a [Item],
    /// Prefix sums of the slot prices.
    prefix: &'a [f64],
    /// `reduced[k]`: Σ over items `k..` of `max(0, value − cheapest price)`.
    reduced: &'a [f64],
    /// The items by value per core-slot (their order), and those of positive reduced value
    /// by reduced value per core-slot.
    by_density: &'a [usize],
    by_reduced: &'a [usize],
    /// `span[k]`: the slots of the windows of items `k..`.
    span: &'a [(usize, usize)],
    tolerance: f64,
    usage: Usage,
    chosen: Vec<Option<usize>>,
    value: u64,
    best: u64,
    best_chosen: Vec<Option<usize>>,
    work: u64,
    budget: u64,
    /// Slot prices per depth (each node's start from its parent's).
    prices: Vec<Vec<f64>>,
    /// The best value entered per depth and cores in use (see [`Search::seen_better`]).
    seen: HashMap<(u32, Vec<u16>), u64, BuildHasherDefault<DefaultHasher>>,
    seen_bytes: usize,
}

/// "No option left" at a depth.
const DONE: usize = usize::MAX;

impl Search<'_> {
    /// Searches the whole tree from the root, where the prices times the free cores total
    /// `priced`; `false` if the budget ran out first.
    fn run(&mut self, priced: f64) -> bool {
        let n = self.items.len();
        // Per depth: the next option (a start's index, then "left out"), and Σ_t y_t · free_t.
        let mut next = vec![0usize; n + 1];
        let mut priced_at = vec![0.0; n + 1];
        priced_at[0] = priced;
        let mut depth = 0usize;
        if !self.enter(0, priced, &mut next) {
            return false;
        }
        loop {
            if depth == n || next[depth] == DONE {
                if depth == 0 {
                    return true;
                }
                depth -= 1;
                let it = &self.items[depth];
                if let Some(s) = self.chosen[depth].take() {
                    self.usage.remove(it.cores, s, it.duration);
                    self.value -= it.value;
                }
                continue;
            }
            let it = &self.items[depth];
            let option = next[depth];
            next[depth] += 1;
            if let Some(&s) = it.starts.get(option) {
                self.work += it.duration as u64;
                if !self.usage.fits(it.cores, s, it.duration) {
                    continue;
                }
                self.usage.add(it.cores, s, it.duration);
                self.chosen[depth] = Some(s);
                self.value += it.value;
                priced_at[depth + 1] = priced_at[depth] - price(self.prefix, it.cores, s, it.duration);
            } else if option == it.starts.len() {
                priced_at[depth + 1] = priced_at[depth];
            } else {
                next[depth] = DONE;
                continue;
            }
            depth += 1;
            if !self.enter(depth, priced_at[depth], &mut next) {
                return false;
            }
        }
    }

    /// Whether a node of this depth with the same cores in use over the slots the items left
    /// can take, and at least this value, was entered before (then nothing below this one
    /// beats what was found below that one); else remembers this one, while the memory lasts.
    fn seen_better(&mut self, depth: usize) -> bool {
        let (lo, hi) = self.span[depth];
        let Some(used) = self.usage.used.get(lo..hi) else { return false };
        self.work += 2 * used.len() as u64;
        let key = (depth as u32, used.iter().map(|&u| u as u16).collect::<Vec<u16>>());
        match self.seen.get_mut(&key) {
            Some(v) if *v >= self.value => return true,
            Some(v) => *v = self.value,
            None if self.seen_bytes + key.1.len() * 2 + 48 <= MEMORY_BYTES
                && self.usage.capacity <= u64::from(u16::MAX) =>
            {
                self.seen_bytes += key.1.len() * 2 + 48;
                self.seen.insert(key, self.value);
            }
            None => {}
        }
        false
    }

    /// Whether item `k` fits somewhere in the free cores now.
    fn fits_somewhere(&mut self, k: usize) -> bool {
        let it = &self.items[k];
        self.work += (it.starts.len() * it.duration) as u64;
        it.starts.iter().any(|&s| self.usage.fits(it.cores, s, it.duration))
    }

    /// The fractional knapsack of the items from `depth` on that fit somewhere, taken in
    /// `order` (by value, or by reduced value, per core-slot), into `area` core-slots.
    fn knapsack(&mut self, depth: usize, mut area: u64, order: &[usize], reduced: bool) -> f64 {
        let mut total = 0.0;
        for &k in order {
            self.work += 1;
            if k < depth || !self.fits_somewhere(k) {
                continue;
            }
            let it = &self.items[k];
            let value = if reduced { it.value as f64 - it.cost } else { it.value as f64 };
            if it.area <= area {
                area -= it.area;
                total += value;
            } else {
                return total + value * area as f64 / it.area as f64;
            }
        }
        total
    }

    /// Arrives at a node: keeps it if it is the best so far, and sets `next[depth]` to the
    /// first option, or to [`DONE`] if no allocation below beats the best by $1. `false` if
    /// the budget has run out.
    fn enter(&mut self, depth: usize, priced: f64, next: &mut [usize]) -> bool {
        self.work += 1;
        if self.work > self.budget {
            return false;
        }
        if self.value > self.best {
            self.best = self.value;
            self.best_chosen.clone_from(&self.chosen);
        }
        next[depth] = DONE;
        if depth == self.items.len() {
            return true;
        }
        let need = (self.best + 1) as f64 - self.tolerance;
        if self.value as f64 + priced + self.reduced[depth] < need || self.seen_better(depth) {
            return true;
        }
        // Two fractional knapsacks into the free core-slots of the span of the items left,
        // leaving out items that fit nowhere now: one of the items' reduced values under the
        // prices (plus the prices of the free core-slots), one of their values.
        let (lo, hi) = self.span[depth];
        let capacity = self.usage.capacity;
        let free: u64 = self.usage.used.get(lo..hi).unwrap_or(&[]).iter().map(|u| capacity - u).sum();
        self.work += hi.saturating_sub(lo) as u64;
        let priced_bound = self.value as f64 + priced + self.knapsack(depth, free, self.by_reduced, true);
        if priced_bound < need {
            return true;
        }
        let bound = self.value as f64 + self.knapsack(depth, free, self.by_density, false);
        if bound < need || self.repriced_below(depth, need) {
            return true;
        }
        next[depth] = 0;
        true
    }

    /// Whether new slot prices, a few subgradient steps from the parent's toward `need`,
    /// bound the node below `need`: the Lagrangian bound with each item left at its cheapest
    /// start that fits now (items that fit nowhere left out).
    fn repriced_below(&mut self, depth: usize, need: f64) -> bool {
        let horizon = self.usage.used.len();
        let capacity = self.usage.capacity;
        if depth > 0 {
            let (parent, here) = self.prices.split_at_mut(depth);
            here[0].clone_from(&parent[depth - 1]);
        }
        let mut fitting: Vec<(usize, usize)> = Vec::new();
        for (k, it) in self.items.iter().enumerate().skip(depth) {
            self.work += (it.starts.len() * it.duration) as u64;
            fitting.extend(it.starts.iter().filter(|&&s| self.usage.fits(it.cores, s, it.duration)).map(|&s| (k, s)));
        }
        let mut load = vec![0u64; horizon];
        for _ in 0..REPRICE_STEPS {
            self.work += (fitting.len() + 2 * horizon) as u64;
            let y = &mut self.prices[depth];
            let prefix = prefix_sums(y);
            let mut bound = self.value as f64;
            for (t, v) in y.iter().enumerate() {
                bound += v * (capacity - self.usage.used[t]) as f64;
            }
            load.iter_mut().for_each(|l| *l = 0);
            let mut i = 0;
            while i < fitting.len() {
                let k = fitting[i].0;
                let it = &self.items[k];
                let mut cheapest: Option<(f64, usize)> = None;
                while i < fitting.len() && fitting[i].0 == k {
                    let s = fitting[i].1;
                    let c = price(&prefix, it.cores, s, it.duration);
                    if cheapest.is_none_or(|(b, _)| c < b) {
                        cheapest = Some((c, s));
                    }
                    i += 1;
                }
                if let Some((c, s)) = cheapest.filter(|&(c, _)| (it.value as f64) > c) {
                    bound += it.value as f64 - c;
                    load[s..s + it.duration].iter_mut().for_each(|l| *l += it.cores);
                }
            }
            if bound < need {
                return true;
            }
            let slack = |t: usize| (capacity - self.usage.used[t]) as f64 - load[t] as f64;
            let norm: f64 = (0..horizon).map(|t| slack(t) * slack(t)).sum();
            if norm == 0.0 {
                return false;
            }
            let step = (bound - need) / norm;
            for (t, v) in y.iter_mut().enumerate() {
                *v = (*v - step * slack(t)).max(0.0);
            }
        }
        false
    }
}

/// The efficient allocation of `jobs` on `capacity` cores over `horizon` slots (see the
/// module's documentation), starting from the best of `seeds` that fit.
pub fn solve(capacity: u64, horizon: u32, jobs: &[Job], seeds: &[Vec<Option<u32>>], budget: u64) -> Best {
    let horizon_slots = horizon as usize;
    // Jobs that take no cores (or no slots) and have a start are always taken.
    let mut base = 0u64;
    let mut starts: Vec<Option<u32>> = vec![None; jobs.len()];
    let mut items: Vec<Item> = Vec::new();
    for (j, job) in jobs.iter().enumerate() {
        let last = job.last.min(horizon.saturating_sub(job.duration));
        if job.duration > horizon || job.first > last || job.value == 0 {
            continue;
        }
        if job.cores == 0 || job.duration == 0 {
            base += job.value;
            starts[j] = Some(job.first);
            continue;
        }
        if job.cores > capacity {
            continue;
        }
        items.push(Item {
            job: j,
            cores: job.cores,
            duration: job.duration as usize,
            value: job.value,
            area: job.cores * u64::from(job.duration),
            starts: (job.first as usize..=last as usize).collect(),
            cost: 0.0,
        });
    }
    items.sort_by(|a, b| {
        // By density, highest first: v_a / A_a > v_b / A_b ⇔ v_a · A_b > v_b · A_a (exact).
        (u128::from(b.value) * u128::from(a.area))
            .cmp(&(u128::from(a.value) * u128::from(b.area)))
            .then(b.value.cmp(&a.value))
            .then(a.job.cmp(&b.job))
    });
    let n = items.len();
    let mut work = 0u64;

    // The best found: the seeds that fit, then greedy packings by density and by value.
    let mut best = 0u64;
    let mut best_chosen: Vec<Option<usize>> = vec![None; n];
    let consider =
        |(value, chosen): (u64, Vec<Option<usize>>), best: &mut u64, best_chosen: &mut Vec<Option<usize>>| {
            if value > *best {
                *best = value;
                *best_chosen = chosen;
            }
        };
    for seed in seeds {
        if let Some(found) = seed_of(&items, jobs, seed, capacity, horizon_slots) {
            consider(found, &mut best, &mut best_chosen);
        }
    }
    let by_density: Vec<usize> = (0..n).collect();
    consider(greedy(&items, &by_density, capacity, horizon_slots), &mut best, &mut best_chosen);
    let mut by_value = by_density.clone();
    by_value.sort_by(|&a, &b| items[b].value.cmp(&items[a].value).then(a.cmp(&b)));
    consider(greedy(&items, &by_value, capacity, horizon_slots), &mut best, &mut best_chosen);
    work += (n as u64) * 4 * (horizon as u64 + 1);

    // Slot prices; each item's starts by price; the bounds at the root.
    let (y, lagrangian_root) = slot_prices(&items, capacity, horizon_slots, best, &mut work, budget);
    let prefix = prefix_sums(&y);
    for it in &mut items {
        let cost = |s: usize| price(&prefix, it.cores, s, it.duration);
        it.starts.sort_by(|&a, &b| cost(a).total_cmp(&cost(b)).then(a.cmp(&b)));
        it.cost = it.starts.first().map_or(0.0, |&s| cost(s));
    }
    let mut by_reduced = by_density.clone();
    by_reduced.sort_by(|&a, &b| {
        let r = |k: usize| items[k].value as f64 - items[k].cost;
        r(b).total_cmp(&r(a)).then(a.cmp(&b))
    });
    consider(greedy(&items, &by_reduced, capacity, horizon_slots), &mut best, &mut best_chosen);
    let total: u64 = items.iter().map(|it| it.value).sum();
    let (knapsack_root, _) = fractional(&items, capacity.saturating_mul(u64::from(horizon)));
    let root = lagrangian_root.min(knapsack_root).min(total as f64);
    // Rounding: the bounds are sums of non-negative terms no larger than the root's.
    let tolerance = 1e-9 * (1.0 + root.abs()) + 1e-6;
    let root_bound = ((root + tolerance).floor() as u64).clamp(best, total);

    // Σ_{j ≥ k} of each item's reduced value under the prices; the span of the windows of
    // items k.. .
    let mut positive: Vec<usize> = (0..n).filter(|&k| items[k].value as f64 > items[k].cost).collect();
    positive.sort_by(|&a, &b| {
        let r = |k: usize| (items[k].value as f64 - items[k].cost) / items[k].area as f64;
        r(b).total_cmp(&r(a)).then(a.cmp(&b))
    });
    let mut reduced = vec![0.0; n + 1];
    let mut span = vec![(horizon_slots, 0usize); n + 1];
    for k in (0..n).rev() {
        let it = &items[k];
        reduced[k] = reduced[k + 1] + (it.value as f64 - it.cost).max(0.0);
        let lo = it.starts.iter().copied().min().unwrap_or(0);
        let hi = it.starts.iter().copied().max().unwrap_or(0) + it.duration;
        span[k] = (span[k + 1].0.min(lo), span[k + 1].1.max(hi));
    }

    let exact = best >= root_bound || {
        let mut search = Search {
            items: &items,
            prefix: &prefix,
            reduced: &reduced,
            by_density: &by_density,
            by_reduced: &positive,
            span: &span,
            tolerance,
            usage: Usage { capacity, used: vec![0; horizon_slots] },
            chosen: vec![None; n],
            value: 0,
            best,
            best_chosen,
            work,
            budget,
            prices: vec![y.clone(); n + 1],
            seen: HashMap::default(),
            seen_bytes: 0,
        };
        let finished = search.run(y.iter().sum::<f64>() * capacity as f64);
        best = search.best;
        best_chosen = search.best_chosen;
        finished
    };
    for (k, it) in items.iter().enumerate() {
        starts[it.job] = best_chosen[k].map(|s| s as u32);
    }
    let value = base + best;
    Best { value, starts, exact, upper_bound: if exact { value } else { base + root_bound.max(best) } }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(cores: u64, duration: u32, arrival: u32, deadline: u32, value: u64) -> Job {
        Job { cores, duration, first: arrival, last: deadline - duration, value }
    }

    /// Two cores, three slots. In arrival order (first-fit) and by value per core-slot the
    /// greedy packings take job 0 (the densest) and job 1 at slot 1: $9. Leaving job 0 out
    /// lets jobs 1 and 2 share slots 0–1 and job 3 take slot 2: $11, which fills all six
    /// core-slots.
    #[test]
    fn a_worked_example_where_greedy_is_not_efficient() {
        let jobs = [job(2, 1, 0, 1, 5), job(1, 2, 0, 3, 4), job(1, 2, 0, 2, 4), job(2, 1, 2, 3, 3)];
        let first_fit = vec![Some(0), Some(1), None, None];
        let best = solve(2, 3, &jobs, &[first_fit], WORK_BUDGET);
        assert_eq!(
            best,
            Best { value: 11, starts: vec![None, Some(0), Some(0), Some(2)], exact: true, upper_bound: 11 }
        );
    }

    #[test]
    fn a_search_out_of_budget_says_so_and_keeps_the_best_seed() {
        let jobs: Vec<Job> = (0..40).map(|i| job(1 + i % 3, 1 + i as u32 % 4, 0, 12, 10 + (i * 7) % 13)).collect();
        let seed: Vec<Option<u32>> = (0..40).map(|i| (i < 3).then_some(0)).collect();
        let best = solve(4, 12, &jobs, &[seed], 10);
        assert!(!best.exact);
        assert!(best.value >= jobs[..3].iter().map(|j| j.value).sum::<u64>());
        assert!(best.upper_bound >= best.value);
        // A seed that breaks the capacity is ignored.
        let over: Vec<Option<u32>> = (0..40).map(|_| Some(0)).collect();
        let best = solve(4, 12, &jobs, &[over], 10);
        assert!(best.upper_bound >= best.value);
    }

    #[test]
    fn degenerate_jobs_never_panic() {
        let jobs = [
            Job { cores: 0, duration: 2, first: 0, last: 1, value: 3 },
            Job { cores: 5, duration: 1, first: 0, last: 0, value: 9 },
            Job { cores: 1, duration: 9, first: 0, last: 0, value: 9 },
            Job { cores: 1, duration: 1, first: 3, last: 1, value: 9 },
            Job { cores: 1, duration: 1, first: 0, last: 7, value: 2 },
        ];
        let best = solve(2, 3, &jobs, &[vec![Some(7); 5], vec![]], WORK_BUDGET);
        assert_eq!(best.value, 5);
        assert!(best.exact);
        assert_eq!(solve(1, 0, &[], &[], 0).value, 0);
    }
}
