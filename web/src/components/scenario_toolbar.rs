//! Share link, JSON export and import, reset: the same toolbar on every mechanism page.

use cloudecon::Scenario;
use yew::prelude::*;

use super::FileImport;
use crate::hooks::use_errors;
use crate::services::{files, share};

#[derive(Properties, PartialEq)]
pub struct ScenarioToolbarProps {
    pub scenario: Scenario,
    /// A scenario the user imported (of any mechanism: the page opens it where it belongs).
    pub onload: Callback<Scenario>,
    pub onreset: Callback<()>,
}

fn page_base() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

fn file_name(s: &Scenario) -> String {
    let stem: String =
        s.title.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        format!("{}-scenario.json", s.kind().tag())
    } else {
        format!("{stem}.json")
    }
}

#[component]
pub fn ScenarioToolbar(props: &ScenarioToolbarProps) -> Html {
    let errors = use_errors();
    let link = use_state(|| None::<String>);
    let report = {
        let errors = errors.clone();
        move |m: String| match &errors {
            Some(e) => e.report(m),
            None => web_sys::console::error_1(&m.into()),
        }
    };

    let onshare = {
        let link = link.clone();
        let scenario = props.scenario.clone();
        Callback::from(move |_: MouseEvent| {
            let url = share::share_url(&page_base(), &scenario);
            if let (true, Some(w)) = (url.len() <= share::MAX_LINK, web_sys::window()) {
                // Best effort: the link is shown for copying by hand if the clipboard refuses.
                let _ = w.navigator().clipboard().write_text(&url);
            }
            link.set(Some(url));
        })
    };
    let onexport = {
        let scenario = props.scenario.clone();
        let report = report.clone();
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = files::download(&file_name(&scenario), "application/json", &scenario.to_json_pretty()) {
                report(e);
            }
        })
    };
    let onimport = {
        let onload = props.onload.clone();
        Callback::from(move |text: String| match Scenario::from_json(&text) {
            Ok(s) => onload.emit(s),
            Err(e) => report(format!("Could not import the file; your work is unchanged.\n{e}")),
        })
    };
    let onreset = props.onreset.reform(|_: MouseEvent| ());

    html! {
        <div class="toolbar">
            <button id="share" onclick={onshare} title="Copy a link that restores this exact scenario">{ "Share link" }</button>
            <button id="export-json" onclick={onexport.clone()}>{ "Export JSON" }</button>
            <FileImport id="import-json" label="Import JSON" accept=".json,application/json" onload={onimport} />
            <button id="reset" onclick={onreset} title="Back to the example scenario">{ "Reset" }</button>
            if let Some(url) = &*link {
                <div class="share-link">
                    if url.len() > share::MAX_LINK {
                        <p class="hint" id="share-too-long">{ format!("This scenario is too long for a link ({} KB) — download the JSON file instead. ", url.len() / 1024) }
                            <button id="share-download-json" onclick={onexport.clone()}>{ "Download the JSON file" }</button></p>
                    } else if url.len() > share::MAX_COMFORTABLE_FRAGMENT {
                        <input id="share-url" readonly=true value={url.clone()} aria-label="Share link" />
                        <p class="hint" id="share-too-long">{ format!("This scenario makes a very long link ({} KB): some apps cut long links, and it may be too long for yours — download the JSON file instead to share it safely. ", url.len() / 1024) }
                            <button id="share-download-json" onclick={onexport.clone()}>{ "Download the JSON file" }</button></p>
                    } else {
                        <input id="share-url" readonly=true value={url.clone()} aria-label="Share link" />
                        <p class="hint">{ "Link copied to the clipboard (if the browser allowed it). It holds the whole scenario; nothing is uploaded." }</p>
                    }
                </div>
            }
        </div>
    }
}
