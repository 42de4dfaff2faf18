//! The banner of readable error messages at the top of every page.

use yew::prelude::*;

use crate::hooks::use_errors;
use crate::i18n::{t, use_lang};

#[component]
pub fn ErrorBanner() -> Html {
    use_lang();
    let Some(errors) = use_errors() else { return html! {} };
    if errors.messages().is_empty() {
        return html! {};
    }
    html! {
        <div class="error-banner" role="alert" id="error-banner">
            { for errors.messages().iter().enumerate().map(|(i, m)| {
                let errors = errors.clone();
                html! {
                    <p class="error-message">
                        <span>{ m.show() }</span>
                        <button class="dismiss" title={t("dismiss")} aria-label={t("dismiss")}
                            onclick={Callback::from(move |_| errors.dismiss(i))}>{ "×" }</button>
                    </p>
                }
            }) }
        </div>
    }
}
