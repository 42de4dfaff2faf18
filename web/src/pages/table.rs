//! The routes and the one table of pages: it feeds the router, the header's links and the home
//! page's cards, and tells where a scenario of each mechanism opens. Adding a page is one entry
//! here plus its [`Route`] variant.

use cloudecon::MechanismKind;
use yew_router::prelude::*;

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
    #[at("/era")]
    Era,
    #[at("/spot")]
    Spot,
    #[at("/cloudshare")]
    CloudShare,
    #[at("/classroom")]
    Classroom,
    #[at("/study")]
    Study,
    #[at("/bench")]
    Bench,
    /// The teacher's page of a live class game.
    #[at("/game")]
    Game,
    /// A student's phone in a live class game (the join link's `#g=…`).
    #[at("/play")]
    Play,
    /// Test-only: panics on purpose (e2e/selects.test.mjs); linked from nowhere.
    #[at("/__test/panic")]
    TestPanic,
    #[not_found]
    #[at("/404")]
    NotFound,
}

impl Route {
    /// The route's address on this host: its path below the folder the playground is served from
    /// (`/cloudecon/era` when it is at `/cloudecon/`), as the router writes it into the address.
    pub fn href(self) -> String {
        format!("{}{}", crate::services::site::prefix(), self.to_path())
    }
}

/// A mechanism's card on the home page: its texts are message ids (`home.ftl`).
pub struct Card {
    /// The mechanism's tag (the card's id is `card-{tag}`).
    pub tag: &'static str,
    /// The message ids of the card's title, its paper (the citation as published) and summary.
    pub title: &'static str,
    pub paper: &'static str,
    pub summary: &'static str,
    /// The message id of the card's link to its page (`None`: the mechanism is still to come).
    pub open: Option<&'static str>,
}

/// One page of the app, or a mechanism still to come.
pub struct PageEntry {
    /// Where the page lives (`None` while it is still to come).
    pub route: Option<Route>,
    /// The mechanism whose scenarios open on this page.
    pub mechanism: Option<MechanismKind>,
    /// The header's link to the page, if it has one: its message id (`common.ftl`).
    pub nav: Option<&'static str>,
    /// The home page's card, if it has one.
    pub card: Option<Card>,
}

impl PageEntry {
    const fn page(route: Route) -> Self {
        PageEntry { route: Some(route), mechanism: None, nav: None, card: None }
    }
    const fn opens(self, kind: MechanismKind) -> Self {
        PageEntry { mechanism: Some(kind), ..self }
    }
    const fn nav(self, label: &'static str) -> Self {
        PageEntry { nav: Some(label), ..self }
    }
    const fn card(
        self,
        tag: &'static str,
        title: &'static str,
        paper: &'static str,
        summary: &'static str,
        open: &'static str,
    ) -> Self {
        PageEntry { card: Some(Card { tag, title, paper, summary, open: Some(open) }), ..self }
    }
    /// A mechanism still to come: a card without a link (none at present; kept for the next one).
    #[allow(dead_code)]
    const fn coming(tag: &'static str, title: &'static str, paper: &'static str, summary: &'static str) -> Self {
        let card = Card { tag, title, paper, summary, open: None };
        PageEntry { route: None, mechanism: None, nav: None, card: Some(card) }
    }

    /// Whether the page is still to come.
    pub fn coming_soon(&self) -> bool {
        self.route.is_none()
    }
}

/// Every page, in the header's and the home page's order.
pub static PAGES: &[PageEntry] = &[
    PageEntry::page(Route::Home).nav("nav-home"),
    PageEntry::page(Route::Abacus).opens(MechanismKind::Abacus).nav("nav-abacus").card(
        "abacus",
        "home-abacus-title",
        "home-abacus-paper",
        "home-abacus-summary",
        "home-abacus-open",
    ),
    PageEntry::page(Route::AbacusEstimate).opens(MechanismKind::AbacusEstimate),
    PageEntry::page(Route::Shapley).opens(MechanismKind::Shapley).nav("nav-shapley").card(
        "shapley",
        "home-shapley-title",
        "home-shapley-paper",
        "home-shapley-summary",
        "home-shapley-open",
    ),
    PageEntry::page(Route::Era).opens(MechanismKind::Era).nav("nav-era").card(
        "era",
        "home-era-title",
        "home-era-paper",
        "home-era-summary",
        "home-era-open",
    ),
    PageEntry::page(Route::Spot).opens(MechanismKind::Spot).nav("nav-spot").card(
        "spot",
        "home-spot-title",
        "home-spot-paper",
        "home-spot-summary",
        "home-spot-open",
    ),
    PageEntry::page(Route::CloudShare).opens(MechanismKind::CloudShare).nav("nav-cloudshare").card(
        "cloudshare",
        "home-cloudshare-title",
        "home-cloudshare-paper",
        "home-cloudshare-summary",
        "home-cloudshare-open",
    ),
    PageEntry::page(Route::Classroom).nav("nav-classroom"),
    PageEntry::page(Route::Game).nav("nav-game"),
    PageEntry::page(Route::Study).nav("nav-study"),
    PageEntry::page(Route::Bench).nav("nav-bench"),
    PageEntry::page(Route::Play),
    PageEntry::page(Route::TestPanic),
    PageEntry::page(Route::NotFound),
];

/// The page where scenarios of a mechanism open, if it has one.
pub fn route_of(kind: MechanismKind) -> Option<Route> {
    PAGES.iter().find(|p| p.mechanism == Some(kind)).and_then(|p| p.route)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn every_mechanism_and_route_has_one_page() {
        for kind in MechanismKind::ALL.iter().copied() {
            assert!(route_of(kind).is_some(), "{kind:?} has no page");
            assert_eq!(PAGES.iter().filter(|p| p.mechanism == Some(kind)).count(), 1, "{kind:?}");
        }
        for route in Route::routes().iter().filter_map(|path| Route::recognize(path)) {
            assert_eq!(PAGES.iter().filter(|p| p.route == Some(route)).count(), 1, "{route:?}");
        }
        let tags: Vec<&str> = PAGES.iter().filter_map(|p| p.card.as_ref()).map(|c| c.tag).collect();
        assert!(tags.iter().enumerate().all(|(i, t)| !tags[..i].contains(t)), "card ids repeat: {tags:?}");
        for page in PAGES.iter().filter(|p| p.coming_soon()) {
            assert!(
                page.card.as_ref().is_some_and(|c| c.open.is_none()) && page.nav.is_none() && page.mechanism.is_none()
            );
        }
    }
}
