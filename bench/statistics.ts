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
 * BENCH_SIZES ("500,5000"), BENCH_RUNS (20 timed requests after 3 warm-ups).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { loadavg } from "node:os";
import { createRequire } from "node:module";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";
import { benchProcesses, percentile, sumKb } from "./processes";

const SIZES = (process.env.BENCH_SIZES ?? "500,5000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 8793);
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? PORT + 1000);
const APP = ".wrangler/bench-statistics-app";
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
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--env", "dev", "--persist-to", state]);
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
  const dir = `${state}/v3/d1/miniflare-D1DatabaseObject`;
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database in ${dir}`);
  const db = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
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
  const dir = `${state}/v3/d1/miniflare-D1DatabaseObject`;
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const db = new DatabaseSync(`${dir}/${file}`, { readOnly: false });
  try {
    db.exec("delete from stat_days; delete from stat_team_days; delete from stat_rollup_state;");
  } finally {
    db.close();
  }
}

let serverLog = "";

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
    const login = await fetch(`${base}/api/v2/account/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "companyadmin@demo.test", password: "demo-password-1" }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const everyone = JSON.stringify({ offices: ["all"], groups: ["all"] });
    const request = (path: string) => async () => {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { method: "POST", headers, body: everyone });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
      return { ms: performance.now() - started, bytes: body.byteLength, body };
    };
    const statistic = request("/api/v2/statistic");
    const first = await statistic();
    const figures = JSON.parse(new TextDecoder().decode(first.body)) as { nbrOfUsers: number; averageWorkloadOverTime: { value: number | null }[] };
    for (let i = 0; i < 2; i++) await statistic();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await statistic()).ms);
    times.sort((a, b) => a - b);

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
      counted: figures.nbrOfUsers,
      days: figures.averageWorkloadOverTime.length,
      filled: figures.averageWorkloadOverTime.filter((d) => d.value !== null).length,
      cron,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
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
  buildSnapshot(APP);
  const results = [];
  for (const size of SIZES) {
    try {
      const result = await measureSize(size);
      // The server has stopped: the rollup cursor can be read now (see rollUp).
      const cursor = rollupCursor(`.wrangler/bench-statistics-${size}`);
      results.push({ ...result, rolledThrough: cursor ? new Date(cursor.rolledThrough).toISOString().slice(0, 10) : "none" });
    } catch (error) {
      console.log(`${size} people: failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  }
  console.log(
    `\nstatistics (issue 12), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os()} cores`,
  );
  console.log(
    "people | counted | rollup: cron calls, slowest, rolled through | POST /statistic p50 / p95 | raw export: time, size | workerd RSS idle, growth | isolate heap idle, peak",
  );
  for (const r of results) {
    console.log(
      [
        String(r.people).padStart(6),
        String(r.counted).padStart(7),
        `${r.cron.length} calls, ${r.cron.length ? (Math.max(...r.cron) / 1000).toFixed(1) : "-"} s, ${r.rolledThrough}`.padEnd(40),
        `${r.p50.toFixed(0)} / ${r.p95.toFixed(0)} ms (${r.filled}/${r.days} days with data)`.padEnd(25),
        `${(r.exportMs / 1000).toFixed(1)} s, ${mb(r.exportBytes)} MB`.padEnd(22),
        `${mb(r.idleRss)} MB, +${mb(r.rssGrowth)} MB`.padEnd(24),
        r.peakHeap === null ? "n/a" : `${mb(r.idleHeap)} MB, ${mb(r.peakHeap)} MB`,
      ].join(" | "),
    );
  }
  if (results.length >= 2) {
    const [small, large] = [results[0], results[results.length - 1]];
    console.log(
      `ratio ${large.people}/${small.people} people: POST /statistic p50 ${(large.p50 / small.p50).toFixed(2)}x, p95 ${(large.p95 / small.p95).toFixed(2)}x (aim ≤ 2); raw export ${(large.exportMs / small.exportMs).toFixed(2)}x`,
    );
  }
}

const os = () => readFileSync("/proc/cpuinfo", "utf8").match(/^processor\s*:/gm)?.length ?? "?";

main(bench);
