//! The document every mechanism page edits: the fields every scenario has (`title`, `notes`,
//! `seed`) around the mechanism's own state, with the actions they share (title, notes, seed,
//! load, reset) and one pure reducer. A page implements [`PageState`] for its state; the rest —
//! where the document comes from and goes ([`use_document`]), its title/notes/seed editor
//! ([`DocumentFields`]), what happens to a scenario of another mechanism, its run and the frame
//! of the page ([`use_page_run`], [`PageRun::frame`]) — is the same on every page.

mod fields;
mod guard;
mod page;
mod rows;
#[cfg(test)]
pub mod testing;
mod use_document;

use std::rc::Rc;

use cloudecon::{MechanismKind, MechanismSpec, Scenario};
use yew::prelude::*;

pub use fields::DocumentFields;
pub use guard::{Guard, Guarded, Replaced, Replacement};
pub use page::{use_page_run, Frame, PageRun};
pub use rows::remove_row;
pub use use_document::{use_document, DocumentHandle};

/// The state a mechanism page edits: plain data with a pure reducer, convertible to and from its
/// part of the scenario.
pub trait PageState: Clone + PartialEq + Sized + 'static {
    /// The page's own edits.
    type Action: 'static;
    /// The mechanism of the page.
    const KIND: MechanismKind;
    /// What the seed drives on this page (shown beside the seed field); `None` when nothing is
    /// drawn at random, and the field is not shown.
    const SEED_USE: Option<&'static str>;
    /// [`PageState::SEED_USE`] in the page's language: a page with messages returns
    /// `Some(t("…"))` here (and keeps `SEED_USE` `Some` so that the field is shown).
    fn seed_use() -> Option<String> {
        Self::SEED_USE.map(str::to_string)
    }
    /// The document the page starts from, and goes back to on Reset.
    fn example() -> Document<Self>;
    /// The state of a scenario's mechanism fields (`None` for another mechanism).
    fn from_spec(spec: &MechanismSpec) -> Option<Self>;
    /// The mechanism fields of this state.
    fn to_spec(&self) -> MechanismSpec;
    /// Applies an edit. `seed` is the document's seed, for states that draw from it.
    fn reduce(&mut self, action: Self::Action, seed: u64);
    /// What an edit does to the work when it replaces part of it rather than changing a value
    /// in place — a kind or a set switched (a formula, a table or a log goes), a row removed —
    /// for the Undo button ("switching the policy set"): such an edit is undoable like a preset.
    fn replaces(&self, _action: &Self::Action) -> Option<crate::i18n::Text> {
        None
    }
}

/// A page's document: the fields every scenario has and the mechanism's state.
#[derive(Debug, Clone, PartialEq)]
pub struct Document<S> {
    pub title: String,
    pub notes: String,
    pub seed: u64,
    pub state: S,
}

/// The actions every page shares, and the page's own ([`DocAction::Edit`]).
pub enum DocAction<S: PageState> {
    Title(String),
    Notes(String),
    Seed(u64),
    /// Replace the document (an import, a share link).
    Load(Document<S>),
    /// Replace the document by a preset's (its name, which the preset menu shows).
    Preset(Document<S>, String),
    /// Back to the page's example.
    Reset,
    Edit(S::Action),
    /// Lock (or, with `None`, unlock) the fields of an exercise (see [`Guarded`]).
    Guard(Option<Rc<Guard>>),
    /// Open a document with the locks of its exercise (an exercise, its Start over, a link, the
    /// work from before an exercise), replacing the current one (kept for Undo).
    Open(Document<S>, Option<Rc<Guard>>, Replacement),
    /// Bring back the document the last replacement replaced (or, again, redo it).
    Undo,
}

impl<S: PageState> Default for Document<S> {
    fn default() -> Self {
        S::example()
    }
}

impl<S: PageState> Document<S> {
    /// The document of a scenario of this page's mechanism (`None` for another mechanism).
    pub fn from_scenario(scenario: &Scenario) -> Option<Self> {
        let state = S::from_spec(&scenario.spec)?;
        Some(Document { title: scenario.title.clone(), notes: scenario.notes.clone(), seed: scenario.seed, state })
    }

    /// The scenario document.
    pub fn to_scenario(&self) -> Scenario {
        Scenario { title: self.title.clone(), notes: self.notes.clone(), seed: self.seed, spec: self.state.to_spec() }
    }
}

impl<S: PageState> Reducible for Document<S> {
    type Action = DocAction<S>;

