//! The transportation network of the LP and the greedy that solves it: jobs are added in
//! placement order, each pushed to a maximum flow by Dinic's algorithm (Dinic, Soviet Math.
//! Doklady 11, 1970) started at that job only. See the parent module's doc for why this is
//! optimal and which optimum it returns.
//!
//! Nodes: the active jobs by rank (`0..m`), then the slots (`m..m + H`). Arcs of the residual
//! graph: job → slot of its window while `y < W` (forward), slot → job while `y > 0` (rerouting
//! that job's units elsewhere), slot → sink while the slot has free capacity. The source arc
//! of the job being placed holds its remaining work; the earlier jobs' source arcs are never
//! used, so their totals never drop.

use super::amount::Amount;

/// An active job as the network sees it, in placement order.
pub(super) struct Active {
    /// Index in the caller's job list.
    pub index: usize,
    /// First slot of its clipped window and the window's length (≥ 1).
    pub lo: u32,
    pub len: u32,
    /// `W_j = m · 2^e`.
    pub units: (u64, i32),
    /// `min(T_j, len)`: the source arc holds `W_j` times this.
    pub slots: u32,
}

const UNSEEN: u32 = u32::MAX;
/// A node the current phase's depth-first search has left for good.
const BLOCKED: u32 = u32::MAX - 1;

/// The flow over `jobs` (placement order) and `capacity` (`m · 2^e` per slot), all scaled by
/// `2^scale`. Returns `y` per arc in job-major order (each job's window, slots ascending),
/// rounded toward zero to `f64`, or `None` if some scaled number does not fit in `A`.
pub(super) fn place<A: Amount>(jobs: &[Active], capacity: &[(u64, i32)], scale: u32) -> Option<Vec<f64>> {
    let mut net = Network::<A>::new(jobs, capacity, scale)?;
    for job in 0..jobs.len() {
        net.place(job);
    }
    Some(
        net.y
            .iter()
            .map(|&a| {
                let (m, e) = a.truncated();
                libm::scalbn(m as f64, e - scale as i32)
            })
            .collect(),
    )
}

fn scaled<A: Amount>((m, e): (u64, i32), scale: u32) -> Option<A> {
    // `e + scale ≥ 0`: the scale covers every input's fractional bits.
    A::from_parts(m, u32::try_from(i64::from(e) + i64::from(scale)).ok()?)
}

struct Network<A> {
    /// Number of jobs (slot `t` is node `m + t`).
    m: usize,
    /// Per job: first arc, first slot, width `W̃`, remaining work (source arc).
    first: Vec<usize>,
    lo: Vec<usize>,
    width: Vec<A>,
    remaining: Vec<A>,
    /// Per arc: its job, and `y`.
    arc_job: Vec<u32>,
    y: Vec<A>,
    /// Per slot: free capacity, and its arcs (jobs in rank order) in `slot_arcs[slot_first[t]..]`.
    free: Vec<A>,
    slot_first: Vec<usize>,
    slot_arcs: Vec<u32>,
    /// Per node: BFS level of the current phase, current arc, and dead (no path to the sink,
    /// ever again: see `place`).
    level: Vec<u32>,
    current: Vec<u32>,
    dead: Vec<bool>,
    /// The nodes the current phase labelled (the BFS queue), and the DFS path.
    queue: Vec<usize>,
    path: Vec<usize>,
}

