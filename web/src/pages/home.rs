//! The home page: the mechanisms of the project, from the page table — those available now and
//! those still to come — and the classroom exercises shipped with the playground, each a link.

use cloudecon::exercise::shipped;
use cloudecon::MechanismKind;
use yew::prelude::*;
use yew_router::prelude::*;

use super::{route_of, Card, Route, PAGES};
use crate::services::share;

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
fn exercise_links() -> Vec<(MechanismKind, Vec<ExerciseLink>)> {
    let mut groups: Vec<(MechanismKind, Vec<ExerciseLink>)> = Vec::new();
    for e in shipped::all() {
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
    // Encoding every exercise's link takes a moment: once per visit of the page.
    let groups = use_memo((), |_| exercise_links());
    html! {
        <section class="exercise-sets" id="exercise-sets" aria-labelledby="exercise-sets-heading">
            <h2 id="exercise-sets-heading">{ "Classroom exercises" }</h2>
            <p>
                { "Each link opens a mechanism's page with an exercise: instructions, tasks with checks and hints,                    and the student's answers as a file to hand in. Teachers collect those files on the " }
                <Link<Route> to={Route::Classroom} classes="classroom-link">{ "Classroom page" }</Link<Route>>
                { ". The checks run in the student's browser, so a determined student can read the answers:                    the exercises are for practice and teaching, not for exams." }
            </p>
            <div class="cards">
                { for groups.iter().map(|(kind, links)| html! {
                    <article class="card exercise-set" id={format!("exercises-{}", kind.tag())}>
                        <h3>{ kind.name() }</h3>
                        <ul>
                            { for links.iter().map(|l| html! {
                                <li>
                                    <a href={l.href.clone()} class="exercise-link" data-exercise={l.name}
                                        data-mechanism={kind.tag()}>{ l.title.clone() }</a>
                                    { format!(" — {}, {} task{}", kind.name(), l.tasks, if l.tasks == 1 { "" } else { "s" }) }
                                </li>
                            }) }
                        </ul>
                    </article>
                }) }
            </div>
        </section>
    }
}

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
            <h1>{ "CloudEcon Playground" }</h1>
            <p class="lead">
                { "Run the economic mechanisms of four cloud-computing papers in your browser: edit every input, \
                   watch the charts move, and share a scenario as a link. Everything runs on your machine." }
            </p>
            <h2>{ "Available now" }</h2>
            <div class="cards">{ for cards(false) }</div>
            // No heading over nothing: the section shows only while a mechanism is still to come.
            if !coming.is_empty() {
                <h2>{ "Coming next" }</h2>
                <div class="cards">{ for coming }</div>
            }
            <ExerciseSets />
        </section>
    }
}
