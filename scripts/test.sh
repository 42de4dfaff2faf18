#!/usr/bin/env bash
# Runs every test: native core tests, wasm tests in headless Chromium, and end-to-end browser
# tests against the release bundle. Sets up whatever is missing first.
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash scripts/setup.sh

echo; echo "== native tests (core: unit, property, runner)"
cargo test -p cloudecon-core
# The criterion benchmarks are not built by `cargo test`: check that they still compile.
cargo check -p cloudecon-core --benches --quiet

echo; echo "== the fuzzer: every target (one per input path) coverage-guided for a short while"
bash scripts/fuzz.sh "${FUZZ_SECONDS:-10}"

echo; echo "== wasm tests in headless Chromium (web components, share codec)"
WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-120}" \
  cargo test -p cloudecon-web --target wasm32-unknown-unknown

echo; echo "== release bundle"
trunk build --release
cargo build --release -p cloudecon-core --bin cloudecon

echo; echo "== a study on a real single-node Slurm cluster (sweep --slurm, sbatch --array, merge)"
bash scripts/slurm-study.sh

echo; echo "== end-to-end tests (Playwright + Chromium against dist/; two files at a time)"
# Each file has its own server and browser; two at a time keep both cores busy (the suite's
# slow parts wait on throttled links and workers). Measured: 10.4 min instead of 16.6.
node --test --test-concurrency=2 e2e/
