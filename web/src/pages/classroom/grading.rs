//! Grading on the main thread, a slice at a time: the core's resumable [`Grading`] job is stepped
//! for about [`SLICE_MS`] milliseconds, then the page yields to the browser (which paints the
//! progress and handles a click on Cancel) before the next slice. Exercises are small scenarios;
//! the goal answers' scenarios are runs of the same size, so a class's files take a moment, not
//! minutes — too little to be worth the worker's round trip of documents.

use std::cell::Cell;
use std::rc::Rc;

use cloudecon::exercise::{ExerciseDocument, Grades, Grading, Submission};
use cloudecon::runner::WORKER_STEP;
use cloudecon::sim::{Job, Step};
use yew::prelude::*;

use crate::i18n::{t, use_lang};
use crate::t;

/// How long one slice of grading may hold the main thread.
const SLICE_MS: f64 = 30.0;

/// Where the grading is.
#[derive(Debug, Clone, PartialEq)]
pub enum GradingState {
    /// Nothing to grade: no exercise, or no answers for it.
    Idle,
    Running {
        done: u64,
        total: u64,
    },
    /// The grades, with the exercise they are of.
    Done(Rc<ExerciseDocument>, Rc<Grades>),
    /// The exercise itself could not be graded against (e.g. a pointer into its result that
    /// resolves to nothing): its problems, said in the language shown.
    Failed(cloudecon::ScenarioError),
    Cancelled,
}

/// The grading's state and its controls.
#[derive(Clone, PartialEq)]
pub struct GradingHandle {
    pub state: GradingState,
    /// Stops the grading under way.
    pub cancel: Callback<()>,
    /// Grades again (after a cancel).
    pub again: Callback<()>,
}

fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Steps `job` until it is done, or until `live` turns false (cancelled, or superseded by newer
/// files); reports progress between slices.
async fn run(doc: Rc<ExerciseDocument>, mut job: Grading, live: Rc<Cell<bool>>, state: UseStateSetter<GradingState>) {
    loop {
        let start = now_ms();
        let progress = loop {
            match job.step(WORKER_STEP) {
                Step::Done(out) => {
                    if live.get() {
                        state.set(match out {
                            Ok(grades) => GradingState::Done(doc, Rc::new(grades)),
                            Err(e) => GradingState::Failed(e),
                        });
                    }
                    return;
                }
                Step::Working(p) if now_ms() - start >= SLICE_MS => break p,
                Step::Working(_) => {}
            }
        };
        if !live.get() {
            return;
        }
        state.set(GradingState::Running { done: progress.done, total: progress.total });
        gloo_timers::future::TimeoutFuture::new(0).await;
        if !live.get() {
            return;
        }
    }
}

/// Grades `submissions` against `exercise` whenever either changes; the previous grading, if
/// still under way, is abandoned.
#[hook]
pub fn use_grading(exercise: Option<Rc<ExerciseDocument>>, submissions: Rc<Vec<Submission>>) -> GradingHandle {
    let state = use_state_eq(|| GradingState::Idle);
    // The flag of the grading under way (false once it is cancelled or superseded).
    let live = use_mut_ref(|| Rc::new(Cell::new(false)));
    let round = use_state_eq(|| 0u32);
    {
        let (setter, live) = (state.setter(), live.clone());
        use_effect_with((exercise, submissions, *round), move |(exercise, submissions, _)| {
            let flag = Rc::new(Cell::new(true));
            *live.borrow_mut() = flag.clone();
            match exercise {
                Some(doc) if !submissions.is_empty() => {
                    setter.set(GradingState::Running { done: 0, total: 1 });
                    let job = Grading::new((**doc).clone(), (**submissions).clone());
                    wasm_bindgen_futures::spawn_local(run(doc.clone(), job, flag.clone(), setter));
                }
                _ => setter.set(GradingState::Idle),
            }
            move || flag.set(false)
        });
    }
    let cancel = {
        let (live, setter) = (live.clone(), state.setter());
        Callback::from(move |()| {
            let flag = live.borrow().clone();
            if flag.get() {
                flag.set(false);
                setter.set(GradingState::Cancelled);
            }
        })
    };
    let again = {
        let round = round.clone();
        Callback::from(move |()| round.set(round.wrapping_add(1)))
    };
    GradingHandle { state: (*state).clone(), cancel, again }
}

#[derive(Properties, PartialEq)]
pub struct GradingStatusProps {
    pub grading: GradingHandle,
}

/// The grading's progress (with Cancel) while it runs, and what stopped it otherwise.
#[component]
pub fn GradingStatus(props: &GradingStatusProps) -> Html {
    use_lang();
    let g = &props.grading;
    match &g.state {
        GradingState::Idle | GradingState::Done(..) => html! {},
        GradingState::Running { done, total } => {
            let fraction = if *total > 0 { *done as f64 / *total as f64 } else { 0.0 };
            let onclick = g.cancel.reform(|_: MouseEvent| ());
            html! {
                <div class="run-status running" id="grading-status">
                    <progress max="1" value={fraction.to_string()} aria-label={t("classroom-grading-progress")}></progress>
                    <span>{ " " }{ t!("classroom-grading", percent = crate::format::fixed(fraction * 100.0, 0)) }</span>
                    <button id="cancel-grading" class="cancel" {onclick}>{ t("classroom-cancel") }</button>
                </div>
            }
        }
        GradingState::Cancelled => {
            let onclick = g.again.reform(|_: MouseEvent| ());
            html! {
                <div class="run-status cancelled" id="grading-status">
                    { t("classroom-grading-cancelled") }
                    <button id="grade-again" {onclick}>{ t("classroom-grade-again") }</button>
                </div>
            }
        }
        GradingState::Failed(e) => html! {
            <div class="run-status failed" id="grading-status" role="alert">
                <p>{ t("classroom-cannot-grade") }</p>
                <pre style="white-space: pre-wrap;">{ super::problems_text(e) }</pre>
            </div>
        },
    }
}
