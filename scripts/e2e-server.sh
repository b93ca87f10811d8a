#!/usr/bin/env bash
# Starts the app for Playwright: a fresh build on `wrangler dev` with its own local state
# (D1, R2, Durable Objects) in .wrangler/e2e-state, migrated and seeded from scratch on
# every run, so tests never depend on what someone clicked before. A developer's own
# `wrangler dev` (port 8787, .wrangler/state) is left alone.
#
# The server runs a snapshot of the build (.wrangler/e2e-app): the Worker bundled once
# and a copy of public/. Plain `wrangler dev` watches build/ and app/, so a rebuild in the
# same checkout during a run (`npm run test:workers` builds too, and the Remix build
# deletes the previous client assets) would reload the server under the tests and
# break pages that are half loaded.
set -euo pipefail

cd "$(dirname "$0")/.."
# wrangler needs Node 22, which the project ships as node_modules/.bin/node.
export PATH="$PWD/node_modules/.bin:$PATH"
export WRANGLER_SEND_METRICS=false
# wrangler dev's local tracing (every request's spans and logs written to a SQLite store in
# the state folder) is a development aid that costs each Worker request a write; tests and
# benches run without it (decision 0227). `npm start` keeps it.
export X_LOCAL_OBSERVABILITY="${X_LOCAL_OBSERVABILITY:-false}"

# A server a test run starts dies with it: Playwright stops this process group when it ends, but
# a run that is killed cannot. The group's leader (Playwright's `sh -c`) was started by the run;
# once that process is gone, the group stops itself.
LEADER=$(ps -o pgid= -p $$ | tr -d ' ')
OWNER=$(ps -o ppid= -p "$LEADER" | tr -d ' ')
if [ -n "$OWNER" ] && [ "$OWNER" != "1" ]; then
  (
    while kill -0 "$OWNER" 2>/dev/null; do sleep 2; done
    # Nothing written first: the run's end of the output pipe is gone with it (SIGPIPE).
    kill -TERM -- "-$LEADER"
  ) &
fi

# Playwright runs E2E_SERVERS workers (playwright.config.ts), each against its own server on
# E2E_PORT + its index with its own state and stand-ins, so no test sees another worker's writes.
# They share one build snapshot.
BASE_PORT="${E2E_PORT:-8788}"
SERVERS="${E2E_SERVERS:-1}"
APP=.wrangler/e2e-app-$BASE_PORT

# The server build names the client manifest it was made with; if another build ran while
# this one was copied, public/build no longer holds it.
snapshot_is_consistent() {
  local manifest
  manifest=$(grep -o '/build/manifest-[A-Za-z0-9]*\.js' "$APP/worker/app.js" | head -n 1 || true)
  [ -n "$manifest" ] && [ -f "$APP/public$manifest" ]
}

for attempt in 1 2 3; do
  echo "[e2e-server] building a snapshot in $APP"
  # `npm test` builds once, in `npm run check`, and says so with TEST_BUILT (decision 0289).
  if [ -z "${TEST_BUILT:-}" ] || [ "$attempt" -gt 1 ]; then npm run build; fi
  rm -rf "$APP"
  mkdir -p "$APP"
  wrangler deploy --dry-run --env=dev --outdir "$APP/worker" >/dev/null
  cp -R public "$APP/public"
  if snapshot_is_consistent; then break; fi
  if [ "$attempt" -eq 3 ]; then
    echo "[e2e-server] server and client builds keep disagreeing: is another build running?" >&2
    exit 1
  fi
  echo "[e2e-server] the build changed while it was copied; building again"
done

# One server: fresh state, migrated and seeded, its stand-ins, and wrangler dev restarted when it exits.
serve() {
  local PORT="$1"
  local STATE=.wrangler/e2e-state-$PORT
  echo "[e2e-server] fresh local state in $STATE"
  rm -rf "$STATE"
  mkdir -p "$STATE"
  npx tsx scripts/migrate-local.ts --persist-to "$STATE"
  PORT="$PORT" PERSIST_TO="$STATE" npx tsx scripts/seed.ts

  # The loopback Microsoft Entra ID and Graph (tests/fakes/entra-server.ts) on $PORT+100: a
  # process of this group, so Playwright's stop of the server stops it too.
  local ENTRA_PORT=$((PORT + 100))
  echo "[e2e-server] local Microsoft provider on http://127.0.0.1:$ENTRA_PORT"
  tsx tests/fakes/entra-server.ts --port "$ENTRA_PORT" &
  # The loopback SAML identity provider Demo Law signs in through (on $PORT + 1000); it is in
  # this process group, which Playwright ends with the server.
  PORT="$PORT" npx tsx tests/fakes/saml-idp-main.ts &
  # The loopback DNS-over-HTTPS resolver (tests/fakes/doh-server.ts) on $PORT + 200, for the
  # firm-domain checks (decision 0250), with Demo Law's record at demolaw.test; specs load
  # other TXT records at /_fake/records.
  local DOH_PORT=$((PORT + 200))
  tsx tests/fakes/doh-server.ts --port "$DOH_PORT" --demo &

  # The loopback Web Push service (tests/fakes/web-push-fake.ts) on $PORT + 600 (decision 0302):
  # tests/e2e/web-push.spec.ts makes a subscription there and reads what the reminder cron pushed.
  WEBPUSH_FAKE_PORT="$((PORT + 600))" tsx tests/fakes/web-push-fake.ts &

  echo "[e2e-server] wrangler dev on http://127.0.0.1:$PORT"
  # --inspector-port: its own, not the shared 9229, which another wrangler dev on the machine may
  # hold (wrangler dev then fails to start or exits).
  # APP_URL: mail the cron sends (update reminders) has no request to take its links' origin from.
  # On a loaded machine wrangler dev has a few times stopped listening mid-run with no error of
  # its own, and every later test then failed with "connection refused". It is started again on
  # the same state (the tests' data stays), and the restart is logged; Playwright's stop ends this
  # whole process group, the loop with it.
  while true; do
    # shellcheck disable=SC2046
    wrangler dev "$APP/worker/app.js" --config wrangler.toml --env dev --no-bundle --assets "$APP/public" \
      --port "$PORT" --ip 127.0.0.1 --persist-to "$STATE" --show-interactive-dev-session=false $(bash scripts/entra-vars.sh "$ENTRA_PORT") \
      --var "APP_URL:http://127.0.0.1:$PORT" --var "DOH_URL:http://127.0.0.1:$DOH_PORT/dns-query" --inspector-port "$((PORT + 1200))" ||
      true
    echo "[e2e-server] wrangler dev exited; starting it again on the same state" >&2
    sleep 1
  done
}

for ((i = 0; i < SERVERS; i++)); do
  serve "$((BASE_PORT + i))" &
done
wait
