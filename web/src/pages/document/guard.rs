//! Locked fields: while an exercise is open, the reducer refuses any change to the fields its
//! `locked` pointers name (an edit, an import, a preset, Reset alike), and says which.

use std::rc::Rc;

use cloudecon::exercise::check::changed_locks;
use cloudecon::exercise::ExerciseDocument;
use cloudecon::Scenario;
use yew::prelude::*;

use super::{DocAction, Document, PageState};

/// The locked fields of an exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct Guard {
    locked: Vec<String>,
}

impl Guard {
    /// The guard of an exercise (`None` when it locks nothing).
    pub fn of(doc: &ExerciseDocument) -> Option<Rc<Guard>> {
        (!doc.exercise.locked.is_empty()).then(|| Rc::new(Guard { locked: doc.exercise.locked.clone() }))
    }

    /// The locked fields a change from `before` to `after` touches, as the page names them
    /// ("J2's budget"). Only the change is judged: a document that already differs from the
    /// exercise (edited in teacher mode, or saved by an older version) still takes edits of its
    /// free fields; the goal checks compare with the exercise itself.
    pub fn changed(&self, before: &Scenario, after: &Scenario) -> Vec<String> {
        let before = before.to_value();
        let changed = changed_locks(&self.locked, &before, &after.to_value());
        changed.into_iter().map(|p| crate::pages::names::field(after.kind(), &before, p)).collect()
    }
}

/// A page's document with the guard of its open exercise, and the last refused change.
#[derive(Debug, Clone, PartialEq)]
pub struct Guarded<S> {
    pub doc: Document<S>,
    pub guard: Option<Rc<Guard>>,
    /// Why the last change was refused (cleared by the next accepted one), with a counter so that
    /// the same refusal twice is shown twice.
    pub refused: Option<(u32, String)>,
}

impl<S: PageState> Reducible for Guarded<S> {
    type Action = DocAction<S>;

    fn reduce(self: Rc<Self>, action: DocAction<S>) -> Rc<Self> {
        match action {
            DocAction::Guard(guard) => Rc::new(Guarded { doc: self.doc.clone(), guard, refused: None }),
            DocAction::Open(doc, guard) => Rc::new(Guarded { doc, guard, refused: None }),
            action => {
                let next = (*Rc::new(self.doc.clone()).reduce(action)).clone();
                let changed = self
                    .guard
                    .as_ref()
                    .map(|g| g.changed(&self.doc.to_scenario(), &next.to_scenario()))
                    .unwrap_or_default();
                if changed.is_empty() {
                    return Rc::new(Guarded { doc: next, guard: self.guard.clone(), refused: None });
                }
                let count = self.refused.as_ref().map_or(0, |r| r.0) + 1;
                let message = format!(
                    "🔒 Locked by the exercise: {} (the change was not made).",
                    crate::pages::names::listing(&changed)
                );
                Rc::new(Guarded { doc: self.doc.clone(), guard: self.guard.clone(), refused: Some((count, message)) })
            }
        }
    }
}
