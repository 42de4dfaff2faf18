//! The run pipeline every page uses: validate the scenario, then run it inline when it is small
//! (instant feedback while editing) or in the Web Worker when it is large (progress, cancel).
//! [`cloudecon::runner::placement`] is the only place that decides which.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use cloudecon::runner::{self, Placement};
use cloudecon::{RunOutput, Scenario, ScenarioError};
use futures::StreamExt as _;
use gloo_worker::reactor::ReactorBridge;
use gloo_worker::Spawnable;
use yew::prelude::*;

use crate::worker::{FromWorker, RunReactor, ToWorker};

/// Where the worker bundle is served (a Trunk `data-type="worker"` link named `worker`).
pub const WORKER_PATH: &str = "/worker.js";

/// The state of the current run.
#[derive(Debug, Clone, PartialEq)]
pub enum RunState {
    /// Nothing to run.
    Idle,
    /// The scenario has problems; nothing runs until they are fixed.
    Invalid(ScenarioError),
    /// Running in the worker; `fraction` in [0, 1].
    Running { fraction: f64 },
    /// Finished; `in_worker` tells where it ran.
    Done { output: Rc<RunOutput>, in_worker: bool },
    /// Stopped by the user.
    Cancelled,
    /// The run failed for a reason other than the scenario.
    Failed(String),
}

/// The current run and a way to cancel it.
#[derive(Clone, PartialEq)]
pub struct RunHandle {
    pub state: RunState,
    /// The last finished output, kept while a new run is under way or was cancelled.
    pub last: Option<Rc<RunOutput>>,
    pub cancel: Callback<()>,
}

/// The app's one connection to the run worker, shared by every page through a context
/// ([`WorkerProvider`]): the worker is spawned on first use and reused afterwards.
#[derive(Default)]
pub struct WorkerLink {
    bridge: RefCell<Option<ReactorBridge<RunReactor>>>,
    /// Id of the run whose messages are wanted; older ones are ignored.
    current: Cell<u32>,
    /// Where messages of the current run go.
    listener: RefCell<Option<UseStateSetter<RunState>>>,
    /// When the worker was last heard from (ms, `Date.now()`), and the last run it finished.
    last_heard: Cell<f64>,
    settled: Cell<u32>,
}

/// A worker silent for this long while running is taken for dead (a panic in a worker only
/// reaches its console): the run fails with a message and the next run spawns a new worker.
const SILENCE_MS: f64 = 20_000.0;

impl WorkerLink {
    fn deliver(&self, msg: FromWorker) {
        self.last_heard.set(js_sys::Date::now());
        let (id, next) = match msg {
            FromWorker::Progress { id, done, total } => {
                (id, RunState::Running { fraction: if total == 0 { 1.0 } else { done as f64 / total as f64 } })
            }
            FromWorker::Done { id, result } => match RunOutput::from_json(&result) {
                Ok(out) => (id, RunState::Done { output: Rc::new(out), in_worker: true }),
                Err(e) => (id, RunState::Failed(format!("the worker sent an unreadable result: {e}"))),
            },
            FromWorker::Failed { id, message } => (id, RunState::Failed(message)),
            FromWorker::Cancelled { id } => (id, RunState::Cancelled),
        };
        if !matches!(next, RunState::Running { .. }) {
            self.settled.set(id);
        }
        if id == self.current.get() {
            if let Some(listener) = self.listener.borrow().as_ref() {
                listener.set(next);
            }
        }
    }

    /// Fails run `id` if the worker falls silent before finishing it, and drops that worker.
    fn watch(self: &Rc<Self>, id: u32) {
        let link = Rc::clone(self);
        wasm_bindgen_futures::spawn_local(async move {
            loop {
                gloo_timers::future::TimeoutFuture::new(2_000).await;
                if link.current.get() != id || link.settled.get() == id {
                    return;
                }
                if js_sys::Date::now() - link.last_heard.get() > SILENCE_MS {
                    *link.bridge.borrow_mut() = None;
                    if let Some(listener) = link.listener.borrow().as_ref() {
                        listener.set(RunState::Failed(
                            "the background worker stopped responding; edit the scenario to try again".into(),
                        ));
                    }
                    return;
                }
            }
        });
    }

    fn spawn(self: &Rc<Self>) {
        *self.bridge.borrow_mut() = Some(RunReactor::spawner().as_module(false).spawn(WORKER_PATH));
        let link = Rc::clone(self);
        wasm_bindgen_futures::spawn_local(async move {
            loop {
                let next = futures::future::poll_fn(|cx| match link.bridge.borrow_mut().as_mut() {
                    Some(bridge) => bridge.poll_next_unpin(cx),
                    None => std::task::Poll::Ready(None),
                })
                .await;
                match next {
                    Some(msg) => link.deliver(msg),
                    None => break,
                }
            }
        });
    }

