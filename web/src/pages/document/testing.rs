//! What the pages' reducer tests share: a page's own edit applied as the page applies it
//! (through the document's reducer, so locks and the seed are as on the page), and the
//! document's problems for an assertion's message.

use std::rc::Rc;

use yew::Reducible;

use super::{DocAction, Document, Guarded, PageState};

/// The document after the page's own edit `action`.
pub fn edit<S: PageState>(doc: &Document<S>, action: S::Action) -> Document<S> {
    (*Rc::new(doc.clone()).reduce(DocAction::Edit(action))).clone()
}

/// The page's document after `actions`, applied as the page applies them (locks, Undo).
pub fn guarded<S: PageState>(doc: &Document<S>, actions: Vec<DocAction<S>>) -> Guarded<S> {
    let mut g = Rc::new(Guarded::new(doc.clone()));
    for a in actions {
        g = g.reduce(a);
    }
    (*g).clone()
}

/// The validation problems of the document's scenario (`None` when it is valid), as text.
pub fn problems<S: PageState>(doc: &Document<S>) -> String {
    format!("{:?}", doc.to_scenario().validate().err())
}
