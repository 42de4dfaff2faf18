//! What the numbers mean, beside them.

use yew::prelude::*;

use crate::i18n::{t, use_lang};

#[component]
pub fn Explanations() -> Html {
    use_lang();
    html! {
        <details class="explanation era-explain" id="era-explain" open=true>
            <summary>{ t("era-explain-summary") }</summary>
            <h2>{ t("era-explain-quote-heading") }</h2>
            <p>{ t("era-explain-quote") }</p>
            <p class="math">{ t("era-explain-price-math") }</p>
            <p>{ t("era-explain-still-to-come") }</p>
            <p class="math">{ t("era-explain-quote-math") }</p>
            <p>{ t("era-explain-earliest") }</p>
            <h2>{ t("era-explain-truthful-heading") }</h2>
            <p>{ t("era-explain-truthful") }</p>
            <h2>{ t("era-explain-spread-heading") }</h2>
            <p>{ t("era-explain-spread") }</p>
            <h2>{ t("era-explain-lp-heading") }</h2>
            <p>{ t("era-explain-lp") }</p>
            <h2>{ t("era-explain-baselines-heading") }</h2>
            <p>{ t("era-explain-baselines") }</p>
        </details>
    }
}
