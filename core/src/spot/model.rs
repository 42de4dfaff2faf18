//! The paper's model as plain types: jobs, the two policy families and the two bid methods, each
//! behind a small trait ([`Family`], [`BidRule`]) so that another family or bid method plugs in
//! beside them; [`Policy`] pairs one of each (enum dispatch: the evaluation loop runs millions of
//! policy-hours).

/// Slack on completion: a job completes when the hour's work reaches its remaining work less this.
pub const COMPLETION_SLACK: f64 = 1e-9;

/// The tie rule's relative tolerance: a slot interrupts spot instances bid at `b` only when its
/// price exceeds `b + TIE_TOLERANCE·max(1, |b|)` (spec "Running one job under one policy").
pub const TIE_TOLERANCE: f64 = 1e-12;

/// The highest price that does not interrupt a bid `b`: `b + 1e-12·max(1, |b|)`. A variable bid
/// is an average that, after a long constant stretch, equals the price up to its last bits;
/// without the tolerance rounding alone would decide whether the instances stop.
#[inline]
pub fn interrupt_threshold(b: f64) -> f64 {
    b + TIE_TOLERANCE * b.abs().max(1.0)
}

/// The unit of `m`, the remaining time in the policies' three tests (`(σ + m − 1)·a < r`,
/// `r > m·c`, `m > M`): the paper's Algorithm 1 says "let m be the number of remaining time
/// slots" while its decisions are hourly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RemainingUnit {
    /// `m = d − h` hours (this one included): the default.
    #[default]
    Hours,
    /// `m = (d − h)·H` slots: the literal reading.
    Slots,
}

impl RemainingUnit {
    pub fn tag(self) -> &'static str {
        match self {
            RemainingUnit::Hours => "hours",
            RemainingUnit::Slots => "slots",
        }
    }

    /// `m` with `hours_left` hours left (this one included) and `per_hour` slots an hour.
    #[inline]
    pub fn m(self, hours_left: u32, per_hour: u64) -> f64 {
        match self {
            RemainingUnit::Hours => f64::from(hours_left),
            RemainingUnit::Slots => f64::from(hours_left) * per_hour as f64,
        }
    }
}

/// A batch job (spec "Jobs"): arrives at slot `arrival`, is worth `value` if `size`
/// instance-hours of work are done within `deadline` hours, on at most `parallelism` instances.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Job {
    pub arrival: u64,
    /// Hours, ≥ 1.
    pub deadline: u32,
    /// Instance-hours, > 0.
    pub size: f64,
    /// Instances at once, > 0 (fractional: the paper ignores rounding).
    pub parallelism: f64,
    pub value: f64,
}

/// What a policy sees at the start of an hour of a job's life.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HourState {
    /// The remaining time `m` of the three tests: `d − h` hours (this one included), or
    /// `(d − h)·H` slots (see [`RemainingUnit`]).
    pub m: f64,
    /// Remaining work `r`.
    pub remaining: f64,
    /// Cost so far `q`.
    pub cost: f64,
    /// `a = min(r, c)`.
    pub usable: f64,
}

/// An hour's allocation: on-demand instances, spot instances (at the policy's bid), or drop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Decision {
    Run { on_demand: f64, spot: f64 },
    Drop,
}

/// A policy family: whether to take a job at all, and each hour's allocation.
pub trait Family {
    /// Before the first hour: `false` drops the job (it pays nothing and earns nothing).
    fn admits(&self, job: &Job, on_demand_price: f64) -> bool;
    /// The allocation of an hour.
    fn hour(&self, job: &Job, state: &HourState, on_demand_price: f64) -> Decision;
}

/// Rate-centric (Algorithm 1): a share `σ` of the usable instances on demand, the rest spot; all
/// on demand once spot would risk the deadline; drop when even that is not worth it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateCentric {
    pub sigma: f64,
}

impl Family for RateCentric {
    fn admits(&self, job: &Job, p: f64) -> bool {
        !(job.parallelism * f64::from(job.deadline) < job.size || p * self.sigma * job.size > job.value)
    }

    fn hour(&self, job: &Job, s: &HourState, p: f64) -> Decision {
        if (self.sigma + s.m - 1.0) * s.usable < s.remaining {
            if p * s.remaining + s.cost < job.value {
                Decision::Run { on_demand: s.usable, spot: 0.0 }
            } else {
                Decision::Drop
            }
        } else {
            Decision::Run { on_demand: self.sigma * s.usable, spot: (1.0 - self.sigma) * s.usable }
        }
    }
}

/// Deadline-centric: spot only while more than `M` hours (or slots, see [`RemainingUnit`]) are
/// left, then on demand only; drop when the job can no longer finish or has cost its value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeadlineCentric {
    pub m_threshold: u32,
}

impl Family for DeadlineCentric {
    fn admits(&self, job: &Job, _p: f64) -> bool {
        job.parallelism * f64::from(job.deadline) >= job.size
    }

    fn hour(&self, job: &Job, s: &HourState, p: f64) -> Decision {
        if s.remaining > s.m * job.parallelism || s.cost >= job.value {
            Decision::Drop
        } else if s.m > f64::from(self.m_threshold) {
            Decision::Run { on_demand: 0.0, spot: s.usable }
        } else if p * s.remaining + s.cost < job.value {
            Decision::Run { on_demand: s.usable, spot: 0.0 }
        } else {
            Decision::Drop
        }
    }
}

