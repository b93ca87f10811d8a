import { spawn, type ChildProcess } from "node:child_process";

/**
 * `npm start` keeps `wrangler dev` up (decision 0286): `tsx scripts/dev-supervisor.ts -- <command...>`
 * runs the command, and when it exits without being asked to, logs how (exit code or signal,
 * how long it ran) with the last lines it wrote to stderr, and starts it again with the same
 * arguments, so on the same local state (`--persist-to`). It gives up, exiting 1, after
 * SUPERVISOR_MAX_EXITS exits (5) within SUPERVISOR_WINDOW_S seconds (60): a server that cannot
 * start at all (a syntax error in the build, a port taken) fails loudly instead of looping.
 *
 * The command runs in a process group of its own, and the whole group is killed once the
 * command has exited: wrangler's workerd must not outlive it and hold the port the next
 * start needs. SIGINT, SIGTERM and SIGHUP stop the command's group and then the supervisor.
 */

export interface SupervisorOptions {
  command: string;
  args: string[];
  /** Exits within `windowMs` that make the supervisor give up. */
  maxExits: number;
  windowMs: number;
  /** Pause before a restart. */
  restartDelayMs: number;
  /** Lines of the command's stderr quoted when it exits. */
  tailLines: number;
  log: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

export function optionsFromEnv(argv: string[], env: NodeJS.ProcessEnv, log: (line: string) => void): SupervisorOptions {
  const at = argv.indexOf("--");
  const [command, ...args] = at >= 0 ? argv.slice(at + 1) : argv;
  if (!command) throw new Error("usage: tsx scripts/dev-supervisor.ts -- <command> [args...]");
  const number = (name: string, fallback: number) => {
    const value = env[name] ? Number(env[name]) : fallback;
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number, got "${env[name]}"`);
    return value;
  };
  return {
    command,
    args,
    maxExits: Math.max(1, number("SUPERVISOR_MAX_EXITS", 5)),
    windowMs: number("SUPERVISOR_WINDOW_S", 60) * 1000,
    restartDelayMs: number("SUPERVISOR_RESTART_DELAY_MS", 1000),
    tailLines: number("SUPERVISOR_TAIL_LINES", 15),
    log,
    env,
  };
}

/** Keeps the last `size` complete lines of a stream, without terminal colours. */
export class LineTail {
  private lines: string[] = [];
  private partial = "";
  constructor(private readonly size: number) {}
  push(chunk: string) {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? "";
    for (const line of parts) this.add(line);
  }
  /** The kept lines, the unfinished last one included; then starts afresh. */
  take(): string[] {
    if (this.partial) this.add(this.partial);
    this.partial = "";
    const lines = this.lines;
    this.lines = [];
    return lines;
  }
  private add(line: string) {
    // eslint-disable-next-line no-control-regex
    const plain = line.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "").trimEnd();
    if (!plain.trim()) return;
    this.lines.push(plain);
    if (this.lines.length > this.size) this.lines.shift();
  }
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/**
 * Runs the command until it has exited `maxExits` times within `windowMs`, or until `stop()`.
 * Resolves with the supervisor's exit code: 1 when it gave up, 0 when stopped.
 */
export function supervise(options: SupervisorOptions) {
  const { command, args, log } = options;
  const name = [command, ...args.slice(0, 1)].join(" ");
  const exits: number[] = [];
  const tail = new LineTail(options.tailLines);
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let starts = 0;
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => (finish = resolve));

  const killGroup = (pid: number | undefined, signal: NodeJS.Signals) => {
    if (!pid) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is gone already
    }
  };

  const start = () => {
    restartTimer = null;
    if (stopping) return;
    starts++;
    const startedAt = Date.now();
    const current = spawn(command, args, { env: options.env ?? process.env, detached: true, stdio: ["ignore", "inherit", "pipe"] });
    child = current;
    current.stderr?.setEncoding("utf8");
    current.stderr?.on("data", (chunk: string) => {
      process.stderr.write(chunk);
      tail.push(chunk);
    });
    current.once("error", (error) => log(`could not start ${name}: ${error.message}`));
    current.once("exit", async (code, signal) => {
      // Whatever the command left behind in its group (workerd) goes with it; its stderr then
      // closes (a process left in the group would hold the pipe open), with the last lines read.
      killGroup(current.pid, "SIGKILL");
      await Promise.race([new Promise((resolve) => current.once("close", resolve)), new Promise((resolve) => setTimeout(resolve, 2000))]);
      child = null;
      if (stopping) {
        finish(0);
        return;
      }
      const now = Date.now();
      exits.push(now);
      while (exits.length && exits[0] <= now - options.windowMs) exits.shift();
      const lines = tail.take();
      log(
        `${name} ${describeExit(code, signal)} after ${((now - startedAt) / 1000).toFixed(1)} s (start ${starts}); ` +
          (lines.length ? `its last stderr lines:\n${lines.map((line) => `    ${line}`).join("\n")}` : "it wrote nothing to stderr"),
      );
      if (exits.length >= options.maxExits) {
        log(`giving up: ${exits.length} exits within ${options.windowMs / 1000} s`);
        finish(1);
        return;
      }
      log(`restarting ${name} on the same local state (restart ${starts})`);
      restartTimer = setTimeout(start, options.restartDelayMs);
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (restartTimer) clearTimeout(restartTimer);
    if (!child) {
      finish(0);
      return;
    }
    const pid = child.pid;
    killGroup(pid, "SIGTERM");
    // wrangler stops workerd on SIGTERM; if it does not within 5 s, the group is killed.
    setTimeout(() => killGroup(pid, "SIGKILL"), 5000).unref();
  };

  start();
  return { done, stop, starts: () => starts };
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const log = (line: string) => console.error(`[supervisor] ${line}`);
  const options = (() => {
    try {
      return optionsFromEnv(process.argv.slice(2), process.env, log);
    } catch (error) {
      log((error as Error).message);
      return process.exit(2);
    }
  })();
  const run = supervise(options);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, run.stop);
  process.exit(await run.done);
}
