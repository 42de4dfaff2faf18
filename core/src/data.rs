//! The real data that presets replay: cuts of Parallel Workloads Archive logs and of EC2 spot
//! price history (provenance and terms in `core/data/README.md`).
//!
//! The runner compiles the files in (feature `embedded-data`, part of `cli`). The browser does
//! not: a page fetches a file from the bundle's `data/` folder (same origin) the first time one of
//! its presets needs it, so that pages that never replay a log do not download it. A preset that
//! needs data says which files (`Build::WithData` in `mechanism`) and is built from a [`Data`]
//! holding their texts. This module uses no other of the crate's.

use std::borrow::Cow;
use std::collections::BTreeMap;

/// One data file, named as it is in `core/data/` and in the bundle's `data/` folder.
#[derive(Debug, PartialEq, Eq)]
pub struct DataFile {
    /// The file's name.
    pub name: &'static str,
    /// What it holds, in a few words (for messages).
    pub description: &'static str,
}

/// The jobs of the first 14 days of the NASA Ames iPSC/860 log (spot-real, CloudShare's scenarios).
pub const NASA_IPSC: DataFile = DataFile {
    name: "NASA-iPSC-1993-3.1-cln.first14days.swf",
    description: "the first 14 days of the NASA Ames iPSC/860 log",
};

/// The jobs of the first 24 hours of the LCG grid log, spaces squeezed (a CloudShare benchmark).
pub const LCG: DataFile =
    DataFile { name: "LCG-2005-1.first24h.swf", description: "the first 24 hours of the LCG grid log" };

/// 14 days of m3.medium spot prices in us-east-1b from 2016-03-24 (spot-real).
pub const EC2_M3_MEDIUM: DataFile = DataFile {
    name: "ec2-spot-2016-m3.medium-us-east-1b-2016-03-24-14d.csv",
    description: "14 days of EC2 m3.medium spot prices in us-east-1b (2016)",
};

/// Every data file, in no particular order.
pub const ALL: [&DataFile; 3] = [&NASA_IPSC, &LCG, &EC2_M3_MEDIUM];

/// The texts of some data files.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Data {
    texts: BTreeMap<&'static str, Cow<'static, str>>,
}

impl Data {
    /// No file.
    pub fn new() -> Self {
        Self::default()
    }

    /// Every file, as compiled into the runner.
    #[cfg(feature = "embedded-data")]
    pub fn embedded() -> Self {
        let texts = ALL.iter().map(|f| (f.name, Cow::Borrowed(embedded(f)))).collect();
        Data { texts }
    }

    /// Adds (or replaces) the text of `file`.
    pub fn insert(&mut self, file: &'static DataFile, text: String) {
        self.texts.insert(file.name, Cow::Owned(text));
    }

    /// The text of `file`, if held.
    pub fn get(&self, file: &DataFile) -> Option<&str> {
        self.texts.get(file.name).map(|t| &**t)
    }

    /// The files of `files` not held, in order.
    pub fn missing(&self, files: &[&'static DataFile]) -> Vec<&'static DataFile> {
        files.iter().copied().filter(|f| self.get(f).is_none()).collect()
    }

    /// Only the files of `files` (what a preset declares: its builder sees nothing else).
    pub fn only(&self, files: &[&'static DataFile]) -> Data {
        let texts = files.iter().filter_map(|f| Some((f.name, self.texts.get(f.name)?.clone()))).collect();
        Data { texts }
    }

    /// The text of a file the builder declared (so held: `Preset::scenario_with` checks first).
    pub(crate) fn text(&self, file: &DataFile) -> &str {
        self.get(file).unwrap_or_default()
    }
}

/// The compiled-in text of `file`.
#[cfg(feature = "embedded-data")]
fn embedded(file: &DataFile) -> &'static str {
    match file.name {
        n if n == NASA_IPSC.name => include_str!("../data/NASA-iPSC-1993-3.1-cln.first14days.swf"),
        n if n == LCG.name => include_str!("../data/LCG-2005-1.first24h.swf"),
        n if n == EC2_M3_MEDIUM.name => include_str!("../data/ec2-spot-2016-m3.medium-us-east-1b-2016-03-24-14d.csv"),
        _ => "",
    }
}

#[cfg(all(test, feature = "embedded-data"))]
mod tests {
    use super::*;

    #[test]
    fn every_file_is_compiled_in_and_named_as_in_its_folder() {
        let data = Data::embedded();
        for file in ALL {
            let text = data.get(file).unwrap_or_default();
            assert!(text.len() > 10_000, "{}", file.name);
            let on_disk = std::fs::read_to_string(format!("{}/data/{}", env!("CARGO_MANIFEST_DIR"), file.name));
            assert_eq!(on_disk.ok().as_deref(), Some(text), "{}", file.name);
        }
    }

    #[test]
    fn missing_lists_what_is_not_held_and_only_keeps_what_is_declared() {
        let mut data = Data::new();
        assert_eq!(data.missing(&[&NASA_IPSC, &LCG]), [&NASA_IPSC, &LCG]);
        data.insert(&LCG, "x".into());
        assert_eq!(data.missing(&[&NASA_IPSC, &LCG]), [&NASA_IPSC]);
        assert_eq!(data.only(&[&NASA_IPSC]), Data::new());
        assert_eq!(data.only(&[&LCG]).get(&LCG), Some("x"));
    }
}
