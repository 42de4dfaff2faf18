//! The Shapley computation as a resumable [`Job`]: pass 1 accumulates φ over all coalitions,
//! pass 2 checks the core. Each pass is `2^n` work units.

use serde::{Deserialize, Serialize};

use super::{shapley_weights, Game, CORE_TOLERANCE};
use crate::sim::{Job, Progress, Step};

/// The coalition whose value exceeds what the Shapley vector gives it by the most.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CoreViolation {
    pub members: Vec<String>,
    pub value: f64,
    pub allocated: f64,
}

/// Result fields of mechanism `shapley` (see `spec/cloudshare.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShapleyResult {
    pub players: Vec<String>,
    /// φ per player, in player order.
    pub shapley: Vec<f64>,
    /// v(N).
    pub grand_value: f64,
    /// Σφ − v(N); zero up to rounding (efficiency).
    pub efficiency_gap: f64,
    /// Whether every coalition gets at least its value (within 1e-9).
    pub in_core: bool,
    /// The most violated coalition when not in the core.
    pub core_violation: Option<CoreViolation>,
}

enum Phase {
    Values,
    Core {
        allocated: Vec<f64>,
        worst: Option<(u32, f64)>,
    },
    /// The result was handed out (with the most violated coalition, kept to hand it out again).
    Finished {
        worst: Option<(u32, f64)>,
    },
}

/// Resumable exact Shapley computation. See the [module docs](super) for the formula.
pub struct ShapleyJob {
    game: Game,
    names: Vec<String>,
    weights: Vec<f64>,
    phi: Vec<f64>,
    phase: Phase,
    next: u64,
}

impl ShapleyJob {
    /// `names` label the players in the result (an empty list gives `P1`, `P2`, …).
    pub fn new(game: Game, mut names: Vec<String>) -> Self {
        let n = game.players();
        if names.len() != n {
            names = (1..=n).map(|i| format!("P{i}")).collect();
        }
        ShapleyJob { weights: shapley_weights(n), phi: vec![0.0; n], game, names, phase: Phase::Values, next: 0 }
    }

    fn coalitions(&self) -> u64 {
        1u64 << self.game.players()
    }

    fn members(&self, mask: u32) -> Vec<String> {
        (0..self.game.players()).filter(|i| mask >> i & 1 == 1).map(|i| self.names[i].clone()).collect()
    }

    /// Pass 1 over masks `[from, to)`: φ_i += w(|S|−1)·v(S) if i ∈ S, −w(|S|)·v(S) otherwise.
    fn accumulate(&mut self, from: u64, to: u64) {
        let values = self.game.values();
        for mask in from.max(1)..to {
            let v = values[mask as usize];
            if v == 0.0 {
                continue;
            }
            let s = (mask as u32).count_ones() as usize;
            let inside = self.weights[s - 1] * v;
            let outside = self.weights[s] * v;
            for (i, phi) in self.phi.iter_mut().enumerate() {
                *phi += if mask >> i & 1 == 1 { inside } else { -outside };
            }
        }
    }

    fn result(&mut self, worst: Option<(u32, f64)>) -> ShapleyResult {
        let grand_value = self.game.grand_value();
        let total: f64 = self.phi.iter().sum();
        let core_violation = worst.map(|(mask, allocated)| CoreViolation {
            members: self.members(mask),
            value: self.game.value(mask),
            allocated,
        });
        ShapleyResult {
            players: self.names.clone(),
            shapley: self.phi.clone(),
            grand_value,
            efficiency_gap: total - grand_value,
            in_core: core_violation.is_none(),
            core_violation,
        }
    }
}

impl Job for ShapleyJob {
    type Output = ShapleyResult;

    fn step(&mut self, budget: u64) -> Step<ShapleyResult> {
        let total = self.coalitions();
        let mut left = budget.max(1);
        loop {
            match &mut self.phase {
                Phase::Values => {
                    let to = self.next.saturating_add(left).min(total);
                    let from = self.next;
                    self.accumulate(from, to);
                    left -= to - from;
                    self.next = to;
                    if to == total {
                        let allocated = vec![0.0; total as usize];
                        self.phase = Phase::Core { allocated, worst: None };
                        self.next = 1;
                    }
                }
                Phase::Core { allocated, worst } => {
                    let to = self.next.saturating_add(left).min(total);
                    for mask in self.next..to {
                        let m = mask as usize;
                        let low = m.trailing_zeros() as usize;
                        let a = allocated[m & (m - 1)] + self.phi[low];
                        allocated[m] = a;
                        let deficit = self.game.values()[m] - a;
                        if deficit > CORE_TOLERANCE && worst.is_none_or(|(w, wa)| deficit > self.game.value(w) - wa) {
                            *worst = Some((mask as u32, a));
                        }
                    }
                    left -= to - self.next;
                    self.next = to;
                    if to == total {
                        let worst = *worst;
                        self.phase = Phase::Finished { worst };
                        return Step::Done(self.result(worst));
                    }
                }
                // Stepped again after its result: the same result again.
                Phase::Finished { worst } => {
                    let worst = *worst;
                    return Step::Done(self.result(worst));
                }
            }
            if left == 0 {
                return Step::Working(self.progress());
            }
        }
    }

    fn progress(&self) -> Progress {
        let total = self.coalitions();
        let done = match self.phase {
            Phase::Values => self.next,
            Phase::Core { .. } => total + self.next,
            Phase::Finished { .. } => 2 * total,
        };
        Progress { done, total: 2 * total }
    }
}
