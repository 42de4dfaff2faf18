//! Beside the tasks, when the student has changed the page's scenario: number and choice tasks ask
//! about the exercise's own scenario, so the page's numbers may no longer be their answers. The
//! note says so and offers the way back to the exercise's scenario; going back keeps the answers
//! (they are the exercise's, not the scenario's) and is the page's last replacement, so the page's
//! Undo takes it back — offered here too, beside the note, until something else replaces it.

use std::rc::Rc;

use cloudecon::exercise::{ExerciseDocument, TaskKind};
use cloudecon::Scenario;
use yew::prelude::*;

use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct ScenarioNoteProps {
    pub exercise: Rc<ExerciseDocument>,
    /// The page's scenario.
    pub scenario: Rc<Scenario>,
    /// Opens the exercise's scenario again (with its locks), kept for the page's Undo.
    pub back: Callback<()>,
    /// The page's Undo, while going back is what it takes back.
    pub undo: Option<Callback<()>>,
}

/// Whether the page's scenario computes something else than the exercise's (its title and notes
/// do not count).
pub fn changed(exercise: &Scenario, page: &Scenario) -> bool {
    exercise.seed != page.seed || exercise.spec != page.spec
}

#[component]
pub fn ScenarioNote(props: &ScenarioNoteProps) -> Html {
    use_lang();
    if changed(&props.exercise.scenario, &props.scenario) {
        let tasks = &props.exercise.exercise.tasks;
        let asks = tasks.iter().any(|t| t.kind != TaskKind::Goal);
        let goals = tasks.iter().any(|t| t.kind == TaskKind::Goal);
        let text = match (asks, goals) {
            (true, true) => t("exercise-changed-both"),
            (true, false) => t("exercise-changed-asks"),
            _ => t("exercise-changed-goals"),
        };
        return html! {
            <div class="scenario-note" id="scenario-changed" role="status">
                <p>{ text }</p>
                <button type="button" id="back-to-exercise" onclick={props.back.reform(|_: MouseEvent| ())}>
                    { t("exercise-back-to-scenario") }</button>
                <span class="hint">{ " " }{ t("exercise-answers-stay") }</span>
            </div>
        };
    }
    match &props.undo {
        Some(undo) => html! {
            <div class="scenario-note" id="scenario-restored" role="status">
                <p>{ t("exercise-scenario-restored") }
                    { " " }<button type="button" id="undo-back" onclick={undo.reform(|_: MouseEvent| ())}>
                        { t("exercise-undo-back") }</button></p>
            </div>
        },
        None => html! {},
    }
}
