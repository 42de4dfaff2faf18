//! The routes of the app.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::pages::{AbacusPage, BenchPage, EstimatePage, HomePage, NotFoundPage, ShapleyPage};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Routable)]
pub enum Route {
    #[at("/")]
    Home,
    #[at("/abacus")]
    Abacus,
    #[at("/abacus/estimate")]
    AbacusEstimate,
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
        Route::AbacusEstimate => html! { <EstimatePage /> },
        Route::Shapley => html! { <ShapleyPage /> },
        Route::Bench => html! { <BenchPage /> },
        Route::NotFound => html! { <NotFoundPage /> },
    }
}
