#!/usr/bin/env bash
# The `wrangler dev --var` flags that point the app at the loopback APNs (tests/fakes/apns-fake.ts)
# on port $1, with the throwaway provider key of tests/fakes/apns-keys.ts (decision 0197).
PORT="$1"
value() { tr -d "\n" <tests/fakes/apns-keys.ts | grep -o "$1 = *\"[^\"]*\"" | cut -d'"' -f2; }
echo "--var APNS_ORIGIN:http://127.0.0.1:$PORT --var APNS_KEY_ID:$(value DEV_APNS_KEY_ID) --var APNS_TEAM_ID:$(value DEV_APNS_TEAM_ID) --var APNS_TOPIC:$(value DEV_APNS_TOPIC) --var APNS_PRIVATE_KEY:$(value DEV_APNS_PRIVATE_KEY)"
