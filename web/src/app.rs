//! The app shell: router, error banner, header (its links from the page table) and footer
//! around the current page.

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
                <header class="site-header">
                    <Link<Route> to={Route::Home} classes="brand">{ "CloudEcon Playground" }</Link<Route>>
                    <nav>
                        { for PAGES.iter().filter_map(|p| Some((p.route?, p.nav?))).map(|(to, label)| html! {
                            <Link<Route> {to}>{ label }</Link<Route>>
                        }) }
                    </nav>
                </header>
                <ErrorBanner />
                <main>
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
