//! Which organization a free machine serves next: the [`Priority`] trait, the paper's five
//! rules, and the tournament tree that finds the best eligible organization in O(log N) after
//! each choice (O(N) to rebuild when the time moves on and every key changes).

use std::cmp::{Ordering, Reverse};

use super::utility::{Psi, Quad};
use crate::error::Problem;

/// What a rule may read: per organization, the sums of the tracked utility over the pieces it
/// ran (`contribution`) and over its own pieces (`utility`), doubled, as polynomials in time;
/// the doubled ψ_surface of its own pieces (`usage`: the same slice as `utility` when the rule
/// tracks ψ_surface or does not ask for it, see [`Priority::usage`]); its cores; the cores its
/// waiting pieces ask for (`waiting`); and the time `t` (= now + 1) at which priorities are
/// evaluated.
pub struct View<'a> {
    pub t: u64,
    pub contribution: &'a [Quad],
    pub utility: &'a [Quad],
    pub usage: &'a [Quad],
    pub cores: &'a [u64],
    pub waiting: &'a [u64],
}

/// A scheduling rule: a key per organization, the largest wins (ties: the lowest index).
pub trait Priority {
    type Key: Ord + Copy;
    /// The utility the scheduler must track for this rule.
    fn psi(&self) -> Psi;
    /// Whether the rule reads `usage` (ψ_surface of an organization's own pieces) besides its
    /// own ψ: the scheduler then tracks both.
    fn usage(&self) -> bool {
        false
    }
    fn key(&self, org: usize, view: &View) -> Self::Key;
    /// `org` was just chosen.
    fn chosen(&mut self, _org: usize) {}
    /// Whether a key could not be computed (a user's formula that gave no number): the
    /// simulation stops and reports [`Priority::fault`].
    fn failed(&self) -> bool {
        false
    }
    /// What went wrong, once [`Priority::failed`] (as data: said in the reader's language).
    fn fault(&mut self) -> Option<Problem> {
        None
    }
}

/// DirectContr (ORIG_DIRECT, REL_DIRECT, SIMPL_DIRECT by `psi`): contribution − utility.
#[derive(Debug, Clone, Copy)]
pub struct DirectContr {
    pub psi: Psi,
}

impl Priority for DirectContr {
    type Key = i128;
    fn psi(&self) -> Psi {
        self.psi
    }
    #[inline]
    fn key(&self, org: usize, v: &View) -> i128 {
        v.contribution[org].at(v.t) - v.utility[org].at(v.t)
    }
}

/// FairShare: the smallest usage / share, share ∝ cores; no cores: last.
#[derive(Debug, Clone, Copy)]
pub struct FairShare;

/// `usage / share`, ordered so that the smaller ratio is the larger key (exact, by
/// cross-multiplication); a zero share is the smallest key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShareKey {
    usage: i128,
    share: u64,
}

impl Ord for ShareKey {
    fn cmp(&self, o: &Self) -> Ordering {
        match (self.share, o.share) {
            (0, 0) => Ordering::Equal,
            (0, _) => Ordering::Less,
            (_, 0) => Ordering::Greater,
            (a, b) => (o.usage * i128::from(a)).cmp(&(self.usage * i128::from(b))),
        }
    }
}

impl PartialOrd for ShareKey {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Priority for FairShare {
    type Key = ShareKey;
    fn psi(&self) -> Psi {
        Psi::Surface
    }
    #[inline]
    fn key(&self, org: usize, v: &View) -> ShareKey {
        ShareKey { usage: v.utility[org].at(v.t), share: v.cores[org] }
    }
}

/// Round robin (least recently chosen): never chosen first, then the earliest last choice.
#[derive(Debug, Clone)]
pub struct RoundRobin {
    /// Per organization: 0 if never chosen, else 1 + the sequence number of its last choice.
    last: Vec<u64>,
    next: u64,
}

impl RoundRobin {
    pub fn new(orgs: usize) -> Self {
        RoundRobin { last: vec![0; orgs], next: 1 }
    }
}

impl Priority for RoundRobin {
    type Key = Reverse<u64>;
    fn psi(&self) -> Psi {
        Psi::Surface
    }
    #[inline]
    fn key(&self, org: usize, _v: &View) -> Reverse<u64> {
        Reverse(self.last[org])
    }
    fn chosen(&mut self, org: usize) {
        self.last[org] = self.next;
        self.next += 1;
    }
}

const NONE: u32 = u32::MAX;

/// A tournament tree over organizations: leaf `o` holds its key when eligible; the root names
/// the best (largest key, then lowest index).
pub struct Tournament<K> {
    size: usize,
    keys: Vec<Option<K>>,
    best: Vec<u32>,
}

impl<K: Ord + Copy> Tournament<K> {
    pub fn new(orgs: usize) -> Self {
        let size = orgs.next_power_of_two().max(1);
        Tournament { size, keys: vec![None; orgs], best: vec![NONE; 2 * size] }
    }

    fn pick(&self, a: u32, b: u32) -> u32 {
        match (a, b) {
            (NONE, _) => b,
            (_, NONE) => a,
            _ => {
                let (ka, kb) = (self.keys[a as usize], self.keys[b as usize]);
                if kb > ka {
                    b
                } else {
                    a
                }
            }
        }
    }

    /// Sets every key at once (`None`: not eligible). O(N).
    pub fn rebuild(&mut self, mut key: impl FnMut(usize) -> Option<K>) {
        for o in 0..self.keys.len() {
            self.keys[o] = key(o);
            self.best[self.size + o] = if self.keys[o].is_some() { o as u32 } else { NONE };
        }
        for i in (1..self.size).rev() {
            self.best[i] = self.pick(self.best[2 * i], self.best[2 * i + 1]);
        }
    }

    /// Changes one key. O(log N).
    pub fn set(&mut self, org: usize, key: Option<K>) {
        self.keys[org] = key;
        let mut i = self.size + org;
        self.best[i] = if key.is_some() { org as u32 } else { NONE };
        while i > 1 {
            i /= 2;
            self.best[i] = self.pick(self.best[2 * i], self.best[2 * i + 1]);
        }
    }

    pub fn key(&self, org: usize) -> Option<K> {
        self.keys[org]
    }

    /// The best eligible organization.
    pub fn best(&self) -> Option<usize> {
        let b = self.best[1];
        (b != NONE).then_some(b as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_finds_the_largest_key_and_the_lowest_index_on_ties() {
        let mut t = Tournament::new(5);
        t.rebuild(|o| [Some(3), None, Some(7), Some(7), Some(1)][o]);
        assert_eq!(t.best(), Some(2));
        t.set(2, None);
        assert_eq!(t.best(), Some(3));
        t.set(4, Some(9));
        assert_eq!(t.best(), Some(4));
        t.rebuild(|_| None::<i32>);
        assert_eq!(t.best(), None);
    }

    #[test]
    fn share_keys_compare_ratios_exactly() {
        let k = |usage, share| ShareKey { usage, share };
        assert!(k(1, 3) > k(1, 2), "1/3 < 1/2: the smaller ratio wins");
        assert_eq!(k(2, 4).cmp(&k(1, 2)), Ordering::Equal);
        assert!(k(0, 0) < k(1_000_000, 1), "no share: last");
    }
}
