//! The routes of the app.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::pages::{AbacusPage, BenchPage, HomePage, NotFoundPage, ShapleyPage};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Routable)]
pub enum Route {
    #[at("/")]
    Home,
    #[at("/abacus")]
    Abacus,
    #[at("/shapley")]
    Shapley,
    #[at("/bench")]
    Bench,
    #[not_found]
    #[at("/404")]
    NotFound,
}

pub fn switch(route: Route) -> Html {
    match route {
        Route::Home => html! { <HomePage /> },
        Route::Abacus => html! { <AbacusPage /> },
        Route::Shapley => html! { <ShapleyPage /> },
        Route::Bench => html! { <BenchPage /> },
        Route::NotFound => html! { <NotFoundPage /> },
    }
}
