import { spawn } from "node:child_process";

/**
 * `tsx scripts/run-parallel.ts [--jobs N] -- "cmd one" "cmd two" ...`: runs shell commands
 * N at a time (default 2, the cores CI has), in the order given, and prints each one's output
 * whole when it ends, so the logs of two checks never interleave. Every command runs even when
 * one fails (one CI run reports every broken check); the exit code is 1 when any failed, and
 * the summary names them with their times. `npm run check` uses it (decision 0289).
 *
 * `--live` streams each command's lines as they come instead, each after the label `[n]` of
 * its command (1, 2, ... in the order given): `npm test` runs the workerd suite and the e2e
 * suite side by side this way, and a quarter of an hour without a line would look hung.
 */

export interface Outcome {
  command: string;
  code: number;
  seconds: number;
  output: string;
}

/** Writes a command's output a whole line at a time, each after its label. */
export function lineWriter(label: string, write: (text: string) => void) {
  let partial = "";
  return {
    push(text: string) {
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) write(`${label} ${line}\n`);
    },
    end() {
      if (partial) write(`${label} ${partial}\n`);
      partial = "";
    },
  };
}

export function runOne(command: string, live?: (text: string) => void): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
    const chunks: Buffer[] = [];
    const take = (chunk: Buffer) => {
      chunks.push(chunk);
      live?.(chunk.toString("utf8"));
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("close", (code, signal) =>
      resolve({
        command,
        code: code ?? (signal ? 128 : 1),
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString("utf8"),
      }),
    );
  });
}

export async function runParallel(
  commands: string[],
  jobs: number,
  report: (outcome: Outcome) => void = () => {},
  live?: (index: number) => { push: (text: string) => void; end: () => void },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(commands.length);
  let next = 0;
  const lane = async () => {
    while (next < commands.length) {
      const index = next++;
      const writer = live?.(index);
      outcomes[index] = await runOne(commands[index], writer?.push);
      writer?.end();
      report(outcomes[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, commands.length)) }, lane));
  return outcomes;
}

/** Lines of a failed command's output that `--live` prints again at the very end. */
export const RECAP_LINES = 80;

/**
 * A failed command's last lines, for the end of a `--live` run: there its own summary (a test
 * runner's list of failures) has long scrolled by under the other command's lines, and a
 * record that keeps only the end of the log would otherwise show none of it. Colour codes and
 * blank lines are left out.
 */
export function failureRecap(outcome: Outcome, lines = RECAP_LINES): string {
  const kept = outcome.output
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(-lines);
  return [`[run-parallel] the last ${kept.length} lines of the failed command: ${outcome.command}`, ...kept.map((line) => `  | ${line}`)].join("\n");
}

function parseArgs(argv: string[]) {
  let jobs = 2;
  let live = false;
  const rest = [...argv];
  for (;;) {
    if (rest[0] === "--jobs") {
      jobs = Number(rest[1]);
      rest.splice(0, 2);
    } else if (rest[0] === "--live") {
      live = true;
      rest.shift();
    } else break;
  }
  if (rest[0] === "--") rest.shift();
  if (!Number.isInteger(jobs) || jobs < 1 || rest.length === 0) {
    console.error('usage: tsx scripts/run-parallel.ts [--jobs N] [--live] -- "command" ["command" ...]');
    process.exit(2);
  }
  return { jobs, live, commands: rest };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { jobs, live, commands } = parseArgs(process.argv.slice(2));
  const started = performance.now();
  if (live) commands.forEach((command, index) => console.log(`[${index + 1}] is: ${command}`));
  const outcomes = await runParallel(
    commands,
    jobs,
    (outcome) => {
      if (!live) process.stdout.write(`\n> ${outcome.command}\n${outcome.output}`);
      console.log(
        `[run-parallel] ${outcome.code === 0 ? "ok" : `FAILED (exit ${outcome.code})`} in ${outcome.seconds.toFixed(1)} s: ${outcome.command}`,
      );
    },
    live ? (index) => lineWriter(`[${index + 1}]`, (text) => process.stdout.write(text)) : undefined,
  );
  const failed = outcomes.filter((outcome) => outcome.code !== 0);
  console.log(`\n[run-parallel] ${commands.length} commands, ${jobs} at a time, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (live) for (const outcome of failed) console.log(`\n${failureRecap(outcome)}`);
  if (live && failed.length) console.log("");
  for (const outcome of outcomes)
    console.log(`  ${outcome.code === 0 ? "ok    " : "FAILED"} ${outcome.seconds.toFixed(1).padStart(6)} s  ${outcome.command}`);
  process.exit(failed.length ? 1 : 0);
}