impl<A: Amount> Network<A> {
    fn new(jobs: &[Active], capacity: &[(u64, i32)], scale: u32) -> Option<Self> {
        let (m, h) = (jobs.len(), capacity.len());
        let mut first = Vec::with_capacity(m);
        let mut width = Vec::with_capacity(m);
        let mut remaining = Vec::with_capacity(m);
        let mut arc_job = Vec::new();
        // What can reach each slot: a slot's capacity beyond it never binds.
        let mut reach = vec![A::ZERO; h];
        let mut count = vec![0usize; h + 1];
        for (rank, job) in jobs.iter().enumerate() {
            let w: A = scaled(job.units, scale)?;
            first.push(arc_job.len());
            width.push(w);
            remaining.push(w.checked_mul_u32(job.slots)?);
            let (lo, hi) = (job.lo as usize, (job.lo + job.len) as usize);
            arc_job.extend(std::iter::repeat_n(rank as u32, hi - lo));
            for t in lo..hi {
                reach[t] = reach[t].checked_add(w)?;
                count[t + 1] += 1;
            }
        }
        let mut free = Vec::with_capacity(h);
        for (t, &c) in capacity.iter().enumerate() {
            // A capacity too large for `A` is above the reach, which fits.
            let c: Option<A> = scaled(c, scale);
            free.push(c.map_or(reach[t], |c| c.min(reach[t])));
        }
        // The arcs at each slot in rank order (a counting sort over the job-major arcs).
        for t in 0..h {
            count[t + 1] += count[t];
        }
        let slot_first = count.clone();
        let mut slot_arcs = vec![0u32; arc_job.len()];
        for (rank, job) in jobs.iter().enumerate() {
            for k in 0..job.len as usize {
                let t = job.lo as usize + k;
                slot_arcs[count[t]] = (first[rank] + k) as u32;
                count[t] += 1;
            }
        }
        let nodes = m + h;
        Some(Network {
            m,
            first,
            lo: jobs.iter().map(|j| j.lo as usize).collect(),
            width,
            remaining,
            y: vec![A::ZERO; arc_job.len()],
            arc_job,
            free,
            slot_first,
            slot_arcs,
            level: vec![UNSEEN; nodes],
            current: vec![0; nodes],
            dead: vec![false; nodes],
            queue: Vec::new(),
            path: Vec::new(),
        })
    }

    fn arcs_of_job(&self, j: usize) -> std::ops::Range<usize> {
        let end = self.first.get(j + 1).copied().unwrap_or(self.y.len());
        self.first[j]..end
    }

    fn arcs_of_slot(&self, t: usize) -> &[u32] {
        &self.slot_arcs[self.slot_first[t]..self.slot_first[t + 1]]
    }

    /// Pushes job `j` to a maximum flow: Dinic phases until its work is placed or no augmenting
    /// path is left. In the latter case everything the last search reached is closed (no
    /// residual arc leaves it, none of its slots is free): no later augmenting path can enter
    /// it and get out, so it stays closed and later searches skip it.
    fn place(&mut self, j: usize) {
        while self.remaining[j] > A::ZERO {
            match self.levels(j) {
                Some(sink) => self.blocking_flow(j, sink),
                None => {
                    for &v in &self.queue {
                        self.dead[v] = true;
                    }
                    self.reset();
                    return;
                }
            }
            self.reset();
        }
    }

    fn reset(&mut self) {
        for &v in &self.queue {
            self.level[v] = UNSEEN;
        }
        self.queue.clear();
    }

    fn label(&mut self, v: usize, level: u32) {
        self.level[v] = level;
        self.current[v] = 0;
        self.queue.push(v);
    }

    /// Breadth-first search from job `j` over live nodes; returns the sink's level. Stops at the
    /// level before the sink's: nothing further can be on a shortest path.
    fn levels(&mut self, j: usize) -> Option<u32> {
        let mut sink = None;
        self.label(j, 0);
        let mut head = 0;
        while head < self.queue.len() {
            let u = self.queue[head];
            head += 1;
            let l = self.level[u];
            if sink.is_some_and(|s| l + 1 >= s) {
                break;
            }
            if u < self.m {
                for a in self.arcs_of_job(u) {
                    let t = self.m + self.lo[u] + (a - self.first[u]);
                    if self.level[t] == UNSEEN && !self.dead[t] && self.y[a] < self.width[u] {
                        self.label(t, l + 1);
                    }
                }
            } else if self.free[u - self.m] > A::ZERO {
                sink = Some(l + 1);
            } else {
                for k in self.slot_first[u - self.m]..self.slot_first[u - self.m + 1] {
                    let a = self.slot_arcs[k] as usize;
                    let v = self.arc_job[a] as usize;
                    if self.level[v] == UNSEEN && !self.dead[v] && self.y[a] > A::ZERO {
                        self.label(v, l + 1);
                    }
                }
            }
        }
        sink
    }

