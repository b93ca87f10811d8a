import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runParallel } from "./run-parallel";

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
