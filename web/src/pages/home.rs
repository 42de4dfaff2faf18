//! The home page: the mechanisms of the project, from the page table — those available now and
//! those still to come.

use yew::prelude::*;
use yew_router::prelude::*;

use super::{Card, Route, PAGES};

fn card(card: &Card, route: Option<Route>) -> Html {
    let id = format!("card-{}", card.tag);
    match (route, card.open) {
        (Some(to), Some(open)) => html! {
            <article class="card ready" {id}>
                <h3>{ card.title }</h3>
                <p class="paper">{ card.paper }</p>
                <p>{ card.summary }</p>
                <Link<Route> {to} classes="button">{ open }</Link<Route>>
            </article>
        },
        _ => html! {
            <article class="card coming" {id}>
                <h3>{ card.title }<span class="badge">{ "coming" }</span></h3>
                <p class="paper">{ card.paper }</p>
                <p>{ card.summary }</p>
            </article>
        },
    }
}

#[component]
pub fn HomePage() -> Html {
    let cards = |coming: bool| {
        PAGES
            .iter()
            .filter(|p| p.coming_soon() == coming)
            .filter_map(|p| Some(card(p.card.as_ref()?, p.route)))
            .collect::<Html>()
    };
    html! {
        <section class="page home">
            <h1>{ "CloudEcon Playground" }</h1>
            <p class="lead">
                { "Run the economic mechanisms of four cloud-computing papers in your browser: edit every input, \
                   watch the charts move, and share a scenario as a link. Everything runs on your machine." }
            </p>
            <h2>{ "Available now" }</h2>
            <div class="cards">{ cards(false) }</div>
            <h2>{ "Coming next" }</h2>
            <div class="cards">{ cards(true) }</div>
        </section>
    }
}
