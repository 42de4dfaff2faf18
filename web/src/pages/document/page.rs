//! What every mechanism page wires the same way around its own editors and results: the
//! document ([`use_document`]), its run (held back while an exercise's predictions are open),
//! the exercise's panel and the field errors ([`use_page_run`]), and the frame they are shown in
//! ([`PageRun::frame`]): heading, lead, toolbar, the exercise panel, then the editors beside the
//! results column.

use std::rc::Rc;

use cloudecon::Problem;
use yew::prelude::*;

use super::{use_document, DocumentFields, DocumentHandle, PageState};
use crate::components::{use_exercise, use_field_errors, FieldErrors, FieldErrorsProvider, RunStatus, ScenarioToolbar};
use crate::hooks::{use_run, RunHandle, RunState};

/// A mechanism page's document, the run the page shows and what goes with it.
pub struct PageRun<S: PageState> {
    pub doc: DocumentHandle<S>,
    /// The run the results column shows (idle while an exercise hides the results).
    pub run: RunHandle,
    /// The exercise panel (empty when no exercise is open).
    pub panel: Html,
    pub field_errors: FieldErrors,
}

/// The page's own parts of [`PageRun::frame`]. The heading and lead are text of any kind: a
/// literal, or a message in the page's language (`t("era-title")`).
pub struct Frame<T = &'static str, L = &'static str> {
    /// The section's class besides `page` (the mechanism's tag).
    pub class: &'static str,
    pub title: T,
    pub lead: L,
    /// After the presets and Undo.
    pub toolbar: Html,
    /// After the title, notes and seed.
    pub editors: Html,
    /// After the scenario's toolbar and the run's status.
    pub results: Html,
}

/// The document of the page's state, run on the main channel whenever it changes.
#[hook]
pub fn use_page_run<S: PageState>() -> PageRun<S> {
    let doc = use_document::<S>();
    let run = use_run(&doc.scenario);
    let exercise = use_exercise(doc.exercise_doc(), &run);
    let run = exercise.gate(run);
    let field_errors = use_field_errors(&run, &doc.scenario);
    PageRun { doc, run, panel: exercise.panel, field_errors }
}

impl<S: PageState> PageRun<S> {
    /// The problems of the scenario when it is invalid (else none), for the editors' fields.
    pub fn problems(&self) -> Rc<Vec<Problem>> {
        Rc::new(match &self.run.state {
            RunState::Invalid(e) => e.problems.clone(),
            _ => Vec::new(),
        })
    }

    /// The page around its editors and results.
    pub fn frame<T: Into<AttrValue>, L: Into<AttrValue>>(&self, frame: Frame<T, L>) -> Html {
        let (title, lead): (AttrValue, AttrValue) = (frame.title.into(), frame.lead.into());
        let doc = &self.doc;
        html! {
            <section class={classes!("page", frame.class)}>
                <h1>{ title }</h1>
                <p class="lead">{ lead }</p>
                <div class="toolbar">
                    { doc.presets_and_undo() }
                    { frame.toolbar }
                </div>
                { self.panel.clone() }
                <FieldErrorsProvider errors={self.field_errors.clone()}><div class="columns">
                    <div class="editor">
                        <DocumentFields<S> title={doc.title.clone()} notes={doc.notes.clone()} seed={doc.seed} dispatch={doc.dispatch.clone()} />
                        { frame.editors }
                    </div>
                    <div class="results-column">
                        <ScenarioToolbar scenario={(*doc.scenario).clone()} onload={doc.load.clone()} onreset={doc.reset.clone()} />
                        <RunStatus run={self.run.clone()} />
                        { frame.results }
                    </div>
                </div></FieldErrorsProvider>
            </section>
        }
    }
}
