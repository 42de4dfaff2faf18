//! The `share` input path (`cloudecon::fuzz::share`) under libFuzzer.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cloudecon::fuzz::share(data));
