//! The core's English messages as it compiles them in (`messages::FILES`):
//! `core/locales/en/*.ftl` without their comment lines, written to `$OUT_DIR/en/`. The comments
//! are for translators, and every page's bundle carries these files. A line that starts with
//! `#` is always a comment in Fluent (a message's own lines are indented), so the messages are
//! unchanged (`messages`' tests read what is compiled in).

use std::path::Path;
use std::{env, fs};

fn main() {
    let from = Path::new("locales/en");
    let to = Path::new(&env::var_os("OUT_DIR").expect("Cargo sets OUT_DIR")).join("en");
    fs::create_dir_all(&to).expect("OUT_DIR/en");
    println!("cargo:rerun-if-changed={}", from.display());
    for entry in fs::read_dir(from).expect("core/locales/en") {
        let path = entry.expect("a file of core/locales/en").path();
        if path.extension().is_some_and(|e| e == "ftl") {
            let text = fs::read_to_string(&path).expect("a UTF-8 message file");
            let kept: String = text.lines().filter(|l| !l.starts_with('#')).flat_map(|l| [l, "\n"]).collect();
            fs::write(to.join(path.file_name().expect("a file name")), kept).expect("write OUT_DIR/en");
        }
    }
}
