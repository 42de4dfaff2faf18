#!/usr/bin/env bash
# Makes the release to hand over: cloudecon-playground-VERSION.zip, the built site in one folder
# that any static web space serves as it is (README, "Put it on your own web space"), with a
# README.txt saying how. VERSION is the workspace's version and the build's own (build.json).
# Usage: bash scripts/package.sh [--no-build] [OUT_DIR]   (the zip lands in OUT_DIR, . by default)
set -euo pipefail
source "$(dirname "$0")/env.sh"
build=1
if [ "${1:-}" = "--no-build" ]; then build=0; shift; fi
out="${1:-.}"
if [ "$build" = 1 ]; then
  bash scripts/setup.sh
  trunk build --release
fi
python3 scripts/package.py dist "$out"
