//! The run pipeline every page uses: validate the scenario, then run it inline when it is small
//! (instant feedback while editing) or in the Web Worker when it is large (progress, cancel).
//! [`cloudecon::runner::placement`] is the only place that decides which (through the bundle's
//! `services::engine`).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use cloudecon::runner::Placement;
use cloudecon::{RunOutput, Scenario, ScenarioError};
use futures::StreamExt as _;
use gloo_worker::reactor::ReactorBridge;
use gloo_worker::Spawnable;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Text;
use crate::services::engine;
use crate::worker::{FromWorker, RunReactor, ToWorker};

/// The state of the current run.
#[derive(Debug, Clone, PartialEq)]
pub enum RunState {
    /// Nothing to run.
    Idle,
    /// The scenario has problems; nothing runs until they are fixed.
    Invalid(ScenarioError),
    /// The background worker's code is still downloading (`total` when it can be known).
    Loading { received: u64, total: Option<u64> },
    /// Running in the worker; `fraction` in [0, 1].
    Running { fraction: f64 },
    /// Finished; `in_worker` tells where it ran.
    Done { output: Rc<RunOutput>, in_worker: bool },
    /// Stopped by the user.
    Cancelled,
    /// The run failed for a reason other than the scenario (said in the language shown then).
    Failed(Text),
}

/// The current run and a way to cancel it.
#[derive(Clone, PartialEq)]
pub struct RunHandle {
    pub state: RunState,
    /// The last finished output, kept while a new run is under way or was cancelled.
    pub last: Option<Rc<RunOutput>>,
    pub cancel: Callback<()>,
}

impl RunHandle {
    /// Whether `last` is the result of another scenario than the one the page shows now (the
    /// run of this one is under way, was cancelled or failed, or the scenario has problems): the
    /// page dims it and says so.
    pub fn stale(&self) -> bool {
        !matches!(self.state, RunState::Done { .. } | RunState::Idle) && self.last.is_some()
    }
}

/// Where the worker's code is: fetched by the page first (with progress; the worker starts from
/// those bytes, `services::worker_code`), then started, then ready.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Not fetched yet (or a fetch failed).
    Cold,
    /// The page is fetching the worker's wasm.
    Downloading,
    /// The worker was spawned and has not said `Ready` yet.
    Starting,
    /// The worker said `Ready`: from now on its silence means trouble.
    Ready,
}

/// The app's one connection to the run worker, shared by every page through a context
/// ([`WorkerProvider`]): the worker is spawned on first use and reused afterwards.
pub struct WorkerLink {
    /// This worker's key, which its panics carry (unique in the page).
    key: u32,
    bridge: RefCell<Option<ReactorBridge<RunReactor>>>,
    phase: Cell<Phase>,
    /// Id of the run whose messages are wanted; older ones are ignored.
    current: Cell<u32>,
    /// The message to send once the worker is there (the newest run, or the test's panic).
    pending: RefCell<Option<ToWorker>>,
    /// Where messages of the current run go.
    listener: RefCell<Option<UseStateSetter<RunState>>>,
    /// When the worker (or its download) was last heard from (ms, `Date.now()`), and the last
    /// run it finished.
    last_heard: Cell<f64>,
    settled: Cell<u32>,
    /// Listens to the workers' panic announcements.
    panics: RefCell<Option<gloo_events::EventListener>>,
}

thread_local! {
    static NEXT_KEY: Cell<u32> = const { Cell::new(1) };
}

impl Default for WorkerLink {
    fn default() -> Self {
        let key = NEXT_KEY.with(|k| {
            let key = k.get();
            k.set(key.wrapping_add(1));
            key
        });
        WorkerLink {
            key,
            bridge: RefCell::new(None),
            phase: Cell::new(Phase::Cold),
            current: Cell::new(0),
            pending: RefCell::new(None),
            listener: RefCell::new(None),
            last_heard: Cell::new(0.0),
            settled: Cell::new(0),
            panics: RefCell::new(None),
        }
    }
}

