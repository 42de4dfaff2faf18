//! The app shell: router, error banner, header (its links from the page table) and footer
//! around the current page. A "Skip to content" link is the first stop of the keyboard; on
//! narrow screens the header's links fold behind a menu button.

use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::components::ErrorBanner;
use crate::hooks::{ErrorsProvider, WorkerProvider};
use crate::pages::{switch, Route, PAGES};

#[component]
pub fn App() -> Html {
    html! {
        <BrowserRouter>
            <ErrorsProvider>
            <WorkerProvider>
                <SiteHeader />
                <ErrorBanner />
                <main id="main" tabindex="-1">
                    <Switch<Route> render={switch} />
                </main>
                <footer class="site-footer">
                    { "Runs entirely in your browser: no data leaves this page. Same scenario and seed, same numbers — here and in the " }
                    <code>{ "cloudecon" }</code>{ " command-line runner." }
                </footer>
            </WorkerProvider>
            </ErrorsProvider>
        </BrowserRouter>
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
    let open = use_state_eq(|| false);
    let location = use_location();
    let current = use_route::<Route>();
    let navigator = use_navigator();
    {
        let open = open.clone();
        use_effect_with(location.map(|l| l.path().to_string()), move |_| open.set(false));
    }
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
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
            <a href={to.to_path()} {onclick} aria-current={(current == Some(to)).then_some("page")}>{ label }</a>
        }
    };
    html! {
        <header class="site-header">
            <a class="skip-link" href="#main" onclick={skip_to_main}>{ "Skip to content" }</a>
            <Link<Route> to={Route::Home} classes="brand">{ "CloudEcon Playground" }</Link<Route>>
            <button id="nav-toggle" class="nav-toggle" aria-controls="site-nav" aria-expanded={open.to_string()}
                onclick={ontoggle}>{ "Menu" }</button>
            <nav id="site-nav" aria-label="Pages" class={classes!(open.then_some("open"))}>
                { for PAGES.iter().filter_map(|p| Some((p.route?, p.nav?))).map(|(to, label)| link(to, label)) }
            </nav>
        </header>
    }
}
