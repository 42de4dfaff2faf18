//! Beside the tasks, when the student has changed the page's scenario: number and choice tasks ask
//! about the exercise's own scenario, so the page's numbers may no longer be their answers. The
//! note says so and offers the way back to the exercise's scenario; going back keeps the answers
//! (they are the exercise's, not the scenario's) and can be undone until the next edit.

use std::rc::Rc;

use cloudecon::exercise::{ExerciseDocument, TaskKind};
use cloudecon::Scenario;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ScenarioNoteProps {
    pub exercise: Rc<ExerciseDocument>,
    /// The page's scenario.
    pub scenario: Rc<Scenario>,
    /// Opens the exercise again: its scenario, with its locks.
    pub set_exercise: Callback<Option<ExerciseDocument>>,
    /// Loads a scenario into the page (the undo).
    pub load: Callback<Scenario>,
}

/// Whether the page's scenario computes something else than the exercise's (its title and notes
/// do not count).
pub fn changed(exercise: &Scenario, page: &Scenario) -> bool {
    exercise.seed != page.seed || exercise.spec != page.spec
}

#[component]
pub fn ScenarioNote(props: &ScenarioNoteProps) -> Html {
    // The student's scenario before going back, while the page still shows the exercise's.
    let undo = use_state(|| None::<Rc<Scenario>>);
    let differs = changed(&props.exercise.scenario, &props.scenario);
    {
        // An edit after going back starts a new scenario of the student's: nothing to undo.
        let undo = undo.clone();
        use_effect_with(differs, move |differs| {
            if *differs {
                undo.set(None);
            }
        });
    }
    if differs {
        let tasks = &props.exercise.exercise.tasks;
        let asks = tasks.iter().any(|t| t.kind != TaskKind::Goal);
        let goals = tasks.iter().any(|t| t.kind == TaskKind::Goal);
        let back = {
            let (undo, set, doc, now) =
                (undo.clone(), props.set_exercise.clone(), Rc::clone(&props.exercise), Rc::clone(&props.scenario));
            Callback::from(move |_: MouseEvent| {
                undo.set(Some(Rc::clone(&now)));
                set.emit(Some((*doc).clone()));
            })
        };
        let text = match (asks, goals) {
            (true, true) => "You have changed the scenario. The number and choice tasks ask about the exercise's own \
                             scenario, so the numbers on the page may not be their answers now; the goal tasks check yours.",
            (true, false) => "You have changed the scenario. The tasks ask about the exercise's own scenario, so the \
                              numbers on the page may not be their answers now.",
            _ => "You have changed the scenario: the goal tasks check it as it is.",
        };
        return html! {
            <div class="scenario-note" id="scenario-changed" role="status">
                <p>{ text }</p>
                <button type="button" id="back-to-exercise" onclick={back}>{ "Back to the exercise's scenario" }</button>
                <span class="hint">{ " Your answers stay; you can undo this." }</span>
            </div>
        };
    }
    match &*undo {
        Some(mine) => {
            let onclick = {
                let (undo, load, mine) = (undo.clone(), props.load.clone(), Rc::clone(mine));
                Callback::from(move |_: MouseEvent| {
                    load.emit((*mine).clone());
                    undo.set(None);
                })
            };
            html! {
                <div class="scenario-note" id="scenario-restored" role="status">
                    <p>{ "The page shows the exercise's scenario again; your answers are kept." }
                        { " " }<button type="button" id="undo-back" {onclick}>{ "Undo: my scenario again" }</button></p>
                </div>
            }
        }
        None => html! {},
    }
}
