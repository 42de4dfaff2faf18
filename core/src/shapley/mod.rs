//! # Exact Shapley value of a cooperative game
//!
//! A transferable-utility game on players `N = {0, …, n−1}` gives every coalition `C ⊆ N` a value
//! `v(C)` with `v(∅) = 0`. The Shapley value (L. S. Shapley, "A value for n-person games", in
//! *Contributions to the Theory of Games II*, Annals of Mathematics Studies 28, 1953,
//! doi:10.1515/9781400881970-018) pays each player its average marginal contribution:
//!
//! ```text
//! φ_i = Σ_{S ⊆ N∖{i}}  |S|! (n − |S| − 1)! / n!  ·  ( v(S ∪ {i}) − v(S) )
//! ```
//!
//! It is the unique allocation that is *efficient* (Σ φ_i = v(N)), *symmetric*, gives a *null
//! player* nothing and is *additive* in the game. CloudShare (Pacholczyk et al., CrossCloud 2018) uses it as the fair
//! reference against which DirectContr, FairShare and round-robin are judged.
//!
//! ## Algorithm and complexity
//! Regrouping the sum by coalition instead of by player,
//! `φ_i = Σ_{S ∋ i} w(|S|−1) v(S) − Σ_{S ∌ i} w(|S|) v(S)` with `w(s) = s!(n−s−1)!/n!`, so one
//! streaming pass over the `2^n` coalition values (stored by bitmask: player `i` is bit `i`) adds
//! one term per player: **O(2^n · n) time, O(2^n) memory** — not the O(n!·n) of enumerating
//! orderings. `w(s) = 1 / (n · C(n−1, s))` is exact in `f64` for `n ≤ 20`.
//! A second O(2^n) pass checks whether φ lies in the *core*: every coalition receives at least its
//! value, `Σ_{i∈C} φ_i ≥ v(C) − 1e-9`.
//!
//! ```
//! use cloudecon::shapley::{shapley_values, Game};
//! // Glove game: player 0 has a left glove, players 1 and 2 right gloves; a pair is worth 1.
//! let game = Game::from_fn(3, |c| f64::from((c & 1 != 0 && c & 0b110 != 0) as u8));
//! let phi = shapley_values(&game);
//! assert!((phi[0] - 2.0 / 3.0).abs() < 1e-12 && (phi[1] - 1.0 / 6.0).abs() < 1e-12);
//! ```

mod games;
mod job;
mod mechanism;
pub mod sampling;
mod scenario;

pub use games::GameFormula;
pub use job::{CoreViolation, ShapleyJob, ShapleyResult};
pub use mechanism::Shapley;
pub use scenario::{CoalitionValue, ShapleyScenario};

use crate::sim::run_to_end;

/// The largest game solved exactly (2^20 coalitions, 8 MiB of values).
pub const MAX_PLAYERS: usize = 20;

/// Tolerance of the core check, as the spec fixes it.
pub const CORE_TOLERANCE: f64 = 1e-9;

/// A cooperative game with transferable utility, stored as `2^n` values indexed by bitmask.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    players: usize,
    values: Vec<f64>,
}

/// Why a [`Game`] could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    #[error("a game needs between 1 and {MAX_PLAYERS} players, got {0}")]
    Players(usize),
    #[error("expected {expected} coalition values (2^n, the empty coalition first), got {got}")]
    Length { expected: usize, got: usize },
    #[error("the empty coalition must be worth 0, got {0}")]
    Empty(f64),
    #[error("coalition {mask:#b} has a non-finite value {value}")]
    NonFinite { mask: usize, value: f64 },
}

impl Game {
    /// A game from `2^n` values indexed by bitmask (`values[0]` is the empty coalition, 0).
    pub fn new(players: usize, values: Vec<f64>) -> Result<Self, GameError> {
        if players == 0 || players > MAX_PLAYERS {
            return Err(GameError::Players(players));
        }
        let expected = 1usize << players;
        if values.len() != expected {
            return Err(GameError::Length { expected, got: values.len() });
        }
        if values[0] != 0.0 {
            return Err(GameError::Empty(values[0]));
        }
        if let Some((mask, &value)) = values.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Err(GameError::NonFinite { mask, value });
        }
        Ok(Game { players, values })
    }

    /// A game whose value of coalition `mask` is `f(mask)`; `f` is not called for the empty one.
    ///
    /// # Panics
    /// If `players` is 0 or above [`MAX_PLAYERS`] — a programming error, never reachable from a
    /// validated scenario.
    pub fn from_fn(players: usize, mut f: impl FnMut(u32) -> f64) -> Self {
        assert!((1..=MAX_PLAYERS).contains(&players), "1..=20 players");
        let mut values = Vec::with_capacity(1 << players);
        values.push(0.0);
        values.extend((1..1u32 << players).map(&mut f));
        Game { players, values }
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// Value of the coalition with bitmask `mask`.
    pub fn value(&self, mask: u32) -> f64 {
        self.values[mask as usize]
    }

    /// Value of the grand coalition.
    pub fn grand_value(&self) -> f64 {
        self.values[self.values.len() - 1]
    }

    /// All `2^n` values by bitmask.
    pub fn values(&self) -> &[f64] {
        &self.values
    }
}

/// The exact Shapley value of every player, in player order. O(2^n · n).
pub fn shapley_values(game: &Game) -> Vec<f64> {
    run_to_end(ShapleyJob::new(game.clone(), Vec::new())).shapley
}

/// The Shapley weights `w(s) = s!(n−s−1)!/n! = 1/(n·C(n−1,s))` for `s = 0..n` (with `w(n) = 0`).
pub fn shapley_weights(n: usize) -> Vec<f64> {
    let mut w = Vec::with_capacity(n + 1);
    let mut binom = 1.0f64; // C(n-1, s)
    for s in 0..n {
        w.push(1.0 / (n as f64 * binom));
        binom = binom * (n - 1 - s) as f64 / (s + 1) as f64;
    }
    w.push(0.0);
    w
}
