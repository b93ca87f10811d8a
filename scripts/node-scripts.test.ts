import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { devPorts, STANDIN_PORTS } from "./dev-ports";

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

/**
 * `npm start` (scripts/dev-server.sh) starts wrangler only once every loopback stand-in answers
 * an HTTP probe, and stops loudly, naming the stand-in, when one does not come up (issue 27,
 * item 4: the 3E stand-in once never listened, an import circle under its top-level await, and
 * `npm start` carried on without it). Every port follows from $PORT (decision 0285); each run
 * here uses its own PORT and state folder, so a running `npm start` or e2e server is left alone;
 * the script's process group is stopped at the end of each test.
 */
function runDevServer(port: number, env: Record<string, string> = {}) {
  const child = spawn("bash", ["scripts/dev-server.sh"], {
    cwd: new URL("..", import.meta.url).pathname,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      DEV_STATE: join(tmpdir(), `dev-server-test-${port}`),
      STANDIN_TIMEOUT: "90",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  /** Resolves with the exit code, or "ready" once the script says every stand-in answered. */
  const outcome = new Promise<number | "ready">((resolve) => {
    child.on("exit", (code) => resolve(code ?? 1));
    const timer = setInterval(() => {
      if (output.includes("every stand-in answers its health probe")) {
        clearInterval(timer);
        resolve("ready");
      }
    }, 200);
    child.on("exit", () => clearInterval(timer));
  });
  return { outcome, stop, output: () => output };
}

const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

/** Whether something answers HTTP on 127.0.0.1:port. */
async function answers(port: number) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

test(
  "two npm start with PORTs one apart bring up their own stand-ins side by side, each on ports derived from its PORT",
  { timeout: 200_000 },
  async () => {
    const base = randomPort();
    const runs = [runDevServer(base), runDevServer(base + 1)];
    try {
      for (const run of runs) assert.equal(await run.outcome, "ready", run.output());
      for (const [i, run] of runs.entries()) {
        const ports = devPorts({ PORT: String(base + i) });
        const standins = Object.entries(ports).filter(([name]) => name !== "PORT" && name !== "STATE" && name !== "INSPECTOR_PORT");
        assert.match(run.output(), new RegExp(`3E ${ports.ELITE_PORT}, CV ${ports.CV_PORT}, APNs ${ports.APNS_PORT}`));
        for (const [name, port] of standins) assert.ok(await answers(port as number), `${name} of PORT ${base + i} answers on ${port}`);
      }
    } finally {
      for (const run of runs) run.stop();
    }
  },
);

test("npm start stops with a non-zero exit naming the stand-in whose port another instance holds", { timeout: 150_000 }, async () => {
  const port = randomPort();
  // Another process on the 3E stand-in's port (another instance's, say): npm start must not use it.
  const holder = createServer((_request, response) => response.end("someone else")).listen(devPorts({ PORT: String(port) }).ELITE_PORT, "127.0.0.1");
  await once(holder, "listening");
  const run = runDevServer(port);
  try {
    assert.equal(await run.outcome, 1, run.output());
    assert.match(run.output(), /the Elite 3E stand-in \(tests\/fakes\/elite3e-server\.ts\): port \d+ is already in use/);
    assert.doesNotMatch(run.output(), /starting wrangler dev/);
  } finally {
    run.stop();
    holder.close();
  }
});

test("npm start stops when a stand-in's port variable is not a port", { timeout: 60_000 }, async () => {
  const run = runDevServer(randomPort(), { ELITE_PORT: "70000" });
  try {
    assert.equal(await run.outcome, 1, run.output());
    assert.match(run.output(), /ELITE_PORT must be a port number \(1-65535\), got "70000"/);
  } finally {
    run.stop();
  }
});

// Issue 27, item 26, and issue 28, item 2: the README says where each stand-in listens.
test("the README names each stand-in port's variable and its distance from $PORT", async () => {
  const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
  for (const { variable, offset } of Object.values(STANDIN_PORTS)) assert.match(readme, new RegExp(`\\$${variable}\` or \`\\$PORT \\+ ${offset}\``));
});
