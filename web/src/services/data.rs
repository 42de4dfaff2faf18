//! The real data files that some presets replay (`cloudecon::data`: a workload log, EC2 prices).
//! The app does not compile them in: a page fetches a file from the bundle's `data/` folder (same
//! origin, so it works offline from any static host) the first time one of its presets needs it,
//! and keeps it for the session.

use std::cell::RefCell;

use cloudecon::data::{Data, DataFile};
use cloudecon::presets::Preset;
use cloudecon::Scenario;
use wasm_bindgen::JsCast;

thread_local! {
    /// The files fetched so far.
    static HELD: RefCell<Data> = RefCell::new(Data::new());
}

/// Where the bundle serves a data file.
pub fn url(file: &DataFile) -> String {
    format!("/data/{}", file.name)
}

/// The preset's scenario if the data it replays is at hand, else the first file to fetch.
pub fn preset_scenario(preset: &Preset) -> Result<Scenario, &'static DataFile> {
    HELD.with(|held| preset.scenario_with(&held.borrow()))
}

/// What fetching the missing files of `files` would download, for a status line ("the first 14
/// days of the NASA Ames iPSC/860 log"), or `None` when they are all at hand.
pub fn pending(files: &[&'static DataFile]) -> Option<String> {
    let missing = HELD.with(|held| held.borrow().missing(files));
    (!missing.is_empty()).then(|| missing.iter().map(|f| f.description).collect::<Vec<_>>().join(" and "))
}

/// Fetches every file of `files` not yet held.
pub async fn fetch(files: &[&'static DataFile]) -> Result<(), String> {
    for file in HELD.with(|held| held.borrow().missing(files)) {
        let text = fetch_text(&url(file)).await.map_err(|e| format!("could not load {}: {e}", file.description))?;
        HELD.with(|held| held.borrow_mut().insert(file, text));
    }
    Ok(())
}

/// The text at `url` (same origin).
async fn fetch_text(url: &str) -> Result<String, String> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|_| "no network")?
        .dyn_into()
        .map_err(|_| "no response")?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|_| "the file cannot be read")?)
        .await
        .map_err(|_| "the download was interrupted")?;
    text.as_string().ok_or_else(|| "the file is not text".to_string())
}
