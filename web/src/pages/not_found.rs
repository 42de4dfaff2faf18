use yew::prelude::*;
use yew_router::prelude::*;

use super::Route;
use crate::i18n::{t, use_lang};

#[component]
pub fn NotFoundPage() -> Html {
    use_lang();
    html! {
        <section class="page">
            <h1>{ t("not-found-title") }</h1>
            <p>{ t("not-found-text") }{ " " }<Link<Route> to={Route::Home}>{ t("not-found-back") }</Link<Route>></p>
        </section>
    }
}
