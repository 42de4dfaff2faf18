//! The `formula` input path (`cloudecon::fuzz::formula`) under libFuzzer.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cloudecon::fuzz::formula(data));
