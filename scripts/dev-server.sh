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
# - a DNS-over-HTTPS resolver (tests/fakes/doh-server.ts) on $DOH_FAKE_PORT (default $PORT+200)
#   for the firm-domain checks (decision 0250), publishing Demo Law's record at demolaw.test, so
#   'Check now' in the SSO dialog (/groups) verifies it; another domain's record (the dialog
#   shows it) is added with POST http://127.0.0.1:$DOH_PORT/_fake/records
#   {"name": "firm.test", "data": "availability-verification=…"};
# - Apple Push Notification service (tests/fakes/apns-fake.ts) on $APNS_FAKE_PORT (default 8797):
#   update reminders to people with an iOS token; http://127.0.0.1:8797/__control/pushes lists them.
# `npm start` stops (exit 1), naming the stand-in, when one does not answer an HTTP probe on its port
# within $STANDIN_TIMEOUT s (60), or exits first; wrangler starts only once every one answers.
# Crons run on http://127.0.0.1:$PORT/cdn-cgi/handler/scheduled (wrangler's --test-scheduled), so the 3E
# import and the directory sync can be triggered by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
PORT="${PORT:-8787}"
ENTRA_PORT="${ENTRA_FAKE_PORT:-$((PORT + 100))}"
ELITE_PORT="${ELITE_PORT:-8799}"
CV_PORT="${CV_FAKE_PORT:-8798}"
IDP_PORT="${SAML_IDP_PORT:-$((PORT + 1000))}"
DOH_PORT="${DOH_FAKE_PORT:-$((PORT + 200))}"
APNS_PORT="${APNS_FAKE_PORT:-8797}"
STANDIN_TIMEOUT="${STANDIN_TIMEOUT:-60}"

# A stand-in that does not come up (a crash, its port taken by another `npm start`, an import
# circle whose top-level await never settles) stops `npm start` here, naming it, instead of
# leaving the app talking to nothing.
NAMES=()
PORTS=()
PIDS=()
trap '[ ${#PIDS[@]} -eq 0 ] || kill "${PIDS[@]}" 2>/dev/null || true' EXIT
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# The health probe: an HTTP status line back from `GET /` (any status), not merely an open port.
answers() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1"
    printf 'GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    IFS= read -r -t 5 line <&3
    [[ $line == HTTP/* ]]
  ) 2>/dev/null
}
start_standin() { # name port command...
  local name=$1 port=$2
  shift 2
  if listening "$port"; then
    echo "[npm start] $name: port $port is already in use (another npm start?); stopping" >&2
    exit 1
  fi
  "$@" &
  NAMES+=("$name")
  PORTS+=("$port")
  PIDS+=($!)
}
wait_for_standins() {
  local i waited
  for i in "${!PIDS[@]}"; do
    waited=0
    until answers "${PORTS[$i]}"; do
      if ! kill -0 "${PIDS[$i]}" 2>/dev/null; then
        echo "[npm start] ${NAMES[$i]} exited without answering on 127.0.0.1:${PORTS[$i]} (its output is above); stopping" >&2
        exit 1
      fi
      if [ "$waited" -ge "$STANDIN_TIMEOUT" ]; then
        echo "[npm start] ${NAMES[$i]} does not answer on 127.0.0.1:${PORTS[$i]} after ${STANDIN_TIMEOUT} s; stopping" >&2
        exit 1
      fi
      sleep 1
      waited=$((waited + 1))
    done
  done
}

start_standin "the Microsoft Entra ID stand-in (tests/fakes/entra-server.ts)" "$ENTRA_PORT" tsx tests/fakes/entra-server.ts --port "$ENTRA_PORT"
start_standin "the Elite 3E stand-in (tests/fakes/elite3e-server.ts)" "$ELITE_PORT" tsx tests/fakes/elite3e-server.ts "$ELITE_PORT"
start_standin "the CV service stand-in (tests/fakes/cv-service.ts)" "$CV_PORT" env CV_FAKE_PORT="$CV_PORT" tsx tests/fakes/cv-service.ts
start_standin "the SAML identity provider stand-in (tests/fakes/saml-idp-main.ts)" "$IDP_PORT" env PORT="$PORT" SAML_IDP_PORT="$IDP_PORT" tsx tests/fakes/saml-idp-main.ts
start_standin "the DNS-over-HTTPS stand-in (tests/fakes/doh-server.ts)" "$DOH_PORT" tsx tests/fakes/doh-server.ts --port "$DOH_PORT" --demo
start_standin "the APNs stand-in (tests/fakes/apns-fake.ts)" "$APNS_PORT" env APNS_FAKE_PORT="$APNS_PORT" tsx tests/fakes/apns-fake.ts
wait_for_standins
echo "[npm start] every stand-in answers its health probe; starting wrangler dev on $PORT"
# APP_URL: the links of mail the cron sends (update reminders) have no request to take their origin from.
# shellcheck disable=SC2046
wrangler dev --env dev --port "$PORT" --ip 127.0.0.1 --test-scheduled $(bash scripts/entra-vars.sh "$ENTRA_PORT") \
  --var "APP_URL:${APP_URL:-http://127.0.0.1:$PORT}" --var "DOH_URL:http://127.0.0.1:$DOH_PORT/dns-query" $(bash scripts/apns-vars.sh "$APNS_PORT") "$@"
