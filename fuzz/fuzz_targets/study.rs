//! The `study` input path (`cloudecon::fuzz::study`) under libFuzzer.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cloudecon::fuzz::study(data));
