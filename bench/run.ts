/**
 * npm run bench: how the overview holds up as a company grows, on loopback only.
 *
 * For each size (SEED_USERS 500 and 5000 by default) it seeds a persisted local state of
 * its own (.wrangler/bench-state-{n}, kept between runs; BENCH_RESEED=1 starts over),
 * starts `wrangler dev` on a snapshot of the build, signs in through
 * POST /api/v2/account/login and times, sequentially:
 *   - GET /overview (the whole server-rendered page) and
 *   - POST /api/v2/users/filtered (the default filter, first page)
 * as admin@demo.test (own group and office) and as companyadmin@demo.test (everyone).
 * It prints p50/p95 per size and the 5000/500 ratio, then the gzip size of the JavaScript
 * a first visit to each page downloads, as the account that uses it (bench/page-js.ts, the
 * table `npm run bench:js` prints on a small company of its own).
 *
 * BENCH_SECTIONS=sizes,floor,fanout,bundle picks parts: "floor" times a static asset, users/me, /home
 * and /overview interleaved on one server, each also as a multiple of the static asset;
 * "fanout" times one write reaching 10,000 sockets (BENCH_FANOUT_SOCKETS; fewer where a process may hold
 * fewer than 20,400 open files and may not raise its limit: 9,800 at 20,000) of one firm, straight to the
 * Worker's workerd behind wrangler dev's proxy, on a server whose firm never splits (ROOM_SPLIT_SOCKETS=1000000: one room) and one whose firm splits at once (0: a room
 * per office, as a firm past 5,000 sockets ends up), then one write reaching 50 sockets on this build
 * (default 5,000: one room) and, with BENCH_FANOUT_AGAINST=<snapshot dir>, on another build in
 * alternating rounds: the small firm's cost of the split code (decision 0309);
 * BENCH_FLOOR_AGAINST=<snapshot dir> times another build in the same floor rounds (before and after, on
 * one machine state); BENCH_APP and BENCH_BUILD=0 pick a snapshot already built.
 * "bundle" prints the Worker bundle per environment of wrangler.toml (raw and gzip), as
 * `wrangler deploy --dry-run` makes it.
 *
 * Bounded: BENCH_RUNS timed requests per measure (default 40, after 5 warm-ups), and a
 * watchdog that stops everything after BENCH_TIMEOUT_S seconds (default 1500).
 */
import type { ChildProcess } from "node:child_process";
import { benchProcesses, listeningPorts, openFilesLimit, percentile, raiseOpenFiles } from "./processes";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";
import { dryRunBundle, environmentsOf, kibText } from "../scripts/worker-bundle";
import { measurePagesJs, printPagesJs, type PageJs } from "./page-js";
import { measureFanout, measureRealtime } from "./realtime";

const SIZES = (process.env.BENCH_SIZES ?? "500,5000").split(",").map((n: string) => Number(n.trim()));
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const PORT = Number(process.env.BENCH_PORT ?? 8796);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 1500);
/** The snapshot served; BENCH_BUILD=0 serves the one already there (a before/after pair built from two commits). */
const APP = process.env.BENCH_APP ?? ".wrangler/bench-app";
const PASSWORD = "demo-password-1";
const ACCOUNTS = { admin: "admin@demo.test", companyAdmin: "companyadmin@demo.test" } as const;
/** Which parts run: sizes (overview by company size, JavaScript per page, realtime), floor, fanout. */
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? "sizes,floor,fanout,bundle").split(",").map((s: string) => s.trim()));
const FLOOR_RUNS = Number(process.env.BENCH_FLOOR_RUNS ?? 200);
const FANOUT_SOCKETS = Number(process.env.BENCH_FANOUT_SOCKETS ?? 10_000);
/** Another snapshot to time the small firm's fan-out against (the build before the rooms split). */
const FANOUT_AGAINST = process.env.BENCH_FANOUT_AGAINST;
/** Another snapshot (scripts/snapshot-server's buildSnapshot of another commit) to time in the same floor rounds: before and after. */
const AGAINST = process.env.BENCH_FLOOR_AGAINST;

