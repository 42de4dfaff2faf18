//! Files the crate includes from `$OUT_DIR`. The English message files as the bundles compile
//! them in (`messages!`): `web/locales/en/*.ftl` without their comment lines, in `en/`. The comments are for translators;
//! in a bundle they were about 1.3 KB of Brotli of a mechanism page's (BENCHMARKS.md). A line
//! that starts with `#` is always a comment in Fluent (a message's own lines are indented), so
//! the messages are unchanged; `i18n`'s tests parse what is compiled in.

use std::path::{Path, PathBuf};
use std::{env, fs};

/// Folders whose sources write what a reader sees (`format`'s test `shown_through_intl`).
const SHOWN: &[&str] = &["pages", "components", "charts", "services", "hooks", "i18n"];

fn main() {
    english_without_comments();
    shown_sources();
}

/// `$OUT_DIR/shown_sources.rs`: every source file of [`SHOWN`] as `(path under src, its text)`,
/// for the test that reads them for numbers written by Rust (`format::shown_through_intl`),
/// which so runs in the browser tests as well as natively.
fn shown_sources() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(&env::var_os("CARGO_MANIFEST_DIR").expect("Cargo sets it")).join("src");
    let mut files = Vec::new();
    for dir in SHOWN {
        println!("cargo:rerun-if-changed=src/{dir}");
        walk(&root.join(dir), &mut files);
    }
    files.sort();
    let mut list = String::from("&[\n");
    for path in files {
        let name = path.strip_prefix(&root).expect("under src").to_string_lossy().replace('\\', "/");
        list.push_str(&format!("    ({name:?}, include_str!({:?})),\n", path.display().to_string()));
    }
    list.push(']');
    let out = Path::new(&env::var_os("OUT_DIR").expect("Cargo sets OUT_DIR")).join("shown_sources.rs");
    fs::write(out, list).expect("write OUT_DIR/shown_sources.rs");
}

fn english_without_comments() {
    let from = Path::new("locales/en");
    let to = Path::new(&env::var_os("OUT_DIR").expect("Cargo sets OUT_DIR")).join("en");
    fs::create_dir_all(&to).expect("OUT_DIR/en");
    println!("cargo:rerun-if-changed={}", from.display());
    for entry in fs::read_dir(from).expect("web/locales/en") {
        let path = entry.expect("a file of web/locales/en").path();
        if path.extension().is_some_and(|e| e == "ftl") {
            let text = fs::read_to_string(&path).expect("a UTF-8 message file");
            let kept: String = text.lines().filter(|l| !l.starts_with('#')).flat_map(|l| [l, "\n"]).collect();
            fs::write(to.join(path.file_name().expect("a file name")), kept).expect("write OUT_DIR/en");
        }
    }
}