/// The price history a bid rule may read (see `history::Prices`).
pub trait PriceHistory {
    /// The weighted average `Σ_{k<n} price[k]·γ^((n−1−k)/H) / Σ_{k<n} γ^((n−1−k)/H)` of the
    /// prices before slot `n ≥ 1`, for the `gamma`-th distinct γ of the policy set.
    fn weighted_average(&self, gamma: usize, n: u64) -> f64;
}

/// How a policy bids for spot instances at the hour starting at slot `n`.
pub trait BidRule {
    fn bid(&self, n: u64, on_demand_price: f64, history: &impl PriceHistory) -> f64;
}

/// A fixed bid `b` throughout.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FixedBid {
    pub b: f64,
}

impl BidRule for FixedBid {
    fn bid(&self, _n: u64, _p: f64, _h: &impl PriceHistory) -> f64 {
        self.b
    }
}

/// The weighted average of past prices plus a safety margin `ε`; `p + ε` with no history.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VariableBid {
    pub gamma: f64,
    pub epsilon: f64,
    /// Index of `gamma` among the policy set's distinct γ (the precomputed averages).
    pub gamma_index: usize,
}

impl BidRule for VariableBid {
    fn bid(&self, n: u64, p: f64, history: &impl PriceHistory) -> f64 {
        if n == 0 {
            p + self.epsilon
        } else {
            history.weighted_average(self.gamma_index, n) + self.epsilon
        }
    }
}

/// Either family.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AnyFamily {
    Rate(RateCentric),
    Deadline(DeadlineCentric),
}

impl Family for AnyFamily {
    #[inline]
    fn admits(&self, job: &Job, p: f64) -> bool {
        match self {
            AnyFamily::Rate(f) => f.admits(job, p),
            AnyFamily::Deadline(f) => f.admits(job, p),
        }
    }
    #[inline]
    fn hour(&self, job: &Job, s: &HourState, p: f64) -> Decision {
        match self {
            AnyFamily::Rate(f) => f.hour(job, s, p),
            AnyFamily::Deadline(f) => f.hour(job, s, p),
        }
    }
}

/// Either bid method.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AnyBid {
    Fixed(FixedBid),
    Variable(VariableBid),
}

impl BidRule for AnyBid {
    #[inline]
    fn bid(&self, n: u64, p: f64, h: &impl PriceHistory) -> f64 {
        match self {
            AnyBid::Fixed(b) => b.bid(n, p, h),
            AnyBid::Variable(b) => b.bid(n, p, h),
        }
    }
}

/// A policy: a family and a bid method.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Policy {
    pub family: AnyFamily,
    pub bid: AnyBid,
}

/// A parameter as the paper's figures write it: `.25`, `0`, `1`, `-.5`.
pub fn short_number(x: f64) -> String {
    let s = format!("{x}");
    if let Some(rest) = s.strip_prefix("0.") {
        format!(".{rest}")
    } else if let Some(rest) = s.strip_prefix("-0.") {
        format!("-.{rest}")
    } else {
        s
    }
}

impl Policy {
    /// A short label: `RC σ=.2 fixed b=.25`, `DC M=3 var γ=.4 ε=.02`.
    pub fn label(&self) -> String {
        let family = match self.family {
            AnyFamily::Rate(f) => format!("RC σ={}", short_number(f.sigma)),
            AnyFamily::Deadline(f) => format!("DC M={}", f.m_threshold),
        };
        let bid = match self.bid {
            AnyBid::Fixed(b) => format!("fixed b={}", short_number(b.b)),
            AnyBid::Variable(b) => format!("var γ={} ε={}", short_number(b.gamma), short_number(b.epsilon)),
        };
        format!("{family} {bid}")
    }

    /// What the policy does, in words.
    pub fn meaning(&self) -> String {
        let bid = match self.bid {
            AnyBid::Fixed(b) => format!("bid {}", short_number(b.b)),
            AnyBid::Variable(b) => {
                let avg = if b.gamma == 0.0 {
                    "the last price".to_string()
                } else {
                    format!("the average of past prices (weight γ={} per hour)", short_number(b.gamma))
                };
                if b.epsilon == 0.0 {
                    format!("bid {avg}")
                } else {
                    format!("bid {avg} + {}", short_number(b.epsilon))
                }
            }
        };
        match self.family {
            AnyFamily::Rate(f) if f.sigma == 0.0 => format!("spot only, {bid}; on demand only to save the deadline"),
            AnyFamily::Rate(f) if f.sigma == 1.0 => "on demand only".to_string(),
            AnyFamily::Rate(f) => {
                format!("{:.0}% on demand, the rest spot ({bid}); all on demand to save the deadline", f.sigma * 100.0)
            }
            AnyFamily::Deadline(f) if f.m_threshold == 0 => format!("spot only, {bid}"),
            AnyFamily::Deadline(f) => {
                format!("spot only ({bid}) until {} hour(s) are left, then on demand only", f.m_threshold)
            }
        }
    }
}
