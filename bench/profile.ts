/**
 * npm run bench:profile: where the Worker's time goes on the floor's requests (decision 0215).
 *
 * Starts `wrangler dev` on a snapshot of the build (the floor's 500-person state) with the
 * Worker's DevTools inspector open, and for each of GET /api/v2/users/me, GET /home and
 * GET /overview (as employee@demo.test) records a V8 CPU profile over PROFILE_RUNS
 * sequential requests (default 100, after 10 warm-ups). It prints, per request, the wall
 * time the client saw, the Worker's CPU time (the profile's samples outside idle) and
 * what is left (waiting: D1, the dev server's hops, the network), then the CPU time by
 * part (the server render, Remix, drizzle, the session's crypto, our code, garbage
 * collection) and the functions that cost most on their own.
 *
 * PROFILE_STATISTICS=1 with PROFILE_STATE=.wrangler/bench-statistics-5000 (or -500) profiles POST /statistic on bench:statistics' firm;
 * PROFILE_EMAIL=companyadmin.c0@firm1.test with PROFILE_STATE=<bench:scale's state> on its 20,000-person firm (and
 * PROFILE_CONFIG=.wrangler/bench-scale.toml when that state has four shards).
 * PROFILE_REUSE=1 uses the snapshot in .wrangler/bench-app as it is (no build), PROFILE_APP=<dir> another snapshot; PROFILE_TOP=n lists n functions;
 * PROFILE_COMPONENTS=1 adds the React components' own time with what they called; PROFILE_FUNCTIONS=<regex>
 * the time of the functions whose name (with file and line) matches, with what they called.
 */
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";
import { benchProcesses } from "./processes";

const RUNS = Number(process.env.PROFILE_RUNS ?? 100);
const WARMUP = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8796) + 20;
const INSPECTOR = PORT + 1;
const SAMPLE_MS = 0.1;
/** PROFILE_APP: another snapshot (e.g. of the commit before a change), used as it is. */
const APP = process.env.PROFILE_APP ?? ".wrangler/bench-app";
/** PROFILE_STATE: another persisted state (e.g. .wrangler/bench-statistics-5000, which bench:statistics seeds). */
const STATE = process.env.PROFILE_STATE ?? ".wrangler/bench-state-500";
/** PROFILE_STATISTICS=1: POST /statistic as the statistics page asks for it (people: { limit: 8 }), as the company admin, instead of the floor's three. */
const STATISTICS = process.env.PROFILE_STATISTICS === "1";
/** PROFILE_CONFIG: another wrangler configuration (.wrangler/bench-scale.toml for bench:scale's four shards). */
const CONFIG = process.env.PROFILE_CONFIG;
/** PROFILE_EMAIL: whom to sign in as (e.g. companyadmin.c0@firm1.test, the 20,000-person firm of a BENCH_SCALE_STATE). */
const EMAIL = process.env.PROFILE_EMAIL;

const { children, run, main } = benchProcesses(Number(process.env.BENCH_TIMEOUT_S ?? 900));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One DevTools session on the Worker: send a method, await its result. */
async function inspector(port: number) {
  let targets: { webSocketDebuggerUrl: string }[] = [];
  for (let i = 0; i < 50 && !targets.length; i++) {
    try {
      targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as typeof targets;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  if (!targets.length) throw new Error(`no inspector target on ${port}`);
  // The dev server's inspector wants an Origin (Node's WebSocket takes headers as an option).
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl, { headers: { Origin: `http://127.0.0.1:${port}` } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  // The dev server renumbers the ids on the way, so answers are matched in order: one call at a time.
  const waiting: ((result: unknown) => void)[] = [];
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id === undefined) return;
    if (message.error) throw new Error(JSON.stringify(message.error));
    waiting.shift()?.(message.result);
  };
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      waiting.push(resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id: waiting.length, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Which part of the bundle a function belongs to, from its name and the functions that called it. */
function partOf(stack: string[], leafUrl: string): string {
  const name = stack[stack.length - 1];
  // workerd's own JavaScript (the D1 binding's client, which sends each batch as a fetch to the database).
  if (leafUrl && !leafUrl.endsWith("app.js")) return "workerd built-ins (the D1 binding's client)";
  if (name === "(garbage collector)") return "garbage collection";
  if (name === "(program)") return "runtime (outside JavaScript)";
  const has = (re: RegExp) => stack.some((f) => re.test(f));
  if (has(/renderToString|renderToReadableStream|renderToPipeableStream|performWork|renderNode|renderElement|retryNode|renderChildren/))
    return "server render (React)";
  if (has(/jwtVerify|SignJWT|flattenedVerify|compactVerify|parseCookie|unsign|sign$/)) return "session token and cookie";
  if (has(/^batch$|SQLiteSelect|mapResultRow|buildSelectQuery|sqlToQuery|mapRelationalRow|SQLiteDialect/)) return "drizzle (build queries, map rows)";
  if (has(/^json$|stringify/)) return "JSON";
  if (
    has(
      /requestHandler|handleDocumentRequest|handleResourceRequest|handleDataRequest|callRouteLoader|matchRoutes|createStaticHandler|queryImpl|loadRouteData/,
    )
  )
    return "Remix and the router (loaders included)";
  return "other";
}

async function profileTarget(send: Awaited<ReturnType<typeof inspector>>["send"], request: () => Promise<Response>) {
  for (let i = 0; i < WARMUP; i++) await (await request()).arrayBuffer();
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: SAMPLE_MS * 1000 });
  await send("Profiler.start");
  const started = performance.now();
  const walls: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.status}`);
    walls.push(performance.now() - t);
  }
  const elapsed = performance.now() - started;
  const { profile } = await send<{ profile: Profile }>("Profiler.stop");
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number) => {
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) names.unshift(byId.get(at)!.callFrame.functionName || "(anonymous)");
    return names;
  };
  const keyOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.split("/").pop()}:${node.callFrame.lineNumber + 1}`;
  const gaps = profile.timeDeltas.slice(1).sort((a, b) => a - b);
  const interval = (gaps[Math.floor(gaps.length / 2)] ?? 0) / 1000;
  const parts = new Map<string, number>();
  const self = new Map<string, number>();
  /** A function's time with everything it called (each sample counted once per function on its stack). */
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    // Counted by samples at the interval the profiler kept (the median gap), not by each sample's own gap: a gap
    // while the isolate waited on I/O falls into the next sample's delta.
    const ms = interval;
    if (name === "(idle)" || name === "(root)") continue;
    busy += ms;
    const part = partOf(stackOf(id), node.callFrame.url);
    parts.set(part, (parts.get(part) ?? 0) + ms);
    const key = keyOf(node);
    self.set(key, (self.get(key) ?? 0) + ms);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) onStack.add(keyOf(byId.get(at)!));
    for (const fn of onStack) inclusive.set(fn, (inclusive.get(fn) ?? 0) + ms);
  }
  walls.sort((a, b) => a - b);
  return { p50: walls[Math.floor(walls.length / 2)], wall: elapsed / RUNS, cpu: busy / RUNS, parts, self, inclusive, interval };
}

