import assert from "node:assert/strict";
import { spawn } from "node:child_process";
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

/**
 * `npm start` (scripts/dev-server.sh) starts wrangler only once every loopback stand-in answers
 * an HTTP probe, and stops loudly, naming the stand-in, when one does not come up (issue 27,
 * item 4: the 3E stand-in once never listened, an import circle under its top-level await, and
 * `npm start` carried on without it). Each run uses its own ports, so a running `npm start` or
 * e2e server is left alone; the script's process group is stopped at the end of each test.
 */
function runDevServer(env: Record<string, string>) {
  const base = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn("bash", ["scripts/dev-server.sh"], {
    cwd: new URL("..", import.meta.url).pathname,
    detached: true,
    env: {
      ...process.env,
      PORT: String(base),
      ELITE_PORT: String(base + 1),
      CV_FAKE_PORT: String(base + 2),
      APNS_FAKE_PORT: String(base + 3),
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

test("npm start's stand-ins (the 3E one included) all answer their health probe before wrangler starts", { timeout: 150_000 }, async () => {
  const run = runDevServer({});
  try {
    assert.equal(await run.outcome, "ready", run.output());
  } finally {
    run.stop();
  }
});

test("npm start stops with a non-zero exit naming the stand-in that does not come up", { timeout: 150_000 }, async () => {
  // Port 70000 does not exist: the 3E stand-in fails to listen and exits.
  const run = runDevServer({ ELITE_PORT: "70000" });
  try {
    assert.equal(await run.outcome, 1, run.output());
    assert.match(run.output(), /the Elite 3E stand-in \(tests\/fakes\/elite3e-server\.ts\) exited without answering/);
    assert.doesNotMatch(run.output(), /starting wrangler dev/);
  } finally {
    run.stop();
  }
});

// Issue 27, item 26: the README once called these ports fixed.
test("the README names the variable behind each stand-in port that does not follow $PORT", async () => {
  const { readFile } = await import("node:fs/promises");
  const script = await readFile(new URL("./dev-server.sh", import.meta.url), "utf8");
  const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
  const fixed = [...script.matchAll(/^\w+="\$\{(\w+_PORT):-(\d+)\}"$/gm)].map(([, variable, port]) => ({ variable, port }));
  assert.deepEqual(
    fixed.map((f) => f.variable),
    ["ELITE_PORT", "CV_FAKE_PORT", "APNS_FAKE_PORT"],
  );
  for (const { variable, port } of fixed) assert.match(readme, new RegExp(`\\$${variable}\`, ${port} unless set`));
});
