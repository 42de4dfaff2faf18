//! The app shell: router, error banner, header (its links from the page table) and footer
//! around the current page. A "Skip to content" link is the first stop of the keyboard; on
//! narrow screens the header's links fold behind a menu button. The shell is the same in every
//! bundle (`pages::bundles`); a bundle renders its own pages, and a route of another bundle is
//! loaded afresh from the address, which then fetches that bundle.

use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::components::{ErrorBanner, OfflineStatus};
use crate::hooks::{use_errors, ErrorsHandle, ErrorsProvider, WorkerProvider};
use crate::i18n::{self, t, use_lang, LangProvider, LangSwitcher, Messages};
use crate::pages::{route_of, NotFoundPage, Route, Views, PAGES};
use crate::services::engine::Engine;
use crate::services::share;

/// The app's properties: the pages of the bundle that mounts it.
#[derive(Properties)]
pub struct AppProps {
    pub views: Views,
}

/// A bundle mounts the app once, with its pages: they never change.
impl PartialEq for AppProps {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Mounts the app with a bundle's pages on `#app` (the loading indicator's place), or on the body,
/// in the reader's language from the bundle's messages.
pub fn start(views: Views, messages: Messages, engine: Engine) {
    crate::services::panic::install();
    crate::services::engine::install(engine);
    crate::services::selects::keep_in_step();
    FIRST_PATH.with(|p| *p.borrow_mut() = current_path());
    // The reader's language's files first (English is compiled in; the loader's message shows
    // meanwhile), then the page.
    wasm_bindgen_futures::spawn_local(async move {
        i18n::install_in(i18n::ready(i18n::choose(), messages).await, messages);
        let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app"));
        match root {
            Some(root) => yew::Renderer::<App>::with_root_and_props(root, AppProps { views }).render(),
            None => yew::Renderer::<App>::with_props(AppProps { views }).render(),
        };
    });
}

thread_local! {
    /// The path the bundle was loaded for (index.html's loader chose the bundle from it).
    static FIRST_PATH: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let views = props.views;
    // Keyed by the route: each route of another bundle mounts the placeholder afresh.
    let render = Callback::from(move |route: Route| {
        views(route).unwrap_or_else(|| html! { <OtherBundle key={route.to_path()} /> })
    });
    html! {
        <LangProvider>
        <BrowserRouter>
            <ErrorsProvider>
            <WorkerProvider>
                <SiteHeader />
                <ErrorBanner />
                <LinkElsewhere />
                <main id="main" tabindex="-1">
                    <Switch<Route> {render} />
                </main>
                <Footer />
            </WorkerProvider>
            </ErrorsProvider>
        </BrowserRouter>
        </LangProvider>
    }
}

/// The footer of every page.
#[component]
fn Footer() -> Html {
    use_lang();
    html! {
        <footer class="site-footer">
            { t("footer-private") }{ " " }
            { t("footer-same-numbers") }{ " " }<code>{ "cloudecon" }</code>{ " " }{ t("footer-runner") }
            <OfflineStatus />
        </footer>
    }
}

/// Mounts one page alone, in a light shell without the router, the error banner's provider or
/// the run worker (the phone's `/play` bundle, whose first load must stay small): the same
/// header, with plain links (every other page is in another bundle, so following a link loads
/// the address anyway), the page and the footer. The panic hook is the app's.
pub fn start_alone(page: fn() -> Html, messages: Messages) {
    // The phone runs nothing itself (its rounds run in the game's worker): no engine.
    crate::services::panic::install();
    crate::services::selects::keep_in_step();
    wasm_bindgen_futures::spawn_local(async move {
        i18n::install_in(i18n::ready(i18n::choose(), messages).await, messages);
        let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app"));
        let props = AloneProps { page };
        match root {
            Some(root) => yew::Renderer::<AloneShell>::with_root_and_props(root, props).render(),
            None => yew::Renderer::<AloneShell>::with_props(props).render(),
        };
    });
}

/// The page a light shell shows.
#[derive(Properties)]
pub struct AloneProps {
    pub page: fn() -> Html,
}

