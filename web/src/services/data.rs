//! The real data files that some presets replay (`cloudecon::data`: a workload log, EC2 prices).
//! The app does not compile them in: a page fetches a file from the playground's `data/` folder
//! (beside `index.html`, wherever the host put it: [`super::site`]; the service worker keeps it
//! for offline use) the first time one of its presets needs it, and keeps it for the session.

use std::cell::RefCell;

use cloudecon::data::{Data, DataFile};
use cloudecon::presets::Preset;
use cloudecon::Scenario;

use super::site;

thread_local! {
    /// The files fetched so far.
    static HELD: RefCell<Data> = RefCell::new(Data::new());
}

/// The data file's place in the playground's folder.
pub fn path(file: &DataFile) -> String {
    format!("data/{}", file.name)
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

/// The files fetched so far (a class game's session holds them: `Session::with_data`).
pub fn held() -> Data {
    HELD.with(|held| held.borrow().clone())
}

/// Fetches every file of `files` not yet held.
pub async fn fetch(files: &[&'static DataFile]) -> Result<(), String> {
    for file in HELD.with(|held| held.borrow().missing(files)) {
        let text = fetch_text(&path(file)).await.map_err(|e| format!("could not load {}: {e}", file.description))?;
        HELD.with(|held| held.borrow_mut().insert(file, text));
    }
    Ok(())
}

/// The text of one of the playground's files.
async fn fetch_text(file: &str) -> Result<String, String> {
    let bytes = site::fetch_file(file, &|_, _| {}).await?;
    String::from_utf8(bytes).map_err(|_| "the file is not text".to_string())
}
