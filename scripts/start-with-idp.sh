#!/usr/bin/env bash
# `npm start`'s last step: the loopback SAML identity provider that Demo Law's 'Sign in with
# SSO' goes to (tests/fakes/saml-idp-server.ts, on $PORT + 1000), beside wrangler dev.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
PORT="${PORT:-8787}"
PORT="$PORT" npx tsx tests/fakes/saml-idp-main.ts &
IDP_PID=$!
trap 'kill "$IDP_PID" 2>/dev/null || true' EXIT
wrangler dev --env dev --port "$PORT" --ip 127.0.0.1
