//! The app ships as bundles: one wasm per group of pages, so that a page downloads its own code
//! and not every mechanism's (issue 23's first load). Each bundle is a binary in `src/bin/` that
//! mounts [`crate::app::App`] with its own view function below; the linker keeps only the pages
//! that function names. `index.html` loads the bundle of the address (its `BUNDLES` map, checked
//! against this table by a test); following a link to a page of another bundle loads that page
//! afresh (`crate::app`), and what the page keeps (storage, the address's `#s=` fragment) is all
//! it needs.

use yew::prelude::*;

use crate::i18n::Messages;

use super::{
    AbacusPage, BenchPage, ClassroomPage, CloudSharePage, EraPage, EstimatePage, GamePage, HomePage, NotFoundPage,
    PlayPage, Route, ShapleyPage, SpotPage, StudyPage, TestPanicPage,
};

/// A bundle's pages: the view of each route it hosts, `None` for the others.
pub type Views = fn(Route) -> Option<Html>;

/// One bundle: its name (its files are `{name}.js` and `{name}_bg.wasm`), its pages and their
/// messages (`web/locales/{lang}/{area}.ftl` of the areas its pages use, and no others).
pub struct Bundle {
    pub name: &'static str,
    pub views: Views,
    pub messages: Messages,
}

/// Each bundle's message areas. `common` is the shell's (header, footer, banners); `components`
/// the editors' shared parts (toolbar, fields, charts); `exercise` the exercises' panels;
/// `core "errors"` the core's problems (`core/locales`); `{mechanism}-names` how the pages name a
/// mechanism's fields (in problems, prompts and lock notes); `class-shared` what the teacher's
/// class game and the phone both show (QR codes, the game worker, data files).
pub mod messages {
    use crate::i18n::Messages;
    use crate::messages;

    /// The home page, the not-found page and the test-only panic page (which runs the worker:
    /// `components` has the run's words).
    pub const HOME: Messages = messages!["common", "components", "home"];
    pub const ABACUS: Messages =
        messages!["common", "components", "exercise", core "errors", core "exercise", "abacus", "abacus-names"];
    pub const SHAPLEY: Messages =
        messages!["common", "components", "exercise", core "errors", core "exercise", "shapley", "shapley-names"];
    pub const ERA: Messages =
        messages!["common", "components", "exercise", core "errors", core "exercise", "era", "era-names"];
    pub const SPOT: Messages =
        messages!["common", "components", "exercise", core "errors", core "exercise", "spot", "spot-names"];
    pub const CLOUDSHARE: Messages =
        messages!["common", "components", "exercise", core "errors", core "exercise", "cloudshare", "cloudshare-names"];
    /// The classroom names the fields of every mechanism (its lists of numbers and fields).
    pub const TOOLS: Messages = messages![
        "common", "components", "exercise", core "errors", core "exercise", "classroom", "study", "bench",
        "abacus-names", "shapley-names", "era-names", "spot-names", "cloudshare-names"
    ];
    /// The teacher's class game: what the phone shows too (`class-shared`), the game's problems
    /// (`core "game"`) and the settings' (`core "errors"`).
    pub const GAME: Messages = messages!["common", "components", core "errors", core "game", "game", "class-shared"];
    /// The phone's first load is budgeted (300 KB): its problems are the game's; any other
    /// problem is shown in the core's English (`i18n::problem_text`).
    pub const PLAY: Messages = messages!["common", "play", "class-shared", core "game"];
    /// Every area (the tests' messages: a test renders any page's parts).
    pub const ALL: Messages = messages![
        "common", "components", "exercise", core "errors", core "exercise", core "game", "home", "abacus", "abacus-names",
        "shapley", "shapley-names", "era", "era-names", "spot", "spot-names", "cloudshare", "cloudshare-names",
        "classroom", "game", "class-shared", "play", "study", "bench"
    ];
}

/// Each bundle's runs (`services::engine`): a mechanism's bundle links its own mechanisms' runs
/// and results' readers only.
pub mod engines {
    use cloudecon::abacus::estimation::AbacusEstimate;
    use cloudecon::abacus::Abacus;
    use cloudecon::cloudshare::CloudShare;
    use cloudecon::era::Era;
    use cloudecon::shapley::Shapley;
    use cloudecon::spot::Spot;

    use crate::services::engine::{Engine, EVERY_WITHOUT_RESULTS};

    /// The home page runs nothing (its test page only makes the worker panic).
    pub const HOME: Engine = Engine::of::<()>();
    pub const ABACUS: Engine = Engine::of::<(Abacus, AbacusEstimate)>();
    pub const SHAPLEY: Engine = Engine::of::<(Shapley,)>();
    pub const ERA: Engine = Engine::of::<(Era,)>();
    pub const SPOT: Engine = Engine::of::<(Spot,)>();
    pub const CLOUDSHARE: Engine = Engine::of::<(CloudShare,)>();
    /// The classroom, studies and the benchmark run every mechanism; none reads a run's result
    /// from the worker.
    pub const TOOLS: Engine = EVERY_WITHOUT_RESULTS;
    /// The teacher's class game runs its rounds with the core's game code (`cloudecon::game`),
    /// not through the run pipeline.
    pub const GAME: Engine = Engine::of::<()>();
}

