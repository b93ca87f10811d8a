/**
 * npm run bench:statistics (issue 12, decisions 0120, 0178, 0200): POST /statistic for the
 * whole firm over the default 120 days at 500 and 5,000 people (aim: ratio ≤ 2), and the raw
 * export (POST /api/statistics-raw/) of the same range: time, size, and the Worker's memory.
 *
 * Each size seeds its own persisted state (.wrangler/bench-statistics-{n}, kept between runs;
 * BENCH_RESEED=1 starts over): the seed (124 days of history), then, in bulk SQL inside
 * SQLite, the history from 125 to 185 days back, so the rollups' 180-day backfill has history
 * all the way. The rollups are then brought up to date through the app's own cron path
 * (/cdn-cgi/handler/scheduled, `wrangler dev --test-scheduled`) invoked until Demo Law's
 * cursor reaches today (read from the local D1's SQLite file, read-only), each invocation
 * timed; the timed requests therefore roll nothing (decision 0200's steady state).
 *
 * Memory: workerd's process resident memory (VmRSS) sampled every 20 ms during the export
 * minus its resident memory just before (idle): the growth the export causes. That process
 * also holds local D1's SQLite (its page cache grows as the rows are read), so it bounds the
 * isolate's share from above. The isolate itself: the V8 heap (Runtime.getHeapUsage over
 * wrangler's inspector, the DevTools protocol) sampled the same way, peak and idle.
 *
 * The timed requests (issue 28, item 5): once every size is rolled and exported, one server per
 * size is started again and POST /statistic is timed taking turns between the sizes request by
 * request (so both see the same machine load; the ratio is then the code's, not the load's),
 * in two shapes: the spec's full shape (no `people`: every person in userWorkloadData and
 * data.users) and the page the web app asks for (`people: { limit: 8 }`, decision 0290).
 *
 * BENCH_SIZES ("500,5000"), BENCH_RUNS (20 timed requests per shape and size after 3 warm-ups),
 * BENCH_EXPORT=0 skips the rollup's cron and the export (the states' rollups must then be current);
 * BENCH_APP and BENCH_BUILD=0 serve a snapshot already built (another commit's: before and after).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { loadavg } from "node:os";
import { createRequire } from "node:module";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";
import { benchProcesses, benchToken, percentile, sumKb } from "./processes";
import { shardZeroFile } from "./local-d1";

const SIZES = (process.env.BENCH_SIZES ?? "500,5000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 8793);
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? PORT + 1000);
/** The snapshot served; BENCH_BUILD=0 serves the one already there (a before/after pair built from two commits). */
const APP = process.env.BENCH_APP ?? ".wrangler/bench-statistics-app";
const DAY = 86_400_000;
const HISTORY_FROM = 125;
const HISTORY_TO = 185;
// node:sqlite (Node 22) has no types in this @types/node.
interface SqliteDb {
  prepare(sql: string): { get(): unknown };
  exec(sql: string): void;
  close(): void;
}
const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as {
  DatabaseSync: new (path: string, options: { readOnly: boolean }) => SqliteDb;
};
const { children, stopAll, run, workerdPids, main } = benchProcesses(2400);
const rssKb = (pids: number[]) => sumKb(pids, "VmRSS");

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

