//! A page's own background worker for one kind of long task (the bench page's benchmarks, the
//! study page's sweeps): the run worker's code, spawned on the first task and reused by later
//! ones, closed with the page. Messages of tasks the page has moved past are ignored; a crash of
//! the worker fails the current task at once (and the next task spawns a new worker).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::StreamExt as _;
use gloo_worker::reactor::ReactorBridge;
use gloo_worker::Spawnable;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Text;
use crate::worker::{FromWorker, RunReactor, ToWorker};

/// Reads a task's final message into its id and outcome (`None`: not that kind of message).
pub type Finished<T> = fn(FromWorker) -> Option<(u32, Result<T, String>)>;

/// Where a page's task is; `T` its outcome.
#[derive(Debug, Clone, PartialEq)]
pub enum TaskState<T> {
    Idle,
    /// Sent to the worker; nothing heard yet (the worker may still be loading).
    Starting,
    /// `done` of `total`, in the task's own units (thousandths of a workload, of a shard).
    Running {
        done: u64,
        total: u64,
    },
    Cancelled,
    /// Said in the language shown then.
    Failed(Text),
    Done(Rc<T>),
}

impl<T> TaskState<T> {
    /// Whether the task is under way.
    pub fn busy(&self) -> bool {
        matches!(self, TaskState::Starting | TaskState::Running { .. })
    }

    /// A worker's message as the state of its task: progress and failure as every task has
    /// them, the outcome read by `finished` (`None`: not this page's kind of message).
    fn from_message(msg: FromWorker, finished: Finished<T>) -> Option<(u32, TaskState<T>)> {
        match msg {
            FromWorker::Progress { id, done, total } => Some((id, TaskState::Running { done, total })),
            FromWorker::Failed { id, problems } => Some((id, TaskState::Failed(Text::Problems(problems)))),
            other => finished(other).map(|(id, out)| match out {
                Ok(t) => (id, TaskState::Done(Rc::new(t))),
                Err(e) => (id, TaskState::Failed(e.into())),
            }),
        }
    }
}

/// The worker of one page, its messages turned into the state of the page's task (`T` its
/// outcome).
pub struct TaskWorker<T: 'static> {
    /// The key this worker's panics carry (distinct from the run channels', which count from 1).
    key: u32,
    bridge: RefCell<Option<ReactorBridge<RunReactor>>>,
    /// Messages sent before the worker was there (its code still downloading).
    pending: RefCell<Vec<ToWorker>>,
    /// Whether the worker is being started.
    starting: Cell<bool>,
    /// The task whose messages are wanted.
    current: Cell<u32>,
    panics: RefCell<Option<gloo_events::EventListener>>,
    /// Reads the task's final message.
    finished: Finished<T>,
}

impl<T: 'static> TaskWorker<T> {
    pub fn new(key: u32, finished: Finished<T>) -> Self {
        TaskWorker {
            key,
            bridge: RefCell::new(None),
            pending: RefCell::new(Vec::new()),
            starting: Cell::new(false),
            current: Cell::new(0),
            panics: RefCell::new(None),
            finished,
        }
    }

    /// The key the worker's messages carry.
    pub fn key(&self) -> u32 {
        self.key
    }

    /// Starts a new task: its id (messages of earlier tasks are ignored from now on), the worker
    /// spawned if it is not there, its messages going to `state`.
    pub fn begin(self: &Rc<Self>, state: UseStateSetter<TaskState<T>>) -> u32 {
        let id = self.current.get().wrapping_add(1);
        self.current.set(id);
        if self.bridge.borrow().is_none() && !self.starting.get() {
            self.start(state);
        }
        id
    }

    /// Whether `id` is still the task the page wants.
    pub fn is_current(&self, id: u32) -> bool {
        self.current.get() == id
    }

    /// Sends a message to the worker (kept until it is there, while it is starting).
    pub fn send(&self, msg: ToWorker) {
        if let Some(bridge) = self.bridge.borrow().as_ref() {
            bridge.send_input(msg);
        } else if self.starting.get() {
            self.pending.borrow_mut().push(msg);
        }
    }

    /// Stops the current task: the page forgets it at once, the worker at its next step.
    pub fn cancel(&self) {
        let id = self.current.get();
        self.current.set(id.wrapping_add(1));
        self.send(ToWorker::Cancel { id });
    }

    /// Closes the worker (the page is left; a task under way stops with it).
    pub fn close(&self) {
        self.starting.set(false);
        self.pending.borrow_mut().clear();
        drop(self.bridge.borrow_mut().take());
    }

    fn deliver(&self, msg: FromWorker, state: &UseStateSetter<TaskState<T>>) {
        if let Some((id, next)) = TaskState::from_message(msg, self.finished) {
            if id == self.current.get() {
                state.set(next);
            }
        }
    }

    /// Gets the worker's code (the page downloads it once, `services::worker_code`), then
    /// spawns the worker and sends what waited for it.
    fn start(self: &Rc<Self>, state: UseStateSetter<TaskState<T>>) {
        self.starting.set(true);
        let worker = Rc::clone(self);
        wasm_bindgen_futures::spawn_local(async move {
            let script =
                crate::services::worker_code::script(crate::services::worker_code::RUN, Rc::new(|_, _| {})).await;
            if !worker.starting.replace(false) {
                return; // closed meanwhile
            }
            match script {
                Ok(script) => {
                    worker.spawn(&script, state);
                    for msg in worker.pending.take() {
                        worker.send(msg);
                    }
                }
                Err(e) => {
                    worker.pending.borrow_mut().clear();
                    state.set(TaskState::Failed(crate::said!("components-worker-not-loaded", reason = e.to_string())));
                }
            }
        });
    }

    fn spawn(self: &Rc<Self>, script: &str, state: UseStateSetter<TaskState<T>>) {
        self.listen_for_panics(state.clone());
        *self.bridge.borrow_mut() = Some(RunReactor::spawner().as_module(false).with_loader(true).spawn(script));
        let worker = Rc::clone(self);
        wasm_bindgen_futures::spawn_local(async move {
            loop {
                let next = futures::future::poll_fn(|cx| match worker.bridge.borrow_mut().as_mut() {
                    Some(bridge) => bridge.poll_next_unpin(cx),
                    None => std::task::Poll::Ready(None),
                })
                .await;
                match next {
                    Some(msg) => worker.deliver(msg, &state),
                    None => break,
                }
            }
        });
    }

    fn listen_for_panics(self: &Rc<Self>, state: UseStateSetter<TaskState<T>>) {
        if self.panics.borrow().is_some() {
            return;
        }
        let Ok(channel) = web_sys::BroadcastChannel::new(crate::services::panic::WORKER_PANICS) else { return };
        let worker = Rc::downgrade(self);
        let listener = gloo_events::EventListener::new(&channel, "message", move |e| {
            let (Some(worker), Some(e)) = (worker.upgrade(), e.dyn_ref::<web_sys::MessageEvent>()) else { return };
            if let Some((key, message)) = crate::services::panic::read_worker_panic(&e.data()) {
                if key == worker.key && worker.bridge.borrow_mut().take().is_some() {
                    state.set(TaskState::Failed(crate::said!("components-worker-crashed", reason = message)));
                }
            }
        });
        *self.panics.borrow_mut() = Some(listener);
        // The listener holds the channel open.
        std::mem::forget(channel);
    }
}
