//! The scheduler (spec "Model"): integer time; at each time `t` pieces that end free their
//! cores, sites leave, released pieces join their organization's queue; then, while a machine has
//! free cores and some piece waits, the lowest free machine (organization, machine) is given to
//! an organization chosen by the rule — evaluated at `t + 1` and recomputed before every choice —
//! which starts its earliest waiting piece that fits. Work-conserving (without a federation
//! block). Event-driven: O(events · N + pieces · log N) for N organizations (keys are rebuilt
//! once per event time with waiting pieces, then updated for the two organizations a start
//! touches).
//!
//! With a `federation` block (the paper's ClusterShare) the same loop is the coordination layer,
//! and each site's broker lends a free machine to foreign pieces only while its reserved fraction
//! (busy cores / cores, its own and foreign pieces alike) is below the exposure threshold; a site
//! that leaves takes its machines away and withdraws its waiting pieces. Foreign pieces running
//! there lose their work and go back to their queues "as if they were just submitted": their
//! release becomes the leave time (for their place in the queue, their wait and ψ_rel). Without a
//! binding threshold and departures it is the centralised scheduler (tested).

use std::collections::{BTreeMap, VecDeque};

use super::model::{Federation, Workload};
use super::priority::{Priority, Tournament, View};
use super::utility::{Psi, Quad};
use crate::error::Problem;

/// Where and when a piece ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub piece: u32,
    pub machine_org: u32,
    /// Index of the machine within its organization.
    pub machine: u32,
    pub start: u64,
    pub end: u64,
}

/// The outcome of one simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Per organization: Σ (start − release) over its federation pieces, with the release in
    /// effect (a piece re-queued by a departure was released at the departure); a piece that
    /// never starts counts as waiting until the horizon.
    pub wait: Vec<u64>,
    /// Busy core-time (local pieces included).
    pub busy: u64,
    /// Cores of the coalition's machines.
    pub cores: u64,
    /// The last end time.
    pub makespan: u64,
    /// Pieces that never started (no machine of the coalition could take them).
    pub unstarted: u64,
    /// Pieces withdrawn by a leaving site.
    pub withdrawn: u64,
    /// Where every piece ran (when asked for).
    pub placements: Vec<Placement>,
    /// The rule could not choose (a user's formula that gave no number): what happened. The
    /// simulation stopped there; the other fields are partial.
    pub fault: Option<Problem>,
}

impl Outcome {
    pub fn total_wait(&self) -> u64 {
        self.wait.iter().sum()
    }

    /// Busy core-time / (cores × makespan); 0 for an empty schedule.
    pub fn utilization(&self) -> f64 {
        let denominator = self.cores as f64 * self.makespan as f64;
        if denominator > 0.0 {
            self.busy as f64 / denominator
        } else {
            0.0
        }
    }
}

/// The machines with free cores, as a bitset (the lowest first in O(machines / 64)).
struct FreeSet {
    words: Vec<u64>,
}

impl FreeSet {
    fn new(n: usize) -> Self {
        FreeSet { words: vec![0; n.div_ceil(64)] }
    }
    #[inline]
    fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }
    #[inline]
    fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }
    fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// The lowest member ≥ `from`.
    fn next(&self, from: usize) -> Option<usize> {
        let mut k = from / 64;
        if k >= self.words.len() {
            return None;
        }
        let mut w = self.words[k] & (u64::MAX << (from % 64));
        loop {
            if w != 0 {
                return Some(k * 64 + w.trailing_zeros() as usize);
            }
            k += 1;
            if k == self.words.len() {
                return None;
            }
            w = self.words[k];
        }
    }
}

struct Machine {
    org: usize,
    index: u32,
    free: u32,
    gone: bool,
}

