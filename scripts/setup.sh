#!/usr/bin/env bash
# Installs whatever is missing to build and test CloudEcon Playground, and skips what is there.
# Everything comes from the package registries (rustup, crates.io, Debian, npm) — never GitHub.
set -euo pipefail
source "$(dirname "$0")/env.sh"

step() { printf '\n== %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

# Trunk 0.22 needs a newer rustc than these machines have.
if ! trunk --version 2>/dev/null | grep -q '^trunk 0\.21\.14$'; then
  step "installing Trunk 0.21.14 (about 10 minutes on 2 cores)"
  cargo install trunk --version 0.21.14 --locked
fi

# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
# (No --locked: its own lockfile wants a crate version the registry lacks.)
WB_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)"
if ! wasm-bindgen --version 2>/dev/null | grep -q " ${WB_VERSION}\$" \
   || ! command -v wasm-bindgen-test-runner >/dev/null; then
  step "installing wasm-bindgen-cli ${WB_VERSION} (about 4 minutes)"
  cargo install wasm-bindgen-cli --version "=${WB_VERSION}"
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  step "installing Node.js and npm"
  as_root apt-get update
  as_root apt-get install -y nodejs npm
fi

if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
  step "installing Debian's Chromium and ChromeDriver"
  as_root apt-get update
  as_root apt-get install -y chromium chromium-driver
fi

# A Chinese font: the zh-CN e2e tests draw charts in Chinese (canvas, PNG), which without one
# Chromium draws as empty boxes. WenQuanYi Zen Hei is small (one file) and in Debian.
if ! fc-list :lang=zh 2>/dev/null | grep -q .; then
  step "installing a Chinese font (fonts-wqy-zenhei)"
  as_root apt-get update
  as_root apt-get install -y fonts-wqy-zenhei fontconfig
fi

# GNU parallel: the study tests run a sweep's shards with it (README, "Running a study on a cluster").
if ! command -v parallel >/dev/null || ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
  step "installing GNU parallel"
  as_root apt-get update
  as_root apt-get install -y parallel
fi

# Slurm and munge: scripts/slurm-study.sh starts a single-node cluster and runs a study on it.
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  step "installing Slurm and munge"
  as_root apt-get update
  as_root apt-get install -y slurm-wlm munge
fi

# wasm-opt (npm binaryen), playwright-core and axe-core (the accessibility check of the e2e
# tests), pinned by tools/package-lock.json.
# Never `playwright install`: the tests drive the Debian Chromium above.
if [ ! -x tools/node_modules/.bin/wasm-opt ] || [ ! -d tools/node_modules/playwright-core ] \
  || [ ! -f tools/node_modules/axe-core/axe.min.js ]; then
  step "installing npm tools (binaryen, playwright-core, axe-core)"
  (cd tools && npm ci --no-audit --no-fund)
fi
