//! The home page: the mechanisms of the project, from the page table — those available now and
//! those still to come — and the classroom exercises shipped with the playground, each a link.

use cloudecon::exercise::shipped;
use cloudecon::MechanismKind;
use yew::prelude::*;
use yew_router::prelude::*;

use super::{route_of, Card, Route, PAGES};
use crate::i18n::{number, t, use_lang, Lang};
use crate::services::share;
use crate::t;

/// A shipped exercise on the home page: its title, its task count and its exercise link.
#[derive(Debug, Clone, PartialEq)]
struct ExerciseLink {
    name: &'static str,
    title: String,
    tasks: usize,
    href: String,
}

/// The shipped exercises grouped by mechanism, in registration order; an exercise that does not
/// read (shipped exercises are tested to read) or whose mechanism has no page is left out.
fn exercise_links(lang: Lang) -> Vec<(MechanismKind, Vec<ExerciseLink>)> {
    let mut groups: Vec<(MechanismKind, Vec<ExerciseLink>)> = Vec::new();
    // Each exercise in the reader's language where it has a translation.
    for e in shipped::all_in(lang.tag()) {
        let (Ok(doc), Some(route)) = (e.document(), route_of(e.mechanism)) else { continue };
        let link = ExerciseLink {
            name: e.name,
            title: if doc.exercise.title.is_empty() { e.name.to_string() } else { doc.exercise.title.clone() },
            tasks: doc.exercise.tasks.len(),
            href: format!("{}#s={}", route.href(), share::encode_exercise(&doc)),
        };
        match groups.last_mut() {
            Some((kind, links)) if *kind == e.mechanism => links.push(link),
            _ => groups.push((e.mechanism, vec![link])),
        }
    }
    groups
}

/// The "Classroom exercises" section: every shipped exercise by mechanism, and the collection page.
#[component]
fn ExerciseSets() -> Html {
    let lang = use_lang();
    // Encoding every exercise's link takes a moment: once per visit of the page and language.
    let groups = use_memo(lang, |&lang| exercise_links(lang));
    html! {
        <section class="exercise-sets" id="exercise-sets" aria-labelledby="exercise-sets-heading">
            <h2 id="exercise-sets-heading">{ t("home-exercises") }</h2>
            <p>
                { t("home-exercises-text") }{ " " }
                <Link<Route> to={Route::Classroom} classes="classroom-link">{ t("home-exercises-link") }</Link<Route>>
                { t("home-exercises-text-end") }
            </p>
            <div class="cards">
                { for groups.iter().map(|(kind, links)| html! {
                    <article class="card exercise-set" id={format!("exercises-{}", kind.tag())}>
                        <h3>{ mechanism_name(*kind) }</h3>
                        <ul>
                            { for links.iter().map(|l| html! {
                                <li>
                                    <a href={l.href.clone()} class="exercise-link" data-exercise={l.name}
                                        data-mechanism={kind.tag()} translate="no">{ l.title.clone() }</a>
                                    { " " }{ t!("home-exercise-tasks", mechanism = mechanism_name(*kind), count = number(l.tasks as f64)) }
                                </li>
                            }) }
                        </ul>
                    </article>
                }) }
            </div>
        </section>
    }
}

/// A mechanism's name in the reader's language (`MechanismKind::name` is the core's English).
fn mechanism_name(kind: MechanismKind) -> String {
    t(&format!("home-mechanism-{}", kind.tag()))
}

fn card(card: &Card, route: Option<Route>) -> Html {
    let id = format!("card-{}", card.tag);
    match (route, card.open) {
        (Some(to), Some(open)) => html! {
            <article class="card ready" {id}>
                <h3>{ t(card.title) }</h3>
                <p class="paper">{ t(card.paper) }</p>
                <p>{ t(card.summary) }</p>
                <Link<Route> {to} classes="button">{ t(open) }</Link<Route>>
            </article>
        },
        _ => html! {
            <article class="card coming" {id}>
                <h3>{ t(card.title) }<span class="badge">{ t("home-coming") }</span></h3>
                <p class="paper">{ t(card.paper) }</p>
                <p>{ t(card.summary) }</p>
            </article>
        },
    }
}

#[component]
pub fn HomePage() -> Html {
    use_lang();
    let cards = |coming: bool| -> Vec<Html> {
        PAGES
            .iter()
            .filter(|p| p.coming_soon() == coming)
            .filter_map(|p| Some(card(p.card.as_ref()?, p.route)))
            .collect()
    };
    let coming = cards(true);
    html! {
        <section class="page home">
            <h1>{ t("brand") }</h1>
            <p class="lead">
                { t("home-lead") }
            </p>
            <h2>{ t("home-available") }</h2>
            <div class="cards">{ for cards(false) }</div>
            // No heading over nothing: the section shows only while a mechanism is still to come.
            if !coming.is_empty() {
                <h2>{ t("home-coming-next") }</h2>
                <div class="cards">{ for coming }</div>
            }
            <ExerciseSets />
        </section>
    }
}
