//! The Shapley value calculator page.

mod formula;
mod players;
mod results;
pub mod state;
mod table;

use yew::prelude::*;

use crate::components::ResultsFrame;
use crate::i18n::{t, use_lang};
use crate::pages::document::{use_page_run, Frame};
use formula::FormulaPanel;
use players::PlayersEditor;
use results::{Explanation, ShapleyResults};
use state::ShapleyState;
use table::CoalitionTable;

#[component]
pub fn ShapleyPage() -> Html {
    use_lang();
    let page = use_page_run::<ShapleyState>();
    let (doc, run) = (&page.doc, &page.run);
    page.frame(Frame {
        class: "shapley",
        title: t("shapley-title"),
        lead: t("shapley-lead"),
        toolbar: Html::default(),
        editors: html! {
            <>
                <PlayersEditor players={doc.state.players.clone()} blocked={doc.state.add_blocked().map(AttrValue::from)} dispatch={doc.edit.clone()} />
                <FormulaPanel state={doc.state.clone()} dispatch={doc.edit.clone()} />
                <CoalitionTable state={doc.state.clone()} seed={doc.seed} dispatch={doc.edit.clone()} />
            </>
        },
        results: html! {
            <>
                if let Some(out) = run.last.clone() {
                    <ResultsFrame stale={run.stale()}><ShapleyResults output={out} /></ResultsFrame>
                }
                <Explanation />
            </>
        },
    })
}
