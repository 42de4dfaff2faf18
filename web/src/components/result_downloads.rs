//! Download a run's result: the JSON document (byte for byte what `cloudecon run` prints) or its
//! main table as CSV.

use std::rc::Rc;

use cloudecon::RunOutput;
use yew::prelude::*;

use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};
use crate::services::files;

#[derive(Properties, PartialEq)]
pub struct ResultDownloadsProps {
    pub output: Rc<RunOutput>,
    /// Prefix of the buttons' ids (`…-json`, `…-csv`), for pages with several results.
    #[prop_or(AttrValue::Static("download-result"))]
    pub id: AttrValue,
    /// File name stem (default: the mechanism's tag).
    #[prop_or_default]
    pub name: Option<AttrValue>,
}

#[component]
pub fn ResultDownloads(props: &ResultDownloadsProps) -> Html {
    use_lang();
    let errors = use_errors();
    let stem: AttrValue = props.name.clone().unwrap_or(AttrValue::Static(props.output.kind().tag()));
    let download = |ext: &'static str, mime: &'static str, render: fn(&RunOutput) -> String| {
        let errors = errors.clone();
        let output = Rc::clone(&props.output);
        let stem = stem.clone();
        Callback::from(move |_: MouseEvent| {
            let name = format!("{stem}-result.{ext}");
            if let (Err(e), Some(errors)) = (files::download(&name, mime, &render(&output)), &errors) {
                errors.report(e);
            }
        })
    };
    html! {
        <div class="toolbar downloads">
            <button id={format!("{}-json", props.id)} onclick={download("json", "application/json", RunOutput::to_json)}
                title={t("components-download-json-title")}>{ t("components-download-json") }</button>
            <button id={format!("{}-csv", props.id)} onclick={download("csv", "text/csv", RunOutput::to_csv)}>{ t("components-download-csv") }</button>
            <p class="hint downloads-plain">{ t("components-downloads-plain") }</p>
        </div>
    }
}