/// A started worker silent for this long while running is taken for dead (a panic in a worker
/// is announced, but a hang is not): the run fails with a message and the next run spawns a new
/// worker. The same limit applies to a download that receives nothing, and to a spawned worker
/// that does not start.
const SILENCE_MS: f64 = 20_000.0;

impl WorkerLink {
    fn tell(&self, state: RunState) {
        if let Some(listener) = self.listener.borrow().as_ref() {
            listener.set(state);
        }
    }

    fn deliver(&self, msg: FromWorker) {
        self.last_heard.set(js_sys::Date::now());
        let (id, next) = match msg {
            FromWorker::Ready => {
                self.phase.set(Phase::Ready);
                return;
            }
            FromWorker::Progress { id, done, total } => {
                (id, RunState::Running { fraction: if total == 0 { 1.0 } else { done as f64 / total as f64 } })
            }
            FromWorker::Done { id, result } => match engine::output(&result) {
                Ok(out) => (id, RunState::Done { output: Rc::new(out), in_worker: true }),
                Err(e) => (id, RunState::Failed(crate::said!("components-worker-unreadable", reason = e.to_string()))),
            },
            FromWorker::Failed { id, problems } => (id, RunState::Failed(Text::Problems(problems))),
            FromWorker::Cancelled { id } => (id, RunState::Cancelled),
            // Benchmarks and studies run on their pages' own workers, never on a run channel.
            FromWorker::Benchmarked { .. } | FromWorker::Studied { .. } => return,
        };
        if !matches!(next, RunState::Running { .. }) {
            self.settled.set(id);
        }
        if id == self.current.get() {
            self.tell(next);
        }
    }

    /// The worker is gone (it panicked, hung, or its download stalled): the current run fails
    /// and the next run starts a new worker (from the code the page keeps).
    fn fail(&self, message: Text) {
        *self.bridge.borrow_mut() = None;
        if self.phase.get() != Phase::Cold {
            self.phase.set(if self.phase.get() == Phase::Downloading { Phase::Cold } else { Phase::Starting });
        }
        self.settled.set(self.current.get());
        self.tell(RunState::Failed(message));
    }

    /// Fails run `id` if the worker (or its download) falls silent before finishing it. The
    /// clock runs from the last thing heard: bytes of the download, `Ready`, progress.
    fn watch(self: &Rc<Self>, id: u32) {
        let link = Rc::clone(self);
        wasm_bindgen_futures::spawn_local(async move {
            loop {
                gloo_timers::future::TimeoutFuture::new(2_000).await;
                if link.current.get() != id || link.settled.get() == id {
                    return;
                }
                if js_sys::Date::now() - link.last_heard.get() > SILENCE_MS {
                    let message = match link.phase.get() {
                        Phase::Cold | Phase::Downloading => "components-worker-stalled",
                        Phase::Starting => "components-worker-did-not-start",
                        Phase::Ready => "components-worker-not-responding",
                    };
                    link.fail(crate::said!(message));
                    return;
                }
            }
        });
    }

    /// Fetches the worker's code with progress (once per page), then spawns the worker.
    fn download(self: &Rc<Self>) {
        self.phase.set(Phase::Downloading);
        let link = Rc::clone(self);
        let watcher = Rc::downgrade(self);
        let progress: crate::services::worker_code::Progress = Rc::new(move |received: u64, total: Option<u64>| {
            let Some(link) = watcher.upgrade() else { return };
            link.last_heard.set(js_sys::Date::now());
            // A run cancelled during the download stays cancelled (the download goes on, for
            // the next run).
            if link.settled.get() != link.current.get() {
                link.tell(RunState::Loading { received, total });
            }
        });
        wasm_bindgen_futures::spawn_local(async move {
            match crate::services::worker_code::script(crate::services::worker_code::RUN, progress).await {
                Ok(script) => link.spawn(&script),
                Err(e) => {
                    if link.phase.get() == Phase::Downloading {
                        link.fail(crate::said!("components-worker-not-loaded-retry", reason = e.to_string()));
                    }
                }
            }
        });
    }