    fn reduce(self: Rc<Self>, action: DocAction<S>) -> Rc<Self> {
        let mut next = match action {
            DocAction::Load(doc) | DocAction::Preset(doc, _) | DocAction::Open(doc, ..) => return Rc::new(doc),
            DocAction::Reset => return Rc::new(S::example()),
            _ => (*self).clone(),
        };
        match action {
            DocAction::Title(t) => next.title = t,
            DocAction::Notes(n) => next.notes = n,
            DocAction::Seed(s) => next.seed = s,
            DocAction::Edit(a) => next.state.reduce(a, next.seed),
            DocAction::Load(_)
            | DocAction::Preset(..)
            | DocAction::Reset
            | DocAction::Guard(_)
            | DocAction::Open(..)
            | DocAction::Undo => {}
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page state that keeps any scenario of the first mechanism, and records the seed its
    /// edits were given.
    #[derive(Debug, Clone, PartialEq)]
    struct Any {
        spec: MechanismSpec,
        edited_with: Option<u64>,
    }

    impl PageState for Any {
        type Action = ();
        const KIND: MechanismKind = MechanismKind::ALL[0];
        const SEED_USE: Option<&'static str> = None;
        fn example() -> Document<Self> {
            let preset = cloudecon::presets::all().into_iter().find(|p| p.mechanism == Self::KIND);
            preset.and_then(|p| Document::from_scenario(&p.scenario())).expect("a preset of the first mechanism")
        }
        fn from_spec(spec: &MechanismSpec) -> Option<Self> {
            (spec.kind() == Self::KIND).then(|| Any { spec: spec.clone(), edited_with: None })
        }
        fn to_spec(&self) -> MechanismSpec {
            self.spec.clone()
        }
        fn reduce(&mut self, (): (), seed: u64) {
            self.edited_with = Some(seed);
        }
    }

    fn apply(doc: &Document<Any>, action: DocAction<Any>) -> Document<Any> {
        (*Rc::new(doc.clone()).reduce(action)).clone()
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn shared_actions_change_their_field_only() {
        let doc = Document::<Any>::default();
        assert_eq!(doc, Any::example());
        assert_eq!(apply(&doc, DocAction::Title("T ✓".into())), Document { title: "T ✓".into(), ..doc.clone() });
        assert_eq!(apply(&doc, DocAction::Notes("n".into())), Document { notes: "n".into(), ..doc.clone() });
        assert_eq!(apply(&doc, DocAction::Seed(u64::MAX)), Document { seed: u64::MAX, ..doc.clone() });
        // The page's own edits see the document's seed.
        let edited = apply(&apply(&doc, DocAction::Seed(u64::MAX)), DocAction::Edit(()));
        assert_eq!(edited.state.edited_with, Some(u64::MAX));
        assert_eq!((edited.title.as_str(), edited.seed), (doc.title.as_str(), u64::MAX));
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn load_replaces_and_reset_returns_to_the_example() {
        let doc = Document::<Any>::default();
        let other = Document { title: "other".into(), notes: "x".into(), seed: 7, ..doc.clone() };
        assert_eq!(apply(&doc, DocAction::Load(other.clone())), other);
        let changed = apply(&apply(&other, DocAction::Edit(())), DocAction::Title("changed".into()));
        assert_eq!(apply(&changed, DocAction::Reset), Any::example());
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn scenarios_of_the_mechanism_round_trip_and_others_are_refused() {
        for preset in cloudecon::presets::all() {
            let scenario = Scenario { title: "t".into(), notes: "n".into(), seed: u64::MAX, ..preset.scenario() };
            match Document::<Any>::from_scenario(&scenario) {
                Some(doc) => {
                    assert_eq!(preset.mechanism, Any::KIND);
                    assert_eq!((doc.title.as_str(), doc.notes.as_str(), doc.seed), ("t", "n", u64::MAX));
                    assert_eq!(doc.to_scenario(), scenario, "{}", preset.name);
                }
                None => assert_ne!(preset.mechanism, Any::KIND, "{}", preset.name),
            }
        }
    }

    /// Issue 38: the preset menu names what is on the page. Undo of a preset brings back the
    /// work from before it, and with it that work's preset (none here); Undo again, the preset.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn undo_brings_back_the_preset_the_work_came_from() {
        let run = |actions: Vec<DocAction<Any>>| testing::guarded(&Document::<Any>::default(), actions);
        let mine = || DocAction::Title("my work".into());
        let preset = || DocAction::Preset(Document { title: "P".into(), ..Any::example() }, "p".into());
        let g = run(vec![mine(), preset()]);
        assert_eq!((g.doc.title.as_str(), g.preset.as_deref()), ("P", Some("p")));
        let g = run(vec![mine(), preset(), DocAction::Undo]);
        assert_eq!((g.doc.title.as_str(), g.preset.as_deref()), ("my work", None));
        let g = run(vec![mine(), preset(), DocAction::Undo, DocAction::Undo]);
        assert_eq!((g.doc.title.as_str(), g.preset.as_deref()), ("P", Some("p")));
        // Edits keep the preset (the menu says "(edited)"); an import or Reset comes from none.
        let g = run(vec![preset(), mine()]);
        assert_eq!(g.preset.as_deref(), Some("p"));
        let g = run(vec![preset(), DocAction::Load(Document { title: "file".into(), ..Any::example() })]);
        assert_eq!(g.preset, None);
        let g = run(vec![preset(), DocAction::Reset]);
        assert_eq!(g.preset, None);
    }
}