/// The home page, and the addresses the app does not know (any bundle's fallback).
pub fn home(route: Route) -> Option<Html> {
    match route {
        Route::Home => Some(html! { <HomePage /> }),
        Route::NotFound => Some(html! { <NotFoundPage /> }),
        Route::TestPanic => Some(html! { <TestPanicPage /> }),
        _ => None,
    }
}

/// Abacus's auction and scheduler, and its utility estimation.
pub fn abacus(route: Route) -> Option<Html> {
    match route {
        Route::Abacus => Some(html! { <AbacusPage /> }),
        Route::AbacusEstimate => Some(html! { <EstimatePage /> }),
        _ => None,
    }
}

/// The Shapley value calculator.
pub fn shapley(route: Route) -> Option<Html> {
    (route == Route::Shapley).then(|| html! { <ShapleyPage /> })
}

/// ERA.
pub fn era(route: Route) -> Option<Html> {
    (route == Route::Era).then(|| html! { <EraPage /> })
}

/// On-demand, spot, or both.
pub fn spot(route: Route) -> Option<Html> {
    (route == Route::Spot).then(|| html! { <SpotPage /> })
}

/// CloudShare / DirectContr.
pub fn cloudshare(route: Route) -> Option<Html> {
    (route == Route::CloudShare).then(|| html! { <CloudSharePage /> })
}

/// The pages over every mechanism: the classroom, studies and the benchmark.
pub fn tools(route: Route) -> Option<Html> {
    match route {
        Route::Classroom => Some(html! { <ClassroomPage /> }),
        Route::Study => Some(html! { <StudyPage /> }),
        Route::Bench => Some(html! { <BenchPage /> }),
        _ => None,
    }
}

/// The teacher's page of a live class game: its own bundle, since its games (`cloudecon::game`)
/// are code the classroom does not run, and the classroom's exercises and every mechanism's
/// run pipeline are code it does not need (the two together grew past issue 37's 60 KB;
/// BENCHMARKS.md, "`tools` within 60 KB").
pub fn game(route: Route) -> Option<Html> {
    (route == Route::Game).then(|| html! { <GamePage /> })
}

/// A student's phone in a live class game: its own small bundle (no mechanism's editor).
pub fn play(route: Route) -> Option<Html> {
    (route == Route::Play).then(play_alone)
}

/// The phone's page alone: the `play` bundle mounts it in the light shell (`app::start_alone`).
pub fn play_alone() -> Html {
    html! { <PlayPage /> }
}

/// Every bundle (for tests: a binary that named this table would carry every page).
pub static BUNDLES: &[Bundle] = &[
    Bundle { name: "home", views: home, messages: messages::HOME },
    Bundle { name: "abacus", views: abacus, messages: messages::ABACUS },
    Bundle { name: "shapley", views: shapley, messages: messages::SHAPLEY },
    Bundle { name: "era", views: era, messages: messages::ERA },
    Bundle { name: "spot", views: spot, messages: messages::SPOT },
    Bundle { name: "cloudshare", views: cloudshare, messages: messages::CLOUDSHARE },
    Bundle { name: "tools", views: tools, messages: messages::TOOLS },
    Bundle { name: "game", views: game, messages: messages::GAME },
    Bundle { name: "play", views: play, messages: messages::PLAY },
];

#[cfg(test)]
mod tests {
    use yew_router::Routable;

    use super::*;

    /// `index.html`'s map from an address's path to its bundle, as the loader reads it.
    fn loader_map() -> Vec<(String, String)> {
        let html = include_str!("../../../index.html");
        let start = html.find("const BUNDLES = {").expect("index.html has a BUNDLES map") + "const BUNDLES = ".len();
        let end = start + html[start..].find('}').expect("the map ends") + 1;
        let map: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&html[start..end].replace('\'', "\"")).expect("the map is JSON with single quotes");
        map.into_iter().map(|(k, v)| (k, v.as_str().expect("a bundle name").to_string())).collect()
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn each_route_is_hosted_by_one_bundle_and_the_loader_loads_it() {
        let map = loader_map();
        for path in Route::routes() {
            let route = Route::recognize(path).expect("a route's own path");
            let hosts: Vec<&str> = BUNDLES.iter().filter(|b| (b.views)(route).is_some()).map(|b| b.name).collect();
            assert_eq!(hosts.len(), 1, "{route:?} is hosted by {hosts:?}");
            // Addresses the loader does not list load the home bundle.
            let loaded = map.iter().find(|(p, _)| p == path).map_or("home", |(_, b)| b.as_str());
            assert_eq!(loaded, hosts[0], "index.html loads {loaded} for {path}, which {} hosts", hosts[0]);
        }
        for (path, bundle) in &map {
            assert!(BUNDLES.iter().any(|b| b.name == bundle), "index.html names an unknown bundle {bundle} for {path}");
            assert!(
                Route::recognize(path).is_some_and(|r| r != Route::NotFound),
                "index.html maps {path}, not a route"
            );
        }
        // Every bundle has its binary, and index.html has Trunk build it.
        for b in BUNDLES {
            let rust = format!("data-bin=\"{}\"", b.name);
            assert!(include_str!("../../../index.html").contains(&rust), "index.html does not build {}", b.name);
        }
    }
}
