//! The `document` input path (`cloudecon::fuzz::document`) under libFuzzer.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cloudecon::fuzz::document(data));