function seed(people: number, state: string) {
  if (process.env.BENCH_RESEED === "1") rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  // Every run: a kept state gets the migrations added since it was seeded.
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", state]);
  if (existsSync(`${state}/.seeded-180`)) return;
  const started = Date.now();
  run("tsx", ["scripts/seed.ts"], { SEED_USERS: String(people), PERSIST_TO: state });
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  // Days 125 to 185 back, working days only, a level change on about one day in three per person.
  run("wrangler", [
    "d1",
    "execute",
    "DB",
    "--local",
    "--env",
    "dev",
    "--persist-to",
    state,
    "--yes",
    "--command",
    `insert or ignore into workload_history (id, company_id, user_id, current_workload, future_workload, on_leave, source, recorded_at)
     with recursive d(back) as (select ${HISTORY_FROM} union all select back + 1 from d where back < ${HISTORY_TO})
     select printf('bwh-%s-%d', u.id, d.back), u.company_id, u.id, (unicode(substr(u.id, 3, 1)) + d.back * 7) % 4,
            (unicode(substr(u.id, 4, 1)) + d.back * 5) % 4, 0, 'web_app', ${today} - d.back * ${DAY} + 32400000
     from users u, d
     where u.company_id = (select id from companies where name = 'Demo Law') and u.completed = 1
       and strftime('%w', (${today} - d.back * ${DAY}) / 1000, 'unixepoch') not in ('0', '6')
       and (unicode(substr(u.id, 5, 1)) + d.back) % 3 = 0;`,
  ]);
  writeFileSync(`${state}/.seeded-180`, new Date().toISOString());
  console.log(`${people} people: seeded with ${HISTORY_TO} days of history in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Demo Law's rollup cursor, read from the local D1's SQLite file (read-only, beside the running server). */
function rollupCursor(state: string): { rolledThrough: number; dirtyFrom: number | null } | undefined {
  const db = new DatabaseSync(shardZeroFile(state), { readOnly: true });
  try {
    const row = db
      .prepare(
        "select s.rolled_through as rolledThrough, s.dirty_from as dirtyFrom from stat_rollup_state s join companies c on c.id = s.company_id where c.name = 'Demo Law'",
      )
      .get() as { rolledThrough: number; dirtyFrom: number | null } | undefined;
    return row;
  } finally {
    db.close();
  }
}

/**
 * A GET on a connection of its own (as curl makes), so no cron invocation rides on a
 * connection kept from a long one (see rollUp for what made wrangler dev exit here).
 */
function getOnNewConnection(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
  });
}

/**
 * The cron, through wrangler's scheduled handler, as many times as decision 0200's budget
 * needs to roll the backfill (200,000 person-days an invocation, SCHEDULED_PERSON_DAYS) plus
 * one. The D1 file is not read while workerd runs: an outside reader's lock makes a write of
 * workerd's fail (SQLITE_BUSY), which resets local D1 ("Network connection lost") and, seen
 * here, ends wrangler dev; the cursor is checked once the server has stopped.
 */
async function rollUp(base: string, people: number) {
  const daysPerCall = Math.max(1, Math.floor(200_000 / (people + 3)));
  const calls = Math.ceil(181 / daysPerCall) + 1;
  const invocations: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const { status, text } = await getOnNewConnection(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    invocations.push(performance.now() - started);
    console.log(`  cron ${i + 1}/${calls}: ${status} in ${(invocations[i] / 1000).toFixed(1)} s`);
    // A lost invocation is not fatal: the next one resumes from the cursor (decision 0200).
    if (status !== 200) console.log(`  cron ${i + 1} answered ${status}: ${text.slice(0, 200)}`);
    // An invocation started at once after a long one's answer (local D1 may still be writing)
    // got "Network connection lost" and wrangler dev exited; a pause between them avoids it.
    await new Promise((r) => setTimeout(r, 3000));
  }
  return invocations;
}

/** The Worker isolate's V8 heap through wrangler's inspector (DevTools protocol). */
async function inspector() {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json()) as { webSocketDebuggerUrl: string; title?: string }[];
  const target = targets.find((t) => !/internal|ProxyServer/i.test(t.title ?? "")) ?? targets[0];
  if (!target) throw new Error("no inspector target");
  // wrangler's inspector proxy refuses a connection without an Origin (undici's WebSocket takes headers).
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: `http://127.0.0.1:${INSPECTOR_PORT}` } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map<number, (value: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  };
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      const n = ++id;
      pending.set(n, resolve);
      socket.send(JSON.stringify({ id: n, method }));
    });
  return {
    heapUsed: async () => ((await call("Runtime.getHeapUsage")) as { usedSize: number }).usedSize,
    close: () => socket.close(),
  };
}

/** Rollups from nothing on every run, so the cron's catch-up is measured each time (the server is not running yet). */
function resetRollups(state: string) {
  const db = new DatabaseSync(shardZeroFile(state), { readOnly: false });
  try {
    db.exec("delete from stat_days; delete from stat_team_days; delete from stat_rollup_state;");
  } finally {
    db.close();
  }
}

let serverLog = "";

const EVERYONE = { offices: ["all"], groups: ["all"] };
/** What the statistics page asks for (decision 0290): the first tiles of people, every other figure whole. */
const LEAN = { ...EVERYONE, people: { limit: 8 } };

