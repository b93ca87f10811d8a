import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { LineTail } from "./dev-supervisor";

/**
 * The supervisor `npm start` runs wrangler dev under (scripts/dev-supervisor.ts, decision 0286),
 * run for real on tiny node commands that exit: it restarts them with the same arguments, says
 * how each exit happened with its last stderr lines, gives up after repeated fast exits, and
 * takes its command's whole process group with it when stopped. Bounded: every run has a
 * deadline, and its process group is killed at the end of each test.
 */
const root = new URL("..", import.meta.url).pathname;

function runSupervisor(script: string, env: Record<string, string> = {}) {
  const child = spawn(join(root, "node_modules/.bin/tsx"), ["scripts/dev-supervisor.ts", "--", process.execPath, "-e", script], {
    cwd: root,
    detached: true,
    env: { ...process.env, SUPERVISOR_RESTART_DELAY_MS: "100", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const kill = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone
    }
  };
  const waitFor = async (pattern: RegExp, ms: number) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} within ${ms} ms in:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, kill, waitFor, output: () => output };
}

test("a command that exits is started again, with how it exited and its last stderr lines in the log", { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "supervisor-"));
  const counter = join(dir, "starts");
  // First start: a few lines on stderr, then exit 3. Second start: stays up, like a server.
  const script = `
    const fs = require("node:fs");
    const n = (fs.existsSync(${JSON.stringify(counter)}) ? Number(fs.readFileSync(${JSON.stringify(counter)}, "utf8")) : 0) + 1;
    fs.writeFileSync(${JSON.stringify(counter)}, String(n));
    if (n === 1) { console.error("starting"); console.error("\\u001b[31m✘ [ERROR]\\u001b[0m boom"); process.exit(3); }
    console.log("up " + process.argv.length); setInterval(() => {}, 1000);`;
  const run = runSupervisor(script);
  try {
    await run.waitFor(/up \d/, 30_000);
    assert.equal(readFileSync(counter, "utf8"), "2");
    assert.match(
      run.output(),
      /\[supervisor\] \S+ -e exited with code 3 after [\d.]+ s \(start 1\); its last stderr lines:\n {4}starting\n {4}✘ \[ERROR\] boom/,
    );
    assert.match(run.output(), /\[supervisor\] restarting \S+ -e on the same local state \(restart 1\)/);
    // Stopped, it stops its command (the whole group) and exits 0.
    process.kill(run.child.pid!, "SIGTERM");
    assert.deepEqual(await run.exited, { code: 0, signal: null });
    assert.throws(() => process.kill(-run.child.pid!, 0), "nothing of the supervisor's group is left");
  } finally {
    run.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a command that keeps exiting fast makes the supervisor give up with exit code 1", { timeout: 60_000 }, async () => {
  const run = runSupervisor(`console.error("no luck"); process.kill(process.pid, "SIGSEGV");`, {
    SUPERVISOR_MAX_EXITS: "3",
    SUPERVISOR_WINDOW_S: "60",
  });
  try {
    const { code } = await Promise.race([run.exited, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(run.output())), 45_000))]);
    assert.equal(code, 1, run.output());
    assert.equal((run.output().match(/was killed by SIGSEGV after/g) ?? []).length, 3, run.output());
    assert.equal((run.output().match(/restarting /g) ?? []).length, 2);
    assert.match(run.output(), /\[supervisor\] giving up: 3 exits within 60 s/);
  } finally {
    run.kill();
  }
});

test("the stderr tail keeps the last lines, without terminal colours or blank lines", () => {
  const tail = new LineTail(2);
  tail.push("one\ntw");
  tail.push("o\n\n\u001b[31mthree\u001b[0m\nfou");
  assert.deepEqual(tail.take(), ["three", "fou"]);
  assert.deepEqual(tail.take(), []);
});