    /// The arc node `u` leaves by (its current arc), and that arc's residual capacity.
    fn arc_out(&self, u: usize) -> (usize, A) {
        let k = self.current[u] as usize;
        if u < self.m {
            let a = self.first[u] + k;
            (a, self.width[u].minus(self.y[a]))
        } else {
            let a = self.arcs_of_slot(u - self.m)[k] as usize;
            (a, self.y[a])
        }
    }

    /// Moves `u`'s current arc to its first admissible arc (one level down, residual > 0, and
    /// for a job reached from a slot, a level from which the sink is still reachable); returns
    /// the node it leads to.
    fn advance(&mut self, u: usize, sink: u32) -> Option<usize> {
        let next = self.level[u] + 1;
        if u < self.m {
            let len = self.arcs_of_job(u).len() as u32;
            while self.current[u] < len {
                let a = self.first[u] + self.current[u] as usize;
                let t = self.m + self.lo[u] + self.current[u] as usize;
                if self.level[t] == next && self.y[a] < self.width[u] {
                    return Some(t);
                }
                self.current[u] += 1;
            }
        } else {
            let t = u - self.m;
            let len = self.arcs_of_slot(t).len() as u32;
            while self.current[u] < len {
                let a = self.arcs_of_slot(t)[self.current[u] as usize] as usize;
                let v = self.arc_job[a] as usize;
                if self.level[v] == next && next + 1 < sink && self.y[a] > A::ZERO {
                    return Some(v);
                }
                self.current[u] += 1;
            }
        }
        None
    }

    /// One Dinic phase from job `j`: augmenting paths of length `sink` along the levels, found by
    /// a depth-first search that tries arcs in order (a job's slots ascending, a slot's jobs in
    /// rank order), until the phase is blocked or `j`'s work is placed.
    fn blocking_flow(&mut self, j: usize, sink: u32) {
        self.path.clear();
        self.path.push(j);
        while let Some(&u) = self.path.last() {
            if self.remaining[j] == A::ZERO {
                break;
            }
            let step = if u >= self.m && self.level[u] + 1 == sink {
                if self.free[u - self.m] > A::ZERO {
                    self.augment(j);
                    continue;
                }
                None
            } else {
                self.advance(u, sink)
            };
            match step {
                Some(v) => self.path.push(v),
                None => {
                    self.level[u] = BLOCKED;
                    self.path.pop();
                    if let Some(&p) = self.path.last() {
                        self.current[p] += 1;
                    }
                }
            }
        }
    }

    /// Pushes the bottleneck along the path (ending at a free slot), then cuts the path back to
    /// the tail of its first saturated arc.
    fn augment(&mut self, j: usize) {
        let last = self.path.len() - 1;
        let t = self.path[last] - self.m;
        let mut delta = self.remaining[j].min(self.free[t]);
        for &u in &self.path[..last] {
            delta = delta.min(self.arc_out(u).1);
        }
        for &u in &self.path[..last] {
            let (a, _) = self.arc_out(u);
            self.y[a] = if u < self.m { self.y[a].plus(delta) } else { self.y[a].minus(delta) };
        }
        self.free[t] = self.free[t].minus(delta);
        self.remaining[j] = self.remaining[j].minus(delta);
        if let Some(cut) = self.path[..last].iter().position(|&u| self.arc_out(u).1 == A::ZERO) {
            self.path.truncate(cut + 1);
        }
    }
}