/// Simulates the organizations in `members` (bitmask) under `rule`: only their machines and
/// pieces. `horizon` is when a piece that never starts stops waiting (at least this run's
/// makespan). `placements`: record where each piece ran.
pub fn simulate<P: Priority>(
    w: &Workload,
    members: u64,
    mut rule: P,
    federation: Option<&Federation>,
    horizon: u64,
    placements: bool,
) -> Outcome {
    let n = w.orgs.len();
    let member = |o: usize| members >> o & 1 == 1;
    let psi = rule.psi();
    // ψ_surface of each organization's own pieces, when the rule reads it and tracks another ψ.
    let track_usage = rule.usage() && psi != Psi::Surface;
    // Machines in (organization, index) order: the id order is the spec's "lowest free machine".
    let mut machines = Vec::new();
    let mut cores = vec![0u64; n];
    for (o, org) in w.orgs.iter().enumerate().filter(|(o, _)| member(*o)) {
        for (k, &c) in org.machines.iter().enumerate() {
            machines.push(Machine { org: o, index: k as u32, free: c, gone: false });
        }
        cores[o] = org.cores();
    }
    let mut busy_cores = vec![0u64; n];
    let mut free = FreeSet::new(machines.len());
    for (m, machine) in machines.iter().enumerate() {
        if machine.free > 0 {
            free.insert(m);
        }
    }
    let mut queues: Vec<VecDeque<usize>> = vec![VecDeque::new(); n];
    let mut local: Vec<VecDeque<usize>> = vec![VecDeque::new(); n];
    let mut contribution = vec![Quad::default(); n];
    let mut utility = vec![Quad::default(); n];
    let mut usage = vec![Quad::default(); if track_usage { n } else { 0 }];
    // Cores asked for by each organization's waiting (queued) pieces.
    let mut waiting = vec![0u64; n];
    let mut start = vec![u64::MAX; w.pieces.len()];
    // The release in effect: the piece's own, or the time its host left the federation.
    let mut release: Vec<u64> = w.pieces.iter().map(|p| p.release).collect();
    // Pieces re-queued at this time, joined after this time's releases.
    let mut requeued: Vec<usize> = Vec::new();
    let mut on = vec![u32::MAX; w.pieces.len()];
    // Running pieces by end time: (piece, start); few distinct end times are pending at once.
    let mut running: BTreeMap<u64, Vec<(usize, u64)>> = BTreeMap::new();
    let mut spare: Vec<Vec<(usize, u64)>> = Vec::new();
    let mut left = vec![false; n];
    let mut leaves: Vec<(u64, usize)> =
        federation.map_or(Vec::new(), |f| f.leaves.iter().filter(|l| member(l.org)).map(|l| (l.time, l.org)).collect());
    leaves.sort_unstable();
    let (mut next_leave, mut next_release) = (0usize, 0usize);
    let pieces: Vec<usize> = (0..w.pieces.len()).filter(|&i| member(w.pieces[i].org)).collect();
    let mut out = Outcome {
        wait: vec![0; n],
        busy: 0,
        cores: cores.iter().sum(),
        makespan: 0,
        unstarted: 0,
        withdrawn: 0,
        placements: Vec::new(),
        fault: None,
    };
    let mut tree: Tournament<P::Key> = Tournament::new(n);
    let threshold = federation.map(|f| f.exposure_threshold);

    let Some(first) = pieces.first() else { return out };
    let mut t = w.pieces[*first].release;
    if let Some(&(lt, _)) = leaves.first() {
        t = t.min(lt);
    }
    loop {
        // 1. Pieces ending at t free their cores.
        if let Some(mut ending) = running.remove(&t) {
            for &(i, s) in &ending {
                if start[i] != s {
                    continue; // preempted by a departure and requeued
                }
                let p = &w.pieces[i];
                let m = &mut machines[on[i] as usize];
                if !m.gone {
                    m.free += p.cores;
                    free.insert(on[i] as usize);
                }
                busy_cores[m.org] -= u64::from(p.cores);
                out.busy += u64::from(p.cores) * p.duration;
                out.makespan = out.makespan.max(t);
                if !p.local {
                    let (run, done) =
                        (psi.running(p.cores, s, release[i]), psi.ended(p.cores, s, p.duration, release[i]));
                    utility[p.org].sub(run);
                    utility[p.org].add(done);
                    contribution[m.org].sub(run);
                    contribution[m.org].add(done);
                    if track_usage {
                        usage[p.org].sub(Psi::Surface.running(p.cores, s, release[i]));
                        usage[p.org].add(Psi::Surface.ended(p.cores, s, p.duration, release[i]));
                    }
                }
            }
            ending.clear();
            spare.push(ending);
        }
        // 2. Sites leaving at t.
        while next_leave < leaves.len() && leaves[next_leave].0 == t {
            let o = leaves[next_leave].1;
            next_leave += 1;
            left[o] = true;
            for (id, m) in machines.iter_mut().enumerate().filter(|(_, m)| m.org == o) {
                m.gone = true;
                free.remove(id);
            }
            // Foreign pieces running on its machines lose their work and are submitted again now.
            for i in 0..w.pieces.len() {
                let p = &w.pieces[i];
                if start[i] != u64::MAX && on[i] != u32::MAX && machines[on[i] as usize].org == o && p.org != o {
                    let s = start[i];
                    if s + p.duration > t {
                        let run = psi.running(p.cores, s, release[i]);
                        utility[p.org].sub(run);
                        contribution[o].sub(run);
                        if track_usage {
                            usage[p.org].sub(Psi::Surface.running(p.cores, s, release[i]));
                        }
                        busy_cores[o] -= u64::from(p.cores);
                        out.busy += u64::from(p.cores) * (t - s);
                        start[i] = u64::MAX;
                        on[i] = u32::MAX;
                        release[i] = t;
                        requeued.push(i);
                    }
                }
            }
            out.withdrawn += (queues[o].len() + local[o].len()) as u64;
            queues[o].clear();
            waiting[o] = 0;
            local[o].clear();
        }
        // 3. Pieces released at t join their queues; then those re-queued at t, in their place
        // among them (release, then document order). A re-queued piece of a site that has left
        // is withdrawn: it was no longer running.
        while next_release < pieces.len() && w.pieces[pieces[next_release]].release == t {
            let i = pieces[next_release];
            next_release += 1;
            let p = &w.pieces[i];
            if left[p.org] {
                out.withdrawn += 1;
            } else if p.local {
                local[p.org].push_back(i);
            } else {
                queues[p.org].push_back(i);
                waiting[p.org] += u64::from(p.cores);
            }
        }
        for i in requeued.drain(..) {
            let o = w.pieces[i].org;
            if left[o] {
                out.withdrawn += 1;
                continue;
            }
            // Queues are in (release, document order): pieces are sorted by release, stably.
            let order = |k: usize| (release[k], w.pieces[k].job, w.pieces[k].piece);
            let q = &mut queues[o];
            let at = q.partition_point(|&k| order(k) < order(i));
            q.insert(at, i);
            waiting[o] += u64::from(w.pieces[i].cores);
        }
        // 4. Free machines, lowest first, each to the rule's choice.
        if !free.is_empty() && queues.iter().chain(local.iter()).any(|q| !q.is_empty()) {
            let view_t = t + 1;
            let key_of =
                |rule: &P, o: usize, contribution: &[Quad], utility: &[Quad], usage: &[Quad], waiting: &[u64]| {
                    let usage = if track_usage { usage } else { utility };
                    rule.key(o, &View { t: view_t, contribution, utility, usage, cores: &cores, waiting })
                };
            tree.rebuild(|o| {
                (!queues[o].is_empty()).then(|| key_of(&rule, o, &contribution, &utility, &usage, &waiting))
            });
            let mut cursor = 0;
            while let Some(id) = free.next(cursor) {
                cursor = id + 1;
                let mut excluded: Vec<usize> = Vec::new();
                while machines[id].free > 0 {
                    let mo = machines[id].org;
                    let fits = |k: usize| w.pieces[k].cores <= machines[id].free;
                    // Local users first, on their own machines.
                    let (i, org) = if let Some(pos) = local[mo].iter().position(|&k| fits(k)) {
                        (local[mo].remove(pos).unwrap_or_default(), None)
                    } else {
                        // Below the threshold, compared as a quotient: `busy < th · cores` would
                        // lend at exactly 28 % of 25 cores (0.28 · 25 = 7.000000000000001).
                        let exposed =
                            threshold.is_none_or(|th| cores[mo] > 0 && (busy_cores[mo] as f64 / cores[mo] as f64) < th);
                        let choice = if exposed { tree.best() } else { tree.key(mo).is_some().then_some(mo) };
                        let Some(o) = choice else { break };
                        match queues[o].iter().position(|&k| fits(k)) {
                            Some(pos) => {
                                let i = queues[o].remove(pos).unwrap_or_default();
                                waiting[o] -= u64::from(w.pieces[i].cores);
                                (i, Some(o))
                            }
                            None => {
                                // Nothing of `o` fits this machine: ask again without it.
                                excluded.push(o);
                                tree.set(o, None);
                                continue;
                            }
                        }
                    };
                    let p = &w.pieces[i];
                    start[i] = t;
                    on[i] = id as u32;
                    machines[id].free -= p.cores;
                    busy_cores[mo] += u64::from(p.cores);
                    running.entry(t + p.duration).or_insert_with(|| spare.pop().unwrap_or_default()).push((i, t));
                    if let Some(o) = org {
                        let run = psi.running(p.cores, t, release[i]);
                        utility[o].add(run);
                        contribution[mo].add(run);
                        if track_usage {
                            usage[o].add(Psi::Surface.running(p.cores, t, release[i]));
                        }
                        rule.chosen(o);
                        for k in [o, mo] {
                            if !excluded.contains(&k) {
                                let key = (!queues[k].is_empty())
                                    .then(|| key_of(&rule, k, &contribution, &utility, &usage, &waiting));
                                tree.set(k, key);
                            }
                        }
                    }
                }
                for o in excluded {
                    let key =
                        (!queues[o].is_empty()).then(|| key_of(&rule, o, &contribution, &utility, &usage, &waiting));
                    tree.set(o, key);
                }
                if machines[id].free == 0 {
                    free.remove(id);
                }
                if rule.failed() {
                    break;
                }
            }
            if rule.failed() {
                out.fault = rule.fault();
                return out;
            }
        }
        // Next event.
        let mut next = u64::MAX;
        if let Some((&end, _)) = running.first_key_value() {
            next = next.min(end);
        }
        if next_release < pieces.len() {
            next = next.min(w.pieces[pieces[next_release]].release);
        }
        if next_leave < leaves.len() {
            next = next.min(leaves[next_leave].0);
        }
        if next == u64::MAX {
            break;
        }
        t = next;
    }
    let horizon = horizon.max(out.makespan);
    for &i in &pieces {
        let p = &w.pieces[i];
        if p.local || (left[p.org] && start[i] == u64::MAX) {
            continue;
        }
        if start[i] == u64::MAX {
            out.unstarted += 1;
            out.wait[p.org] += horizon.saturating_sub(release[i]);
        } else {
            out.wait[p.org] += start[i] - release[i];
        }
    }
    if placements {
        out.placements = pieces
            .iter()
            .filter(|&&i| start[i] != u64::MAX)
            .map(|&i| {
                let m = &machines[on[i] as usize];
                Placement {
                    piece: i as u32,
                    machine_org: m.org as u32,
                    machine: m.index,
                    start: start[i],
                    end: start[i] + w.pieces[i].duration,
                }
            })
            .collect();
    }
    out
}