async function bench() {
  if ((process.env.PROFILE_REUSE !== "1" && !process.env.PROFILE_APP) || !existsSync(`${APP}/worker/app.js`)) buildSnapshot(APP);
  // Every run: a kept state gets the migrations (and databases, decision 0312) added since it was seeded.
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", STATE]);
  // bench:scale's state (.scale-data.json) is generated, never seeded.
  if (!existsSync(`${STATE}/.bench-seeded`) && !existsSync(`${STATE}/.scale-data.json`)) {
    run("tsx", ["scripts/seed.ts"], { SEED_USERS: "500", PERSIST_TO: STATE });
    run("touch", [`${STATE}/.bench-seeded`]);
  }
  const { base } = await startSnapshotServer({
    app: APP,
    state: STATE,
    port: PORT,
    inspectorPort: INSPECTOR,
    onStart: (c) => children.add(c),
    config: CONFIG,
  });
  const login = await fetch(`${base}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: EMAIL ?? (STATISTICS ? "companyadmin@demo.test" : "employee@demo.test"), password: "demo-password-1" }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const { send, close } = await inspector(INSPECTOR);
  console.log(
    `CPU profiles of the Worker, ${RUNS} sequential requests each, sampled every 0.1 ms; load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
  const statisticsBody = JSON.stringify({ offices: ["all"], groups: ["all"], people: { limit: 8 } });
  const targets: [string, () => Promise<Response>][] = STATISTICS
    ? [
        [
          "POST /api/v2/statistic {people: {limit: 8}}",
          () => fetch(`${base}/api/v2/statistic`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: statisticsBody }),
        ],
      ]
    : [
        ["GET /api/v2/users/me", () => fetch(`${base}/api/v2/users/me`, { headers: auth })],
        ["GET /home", () => fetch(`${base}/home`, { headers: auth })],
        ["GET /overview", () => fetch(`${base}/overview`, { headers: auth })],
      ];
  for (const [name, request] of targets) {
    const result = await profileTarget(send, request);
    console.log(
      `\n${name}: wall ${result.wall.toFixed(1)} ms a request (p50 ${result.p50.toFixed(1)}), Worker CPU ${result.cpu.toFixed(1)} ms (samples every ${result.interval.toFixed(2)} ms), the rest waiting (D1, the dev server's hops) ${(result.wall - result.cpu).toFixed(1)} ms`,
    );
    for (const [part, ms] of [...result.parts].sort((a, b) => b[1] - a[1]))
      console.log(`  ${part.padEnd(42)} ${(ms / RUNS).toFixed(2).padStart(6)} ms  ${((100 * ms) / (result.cpu * RUNS)).toFixed(0).padStart(3)} %`);
    console.log("  costliest functions on their own:");
    for (const [fn, ms] of [...result.self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 8)))
      console.log(`    ${(ms / RUNS).toFixed(2).padStart(6)} ms  ${fn}`);
    // PROFILE_FUNCTIONS=<regex>: those functions with everything they called (e.g. "matchRoutes|flattenRoutes").
    if (process.env.PROFILE_FUNCTIONS) {
      const wanted = new RegExp(process.env.PROFILE_FUNCTIONS);
      console.log(`  functions matching /${wanted.source}/ with what they called:`);
      for (const [fn, ms] of [...result.inclusive].filter(([fn]) => wanted.test(fn)).sort((a, b) => b[1] - a[1]))
        console.log(`    ${(ms / RUNS).toFixed(2).padStart(6)} ms  ${fn}`);
    }
    // PROFILE_COMPONENTS=1: the app's React components (capitalised names) with what they called, excluding what
    // React renders of their children after they return.
    if (process.env.PROFILE_COMPONENTS === "1") {
      console.log("  components with what they called:");
      for (const [fn, ms] of [...result.inclusive]
        .filter(([fn]) => /^[A-Z][a-z][A-Za-z0-9]+ app\.js/.test(fn))
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.PROFILE_TOP ?? 8)))
        console.log(`    ${(ms / RUNS).toFixed(2).padStart(6)} ms  ${fn}`);
    }
  }
  close();
}

main(bench);
