#!/usr/bin/env bash
# `npm start`: the app on `wrangler dev` with the loopback stand-ins of the outside systems a
# tester needs on a fresh clone: the demo firm's Elite 3E (tests/fakes/elite3e-server.ts, on
# $ELITE_PORT, default 8799, which the seed points Demo Law at). Crons run on
# http://127.0.0.1:$PORT/__scheduled (wrangler's --test-scheduled), so the 3E import can be
# triggered by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
ELITE_PORT="${ELITE_PORT:-8799}"
tsx tests/fakes/elite3e-server.ts "$ELITE_PORT" &
FAKE_PID=$!
trap 'kill "$FAKE_PID" 2>/dev/null || true' EXIT
wrangler dev --env dev --port "${PORT:-8787}" --ip 127.0.0.1 --test-scheduled
