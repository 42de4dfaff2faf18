#!/usr/bin/env bash
# Sets up what is missing, builds the release bundle and serves it on http://127.0.0.1:8080
# (override with PORT=…). Ctrl-C stops the server.
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash scripts/setup.sh
trunk build --release
exec node scripts/static-server.mjs dist "${PORT:-8080}"
