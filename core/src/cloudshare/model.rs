//! The federation as plain types: organizations with machines, and the pieces of work they
//! submit (a job, or one unit piece of a job when jobs are split).

/// An organization: its machines (cores each; identical single-core processors are machines of
/// one core).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Org {
    pub name: String,
    pub machines: Vec<u32>,
}

impl Org {
    /// Total cores: the organization's share of the federation (FairShare).
    pub fn cores(&self) -> u64 {
        self.machines.iter().map(|&c| u64::from(c)).sum()
    }
}

/// What the scheduler runs: a job, or one piece of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Index of the owning organization.
    pub org: usize,
    pub release: u64,
    /// Units of time, ≥ 1 (not known to the scheduler until the piece ends).
    pub duration: u64,
    pub cores: u32,
    /// Index of the job in the document.
    pub job: u32,
    /// Index of the piece within its job (0 when not split).
    pub piece: u32,
    /// Background load of a local user: runs only on its organization's machines, first, and is
    /// outside the federation's accounting (scenario 3).
    pub local: bool,
}

/// A site leaving the federation at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leave {
    pub org: usize,
    pub time: u64,
}

/// The distributed form (ClusterShare): exposure threshold and departures.
#[derive(Debug, Clone, PartialEq)]
pub struct Federation {
    /// A site lends a free machine to foreign jobs only while its reserved fraction (busy cores /
    /// cores, its own and foreign pieces alike) is strictly below this: lending stops at
    /// busy / cores ≥ threshold. The document's default is 0.7 (the paper's "30% of the total CPU
    /// power is not reserved").
    pub exposure_threshold: f64,
    /// At a departure the site's running foreign pieces go back to their queues as if just
    /// submitted (release = the departure time); its waiting pieces are withdrawn.
    pub leaves: Vec<Leave>,
}

/// A workload ready to schedule: organizations, pieces sorted by (release, document order).
#[derive(Debug, Clone, PartialEq)]
pub struct Workload {
    pub orgs: Vec<Org>,
    pub pieces: Vec<Piece>,
    /// Pieces were cut into unit, single-core pieces (the wait of a coalition is then the same
    /// under every work-conserving algorithm).
    pub split: bool,
}
