//! Convergence statistics (the paper's Fig. 6): rounds Algorithm 1 needs, averaged over random
//! instances of the default setting — `users` jobs, `resources` types, budgets U[50, 200], weights
//! U[0.5, 2], α — while one of users, resources or α varies.

use serde::{Deserialize, Serialize};

use super::auction::{run_auction, AuctionParams};
use super::presets::random_bids;
use super::utility::UtilityKind;
use crate::sim::seeded_rng;

/// What varies along the x axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StudyOver {
    Users,
    Resources,
    Alpha,
}

/// Mean and largest number of rounds at one x, for linear and log utilities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundsPoint {
    pub x: f64,
    pub linear_mean: f64,
    pub linear_max: u32,
    pub log_mean: f64,
    pub log_max: u32,
}

/// The x values of the paper's Fig. 6 panels.
pub fn default_xs(over: StudyOver) -> Vec<f64> {
    match over {
        StudyOver::Users => vec![4.0, 8.0, 16.0, 32.0, 64.0, 128.0],
        StudyOver::Resources => vec![2.0, 4.0, 8.0, 16.0],
        StudyOver::Alpha => vec![0.1, 0.3, 0.5, 0.7, 0.9],
    }
}

/// Rounds to converge (default tolerance) over `runs` random instances per x, drawn from `seed`;
/// the others stay at 32 users, 4 resources, α = 0.5. Work: Σ_x runs · n · m · rounds.
pub fn rounds_study(over: StudyOver, xs: &[f64], runs: u32, seed: u64) -> Vec<RoundsPoint> {
    let mut rng = seeded_rng(seed);
    xs.iter()
        .map(|&x| {
            let (n, m, alpha) = match over {
                StudyOver::Users => (x.max(1.0) as usize, 4, 0.5),
                StudyOver::Resources => (32, x.max(1.0) as usize, 0.5),
                StudyOver::Alpha => (32, 4, x.clamp(0.0, 1.0)),
            };
            let params = AuctionParams { alpha, ..AuctionParams::default() };
            let mut stats = [(0u64, 0u32); 2];
            for _ in 0..runs.max(1) {
                for (k, kind) in [UtilityKind::Linear, UtilityKind::Log].into_iter().enumerate() {
                    let rounds = run_auction(&random_bids(n, m, kind, &mut rng), m, params).iterations;
                    stats[k] = (stats[k].0 + u64::from(rounds), stats[k].1.max(rounds));
                }
            }
            let mean = |(total, _): (u64, u32)| total as f64 / f64::from(runs.max(1));
            RoundsPoint {
                x,
                linear_mean: mean(stats[0]),
                linear_max: stats[0].1,
                log_mean: mean(stats[1]),
                log_max: stats[1].1,
            }
        })
        .collect()
}
