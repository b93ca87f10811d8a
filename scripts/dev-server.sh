#!/usr/bin/env bash
# `npm start` (after the build): wrangler dev on $PORT, kept up by scripts/dev-supervisor.ts, with a
# migrated, seeded local state and the loopback stand-ins of the outside systems a tester needs on
# a fresh clone, each one process of this script's group (stopping `npm start` stops them too).
# Every port and the state folder follow from $PORT (scripts/dev-ports.ts, decision 0285), each
# port unless its own variable is set, so two `npm start` with different PORTs run side by side:
# - Microsoft Entra ID and Graph (tests/fakes/entra-server.ts) on $ENTRA_FAKE_PORT or $PORT+100, so
#   'Sign in with Microsoft' and the directory connection work;
# - a DNS-over-HTTPS resolver (tests/fakes/doh-server.ts) on $DOH_FAKE_PORT or $PORT+200 for the
#   firm-domain checks (decision 0250), publishing Demo Law's record at demolaw.test, so 'Check now'
#   in the SSO dialog (/groups) verifies it; another domain's record (the dialog shows it) is added
#   with POST http://127.0.0.1:$DOH_PORT/_fake/records {"name": "firm.test", "data": "availability-verification=…"};
# - the demo firm's Elite 3E (tests/fakes/elite3e-server.ts) on $ELITE_PORT or $PORT+300;
# - the demo firm's CV service (tests/fakes/cv-service.ts) on $CV_FAKE_PORT or $PORT+400;
# - Apple Push Notification service (tests/fakes/apns-fake.ts) on $APNS_FAKE_PORT or $PORT+500:
#   update reminders to people with an iOS token; http://127.0.0.1:$APNS_PORT/__control/pushes lists them;
# - a Web Push service (tests/fakes/web-push-fake.ts) on $WEBPUSH_FAKE_PORT or $PORT+600: update reminders
#   to browser subscriptions it made (POST /__control/subscriptions); /__control/messages lists them decrypted;
# - the SAML identity provider Demo Law signs in through (tests/fakes/saml-idp-server.ts) on
#   $SAML_IDP_PORT or $PORT+1000;
# - wrangler's DevTools inspector on $INSPECTOR_PORT or $PORT+1200 (not the shared 9229);
# - the local state (D1, R2, Durable Objects) in $DEV_STATE, or .wrangler/state on PORT 8787 and
#   .wrangler/state-$PORT on any other; the seed points Demo Law at this instance's stand-ins.
# `npm start` stops (exit 1), naming the stand-in, when one's port is taken, or it does not answer an
# HTTP probe on its port within $STANDIN_TIMEOUT s (60), or exits first; wrangler starts only once
# every one answers. When wrangler dev exits, the supervisor says how and starts it again on the same
# state; after 5 exits within 60 s it gives up and `npm start` exits 1.
# Crons run on http://127.0.0.1:$PORT/cdn-cgi/handler/scheduled (wrangler's --test-scheduled), so the 3E
# import and the directory sync can be triggered by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# PORT, ENTRA_PORT, DOH_PORT, ELITE_PORT, CV_PORT, APNS_PORT, WEBPUSH_PORT, IDP_PORT, INSPECTOR_PORT, STATE
PORTS_OUTPUT=$(tsx scripts/dev-ports.ts)
eval "$PORTS_OUTPUT"
# The seed and the stand-ins derive the same ports from the same variables.
export PORT ELITE_PORT SAML_IDP_PORT="$IDP_PORT" CV_FAKE_PORT="$CV_PORT" APNS_FAKE_PORT="$APNS_PORT" WEBPUSH_FAKE_PORT="$WEBPUSH_PORT" DOH_FAKE_PORT="$DOH_PORT"
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

if listening "$PORT"; then
  echo "[npm start] port $PORT is already in use (another npm start? set PORT); stopping" >&2
  exit 1
fi
start_standin "the Microsoft Entra ID stand-in (tests/fakes/entra-server.ts)" "$ENTRA_PORT" tsx tests/fakes/entra-server.ts --port "$ENTRA_PORT"
start_standin "the Elite 3E stand-in (tests/fakes/elite3e-server.ts)" "$ELITE_PORT" tsx tests/fakes/elite3e-server.ts "$ELITE_PORT"
start_standin "the CV service stand-in (tests/fakes/cv-service.ts)" "$CV_PORT" tsx tests/fakes/cv-service.ts
start_standin "the SAML identity provider stand-in (tests/fakes/saml-idp-main.ts)" "$IDP_PORT" tsx tests/fakes/saml-idp-main.ts
start_standin "the DNS-over-HTTPS stand-in (tests/fakes/doh-server.ts)" "$DOH_PORT" tsx tests/fakes/doh-server.ts --port "$DOH_PORT" --demo
start_standin "the APNs stand-in (tests/fakes/apns-fake.ts)" "$APNS_PORT" tsx tests/fakes/apns-fake.ts
start_standin "the Web Push stand-in (tests/fakes/web-push-fake.ts)" "$WEBPUSH_PORT" tsx tests/fakes/web-push-fake.ts
wait_for_standins
echo "[npm start] every stand-in answers its health probe (Entra $ENTRA_PORT, DNS $DOH_PORT, 3E $ELITE_PORT, CV $CV_PORT, APNs $APNS_PORT, Web Push $WEBPUSH_PORT, SAML $IDP_PORT)"

echo "[npm start] local state in $STATE: migrating and seeding"
mkdir -p "$STATE"
tsx scripts/migrate-local.ts --persist-to "$STATE"
PERSIST_TO="$STATE" tsx scripts/seed.ts

echo "[npm start] starting wrangler dev on $PORT"
# APP_URL: the links of mail the cron sends (update reminders) have no request to take their origin from.
# The supervisor runs wrangler in a process group of its own (no terminal), so without the
# interactive keys; Ctrl-C stops it and the stand-ins.
# shellcheck disable=SC2046
tsx scripts/dev-supervisor.ts -- wrangler dev --env dev --port "$PORT" --ip 127.0.0.1 --persist-to "$STATE" \
  --inspector-port "$INSPECTOR_PORT" --show-interactive-dev-session=false --test-scheduled $(bash scripts/entra-vars.sh "$ENTRA_PORT") \
  --var "APP_URL:${APP_URL:-http://127.0.0.1:$PORT}" --var "DOH_URL:http://127.0.0.1:$DOH_PORT/dns-query" $(bash scripts/apns-vars.sh "$APNS_PORT") "$@"
