# Sourced by the other scripts: tool locations (cargo's bin folder, the npm tools).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$ROOT/tools/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
cd "$ROOT"
# The wasm bundle embeds the source paths of its dependencies (panic locations). Name them from
# Cargo's home, not from this machine's, so that every machine builds the same bytes (the
# first-load test measures them) and shorter ones. The config file's flags are repeated because
# this variable takes their place.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128 --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src=/cargo"