    /// Sends a run to the worker (spawning it on first use); its messages go to `listener`.
    fn run(self: &Rc<Self>, scenario: &Scenario, listener: UseStateSetter<RunState>) {
        let id = self.current.get().wrapping_add(1);
        self.current.set(id);
        *self.listener.borrow_mut() = Some(listener);
        if self.bridge.borrow().is_none() {
            self.spawn();
        }
        if let Some(bridge) = self.bridge.borrow().as_ref() {
            bridge.send_input(ToWorker::Run { id, scenario: scenario.to_json() });
        }
        self.last_heard.set(js_sys::Date::now());
        self.watch(id);
    }

    fn cancel(&self) {
        if let Some(bridge) = self.bridge.borrow().as_ref() {
            bridge.send_input(ToWorker::Cancel { id: self.current.get() });
        }
    }

    /// Forgets the current worker run (a newer inline run replaced it).
    fn abandon(&self) {
        if self.listener.borrow().is_some() {
            self.cancel();
            self.current.set(self.current.get().wrapping_add(1));
        }
    }
}

/// The app's workers, one per channel (a page may run two scenarios at once, e.g. an auction
/// while its schedule simulates), shared by every page below the provider.
#[derive(Clone, Default)]
pub struct WorkerContext(Rc<RefCell<Vec<Channel>>>);

/// A channel's name and its worker.
type Channel = (&'static str, Rc<WorkerLink>);

impl WorkerContext {
    /// The link of a channel, created on first use.
    pub fn link(&self, channel: &'static str) -> Rc<WorkerLink> {
        let mut links = self.0.borrow_mut();
        if let Some((_, link)) = links.iter().find(|(c, _)| *c == channel) {
            return Rc::clone(link);
        }
        let link = Rc::new(WorkerLink::default());
        links.push((channel, Rc::clone(&link)));
        link
    }
}

impl PartialEq for WorkerContext {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Properties, PartialEq)]
pub struct WorkerProviderProps {
    pub children: Html,
}

#[component]
pub fn WorkerProvider(props: &WorkerProviderProps) -> Html {
    let link = use_memo((), |_| WorkerContext::default());
    html! {
        <ContextProvider<WorkerContext> context={(*link).clone()}>
            { props.children.clone() }
        </ContextProvider<WorkerContext>>
    }
}

/// Runs `scenario` whenever it changes (on the page's main worker channel).
#[hook]
pub fn use_run(scenario: &Scenario) -> RunHandle {
    use_run_on("main", Some(scenario.clone()))
}

/// Runs `scenario`, if any, whenever it changes, on its own worker `channel`.
#[hook]
pub fn use_run_on(channel: &'static str, scenario: Option<Scenario>) -> RunHandle {
    // Small scenarios (and invalid ones) are settled during the render itself, so an edit shows
    // its result in the same frame; only worker runs go through the state below.
    let settled = use_memo(scenario.clone(), |scenario| {
        let scenario = scenario.as_ref()?;
        Some(match scenario.validate().map(|()| runner::placement(scenario)) {
            Err(e) => RunState::Invalid(e),
            Ok(Placement::Inline) => match runner::run(scenario) {
                Ok(out) => RunState::Done { output: Rc::new(out), in_worker: false },
                Err(e) => RunState::Invalid(e),
            },
            Ok(Placement::Worker) => return None,
        })
    });
    let has_scenario = scenario.is_some();
    let worker_state = use_state_eq(|| RunState::Idle);
    let last = use_mut_ref(|| None::<Rc<RunOutput>>);
    let shared = use_context::<WorkerContext>();
    let own = use_memo((), |_| WorkerContext::default());
    let link = shared.unwrap_or_else(|| (*own).clone()).link(channel);
    {
        let worker_state = worker_state.clone();
        let link = Rc::clone(&link);
        let last = last.clone();
        let needs_worker = scenario.is_some() && settled.is_none();
        use_effect_with(scenario, move |scenario| match scenario {
            Some(scenario) if needs_worker => {
                worker_state.set(RunState::Running { fraction: 0.0 });
                link.run(scenario, worker_state.setter());
            }
            Some(_) => link.abandon(),
            None => {
                link.abandon();
                *last.borrow_mut() = None;
            }
        });
    }
    let state = match (has_scenario, settled.as_ref()) {
        (false, _) => RunState::Idle,
        (true, Some(s)) => s.clone(),
        (true, None) => (*worker_state).clone(),
    };
    if let RunState::Done { output, .. } = &state {
        *last.borrow_mut() = Some(Rc::clone(output));
    }
    let cancel = {
        let link = Rc::clone(&link);
        Callback::from(move |_| link.cancel())
    };
    let last = last.borrow().clone();
    RunHandle { state, last, cancel }
}
