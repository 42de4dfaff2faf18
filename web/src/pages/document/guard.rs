//! Locked fields: while an exercise is open, the reducer refuses any change to the fields its
//! `locked` pointers name (an edit, an import, a preset, Reset alike), and says which. And undo:
//! whatever replaces the whole document (a preset, an import, Reset, a link, an exercise opened or
//! left), and every edit that replaces part of the work (a kind or a set switched, a row removed:
//! [`PageState::replaces`]), keeps the document it replaced, which [`DocAction::Undo`] brings back
//! (and Undo again takes back the undo).

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

/// What replaced a whole document (and so what Undo takes back).
#[derive(Debug, Clone, PartialEq)]
pub enum Replacement {
    /// A preset or an imported file: the new document's title.
    Loaded(String),
    Reset,
    /// A share link opened over the page's work.
    Link,
    /// An exercise opened: its title.
    Exercise(String),
    /// The exercise left: back to the work from before it.
    LeftExercise,
    /// The open exercise's own scenario again, over the student's changes ("Back to the
    /// exercise's scenario").
    BackToExercise,
    /// An edit that replaces part of the work ([`PageState::replaces`]): what it did
    /// ("switching the policy set"), said in the language of when Undo shows it.
    Edit(crate::i18n::Text),
}

impl Replacement {
    /// The Undo button's words: what it takes back.
    pub fn describe(&self) -> String {
        match self {
            Replacement::Loaded(t) if t.is_empty() => crate::t!("components-replaced-loaded"),
            Replacement::Loaded(t) => crate::t!("components-replaced-loaded-title", title = t.clone()),
            Replacement::Reset => crate::t!("components-replaced-reset"),
            Replacement::Link => crate::t!("components-replaced-link"),
            Replacement::Exercise(t) if t.is_empty() => crate::t!("components-replaced-exercise"),
            Replacement::Exercise(t) => crate::t!("components-replaced-exercise-title", title = t.clone()),
            Replacement::LeftExercise => crate::t!("components-replaced-left-exercise"),
            Replacement::BackToExercise => crate::t!("components-replaced-back-to-exercise"),
            Replacement::Edit(what) => what.show(),
        }
    }
}

/// The document a replacement replaced, and whether the replacement was itself undone (then
/// Undo again redoes it).
#[derive(Debug, Clone, PartialEq)]
pub struct Replaced<S> {
    pub doc: Document<S>,
    pub by: Replacement,
    pub undone: bool,
    /// The preset `doc` came from, as the menu named it then (Undo names it again).
    pub preset: Option<String>,
}

/// A page's document with the guard of its open exercise, the last refused change, and the
/// document the last replacement replaced.
#[derive(Debug, Clone, PartialEq)]
pub struct Guarded<S> {
    pub doc: Document<S>,
    pub guard: Option<Rc<Guard>>,
    /// Why the last change was refused (cleared by the next accepted one), with a counter so that
    /// the same refusal twice is shown twice.
    pub refused: Option<(u32, String)>,
    pub undo: Option<Rc<Replaced<S>>>,
    /// The preset the document came from (edited or not), which the preset menu names; `None`
    /// for work that came from no preset (an import, a link, Reset).
    pub preset: Option<String>,
}

impl<S: PageState> Guarded<S> {
    /// The document as it starts: nothing refused, nothing to undo, from no preset.
    pub fn new(doc: Document<S>) -> Self {
        Guarded { doc, guard: None, refused: None, undo: None, preset: None }
    }

    /// `doc` (from the preset `preset`) replaces the current document (by `by`): the current one
    /// is kept for Undo, unless they are the same.
    fn replaced(
        &self,
        doc: Document<S>,
        guard: Option<Rc<Guard>>,
        by: Replacement,
        preset: Option<String>,
    ) -> Rc<Self> {
        let undo = if doc == self.doc {
            self.undo.clone()
        } else {
            Some(Rc::new(Replaced { doc: self.doc.clone(), by, undone: false, preset: self.preset.clone() }))
        };
        Rc::new(Guarded { doc, guard, refused: None, undo, preset })
    }

    /// The locked fields `next` would change, or `None` if it may replace the document.
    fn refusal(&self, next: &Document<S>) -> Option<(u32, String)> {
        let changed =
            self.guard.as_ref().map(|g| g.changed(&self.doc.to_scenario(), &next.to_scenario())).unwrap_or_default();
        if changed.is_empty() {
            return None;
        }
        let count = self.refused.as_ref().map_or(0, |r| r.0) + 1;
        Some((count, crate::t!("components-locked-refused", fields = crate::pages::names::listing(&changed))))
    }
}

impl<S: PageState> Reducible for Guarded<S> {
    type Action = DocAction<S>;

    fn reduce(self: Rc<Self>, action: DocAction<S>) -> Rc<Self> {
        let refuse = |refused| Rc::new(Guarded { refused: Some(refused), ..(*self).clone() });
        match action {
            DocAction::Guard(guard) => Rc::new(Guarded { guard, refused: None, ..(*self).clone() }),
            DocAction::Open(doc, guard, by) => self.replaced(doc, guard, by, None),
            DocAction::Undo => {
                let Some(undo) = self.undo.clone() else { return self };
                if let Some(refused) = self.refusal(&undo.doc) {
                    return refuse(refused);
                }
                let back = Replaced {
                    doc: self.doc.clone(),
                    by: undo.by.clone(),
                    undone: !undo.undone,
                    preset: self.preset.clone(),
                };
                Rc::new(Guarded {
                    doc: undo.doc.clone(),
                    guard: self.guard.clone(),
                    refused: None,
                    undo: Some(Rc::new(back)),
                    preset: undo.preset.clone(),
                })
            }
            action => {
                let (by, preset) = match &action {
                    DocAction::Load(doc) => (Some(Replacement::Loaded(doc.title.clone())), None),
                    DocAction::Preset(doc, name) => (Some(Replacement::Loaded(doc.title.clone())), Some(name.clone())),
                    DocAction::Reset => (Some(Replacement::Reset), None),
                    // A part of the work replaced: still the same preset's, edited.
                    DocAction::Edit(edit) => {
                        (self.doc.state.replaces(edit).map(Replacement::Edit), self.preset.clone())
                    }
                    _ => (None, self.preset.clone()),
                };
                let next = (*Rc::new(self.doc.clone()).reduce(action)).clone();
                if let Some(refused) = self.refusal(&next) {
                    return refuse(refused);
                }
                match by {
                    Some(by) => self.replaced(next, self.guard.clone(), by, preset),
                    None => Rc::new(Guarded { doc: next, refused: None, ..(*self).clone() }),
                }
            }
        }
    }
}
