//! The real data files that some presets replay (`cloudecon::data`: a workload log, EC2 prices).
//! The app does not compile them in: a page fetches a file from the playground's `data/` folder
//! (beside `index.html`, wherever the host put it: [`super::site`]; the service worker keeps it
//! for offline use) the first time one of its presets needs it, and keeps it for the session.

use std::cell::RefCell;

use futures::channel::oneshot;

use cloudecon::data::{Data, DataFile};
use cloudecon::presets::Preset;
use cloudecon::Scenario;

use super::site;

thread_local! {
    /// The files fetched so far.
    static HELD: RefCell<Data> = RefCell::new(Data::new());
    /// The files being fetched, each with the callers waiting for it.
    static LOADING: RefCell<Vec<(&'static str, Vec<Waiting>)>> = const { RefCell::new(Vec::new()) };
}

/// A caller waiting for a file another caller fetches.
type Waiting = oneshot::Sender<Result<(), String>>;

/// The data file's place in the playground's folder.
pub fn path(file: &DataFile) -> String {
    format!("data/{}", file.name)
}

/// The preset's scenario if the data it replays is at hand, else the first file to fetch.
/// Its title and notes are in the page's language ([`preset_words`]).
pub fn preset_scenario(preset: &Preset) -> Result<Scenario, &'static DataFile> {
    let mut scenario = HELD.with(|held| preset.scenario_with(&held.borrow()))?;
    preset_words(preset.name, &mut scenario.title, &mut scenario.notes);
    Ok(scenario)
}

/// Preset `name`'s title and notes in the page's language: `preset-title-{name}` and
/// `preset-notes-{name}`, whose English is the core's own words (the runner's; a test keeps them
/// equal). A preset without them keeps the core's.
pub fn preset_words(name: &str, title: &mut String, notes: &mut String) {
    for (id, words) in [(format!("preset-title-{name}"), title), (format!("preset-notes-{name}"), notes)] {
        if crate::i18n::has(&id) {
            *words = crate::i18n::t(&id);
        }
    }
}

/// What fetching the missing files of `files` would download, for a status line ("the first 14
/// days of the NASA Ames iPSC/860 log"), in the page's language, or `None` when they are all at
/// hand.
pub fn pending(files: &[&'static DataFile]) -> Option<String> {
    let missing = HELD.with(|held| held.borrow().missing(files));
    (!missing.is_empty())
        .then(|| missing.iter().map(|f| described(f)).collect::<Vec<_>>().join(&crate::i18n::t("data-files-and")))
}

/// The files of `files` fetched so far (a class game's session holds them:
/// `Session::with_data`).
pub fn held_of(files: &[&'static DataFile]) -> Data {
    HELD.with(|held| held.borrow().only(files))
}

/// Fetches every file of `files` not yet held. A file already being fetched (for another caller)
/// is waited for, not fetched again.
pub async fn fetch(files: &[&'static DataFile]) -> Result<(), String> {
    for file in HELD.with(|held| held.borrow().missing(files)) {
        let wait = LOADING.with(|l| {
            let mut loading = l.borrow_mut();
            match loading.iter_mut().find(|(name, _)| *name == file.name) {
                Some((_, waiting)) => {
                    let (tx, rx) = oneshot::channel();
                    waiting.push(tx);
                    Some(rx)
                }
                None => {
                    loading.push((file.name, Vec::new()));
                    None
                }
            }
        });
        let result = match wait {
            Some(rx) => rx.await.unwrap_or_else(|_| Err(crate::i18n::t("download-abandoned"))),
            None => {
                let result =
                    fetch_text(&path(file)).await.map(|text| HELD.with(|held| held.borrow_mut().insert(file, text)));
                let result =
                    result.map_err(|e| crate::t!("download-could-not-load", file = described(file), error = e));
                let waiting = LOADING.with(|l| {
                    let mut loading = l.borrow_mut();
                    let at = loading.iter().position(|(name, _)| *name == file.name);
                    at.map(|at| loading.remove(at).1).unwrap_or_default()
                });
                for tx in waiting {
                    // A caller that went away no longer waits.
                    let _ = tx.send(result.clone());
                }
                result
            }
        };
        result?;
    }
    Ok(())
}

/// What a data file holds, in the page's language (the core's `description` is English); its
/// name for a file without a message of its own (`data-file-*` in `common.ftl`).
pub fn described(file: &DataFile) -> String {
    use cloudecon::data::{EC2_M3_MEDIUM, LCG, NASA_IPSC};
    let id = match file.name {
        n if n == NASA_IPSC.name => "data-file-nasa-ipsc",
        n if n == LCG.name => "data-file-lcg",
        n if n == EC2_M3_MEDIUM.name => "data-file-ec2",
        _ => return file.name.to_string(),
    };
    crate::i18n::t(id)
}

/// The text of one of the playground's files.
async fn fetch_text(file: &str) -> Result<String, String> {
    let bytes = site::fetch_file(file, &|_, _| {}).await?;
    String::from_utf8(bytes).map_err(|_| crate::i18n::t("download-not-text"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{install_in, Lang};
    use crate::pages::bundles::messages::ALL;

    /// Whether `text` has Chinese characters.
    fn chinese(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    /// On an English page a preset's title and notes are the core's own words (the runner's:
    /// the messages cannot drift from them); on a Chinese page every preset that has words has
    /// them in Chinese.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_presets_words_are_the_cores_in_english_and_chinese_in_chinese() {
        let words = |name: &str| {
            let (mut title, mut notes) = ("?".to_string(), "?".to_string());
            preset_words(name, &mut title, &mut notes);
            (title, notes)
        };
        let or_unchanged = |core: &str| if core.is_empty() { "?".to_string() } else { core.to_string() };
        install_in(Lang::En, ALL);
        let presets = cloudecon::presets::all();
        for p in &presets {
            let core = p.scenario();
            assert_eq!(words(p.name), (or_unchanged(&core.title), or_unchanged(&core.notes)), "{}", p.name);
        }
        install_in(Lang::ZhCn, ALL);
        for p in &presets {
            let core = p.scenario();
            let (title, notes) = words(p.name);
            assert!(core.title.is_empty() || chinese(&title), "{}: {title}", p.name);
            assert!(core.notes.is_empty() || chinese(&notes), "{}: {notes}", p.name);
        }
        install_in(Lang::En, ALL);
    }
}
