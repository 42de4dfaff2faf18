//! The app shell: router, error banner, header and footer around the current page.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::components::ErrorBanner;
use crate::hooks::{ErrorsProvider, WorkerProvider};
use crate::route::{switch, Route};

#[component]
pub fn App() -> Html {
    html! {
        <BrowserRouter>
            <ErrorsProvider>
            <WorkerProvider>
                <header class="site-header">
                    <Link<Route> to={Route::Home} classes="brand">{ "CloudEcon Playground" }</Link<Route>>
                    <nav>
                        <Link<Route> to={Route::Home}>{ "Mechanisms" }</Link<Route>>
                        <Link<Route> to={Route::Abacus}>{ "Abacus" }</Link<Route>>
                        <Link<Route> to={Route::Shapley}>{ "Shapley calculator" }</Link<Route>>
                        <Link<Route> to={Route::Bench}>{ "Benchmark" }</Link<Route>>
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
