import assert from "node:assert/strict";
import { test } from "node:test";

/**
 * The seed and the loopback stand-ins run in Node (npm start, the e2e server), not in workerd:
 * nothing they import may reach a Worker-only module (`cloudflare:*`, partyserver). A domain
 * module that gains such an import (a system context pulls in realtime) breaks `npm start` and
 * every e2e run at the seed step; this catches it in `npm run check`.
 */
for (const module of [
  "./seed-data.ts",
  "./seed-time-keeping.ts",
  "../tests/fakes/doh-server.ts",
  "../tests/fakes/entra-server.ts",
  "../tests/fakes/elite3e-server.ts",
  "../tests/fakes/cv-service.ts",
]) {
  test(`${module} loads in Node`, async () => {
    await assert.doesNotReject(import(module));
  });
}