    /// Starts the worker from its code (fetched first if the page does not have it yet).
    fn start(self: &Rc<Self>) {
        match crate::services::worker_code::ready(crate::services::worker_code::RUN) {
            Some(script) => self.spawn(&script),
            None if self.phase.get() == Phase::Downloading => {}
            None => self.download(),
        }
    }

    fn spawn(self: &Rc<Self>, script: &str) {
        self.phase.set(Phase::Starting);
        self.last_heard.set(js_sys::Date::now());
        self.listen_for_panics();
        *self.bridge.borrow_mut() = Some(RunReactor::spawner().as_module(false).with_loader(true).spawn(script));
        if let Some(msg) = self.pending.borrow_mut().take() {
            self.post(msg);
        }
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

    /// A worker that panics says so on a broadcast channel, with its key: its run fails at once.
    fn listen_for_panics(self: &Rc<Self>) {
        if self.panics.borrow().is_some() {
            return;
        }
        let Ok(channel) = web_sys::BroadcastChannel::new(crate::services::panic::WORKER_PANICS) else { return };
        let link = Rc::downgrade(self);
        let listener = gloo_events::EventListener::new(&channel, "message", move |e| {
            let Some(link) = link.upgrade() else { return };
            let Some(e) = e.dyn_ref::<web_sys::MessageEvent>() else { return };
            if let Some((key, message)) = crate::services::panic::read_worker_panic(&e.data()) {
                // The first panic is the one to tell: a dead worker's executor panics again.
                if key == link.key && link.bridge.borrow().is_some() {
                    link.fail(crate::said!("components-worker-crashed-retry", reason = message));
                }
            }
        });
        *self.panics.borrow_mut() = Some(listener);
        // The listener holds the channel open.
        std::mem::forget(channel);
    }

    /// Sends `msg` to the worker, or keeps it until the worker is there (starting it).
    fn post_or_start(self: &Rc<Self>, msg: ToWorker) {
        if self.bridge.borrow().is_some() {
            self.post(msg);
        } else {
            *self.pending.borrow_mut() = Some(msg);
            self.start();
        }
    }

    fn post(&self, msg: ToWorker) {
        if let Some(bridge) = self.bridge.borrow().as_ref() {
            bridge.send_input(msg);
        }
    }

    /// Sends a run to the worker (fetching and spawning it on first use); its messages go to
    /// `listener`.
    fn run(self: &Rc<Self>, scenario: &Scenario, listener: UseStateSetter<RunState>) {
        let id = self.current.get().wrapping_add(1);
        self.current.set(id);
        *self.listener.borrow_mut() = Some(listener);
        self.last_heard.set(js_sys::Date::now());
        self.post_or_start(ToWorker::Run { id, worker: self.key, scenario: scenario.to_json() });
        self.watch(id);
    }

    /// Asks the worker to panic (the test-only page checks the worker's panic hook).
    pub fn panic_on_purpose(self: &Rc<Self>, listener: UseStateSetter<RunState>) {
        *self.listener.borrow_mut() = Some(listener);
        let current = self.current.get().wrapping_add(1);
        self.current.set(current);
        self.post_or_start(ToWorker::Panic { worker: self.key });
    }

    fn cancel(&self) {
        if self.phase.get() == Phase::Downloading {
            self.pending.borrow_mut().take();
            self.settled.set(self.current.get());
            self.tell(RunState::Cancelled);
            return;
        }
        self.post(ToWorker::Cancel { id: self.current.get() });
    }

    /// Forgets the current worker run (a newer inline run replaced it).
    fn abandon(&self) {
        if self.listener.borrow().is_some() {
            self.pending.borrow_mut().take();
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
        Some(match engine::placement(scenario) {
            Err(e) => RunState::Invalid(e),
            Ok(Placement::Inline) => match engine::run(scenario) {
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
