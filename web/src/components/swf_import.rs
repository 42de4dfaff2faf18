//! The one import of a workload log (Standard Workload Format, Parallel Workloads Archive): a
//! file button whose text reaches the page only when it parses; otherwise the error banner says
//! why and the jobs stay as they were.

use cloudecon::swf;
use yew::prelude::*;

use super::FileImport;
use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};

#[derive(Properties, PartialEq)]
pub struct SwfImportProps {
    /// The file input's id.
    pub id: AttrValue,
    /// The log's text, once it parses.
    pub onload: Callback<String>,
}

#[component]
pub fn SwfImport(props: &SwfImportProps) -> Html {
    use_lang();
    let errors = use_errors();
    let onload = {
        let onload = props.onload.clone();
        Callback::from(move |text: String| match swf::parse(&text) {
            Ok(_) => onload.emit(text),
            Err(e) => {
                if let Some(errors) = &errors {
                    let problem = cloudecon::ScenarioError { problems: vec![e.problem("")] };
                    errors.report(crate::i18n::Text::Lines(vec![crate::said!("components-swf-failed"), problem.into()]))
                }
            }
        })
    };
    html! { <FileImport id={props.id.clone()} label={t("components-swf-import")} accept=".swf,.txt,text/plain" {onload} /> }
}
