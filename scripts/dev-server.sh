#!/usr/bin/env bash
# `npm start`: wrangler dev on $PORT with the loopback stand-ins of the outside systems a
# tester needs on a fresh clone, each one process of this script's group (stopping `npm start`
# stops them too):
# - Microsoft Entra ID and Graph (tests/fakes/entra-server.ts) on $PORT+100, so 'Sign in with
#   Microsoft' and the directory connection work;
# - the demo firm's Elite 3E (tests/fakes/elite3e-server.ts) on $ELITE_PORT (default 8799,
#   which the seed points Demo Law at);
# - the demo firm's CV service (tests/fakes/cv-service.ts) on $CV_FAKE_PORT (default 8798,
#   which the seed points Demo Law at);
# - the SAML identity provider Demo Law signs in through (tests/fakes/saml-idp-server.ts) on
#   $PORT+1000;
# - a DNS-over-HTTPS resolver (tests/fakes/doh-server.ts) on $PORT+200 for the firm-domain
#   checks: load TXT records with POST http://127.0.0.1:$((PORT+200))/_fake/records;
# - Apple Push Notification service (tests/fakes/apns-fake.ts) on $APNS_FAKE_PORT (default 8797):
#   update reminders to people with an iOS token; http://127.0.0.1:8797/__control/pushes lists them.
# Crons run on http://127.0.0.1:$PORT/cdn-cgi/handler/scheduled (wrangler's --test-scheduled), so the 3E
# import and the directory sync can be triggered by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
PORT="${PORT:-8787}"
ENTRA_PORT="${ENTRA_FAKE_PORT:-$((PORT + 100))}"
ELITE_PORT="${ELITE_PORT:-8799}"
tsx tests/fakes/entra-server.ts --port "$ENTRA_PORT" &
ENTRA_PID=$!
tsx tests/fakes/elite3e-server.ts "$ELITE_PORT" &
ELITE_PID=$!
tsx tests/fakes/cv-service.ts &
CV_PID=$!
PORT="$PORT" tsx tests/fakes/saml-idp-main.ts &
IDP_PID=$!
DOH_PORT="$((PORT + 200))"
tsx tests/fakes/doh-server.ts --port "$DOH_PORT" &
DOH_PID=$!
APNS_PORT="${APNS_FAKE_PORT:-8797}"
APNS_FAKE_PORT="$APNS_PORT" tsx tests/fakes/apns-fake.ts &
APNS_PID=$!
trap 'kill "$ENTRA_PID" "$ELITE_PID" "$CV_PID" "$IDP_PID" "$APNS_PID" "$DOH_PID" 2>/dev/null || true' EXIT
# APP_URL: the links of mail the cron sends (update reminders) have no request to take their origin from.
# shellcheck disable=SC2046
wrangler dev --env dev --port "$PORT" --ip 127.0.0.1 --test-scheduled $(bash scripts/entra-vars.sh "$ENTRA_PORT") \
  --var "APP_URL:${APP_URL:-http://127.0.0.1:$PORT}" --var "DOH_URL:http://127.0.0.1:$DOH_PORT/dns-query" $(bash scripts/apns-vars.sh "$APNS_PORT") "$@"
