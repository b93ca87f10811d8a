#!/usr/bin/env bash
# `npm start`: wrangler dev on $PORT with the loopback Microsoft Entra ID and Graph
# (tests/fakes/entra-server.ts) on $PORT+100, so 'Sign in with Microsoft' and the directory
# connection work on a fresh clone. The provider is one process of this script's group:
# stopping `npm start` stops it too.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
PORT="${PORT:-8787}"
ENTRA_PORT="${ENTRA_FAKE_PORT:-$((PORT + 100))}"
tsx tests/fakes/entra-server.ts --port "$ENTRA_PORT" &
ENTRA_PID=$!
trap 'kill "$ENTRA_PID" 2>/dev/null || true' EXIT
# shellcheck disable=SC2046
wrangler dev --env dev --port "$PORT" --ip 127.0.0.1 $(bash scripts/entra-vars.sh "$ENTRA_PORT") "$@"