const { children, stopAll, run, workerdPids, main } = benchProcesses(TIMEOUT_S);
/** Open files a workerd holds besides its sockets' (databases, listeners, requests under way). */
const FILES_SPARE = 400;

function snapshot() {
  if (process.env.BENCH_BUILD === "0" && existsSync(`${APP}/worker/app.js`)) return;
  const started = Date.now();
  buildSnapshot(APP);
  console.log(`built a snapshot in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The states this run has readied: each once (migrated, and seeded or reseeded), however many servers use it. */
const readied = new Set<string>();

function seed(people: number): string {
  const state = `.wrangler/bench-state-${people}`;
  if (readied.has(state)) return state;
  readied.add(state);
  const marker = `${state}/.bench-seeded`;
  if (process.env.BENCH_RESEED === "1") rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  // Every run: a kept state gets the migrations (and databases, decision 0312) added since it was seeded.
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", state]);
  if (existsSync(marker)) return state;
  const started = Date.now();
  run("tsx", ["scripts/seed.ts"], { SEED_USERS: String(people), PERSIST_TO: state });
  writeFileSync(marker, new Date().toISOString());
  console.log(`seeded ${people} people in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return state;
}

async function startServer(state: string, port: number): Promise<string> {
  const { base } = await startSnapshotServer({ app: APP, state, port, onStart: (child) => children.add(child) });
  return base;
}

/**
 * The address of the Worker's own workerd behind a `wrangler dev` (`child`, serving `base`): of the
 * workerd processes it started, the one not listening on `base`'s port (wrangler's proxy), on
 * whichever of its ports serves the app's sign-in page.
 */
async function workerOf(child: ChildProcess, base: string): Promise<string> {
  const proxyPort = Number(new URL(base).port);
  const pids = workerdPids(child);
  const worker = pids.filter((pid) => !listeningPorts(pid).includes(proxyPort));
  for (const pid of worker)
    for (const port of listeningPorts(pid)) {
      const address = `http://127.0.0.1:${port}`;
      try {
        if ((await fetch(`${address}/login`, { signal: AbortSignal.timeout(10_000) })).ok) return address;
      } catch {
        // not the app's port
      }
    }
  throw new Error(`no port of the Worker's workerd (${worker.join(", ")}) behind ${base} serves /login`);
}

/** Stops one server (its process group) and forgets it. */
function stopOne(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
  children.delete(child);
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

interface Stats {
  p50: number;
  p95: number;
  detail: string;
}

async function measure(request: () => Promise<Response>, describe: (r: Response, body: string) => string): Promise<Stats> {
  let detail = "";
  for (let i = 0; i < WARMUP; i++) {
    const response = await request();
    const body = await response.text();
    if (!response.ok) throw new Error(`${response.status}: ${body.slice(0, 300)}`);
    detail = describe(response, body);
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), detail };
}

type Results = Record<string, Stats>;

async function benchSize(people: number, port: number): Promise<{ results: Results; base: string; tokens: Record<string, string> }> {
  const state = seed(people);
  const base = await startServer(state, port);
  const tokens: Record<string, string> = {};
  const results: Results = {};
  for (const [who, email] of Object.entries(ACCOUNTS)) {
    const token = (tokens[who] = await signIn(base, email));
    const auth = { Authorization: `Bearer ${token}` };
    results[`GET /overview (${who})`] = await measure(
      () => fetch(`${base}/overview`, { headers: auth }),
      (r, body) => `${(body.length / 1024).toFixed(0)} KiB html`,
    );
    results[`POST /users/filtered (${who})`] = await measure(
      () => fetch(`${base}/api/v2/users/filtered`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: "{}" }),
      (r, body) => {
        const page = JSON.parse(body) as { total: number; users: unknown[] };
        return `${page.users.length} of ${page.total} people, ${(body.length / 1024).toFixed(0)} KiB json`;
      },
    );
  }
  return { results, base, tokens };
}

