//! The `exercise` input path (`cloudecon::fuzz::exercise`) under libFuzzer.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cloudecon::fuzz::exercise(data));
