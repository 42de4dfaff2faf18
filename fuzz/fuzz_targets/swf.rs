//! The `swf` input path (`cloudecon::fuzz::swf`) under libFuzzer.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cloudecon::fuzz::swf(data));
