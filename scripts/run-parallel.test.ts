import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { failureRecap, lineWriter, runParallel } from "./run-parallel";

test("runs every command, keeps their order in the outcomes, and reports each exit code and output", async () => {
  const outcomes = await runParallel(["echo one", "echo two >&2; exit 3", "echo three"], 2);
  assert.deepEqual(
    outcomes.map((outcome) => [outcome.code, outcome.output.trim()]),
    [
      [0, "one"],
      [3, "two"],
      [0, "three"],
    ],
  );
});

test("two jobs run at the same time: each command waits for the other to have started", async () => {
  const dir = await mkdtemp(join(tmpdir(), "run-parallel-"));
  const waitFor = (mine: string, theirs: string) =>
    `touch ${join(dir, mine)}; timeout 10 sh -c 'until [ -f ${join(dir, theirs)} ]; do sleep 0.05; done'`;
  const outcomes = await runParallel([waitFor("a", "b"), waitFor("b", "a")], 2);
  assert.deepEqual(
    outcomes.map((outcome) => outcome.code),
    [0, 0],
  );
});

test("one job runs the commands one after the other", async () => {
  const dir = await mkdtemp(join(tmpdir(), "run-parallel-"));
  const log = join(dir, "log");
  const step = (name: string) => `echo start-${name} >> ${log}; sleep 0.1; echo end-${name} >> ${log}; cat ${log}`;
  const outcomes = await runParallel([step("a"), step("b")], 1);
  assert.deepEqual(outcomes[1].output.trim().split("\n"), ["start-a", "end-a", "start-b", "end-b"]);
});

test("--live: each command's lines arrive while it runs, whole, after its label", async () => {
  const seen: string[] = [];
  const outcomes = await runParallel(
    ["printf 'a1\\na2\\n'; sleep 0.2; printf 'a3'", "printf 'b1\\n'"],
    2,
    () => {},
    (index) => lineWriter(`[${index + 1}]`, (text) => seen.push(text)),
  );
  assert.deepEqual(
    outcomes.map((outcome) => outcome.code),
    [0, 0],
  );
  assert.deepEqual(
    seen.filter((line) => line.startsWith("[1]")),
    ["[1] a1\n", "[1] a2\n", "[1] a3\n"],
  );
  assert.deepEqual(
    seen.filter((line) => line.startsWith("[2]")),
    ["[2] b1\n"],
  );
  // b1 came while the first command was still sleeping: before its last line.
  assert.ok(seen.indexOf("[2] b1\n") < seen.indexOf("[1] a3\n"));
});

test("lineWriter keeps a line split across chunks whole", () => {
  const seen: string[] = [];
  const writer = lineWriter("[1]", (text) => seen.push(text));
  writer.push("hel");
  writer.push("lo\nwor");
  writer.end();
  assert.deepEqual(seen, ["[1] hello\n", "[1] wor\n"]);
});

test("failureRecap: a failed command's last lines, without colour codes or blank lines, after its name", () => {
  const output = ["ok 1", "", "\u001b[31m  1 failed\u001b[39m", "    [chromium] › tests/e2e/a.spec.ts:3:1 › a test", "", ""].join("\n");
  assert.equal(
    failureRecap({ command: "npm run test:e2e", code: 1, seconds: 2, output }, 2),
    [
      "[run-parallel] the last 2 lines of the failed command: npm run test:e2e",
      "  |   1 failed",
      "  |     [chromium] › tests/e2e/a.spec.ts:3:1 › a test",
    ].join("\n"),
  );
});
