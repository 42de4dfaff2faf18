use yew::prelude::*;
use yew_router::prelude::*;

use super::Route;

#[component]
pub fn NotFoundPage() -> Html {
    html! {
        <section class="page">
            <h1>{ "Page not found" }</h1>
            <p>{ "There is nothing at this address. " }<Link<Route> to={Route::Home}>{ "Back to the mechanisms" }</Link<Route>></p>
        </section>
    }
}