/// Mounted once, with its page: it never changes.
impl PartialEq for AloneProps {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The light shell inside the language's provider.
#[component]
fn AloneShell(props: &AloneProps) -> Html {
    html! { <LangProvider><Alone page={props.page} /></LangProvider> }
}

#[component]
fn Alone(props: &AloneProps) -> Html {
    use_lang();
    let open = use_state_eq(|| false);
    let here = current_path();
    let links = PAGES.iter().filter_map(|p| Some((p.route?, p.nav?))).map(|(to, label)| {
        html! { <a href={to.href()} aria-current={(to.to_path() == here).then_some("page")}>{ t(label) }</a> }
    });
    html! {
        <>
            { header(&open, html! { <a class="brand" href={Route::Home.href()}>{ t("brand") }</a> }, links.collect::<Html>()) }
            <main id="main" tabindex="-1">{ (props.page)() }</main>
            <Footer />
        </>
    }
}

/// The address's path as the loader in index.html and the router read it: without a trailing
/// slash (`/era/` is `/era`).
fn current_path() -> String {
    let path = web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default();
    match path.trim_end_matches('/') {
        "" => "/".to_string(),
        trimmed => trimmed.to_string(),
    }
}

/// A route of another bundle: the address is loaded afresh, and index.html's loader fetches the
/// bundle that hosts it (the address keeps any `#s=` fragment, and the pages keep their work in
/// storage). Should the address be the one this bundle was loaded for — the loader's map and the
/// bundles disagree — the page says it is missing rather than loading again and again.
#[component]
fn OtherBundle() -> Html {
    let loop_ = FIRST_PATH.with(|p| *p.borrow() == current_path());
    use_effect_with((), move |_| {
        if !loop_ {
            if let Some(w) = web_sys::window() {
                // Best effort: if the page cannot reload, it stays as it is.
                let _ = w.location().reload();
            }
        }
    });
    if loop_ {
        html! { <NotFoundPage /> }
    } else {
        html! { <p class="status" role="status">{ t("loading-page") }</p> }
    }
}

/// A share or exercise link (`#s=`) that landed on a page that opens no scenario — the home page,
/// the classroom, the studies, an unknown address — goes on to its mechanism's page (as a link to
/// the wrong mechanism's page does); a link that cannot be opened says why in the error banner.
/// Mechanism pages read their links themselves (`use_document`).
#[component]
fn LinkElsewhere() -> Html {
    let route = use_route::<Route>();
    let errors = use_errors();
    let opens = route.is_some_and(|r| PAGES.iter().any(|p| p.route == Some(r) && p.mechanism.is_some()));
    use_effect_with(opens, move |&opens| {
        let listener = (!opens).then(|| {
            follow_link(errors.as_ref());
            let window = web_sys::window()?;
            Some(gloo_events::EventListener::new(&window, "hashchange", move |_| follow_link(errors.as_ref())))
        });
        move || drop(listener)
    });
    html! {}
}

/// Takes the address's link, if any, to its mechanism's page.
fn follow_link(errors: Option<&ErrorsHandle>) {
    let Some(window) = web_sys::window() else { return };
    let hash = window.location().hash().unwrap_or_default();
    let Some(body) = share::fragment_body(&hash) else { return };
    // The query goes along: a link pinned to a language (`?lang=zh-CN`) keeps it on its page.
    let search = window.location().search().unwrap_or_default();
    let report = |message: crate::i18n::Text| match errors {
        Some(e) => e.report(message),
        None => web_sys::console::error_1(&message.show().into()),
    };
    match share::decode(body) {
        Ok(shared) => match route_of(shared.scenario().kind()) {
            // The same query and fragment, on the page that opens it (which loads that page's
            // bundle).
            Some(route) => {
                if window.location().set_href(&format!("{}{search}{hash}", route.href())).is_err() {
                    report(crate::said!("link-page-failed"));
                }
            }
            None => report(crate::said!("link-unknown-mechanism", mechanism = shared.scenario().kind().tag())),
        },
        Err(e) => report(crate::said!("link-unreadable", reason = share::error_text(&e))),
    }
}

/// Moves the keyboard focus to the page's `<main>` (the skip link's target) without touching
/// the URL: its fragment is the share link's (`#s=`), not an anchor.
fn skip_to_main(e: MouseEvent) {
    e.prevent_default();
    let main = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("main"));
    if let Some(main) = main.and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok()) {
        // Focusing scrolls the main content into view; a failure leaves the focus where it was.
        let _ = main.focus();
    }
}

/// The skip link, the brand and the nav, which a menu button folds away on narrow screens
/// (the stylesheet decides when). The menu closes when one of its links is followed (also the
/// current page's) and whenever the route changes; the current page's link says so
/// (`aria-current="page"`).
#[component]
fn SiteHeader() -> Html {
    use_lang();
    let open = use_state_eq(|| false);
    let location = use_location();
    let current = use_route::<Route>();
    let navigator = use_navigator();
    {
        let open = open.clone();
        use_effect_with(location.map(|l| l.path().to_string()), move |_| open.set(false));
    }
    let link = |to: Route, label: &'static str| {
        let (open, navigator) = (open.clone(), navigator.clone());
        // As yew-router's `Link`: a modified click (new tab, new window) is the browser's.
        let onclick = Callback::from(move |e: MouseEvent| {
            if e.meta_key() || e.ctrl_key() || e.shift_key() || e.alt_key() {
                return;
            }
            e.prevent_default();
            open.set(false);
            if let Some(navigator) = &navigator {
                navigator.push(&to);
            }
        });
        html! {
            <a href={to.href()} {onclick} aria-current={(current == Some(to)).then_some("page")}>{ t(label) }</a>
        }
    };
    let brand = html! { <Link<Route> to={Route::Home} classes="brand">{ t("brand") }</Link<Route>> };
    let links = PAGES.iter().filter_map(|p| Some((p.route?, p.nav?))).map(|(to, label)| link(to, label));
    header(&open, brand, links.collect::<Html>())
}

/// The skip link, the brand and the nav, which a menu button folds away on narrow screens (the
/// stylesheet decides when).
fn header(open: &UseStateHandle<bool>, brand: Html, links: Html) -> Html {
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    html! {
        <header class="site-header">
            <a class="skip-link" href="#main" onclick={skip_to_main}>{ t("skip-to-content") }</a>
            { brand }
            <LangSwitcher />
            <button id="nav-toggle" class="nav-toggle" aria-controls="site-nav" aria-expanded={open.to_string()}
                onclick={ontoggle}>{ t("menu") }</button>
            <nav id="site-nav" aria-label={t("nav-label")} class={classes!(open.then_some("open"))}>
                { links }
            </nav>
        </header>
    }
}
