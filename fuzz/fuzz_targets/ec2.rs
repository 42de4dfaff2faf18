//! The `ec2` input path (`cloudecon::fuzz::ec2`) under libFuzzer.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cloudecon::fuzz::ec2(data));
