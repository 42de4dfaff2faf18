//! The cloud and the bids as ERA's algorithms see them: plain types, no serde (the document's
//! types in `scenario.rs` convert to these once, after validation).
//!
//! * A [`Cloud`]: resources (formal ones that are sold, and *virtual* ones that only model packing
//!   constraints), each with a capacity that steps over time, and named configurations whose
//!   *formal* bundle is what a user buys and whose *actual* bundle is what the system really uses.
//! * A [`Request`]: the parts of a bid — `count` units of a configuration for `duration`
//!   consecutive slots inside `[arrival, deadline)` — *without its value*. The value stays with the
//!   ERA layer (`era.rs`), so no algorithm can look at it before quoting.

/// Capacity of one resource over time: `(from, capacity)` steps, the first from slot 0, `from`
/// strictly increasing; a step holds until the next, the last one forever.
#[derive(Debug, Clone, PartialEq)]
pub struct Capacity {
    steps: Vec<(u32, f64)>,
}

impl Capacity {
    /// A capacity from validated steps (first from 0, increasing). Empty steps mean 0.
    pub fn new(steps: Vec<(u32, f64)>) -> Self {
        Capacity { steps }
    }

    /// A constant capacity.
    pub fn constant(c: f64) -> Self {
        Capacity { steps: vec![(0, c)] }
    }

    /// Capacity at slot `t`. O(log steps).
    pub fn at(&self, t: u32) -> f64 {
        let k = self.steps.partition_point(|&(from, _)| from <= t);
        if k == 0 {
            0.0
        } else {
            self.steps[k - 1].1
        }
    }

    /// Capacities of slots `0..horizon`.
    pub fn series(&self, horizon: u32) -> Vec<f64> {
        (0..horizon).map(|t| self.at(t)).collect()
    }
}

/// A resource of the cloud.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    pub name: String,
    /// Virtual resources are never sold, only used by configurations' actual bundles.
    pub virtual_resource: bool,
    pub capacity: Capacity,
}

/// A named bundle: `formal[r]` units of resource `r` are sold, `actual[r]` are used.
#[derive(Debug, Clone, PartialEq)]
pub struct Configuration {
    pub name: String,
    pub formal: Vec<f64>,
    pub actual: Vec<f64>,
}

/// The cloud ERA manages.
#[derive(Debug, Clone, PartialEq)]
pub struct Cloud {
    /// Slots `0..horizon` are planned and simulated.
    pub horizon: u32,
    pub resources: Vec<Resource>,
    pub configurations: Vec<Configuration>,
    /// Capacity steps are known in advance (`false`: the cloud reports them when they happen).
    pub announced: bool,
}

impl Cloud {
    /// Capacities per resource over the horizon (`[resource][slot]`).
    pub fn capacities(&self) -> Vec<Vec<f64>> {
        self.resources.iter().map(|r| r.capacity.series(self.horizon)).collect()
    }
}

/// One part of a bid (the paper's "resource request").
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// Index into [`Cloud::configurations`].
    pub config: usize,
    pub count: f64,
    pub duration: u32,
    pub arrival: u32,
    /// Exclusive.
    pub deadline: u32,
}

impl Part {
    /// Actual units of each resource this part uses while it runs.
    pub fn actual_units(&self, cloud: &Cloud) -> Vec<f64> {
        cloud.configurations[self.config].actual.iter().map(|a| a * self.count).collect()
    }

    /// Formal units bought (Σ over resources of count × formal amount).
    pub fn formal_units(&self, cloud: &Cloud) -> f64 {
        cloud.configurations[self.config].formal.iter().sum::<f64>() * self.count
    }

    /// The window in which this part may run when submitted at `submit`: `[max(arrival, submit),
    /// min(deadline, horizon))` (possibly empty).
    pub fn window(&self, submit: u32, horizon: u32) -> (u32, u32) {
        (self.arrival.max(submit), self.deadline.min(horizon))
    }
}

/// A reservation request as the algorithm sees it: everything but the value.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub submit: u32,
    /// All parts must be placed (AND).
    pub parts: Vec<Part>,
}

/// A bid: a request and the most its user will pay. Only the ERA layer reads `value`.
#[derive(Debug, Clone, PartialEq)]
pub struct Bid {
    pub request: Request,
    pub value: f64,
}
