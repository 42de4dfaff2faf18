#!/usr/bin/env bash
# The coverage-guided fuzzer: every target of fuzz/ (one per input path of the playground:
# cloudecon::fuzz) under libFuzzer for SECONDS each (60 by default), starting from its seed corpus
# fuzz/corpus/TARGET (kept in the repository; new inputs go to target/fuzz/work/TARGET, not into
# it). A finding — a panic, an arithmetic overflow (checked here), more than 2 GB or 20 s on one
# input — stops with its input saved in target/fuzz/artifacts/TARGET/ and exit 1: make it a
# regression test (fuzz/regressions/TARGET/, which core/tests/fuzz_corpus.rs runs).
#
# The instrumentation is rustc's own (SanitizerCoverage, as cargo fuzz sets it, without ASan:
# the code is safe Rust), so the stable toolchain builds it and no tool is installed.
# Usage: bash scripts/fuzz.sh [SECONDS]          TARGETS="document formula" to choose;
#        RUNS=1000000 for a number of executions instead of a time (the campaign in BENCHMARKS.md).
set -euo pipefail
source "$(dirname "$0")/env.sh"
each="${1:-60}"
targets="${TARGETS:-document formula share exercise swf ec2 study game}"
triple="$(rustc -vV | sed -n 's/^host: //p')"
export CARGO_TARGET_DIR="$ROOT/target/fuzz"
# An explicit --target keeps the flags off build scripts and proc-macros (host code).
RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks" \
  cargo build --release --quiet --manifest-path fuzz/Cargo.toml --target "$triple" --bins
status=0
for t in $targets; do
  work="$CARGO_TARGET_DIR/work/$t"
  artifacts="$CARGO_TARGET_DIR/artifacts/$t/"
  mkdir -p "$work" "$artifacts"
  limit=(-max_total_time="$each")
  what="$each s"
  if [ -n "${RUNS:-}" ]; then limit=(-runs="$RUNS"); what="$RUNS runs"; fi
  echo "== fuzz $t ($what)"
  # -max_len: the seeds' size (a document of 64 KB); -timeout and -rss_limit_mb: per input.
  if ! "$CARGO_TARGET_DIR/$triple/release/$t" "${limit[@]}" -max_len=65536 -timeout=20 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$artifacts" "$work" "fuzz/corpus/$t" 2> "$CARGO_TARGET_DIR/$t.log"; then
    status=1
    echo "!! $t found something: $(ls "$artifacts" | head -3) (log: $CARGO_TARGET_DIR/$t.log)"
    tail -40 "$CARGO_TARGET_DIR/$t.log"
  fi
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' "$CARGO_TARGET_DIR/$t.log" | tr '\n' ' ' || true
  grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*' "$CARGO_TARGET_DIR/$t.log" | tail -1 || true
done
exit "$status"
