//! The `game` input path (`cloudecon::fuzz::game`) under libFuzzer.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cloudecon::fuzz::game(data));
