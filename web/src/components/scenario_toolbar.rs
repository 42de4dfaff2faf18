//! Share link, JSON export and import, reset: the same toolbar on every mechanism page.

use cloudecon::Scenario;
use yew::prelude::*;

use super::FileImport;
use crate::format::whole;
use crate::hooks::use_errors;
use crate::i18n::{t, use_lang, Text};
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
    let lang = use_lang();
    let errors = use_errors();
    // The link as built (in no language: it opens in the reader's), and whether the author pins
    // it to open in the page's language.
    let link = use_state(|| None::<String>);
    let pin = use_state_eq(|| false);
    let report = {
        let errors = errors.clone();
        move |m: Text| match &errors {
            Some(e) => e.report(m),
            None => web_sys::console::error_1(&m.show().into()),
        }
    };

    let copy = |url: &str| {
        if let (true, Some(w)) = (url.len() <= share::MAX_LINK, web_sys::window()) {
            // Best effort: the link is shown for copying by hand if the clipboard refuses.
            let _ = w.navigator().clipboard().write_text(url);
        }
    };
    let pinned_to = move |pinned: bool| pinned.then_some(lang);
    let onshare = {
        let (link, pin) = (link.clone(), pin.clone());
        let scenario = props.scenario.clone();
        Callback::from(move |_: MouseEvent| {
            let url = share::share_url(&page_base(), &scenario);
            copy(&share::pinned(&url, pinned_to(*pin)));
            link.set(Some(url));
        })
    };
    let onpin = {
        let (link, pin) = (link.clone(), pin.clone());
        Callback::from(move |e: Event| {
            let pinned = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            pin.set(pinned);
            if let Some(url) = &*link {
                copy(&share::pinned(url, pinned_to(pinned)));
            }
        })
    };
    let onexport = {
        let scenario = props.scenario.clone();
        let report = report.clone();
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = files::download(&file_name(&scenario), "application/json", &scenario.to_json_pretty()) {
                report(e.into());
            }
        })
    };
    let onimport = {
        let onload = props.onload.clone();
        Callback::from(move |text: String| match Scenario::from_json(&text) {
            Ok(s) => onload.emit(s),
            Err(e) => report(Text::Lines(vec![crate::said!("components-import-failed"), e.into()])),
        })
    };
    let onreset = props.onreset.reform(|_: MouseEvent| ());

    let url = link.as_ref().map(|url| share::pinned(url, pinned_to(*pin)));
    let kb = |url: &str| whole((url.len() / 1024) as f64);
    html! {
        <div class="toolbar">
            <button id="share" onclick={onshare} title={t("components-share-title")}>{ t("components-share") }</button>
            <button id="export-json" onclick={onexport.clone()}>{ t("components-export-json") }</button>
            <FileImport id="import-json" label={t("components-import-json")} accept=".json,application/json" onload={onimport} />
            <button id="reset" onclick={onreset} title={t("components-reset-title")}>{ t("components-reset") }</button>
            if let Some(url) = &url {
                <div class="share-link">
                    if url.len() > share::MAX_LINK {
                        <p class="hint" id="share-too-long">{ crate::t!("components-share-too-long", kb = kb(url)) }{ " " }
                            <button id="share-download-json" onclick={onexport.clone()}>{ t("components-share-download-json") }</button></p>
                    } else if url.len() > share::MAX_COMFORTABLE_FRAGMENT {
                        <input id="share-url" readonly=true value={url.clone()} aria-label={t("components-share")} />
                        <p class="hint" id="share-too-long">{ crate::t!("components-share-very-long", kb = kb(url)) }{ " " }
                            <button id="share-download-json" onclick={onexport.clone()}>{ t("components-share-download-json") }</button></p>
                    } else {
                        <input id="share-url" readonly=true value={url.clone()} aria-label={t("components-share")} />
                        <p class="hint">{ t("components-share-copied") }</p>
                    }
                    if url.len() <= share::MAX_LINK {
                    <label class="share-pin"><input type="checkbox" id="share-pin-lang" checked={*pin} onchange={onpin} />
                        { " " }{ crate::t!("components-share-pin", language = lang.native_name()) }</label>
                    }
                </div>
            }
        </div>
    }
}
