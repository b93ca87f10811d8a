import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

/**
 * A `wrangler dev` on a snapshot of the build, for the bench and the chaos run (the e2e
 * server does the same in scripts/e2e-server.sh): the Worker bundled once plus a copy of
 * public/, so a build elsewhere in the tree cannot reload the server mid-run.
 */

const HOST = "127.0.0.1";
/** Without wrangler dev's local tracing, which writes every Worker request's spans to SQLite (decision 0227). */
const env = {
  ...process.env,
  PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: "false",
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
};

export function buildSnapshot(app: string) {
  const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });
  // `npm test` builds once, in `npm run check`, and says so with TEST_BUILT (decision 0289).
  if (!process.env.TEST_BUILT) run("npm", ["run", "build", "--silent"]);
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  run("wrangler", ["deploy", "--dry-run", "--env=dev", "--outdir", `${app}/worker`]);
  cpSync("public", `${app}/public`, { recursive: true });
  const manifest = /\/build\/manifest-[A-Za-z0-9]+\.js/.exec(readFileSync(`${app}/worker/app.js`, "utf8"))?.[0];
  if (!manifest || !existsSync(`${app}/public${manifest}`)) throw new Error("the build changed while it was copied; run again");
}

/**
 * Starts the snapshot in `app` on 127.0.0.1:`port` with its state in `state`, in its own
 * process group (one kill reaches wrangler, workerd and everything they started), and
 * resolves once /login answers. `onStart` gets the process at once, so the caller can stop it.
 */
export async function startSnapshotServer(options: {
  app: string;
  state: string;
  port: number;
  onStart: (child: ChildProcess) => void;
  pollMs?: number;
  /** Serve /__scheduled, which runs the Worker's cron (the 3E import bench). */
  testScheduled?: boolean;
  /** wrangler's DevTools inspector on this port (the statistics bench reads the isolate's heap; bench/profile.ts records CPU profiles). */
  inspectorPort?: number;
  /** Vars of the Worker on top of wrangler.toml's (`--var KEY:VALUE`): the fan-out bench's ROOM_SPLIT_SOCKETS. */
  vars?: Record<string, string>;
  /** A file that gets wrangler's output (the Worker's console.log goes to its stdout). */
  logTo?: string;
  /** Another wrangler configuration (bench/scale.ts: the same app bound to one database); wrangler.toml by default. */
  config?: string;
}) {
  const { app, state, port } = options;
  const started = Date.now();
  const child = spawn(
    "wrangler",
    [
      "dev",
      `${app}/worker/app.js`,
      "--config",
      options.config ?? "wrangler.toml",
      "--env",
      "dev",
      "--no-bundle",
      "--assets",
      `${app}/public`,
      "--port",
      String(port),
      "--ip",
      HOST,
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      ...(options.testScheduled ? ["--test-scheduled"] : []),
      ...Object.entries(options.vars ?? {}).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
      ...(options.inspectorPort ? ["--inspector-port", String(options.inspectorPort), "--inspector-ip", HOST] : []),
    ],
    { env, detached: true, stdio: ["ignore", options.logTo ? "pipe" : "ignore", "pipe"] },
  );
  options.onStart(child);
  let errors = "";
  child.stderr?.on("data", (chunk) => (errors = (errors + chunk).slice(-20000)));
  if (options.logTo) {
    const log = createWriteStream(options.logTo, { flags: "a" });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  const base = `http://${HOST}:${port}`;
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited: ${errors}`);
    try {
      if ((await fetch(`${base}/login`)).ok) return { base, startMs: Date.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
  throw new Error(`wrangler dev did not answer within 120 s: ${errors}`);
}