/**
 * The request floor: one server, requests interleaved one after another (static asset,
 * users/me, /home, /overview, again), so each round meets the same machine. Every figure
 * is also given as a multiple of the static asset's, which is what Workers and wrangler
 * cost before any of our code runs.
 *
 * The rows after the four aimed at take the same requests apart (decision 0215): the API
 * helper without D1 (no credentials: 401), with the token's signature checked (a forged
 * token: 401), the session lookup alone (the shell's loader data), and each page's loader
 * data without the server render (`?_data=`), so the render's share is the page minus its
 * data.
 */
async function floor(servers: { base: string; token: string }[]) {
  const targetsOf = ({ base, token }: { base: string; token: string }) => {
    const auth = { Authorization: `Bearer ${token}` };
    // Same header and payload, another signature: jose refuses it after the HMAC check.
    const forged = { Authorization: `Bearer ${token.slice(0, token.lastIndexOf(".") + 1)}${"A".repeat(43)}` };
    const targets: Record<string, { request: () => Promise<Response>; status?: number }> = {
      "static asset (/favicon.svg)": { request: () => fetch(`${base}/favicon.svg`) },
      "GET /api/v2/users/me": { request: () => fetch(`${base}/api/v2/users/me`, { headers: auth }) },
      "GET /home": { request: () => fetch(`${base}/home`, { headers: auth }) },
      "GET /overview": { request: () => fetch(`${base}/overview`, { headers: auth }) },
      "users/me, no credentials (401)": { request: () => fetch(`${base}/api/v2/users/me`), status: 401 },
      "users/me, forged token (401)": { request: () => fetch(`${base}/api/v2/users/me`, { headers: forged }), status: 401 },
      "session lookup (_data=routes/_app)": { request: () => fetch(`${base}/home?_data=routes%2F_app`, { headers: auth }) },
      "/home loader data (_data)": { request: () => fetch(`${base}/home?_data=routes%2F_app.home`, { headers: auth }) },
      "/overview loader data (_data)": { request: () => fetch(`${base}/overview?_data=routes%2F_app.overview`, { headers: auth }) },
    };
    return targets;
  };
  const all = servers.map(targetsOf);
  const names = Object.keys(all[0]);
  const times = all.map(() => Object.fromEntries(names.map((name) => [name, [] as number[]])));
  const bytes = all.map(() => ({}) as Record<string, number>);
  let retried = 0;
  for (let i = 0; i < FLOOR_RUNS + WARMUP; i++) {
    for (const name of names) {
      // With two servers (BENCH_FLOOR_AGAINST), each request goes to both, in turns, so both meet the same machine.
      const order = i % 2 === 0 ? all.keys() : [...all.keys()].reverse();
      for (const s of order) {
        const target = all[s][name];
        const started = performance.now();
        let response: Response;
        try {
          response = await target.request();
        } catch (error) {
          // A kept-alive connection the dev server closed as the request went out ("other side
          // closed"): asked again on a fresh one, and this sample is not counted.
          if (++retried > 10) throw error;
          await (await target.request()).arrayBuffer();
          continue;
        }
        const body = await response.arrayBuffer();
        if (response.status !== (target.status ?? 200)) throw new Error(`${name}: ${response.status}`);
        if (i >= WARMUP) times[s][name].push(performance.now() - started);
        bytes[s][name] = body.byteLength;
      }
    }
  }
  const rows = times.map((perServer, s) =>
    Object.entries(perServer).map(([name, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { name, p50: percentile(sorted, 50), p95: percentile(sorted, 95), bytes: bytes[s][name] };
    }),
  );
  return { rows, retried };
}

type FloorRow = Awaited<ReturnType<typeof floor>>["rows"][number][number];

function printFloor(title: string, rows: FloorRow[], retried: number) {
  const [asset] = rows;
  const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
  console.log(title);
  for (const [i, row] of rows.entries()) {
    if (i === 4) console.log("  taken apart:");
    console.log(
      `  ${row.name.padEnd(36)} p50 ${ms(row.p50).padStart(9)} (x${(row.p50 / asset.p50).toFixed(2)})  p95 ${ms(row.p95).padStart(9)} (x${(row.p95 / asset.p95).toFixed(2)})  ${kib(row.bytes).padStart(9)}`,
    );
  }
  const share = (page: string, data: string) => byName[page].p50 - byName[data].p50;
  console.log(
    `  p50 shares: worker and Remix ${ms(byName["users/me, no credentials (401)"].p50 - asset.p50)}, token check ${ms(byName["users/me, forged token (401)"].p50 - byName["users/me, no credentials (401)"].p50)}, ` +
      `session lookup ${ms(byName["session lookup (_data=routes/_app)"].p50 - byName["users/me, no credentials (401)"].p50)}, ` +
      `render of /home ${ms(share("GET /home", "/home loader data (_data)"))}, of /overview ${ms(share("GET /overview", "/overview loader data (_data)"))}` +
      (retried ? `; ${retried} requests asked again on a fresh connection` : ""),
  );
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function bench() {
  snapshot();
  if (SECTIONS.has("bundle")) {
    console.log("\nWorker bundle per environment (wrangler deploy --dry-run; the Workers limit is on the gzip size)");
    for (const name of environmentsOf()) console.log(`  ${(name || "(top level)").padEnd(14)} ${kibText(dryRunBundle(name))}`);
  }
  const bySize = new Map<number, Results>();
  let pagesJs: PageJs[] | null = null;
  let realtime: Awaited<ReturnType<typeof measureRealtime>> | null = null;
  if (SECTIONS.has("sizes")) {
    for (const [i, people] of SIZES.entries()) {
      const { results, base } = await benchSize(people, PORT + i);
      bySize.set(people, results);
      if (!pagesJs) {
        const restart = async () => {
          stopAll();
          return startServer(seed(people), PORT + i);
        };
        pagesJs = await measurePagesJs({ base, publicDir: `${APP}/public`, restart });
      }
      if (!realtime) realtime = await measureRealtime(base, RUNS);
      stopAll();
      console.log(`\n${people} generated people (plus the demo accounts), ${RUNS} sequential requests each`);
      for (const [name, stats] of Object.entries(results))
        console.log(`  ${name.padEnd(40)} p50 ${ms(stats.p50).padStart(9)}  p95 ${ms(stats.p95).padStart(9)}   ${stats.detail}`);
    }
  }
  const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
  if (bySize.size > 1 && small !== large) {
    console.log(`\nratio ${large}/${small}`);
    const a = bySize.get(small)!;
    const b = bySize.get(large)!;
    for (const name of Object.keys(a))
      console.log(`  ${name.padEnd(40)} p50 x${(b[name].p50 / a[name].p50).toFixed(2)}  p95 x${(b[name].p95 / a[name].p95).toFixed(2)}`);
  }
  if (realtime) {
    console.log(
      `\nrealtime: a workload write to the UPDATE_USER event on a colleague's socket, p50 ${ms(realtime.p50)}, p95 ${ms(realtime.p95)} (${realtime.runs} writes; the page refetches about 100 ms later)`,
    );
  }
  if (pagesJs) printPagesJs(pagesJs);
  if (SECTIONS.has("floor") || SECTIONS.has("fanout")) {
    const people = small;
    const base = await startServer(seed(people), PORT + SIZES.length);
    if (SECTIONS.has("floor")) {
      const servers = [{ base, token: await signIn(base, "employee@demo.test") }];
      if (AGAINST) {
        // The other build on a copy of the same state, so the two servers share no database file.
        const copy = `${seed(people)}-against`;
        rmSync(copy, { recursive: true, force: true });
        cpSync(seed(people), copy, { recursive: true });
        const other = (await startSnapshotServer({ app: AGAINST, state: copy, port: PORT + SIZES.length + 1, onStart: (c) => children.add(c) })).base;
        servers.push({ base: other, token: await signIn(other, "employee@demo.test") });
      }
      const { rows, retried } = await floor(servers);
      const rounds = `${FLOOR_RUNS} interleaved rounds (${people} people), as employee@demo.test; load ${loadAverage()}`;
      printFloor(`\nfloor: ${rounds}${AGAINST ? `; this build (${APP})` : ""}`, rows[0], retried);
      if (AGAINST) {
        printFloor(`\nthe same rounds against ${AGAINST}`, rows[1], retried);
        console.log(`\np50, ${AGAINST} -> ${APP} (and each as a multiple of its own static asset)`);
        for (const [i, row] of rows[0].entries()) {
          const other = rows[1][i];
          console.log(
            `  ${row.name.padEnd(36)} ${ms(other.p50).padStart(9)} -> ${ms(row.p50).padStart(9)}   x${(other.p50 / rows[1][0].p50).toFixed(2)} -> x${(row.p50 / rows[0][0].p50).toFixed(2)}`,
          );
        }
      }
    }
    if (SECTIONS.has("fanout")) {
      // Each server on a copy of the state, so no two share a database file.
      const serverWith = async (name: string, port: number, app: string, vars: Record<string, string>) => {
        const copy = `${seed(people)}-${name}`;
        rmSync(copy, { recursive: true, force: true });
        cpSync(seed(people), copy, { recursive: true });
        let child: ChildProcess | undefined;
        const { base } = await startSnapshotServer({ app, state: copy, port, vars, onStart: (c) => children.add((child = c)) });
        return { base, child: child! };
      };
      const port = PORT + SIZES.length + 2;
      // workerd holds each socket under two open files (a duplicate of each connection's), so
      // wrangler dev's proxy in front of the Worker, which has two connections per socket (the
      // client's and its own to the Worker's workerd), holds four: it reached this machine's
      // 20,000 open files a process at about 4,950 sockets and reset connections from then on.
      // The big firm's sockets (and its sign-ins, tickets and writes) go straight to the Worker's
      // workerd (two per socket), which is how it is served on Cloudflare too: no such proxy. The
      // limit is raised where this process may (the servers started from here on inherit it);
      // where it may not, the sockets are as many as the Worker's workerd can hold.
      const sockets = Math.min(FANOUT_SOCKETS, Math.floor((raiseOpenFiles(2 * FANOUT_SOCKETS + FILES_SPARE) - FILES_SPARE) / 2));
      if (sockets < FANOUT_SOCKETS)
        console.log(
          `\nfan-out: ${FANOUT_SOCKETS} sockets need ${2 * FANOUT_SOCKETS + FILES_SPARE} open files in one workerd; this process may not raise its limit (${openFilesLimit()}): ${sockets} sockets`,
        );
      // BENCH_FANOUT_SOCKETS=0 times the small firm only.
      for (const [how, vars] of [
        ["one room (never splits)", { ROOM_SPLIT_SOCKETS: "1000000" }],
        ["split, a room per office", { ROOM_SPLIT_SOCKETS: "0" }],
      ] as const) {
        if (!FANOUT_SOCKETS) break;
        const server = await serverWith(how.startsWith("one") ? "unsplit" : "split", port + (how.startsWith("one") ? 0 : 1), APP, vars);
        const fanout = await measureFanout(await workerOf(server.child, server.base), sockets, 20);
        console.log(
          `\nfan-out, ${how}: one write to ${fanout.sockets} sockets of one firm, until the last has UPDATE_USER: p50 ${ms(fanout.p50)}, p95 ${ms(fanout.p95)} (${fanout.repeats} writes; connecting took ${ms(fanout.connectMs)}; load ${loadAverage()})`,
        );
        stopOne(server.child);
      }
      // The small firm: 50 sockets, in one room on this build; alternating rounds against another build.
      const builds = [{ name: APP, base, samples: [] as number[] }];
      if (FANOUT_AGAINST) builds.push({ name: FANOUT_AGAINST, base: (await serverWith("against", port + 2, FANOUT_AGAINST, {})).base, samples: [] });
      for (let round = 0; round < 4; round++) for (const build of builds) build.samples.push(...(await measureFanout(build.base, 50, 20)).samples);
      for (const build of builds) build.samples.sort((a, b) => a - b);
      for (const build of builds)
        console.log(
          `fan-out, 50 sockets (${build.name}): p50 ${ms(percentile(build.samples, 50))}, p95 ${ms(percentile(build.samples, 95))} (${build.samples.length} writes in 4 alternating rounds)`,
        );
    }
    stopAll();
  }
}

main(bench);
