//! # CloudEcon Playground — the browser app
//!
//! A Yew single-page app over the pure `cloudecon` core, shipped in bundles: each binary of
//! `src/bin/` but the worker mounts [`app::App`] with its own pages ([`pages::bundles`]);
//! `src/bin/worker.rs` registers the [`worker::RunReactor`] that runs long scenarios off the main
//! thread. Pages hold their scenario as plain state with a reducer; charts are generic plotters
//! draw functions rendered by one [`charts::Chart`] component; persistence, share URLs and files
//! live in [`services`]. The app makes no network requests.

pub mod app;
pub mod charts;
pub mod components;
pub mod format;
pub mod hooks;
pub mod i18n;
pub mod pages;
pub mod services;
pub mod worker;

#[cfg(all(test, target_arch = "wasm32"))]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests;
