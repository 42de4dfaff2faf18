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

#[cfg(test)]
mod tests {
    use cloudecon::MechanismKind;
    use fluent_bundle::{FluentBundle, FluentResource};

    /// The preset menu shows each preset by its message `preset-{name}`: defined in both
    /// languages, its English the core's description.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn every_preset_is_described_in_each_language() {
        let files = [
            ("en", include_str!("../../../locales/en/shapley.ftl")),
            ("zh-CN", include_str!("../../../locales/zh-CN/shapley.ftl")),
        ];
        for (lang, text) in files {
            let mut bundle = FluentBundle::new(vec![lang.parse().expect("a language tag")]);
            bundle.set_use_isolating(false);
            bundle.add_resource(FluentResource::try_new(text.to_string()).expect("the file parses")).expect("no clash");
            for p in cloudecon::presets::all().into_iter().filter(|p| p.mechanism == MechanismKind::Shapley) {
                let id = format!("preset-{}", p.name);
                let message = bundle.get_message(&id).and_then(|m| m.value()).unwrap_or_else(|| panic!("{lang}: {id}"));
                let text = bundle.format_pattern(message, None, &mut vec![]);
                if lang == "en" {
                    assert_eq!(text, p.description, "{id}");
                }
            }
        }
    }
}
