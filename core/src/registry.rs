//! # The registration list
//!
//! Every mechanism of this build, named once, below. [`registry!`] turns the list into the
//! closed enums — [`MechanismKind`], [`MechanismSpec`] (a scenario's mechanism fields),
//! [`RunOutput`] (a run's result) and the job behind [`ScenarioJob`] — and into *visitors*: each
//! enum calls a generic `visit::<M: Registered>` with the mechanism type of its variant, so code
//! that works for any mechanism (the two document readers, validation, the runner, CSV, presets,
//! benchmarks) is written once, generically, and never names a mechanism. A mechanism left out of
//! a `match` is impossible: there are no hand-written matches over mechanisms.
//!
//! Adding a mechanism: implement [`Mechanism`] in its folder, add one line here.

use crate::error::ScenarioError;
use crate::mechanism::Mechanism;
use crate::sim::{Job, Progress, Step};

/// A registered mechanism: [`Mechanism`] plus its place in the closed enums (implemented by
/// [`registry!`] for each listed mechanism, never by hand).
pub trait Registered: Mechanism {
    const KIND: MechanismKind;
    /// Wraps the mechanism's fields as a [`MechanismSpec`].
    fn spec(scenario: Self::Scenario) -> MechanismSpec;
    /// The mechanism's fields, if `spec` is of this mechanism.
    fn spec_ref(spec: &MechanismSpec) -> Option<&Self::Scenario>;
    /// Wraps a result as a [`RunOutput`].
    fn output(output: Self::Output) -> RunOutput;
    /// The result, if `output` is of this mechanism.
    fn output_ref(output: &RunOutput) -> Option<&Self::Output>;
}

/// Something to do with a mechanism type (see [`MechanismKind::visit`]).
pub trait KindVisitor {
    type Out;
    fn visit<M: Registered>(self) -> Self::Out;
}

/// Something to do with a scenario's mechanism fields (see [`MechanismSpec::visit`]).
pub trait SpecVisitor {
    type Out;
    fn visit<M: Registered>(self, scenario: &M::Scenario) -> Self::Out;
}

/// Something to do with a result (see [`RunOutput::visit`]).
pub trait OutputVisitor {
    type Out;
    fn visit<M: Registered>(self, output: &M::Output) -> Self::Out;
}

/// Something to do with a result that may change it (see [`RunOutput::visit_mut`]).
pub trait OutputVisitorMut<'a> {
    type Out;
    fn visit<M: Registered>(self, output: &'a mut M::Output) -> Self::Out;
}

macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident => $ty:ty,)+) => {
        /// Which mechanism a scenario runs: one variant per registered mechanism.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum MechanismKind {
            $($(#[$doc])* $variant,)+
        }

        impl MechanismKind {
            /// Every mechanism this build can run, in registration order.
            pub const ALL: &'static [MechanismKind] = &[$(MechanismKind::$variant,)+];

            /// Calls `visitor` with this kind's mechanism type.
            pub fn visit<V: KindVisitor>(self, visitor: V) -> V::Out {
                match self {
                    $(MechanismKind::$variant => visitor.visit::<$ty>(),)+
                }
            }
        }

        /// The mechanism-specific fields of a scenario.
        #[derive(Debug, Clone, PartialEq)]
        pub enum MechanismSpec {
            $($(#[$doc])* $variant(<$ty as Mechanism>::Scenario),)+
        }

        impl MechanismSpec {
            pub fn kind(&self) -> MechanismKind {
                match self {
                    $(MechanismSpec::$variant(_) => MechanismKind::$variant,)+
                }
            }

            /// Calls `visitor` with the fields and their mechanism type.
            pub fn visit<V: SpecVisitor>(&self, visitor: V) -> V::Out {
                match self {
                    $(MechanismSpec::$variant(s) => visitor.visit::<$ty>(s),)+
                }
            }

            /// The run of these (validated) fields, which it takes over.
            pub fn into_job(self, seed: u64) -> ScenarioJob {
                let inner = match self {
                    $(MechanismSpec::$variant(s) => Inner::$variant(Box::new(<$ty as Mechanism>::start(s, seed))),)+
                };
                ScenarioJob { inner: Some(inner) }
            }
        }

        /// The result of a run: one variant per registered mechanism.
        #[derive(Debug, Clone, PartialEq)]
        pub enum RunOutput {
            $($(#[$doc])* $variant(<$ty as Mechanism>::Output),)+
        }

        impl RunOutput {
            pub fn kind(&self) -> MechanismKind {
                match self {
                    $(RunOutput::$variant(_) => MechanismKind::$variant,)+
                }
            }

            /// Calls `visitor` with the result and its mechanism type.
            pub fn visit<V: OutputVisitor>(&self, visitor: V) -> V::Out {
                match self {
                    $(RunOutput::$variant(o) => visitor.visit::<$ty>(o),)+
                }
            }

            /// Calls `visitor` with the result, mutable, and its mechanism type.
            pub fn visit_mut<'a, V: OutputVisitorMut<'a>>(&'a mut self, visitor: V) -> V::Out {
                match self {
                    $(RunOutput::$variant(o) => visitor.visit::<$ty>(o),)+
                }
            }
        }

        /// The job of the registered mechanism being run (boxed: jobs differ much in size).
        enum Inner {
            $($variant(Box<<$ty as Mechanism>::Job>),)+
        }

        impl Inner {
            fn step(&mut self, budget: u64) -> Step<Result<RunOutput, ScenarioError>> {
                match self {
                    $(Inner::$variant(job) => match job.step(budget) {
                        Step::Working(p) => Step::Working(p),
                        Step::Done(out) => Step::Done(<$ty as Mechanism>::finish(out).map(RunOutput::$variant)),
                    },)+
                }
            }

            fn progress(&self) -> Progress {
                match self {
                    $(Inner::$variant(job) => job.progress(),)+
                }
            }
        }

        $(impl Registered for $ty {
            const KIND: MechanismKind = MechanismKind::$variant;
            fn spec(scenario: Self::Scenario) -> MechanismSpec {
                MechanismSpec::$variant(scenario)
            }
            #[allow(unreachable_patterns)]
            fn spec_ref(spec: &MechanismSpec) -> Option<&Self::Scenario> {
                match spec {
                    MechanismSpec::$variant(s) => Some(s),
                    _ => None,
                }
            }
            fn output(output: Self::Output) -> RunOutput {
                RunOutput::$variant(output)
            }
            #[allow(unreachable_patterns)]
            fn output_ref(output: &RunOutput) -> Option<&Self::Output> {
                match output {
                    RunOutput::$variant(o) => Some(o),
                    _ => None,
                }
            }
        })+
    };
}

registry! {
    /// The Abacus auction, its incentive sweeps, scheduler and convergence study (Zhang et al., IC2E 2013).
    Abacus => crate::abacus::Abacus,
    /// Utility estimation by regression (Abacus, Section V).
    AbacusEstimate => crate::abacus::estimation::AbacusEstimate,
    /// The exact Shapley value of a cooperative game.
    Shapley => crate::shapley::Shapley,
    /// ERA: reservations priced from predicted demand (Babaioff et al., WWW 2017).
    Era => crate::era::Era,
    /// On-demand, spot, or both: policies learned online with delayed feedback (Menache et al., ICAC 2014).
    Spot => crate::spot::Spot,
    /// CloudShare / DirectContr: fair non-monetary scheduling in federated clouds (Pacholczyk et al., CrossCloud 2018).
    CloudShare => crate::cloudshare::CloudShare,
}

/// A set of registered mechanisms that code may dispatch to: [`Every`] mechanism, or one or two
/// named ones (`(Era,)`, `(Abacus, AbacusEstimate)`).
///
/// Code generic over a set links only its members. A page's bundle runs its own mechanisms
/// through it (`runner::run_in`, `RunOutput::from_json_in`), so the ERA page's wasm carries
/// ERA's run and not every mechanism's (issue 37's first-load budgets); the runner and the
/// worker use [`Every`].
pub trait Mechanisms {
    /// Calls `visitor` with the fields' mechanism type, or `None` if it is not in the set.
    fn visit_spec<V: SpecVisitor>(spec: &MechanismSpec, visitor: V) -> Option<V::Out>;
    /// Calls `visitor` with the kind's mechanism type, or `None` if it is not in the set.
    fn visit_kind<V: KindVisitor>(kind: MechanismKind, visitor: V) -> Option<V::Out>;
}

/// Every registered mechanism.
pub struct Every;

impl Mechanisms for Every {
    fn visit_spec<V: SpecVisitor>(spec: &MechanismSpec, visitor: V) -> Option<V::Out> {
        Some(spec.visit(visitor))
    }
    fn visit_kind<V: KindVisitor>(kind: MechanismKind, visitor: V) -> Option<V::Out> {
        Some(kind.visit(visitor))
    }
}

/// No mechanism (a bundle before it installs its own runs nothing).
impl Mechanisms for () {
    fn visit_spec<V: SpecVisitor>(_: &MechanismSpec, _: V) -> Option<V::Out> {
        None
    }
    fn visit_kind<V: KindVisitor>(_: MechanismKind, _: V) -> Option<V::Out> {
        None
    }
}

impl<A: Registered> Mechanisms for (A,) {
    fn visit_spec<V: SpecVisitor>(spec: &MechanismSpec, visitor: V) -> Option<V::Out> {
        A::spec_ref(spec).map(|s| visitor.visit::<A>(s))
    }
    fn visit_kind<V: KindVisitor>(kind: MechanismKind, visitor: V) -> Option<V::Out> {
        (kind == A::KIND).then(|| visitor.visit::<A>())
    }
}

impl<A: Registered, B: Registered> Mechanisms for (A, B) {
    fn visit_spec<V: SpecVisitor>(spec: &MechanismSpec, visitor: V) -> Option<V::Out> {
        match A::spec_ref(spec) {
            Some(s) => Some(visitor.visit::<A>(s)),
            None => B::spec_ref(spec).map(|s| visitor.visit::<B>(s)),
        }
    }
    fn visit_kind<V: KindVisitor>(kind: MechanismKind, visitor: V) -> Option<V::Out> {
        if kind == A::KIND {
            Some(visitor.visit::<A>())
        } else {
            (kind == B::KIND).then(|| visitor.visit::<B>())
        }
    }
}

/// Tags the spec reserves for mechanisms this build does not implement yet.
pub const PLANNED: &[&str] = &[];

impl MechanismKind {
    /// The `mechanism` tag in documents.
    pub fn tag(self) -> &'static str {
        struct Tag;
        impl KindVisitor for Tag {
            type Out = &'static str;
            fn visit<M: Registered>(self) -> &'static str {
                M::TAG
            }
        }
        self.visit(Tag)
    }

    /// A short human name of the mechanism.
    pub fn name(self) -> &'static str {
        struct Name;
        impl KindVisitor for Name {
            type Out = &'static str;
            fn visit<M: Registered>(self) -> &'static str {
                M::NAME
            }
        }
        self.visit(Name)
    }

    /// The mechanism with this tag.
    pub fn from_tag(tag: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.tag() == tag)
    }
}

/// A running scenario of any mechanism: steps its mechanism's job, and turns the job's output
/// into the result document (or the input problem only the run could find).
pub struct ScenarioJob {
    /// `None` once the run has finished.
    inner: Option<Inner>,
}

impl Job for ScenarioJob {
    type Output = Result<RunOutput, ScenarioError>;

    /// Stepping a finished run again is an error, not a panic.
    fn step(&mut self, budget: u64) -> Step<Self::Output> {
        let Some(inner) = &mut self.inner else {
            return Step::Done(Err(ScenarioError::keyed("document", "err-this-run-has-already-finished", vec![])));
        };
        let step = inner.step(budget);
        if matches!(step, Step::Done(_)) {
            self.inner = None;
        }
        step
    }

    fn progress(&self) -> Progress {
        match &self.inner {
            Some(inner) => inner.progress(),
            None => Progress { done: 1, total: 1 },
        }
    }
}