async function signIn(base: string) {
  const token = await benchToken(base);
  return { headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } };
}

async function timedPost(base: string, headers: Record<string, string>, path: string, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const bytes = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${new TextDecoder().decode(bytes).slice(0, 300)}`);
  return { ms: performance.now() - started, bytes: bytes.byteLength, body: bytes };
}

interface ShapeStats {
  p50: number;
  p95: number;
  bytes: number;
  counted: number;
  days: number;
  filled: number;
}

/**
 * One server per size, all up at once; POST /statistic in each shape, the sizes taking turns
 * request by request (3 warm-ups, then RUNS timed).
 */
async function measureInTurns(sizes: number[]): Promise<Record<number, Record<"full" | "lean", ShapeStats>>> {
  const servers: { size: number; base: string; headers: Record<string, string> }[] = [];
  for (const [i, size] of sizes.entries()) {
    const { base } = await startSnapshotServer({
      app: APP,
      state: `.wrangler/bench-statistics-${size}`,
      port: PORT + 10 * (i + 1),
      onStart: (child) => children.add(child),
    });
    servers.push({ size, base, ...(await signIn(base)) });
  }
  const results: Record<number, Record<"full" | "lean", ShapeStats>> = {};
  for (const [shape, body] of [
    ["full", EVERYONE],
    ["lean", LEAN],
  ] as const) {
    const times = servers.map(() => [] as number[]);
    const last = servers.map(() => ({ bytes: 0, body: new ArrayBuffer(0) }));
    for (let round = 0; round < 3 + RUNS; round++) {
      for (const [k, server] of servers.entries()) {
        const answer = await timedPost(server.base, server.headers, "/api/v2/statistic", body);
        if (round >= 3) times[k].push(answer.ms);
        last[k] = answer;
      }
    }
    for (const [k, server] of servers.entries()) {
      const list = times[k].sort((a, b) => a - b);
      const figures = JSON.parse(new TextDecoder().decode(last[k].body)) as {
        nbrOfUsers: number;
        averageWorkloadOverTime: { value: number | null }[];
      };
      (results[server.size] ??= {} as Record<"full" | "lean", ShapeStats>)[shape] = {
        p50: percentile(list, 50),
        p95: percentile(list, 95),
        bytes: last[k].bytes,
        counted: figures.nbrOfUsers,
        days: figures.averageWorkloadOverTime.length,
        filled: figures.averageWorkloadOverTime.filter((d) => d.value !== null).length,
      };
    }
  }
  return results;
}

async function measureSize(people: number) {
  const state = `.wrangler/bench-statistics-${people}`;
  seed(people, state);
  resetRollups(state);
  const { base } = await startSnapshotServer({
    app: APP,
    state,
    port: PORT,
    onStart: (child) => {
      children.add(child);
      child.stderr?.on("data", (chunk) => (serverLog = (serverLog + chunk).slice(-6000)));
      child.on("exit", (code, signal) => {
        if (children.has(child)) console.log(`  wrangler dev exited (${code ?? signal}); its last output:\n${serverLog}`);
      });
    },
    testScheduled: true,
    inspectorPort: INSPECTOR_PORT,
  });
  try {
    const cron = await rollUp(base, people);
    const { headers } = await signIn(base);
    const request = (path: string) => () => timedPost(base, headers, path, EVERYONE);
    // The export, with workerd's resident memory and the isolate's heap sampled while it streams.
    const raw = request("/api/statistics-raw/");
    await raw(); // warm-up (code paths compiled, D1 pages cached), not counted
    await new Promise((r) => setTimeout(r, 2000)); // (see getOnNewConnection)
    const pids = workerdPids();
    const heap = await inspector().catch((error) => {
      console.log(`  (no inspector: ${error instanceof Error ? error.message : String(error)})`);
      return null;
    });
    const idleRss = rssKb(pids);
    const idleHeap = heap ? await heap.heapUsed() : 0;
    let peakRss = idleRss;
    let peakHeap = idleHeap;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakRss = Math.max(peakRss, rssKb(pids));
        if (heap) peakHeap = Math.max(peakHeap, await heap.heapUsed());
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const exported = await raw();
    sampling = false;
    await sampler;
    heap?.close();
    return {
      people,
      cron,
      exportMs: exported.ms,
      exportBytes: exported.bytes,
      idleRss: idleRss * 1024,
      rssGrowth: (peakRss - idleRss) * 1024,
      idleHeap,
      peakHeap: heap ? peakHeap : null,
    };
  } finally {
    stopAll();
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function bench() {
  if (process.env.BENCH_BUILD !== "0" || !existsSync(`${APP}/worker/app.js`)) buildSnapshot(APP);
  const exports: Awaited<ReturnType<typeof measureSize>>[] = [];
  const cursors: Record<number, string> = {};
  if (process.env.BENCH_EXPORT !== "0") {
    for (const size of SIZES) {
      try {
        exports.push(await measureSize(size));
        // The server has stopped: the rollup cursor can be read now (see rollUp).
        const cursor = rollupCursor(`.wrangler/bench-statistics-${size}`);
        cursors[size] = cursor ? new Date(cursor.rolledThrough).toISOString().slice(0, 10) : "none";
      } catch (error) {
        console.log(`${size} people: failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      }
    }
  }
  const loadBefore = loadavg();
  let timed: Awaited<ReturnType<typeof measureInTurns>> = {};
  try {
    timed = await measureInTurns(SIZES);
  } finally {
    stopAll();
  }
  const load = (l: number[]) => l.map((n) => n.toFixed(1)).join(" ");
  console.log(`\nstatistics (issues 12, 28), on ${os()} cores; load average ${load(loadBefore)} before the timed requests, ${load(loadavg())} after`);
  if (exports.length) {
    console.log("people | rollup: cron calls, slowest, rolled through | raw export: time, size | workerd RSS idle, growth | isolate heap idle, peak");
    for (const r of exports) {
      console.log(
        [
          String(r.people).padStart(6),
          `${r.cron.length} calls, ${r.cron.length ? (Math.max(...r.cron) / 1000).toFixed(1) : "-"} s, ${cursors[r.people] ?? "?"}`.padEnd(40),
          `${(r.exportMs / 1000).toFixed(1)} s, ${mb(r.exportBytes)} MB`.padEnd(22),
          `${mb(r.idleRss)} MB, +${mb(r.rssGrowth)} MB`.padEnd(24),
          r.peakHeap === null ? "n/a" : `${mb(r.idleHeap)} MB, ${mb(r.peakHeap)} MB`,
        ].join(" | "),
      );
    }
  }
  console.log(`POST /statistic, everyone, the sizes taking turns (${RUNS} runs each after 3 warm-ups):`);
  console.log("people | counted | full shape p50 / p95, size | people: { limit: 8 } p50 / p95, size | days with data");
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  for (const size of SIZES) {
    const t = timed[size];
    if (!t) continue;
    console.log(
      [
        String(size).padStart(6),
        String(t.full.counted).padStart(7),
        `${t.full.p50.toFixed(0)} / ${t.full.p95.toFixed(0)} ms, ${kib(t.full.bytes)}`.padEnd(26),
        `${t.lean.p50.toFixed(0)} / ${t.lean.p95.toFixed(0)} ms, ${kib(t.lean.bytes)}`.padEnd(36),
        `${t.full.filled}/${t.full.days}`,
      ].join(" | "),
    );
  }
  const [small, large] = [SIZES[0], SIZES[SIZES.length - 1]];
  if (timed[small] && timed[large] && small !== large) {
    const r = (shape: "full" | "lean", p: "p50" | "p95") => (timed[large][shape][p] / timed[small][shape][p]).toFixed(2);
    console.log(
      `ratio ${large}/${small} people: POST /statistic { people: { limit: 8 } } (the web app's) p50 ${r("lean", "p50")}x, p95 ${r("lean", "p95")}x (aim ≤ 2); full shape p50 ${r("full", "p50")}x, p95 ${r("full", "p95")}x`,
    );
  }
  const big = exports.find((e) => e.people === large);
  const little = exports.find((e) => e.people === small);
  if (big && little && big !== little) console.log(`raw export ${large}/${small}: ${(big.exportMs / little.exportMs).toFixed(2)}x`);
}

const os = () => readFileSync("/proc/cpuinfo", "utf8").match(/^processor\s*:/gm)?.length ?? "?";

main(bench);
