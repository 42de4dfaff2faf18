//! The home page: the four mechanisms of the project and the tools available now.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::route::Route;

struct Card {
    title: &'static str,
    paper: &'static str,
    summary: &'static str,
}

const COMING: [Card; 3] = [
    Card {
        title: "ERA",
        paper: "ERA, WWW 2017",
        summary: "Reservations \"W cores for T slots in [A, D), pay at most V\", priced at the cheapest start from \
                  predicted demand, against first-fit and on-demand; an LP-based demand predictor.",
    },
    Card {
        title: "On-demand, spot, or both",
        paper: "ICAC 2014",
        summary: "Bidding policies for spot versus on-demand instances, learned online by multiplicative weights \
                  with delayed feedback: payoffs, regret and weight evolution.",
    },
    Card {
        title: "CloudShare / DirectContr",
        paper: "CrossCloud 2018",
        summary: "Fair, money-free sharing between federated clouds, judged against the exact Shapley value; \
                  FairShare and round-robin as baselines.",
    },
];

#[component]
pub fn HomePage() -> Html {
    html! {
        <section class="page home">
            <h1>{ "CloudEcon Playground" }</h1>
            <p class="lead">
                { "Run the economic mechanisms of four cloud-computing papers in your browser: edit every input, \
                   watch the charts move, and share a scenario as a link. Everything runs on your machine." }
            </p>
            <h2>{ "Available now" }</h2>
            <div class="cards">
                <article class="card ready" id="card-abacus">
                    <h3>{ "Abacus" }</h3>
                    <p class="paper">{ "Zhang, Ma, Ding, Yang · IEEE IC2E 2013" }</p>
                    <p>{ "An auction that splits each job's budget over resource types: shares s_ij = b_ij^α / Σ_l b_lj^α, \
                          the incentive explorer (Fig. 8), a probabilistic scheduler against FIFO and Fair (Fig. 9)." }</p>
                    <Link<Route> to={Route::Abacus} classes="button">{ "Open Abacus" }</Link<Route>>
                </article>
                <article class="card ready" id="card-shapley">
                    <h3>{ "Shapley value calculator" }</h3>
                    <p class="paper">{ "Shapley 1953 · the fairness reference of CloudShare" }</p>
                    <p>{ "Exact Shapley values of any cooperative game with up to 20 players, from a coalition table or a \
                          formula (glove, weighted majority, random); efficiency and core check." }</p>
                    <Link<Route> to={Route::Shapley} classes="button">{ "Open the calculator" }</Link<Route>>
                </article>
            </div>
            <h2>{ "Coming next" }</h2>
            <div class="cards">
                { for COMING.iter().map(|c| html! {
                    <article class="card coming">
                        <h3>{ c.title }<span class="badge">{ "coming" }</span></h3>
                        <p class="paper">{ c.paper }</p>
                        <p>{ c.summary }</p>
                    </article>
                }) }
            </div>
        </section>
    }
}
