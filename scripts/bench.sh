#!/usr/bin/env bash
# Measures what BENCHMARKS.md records: native and wasm timings of the standard workloads, their
# ratio, and the release bundle's sizes. Usage: bash scripts/bench.sh [workload-filter]
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash scripts/setup.sh >/dev/null
FILTER="${1:-}"
cargo build --profile runner -p cloudecon-core --bin cloudecon
trunk build --release
native="$(target/runner/cloudecon bench --filter "$FILTER")"
wasm="$(node scripts/bench-wasm.mjs "$FILTER")"
echo "== native"; echo "$native"
echo "== wasm (headless Chromium)"; echo "$wasm"
python3 - "$native" "$wasm" <<'PY'
import json, sys
native = {w["name"]: w for w in json.loads(sys.argv[1])["workloads"]}
wasm = {w["name"]: w for w in json.loads(sys.argv[2])["workloads"]}
print("\n| workload | native mean (ms) | wasm mean (ms) | wasm / native |")
print("| --- | ---: | ---: | ---: |")
for name, n in native.items():
    w = wasm.get(name)
    if w:
        print(f"| {name} | {n['mean_ms']:.3f} | {w['mean_ms']:.3f} | {w['mean_ms'] / n['mean_ms']:.2f} |")
PY
echo; echo "== bundle (dist/)"
for f in dist/*.wasm dist/*.js dist/*.css; do
  printf '%-40s raw %8d B   gzip -9 %8d B\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9c "$f" | wc -c)"
done
