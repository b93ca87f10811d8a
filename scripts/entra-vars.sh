#!/usr/bin/env bash
# The `wrangler dev --var` flags that point the app at the loopback Microsoft provider on port $1.
PORT="$1"
ID=$(grep -o 'DEV_ENTRA_CLIENT_ID = "[^"]*"' scripts/seed-constants.ts | cut -d'"' -f2)
SECRET=$(grep -o 'DEV_ENTRA_CLIENT_SECRET = "[^"]*"' scripts/seed-constants.ts | cut -d'"' -f2)
echo "--var ENTRA_CLIENT_ID:$ID --var ENTRA_CLIENT_SECRET:$SECRET --var ENTRA_AUTHORITY:http://127.0.0.1:$PORT --var GRAPH_URL:http://127.0.0.1:$PORT/graph"
