/**
 * npm run bench, projects part (issue 10): how /projects holds up as a firm's projects grow.
 *
 * Seeds 5,000 people (SEED_USERS) with 200 and with 2,000 generated projects (SEED_PROJECTS)
 * into persisted local states of their own (.wrangler/bench-projects-{people}-{projects}, kept
 * between runs; BENCH_RESEED=1 starts over), starts one `wrangler dev` per size on a snapshot of
 * the build and times, as admin@demo.test (an administrator: sees every project), taking turns
 * between the sizes request by request (so both see the same machine load):
 *   - GET /projects (the whole server-rendered page),
 *   - POST /api/v2/project/filtered (no filter: every project with all its members, the spec's shape),
 *   - POST /api/v2/project/filtered {"limit": 50} (one page by name, decision 0291; issue 28's aim: ≤ 2),
 * printing p50/p95 per size and the 2,000/200 ratio (aim: at most 3); then, at 2,000 projects,
 *   - the export of all projects (GET /api/projectsSummary/all/report.xlsx): time and size,
 *   - GET /projects/{id}/members of "Bench big project" (300 members),
 *   - GET /api/v2/project/{id} of the same project,
 * and the memory the export takes in the Worker, on a fresh server (earlier requests leave the
 * heap grown): workerd's resident memory (VmRSS of every workerd process `wrangler dev`
 * started) idle before its first export of all projects, and its peak during that export (VmHWM, reset to the current size through /proc/PID/clear_refs just before, and
 * VmRSS sampled every 10 ms as a cross-check); peak minus idle is the export's share. That is
 * the whole local workerd process (local D1's SQLite runs in it too), so it bounds the
 * isolate's share from above.
 *
 * Every request sends Accept-Encoding as Chromium does: `wrangler dev` compresses JSON and HTML
 * as Cloudflare's edge does, so the times include it (decision 0210). The load average is
 * printed at the start and the end: the machine is shared, so compare ratios within one run.
 *
 * Bounded: BENCH_RUNS timed requests per measure (default 40, after 5 warm-ups), a watchdog of
 * BENCH_TIMEOUT_S seconds (default 1500). BENCH_APP and BENCH_BUILD=0 serve a snapshot already built
 * (another commit's: before and after).
 */
import { benchProcesses, percentile, sumKb } from "./processes";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";

const PEOPLE = Number(process.env.BENCH_PROJECT_PEOPLE ?? 5000);
const SIZES = (process.env.BENCH_PROJECT_SIZES ?? "200,2000").split(",").map((n: string) => Number(n.trim()));
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const PORT = Number(process.env.BENCH_PORT ?? 8797);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 1500);
/** The snapshot served; BENCH_BUILD=0 serves the one already there (a before/after pair built from two commits). */
const APP = process.env.BENCH_APP ?? ".wrangler/bench-projects-app";
const PASSWORD = "demo-password-1";
const EMAIL = "admin@demo.test";

const { children, stopAll, run, workerdPids, main } = benchProcesses(TIMEOUT_S);

/** What Chromium sends: the answer is compressed as the edge would compress it for a browser. */
const BROWSER_ENCODING = { "Accept-Encoding": "gzip, deflate, br, zstd" };

/** workerd's resident memory idle and at its peak during `request` (MB), over `runs` requests: the largest peak growth. */
async function exportMemory(request: () => Promise<Response>, runs: number) {
  const pids = workerdPids();
  if (pids.length === 0) throw new Error("no workerd process found for the export's memory");
  let worst = { idle: 0, peak: 0, sampled: 0, growth: 0 };
  for (let i = 0; i < runs; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const idle = sumKb(pids, "VmRSS");
    // Writing 5 to clear_refs resets the peak (VmHWM) to the current resident size.
    for (const pid of pids) writeFileSync(`/proc/${pid}/clear_refs`, "5");
    let sampled = idle;
    const sampler = setInterval(() => (sampled = Math.max(sampled, sumKb(pids, "VmRSS"))), 10);
    const response = await request();
    await response.arrayBuffer();
    clearInterval(sampler);
    const peak = Math.max(sumKb(pids, "VmHWM"), sampled);
    if (peak - idle > worst.growth) worst = { idle, peak, sampled, growth: peak - idle };
  }
  const mb = (kb: number) => kb / 1024;
  return { idle: mb(worst.idle), peak: mb(worst.peak), sampled: mb(worst.sampled), growth: mb(worst.growth), processes: pids.length };
}

function seed(projects: number): string {
  const state = `.wrangler/bench-projects-${PEOPLE}-${projects}`;
  const marker = `${state}/.bench-seeded`;
  if (process.env.BENCH_RESEED === "1") rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  // Every run: a kept state gets the migrations (and databases, decision 0312) added since it was seeded.
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", state]);
  if (existsSync(marker)) return state;
  const started = Date.now();
  run("tsx", ["scripts/seed.ts"], { SEED_USERS: String(PEOPLE), SEED_PROJECTS: String(projects), PERSIST_TO: state });
  writeFileSync(marker, new Date().toISOString());
  console.log(`seeded ${PEOPLE} people and ${projects} projects in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return state;
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

interface Stats {
  p50: number;
  p95: number;
  detail: string;
}

async function measure(request: () => Promise<Response>, describe: (body: ArrayBuffer) => string, runs = RUNS, warmup = WARMUP): Promise<Stats> {
  let detail = "";
  for (let i = 0; i < warmup; i++) {
    const response = await request();
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.status}: ${new TextDecoder().decode(body).slice(0, 300)}`);
    detail = describe(body);
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), detail };
}

/**
 * The same request against each size's server, taken in turns (one to each per round), so
 * every size sees the same machine load: the ratio is then the code's, not the load's.
 */
async function measureInTurns(requests: (() => Promise<Response>)[], describe: (body: ArrayBuffer) => string): Promise<Stats[]> {
  const details = requests.map(() => "");
  const times: number[][] = requests.map(() => []);
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const [k, request] of requests.entries()) {
      const started = performance.now();
      const response = await request();
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`${response.status}: ${new TextDecoder().decode(body).slice(0, 300)}`);
      if (i < WARMUP) details[k] = describe(body);
      else times[k].push(performance.now() - started);
    }
  }
  return times.map((list, k) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p95: percentile(list, 95), detail: details[k] };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const row = (name: string, s: Stats) =>
  `  ${name.padEnd(44)} p50 ${s.p50.toFixed(1).padStart(7)} ms  p95 ${s.p95.toFixed(1).padStart(7)} ms  (${s.detail})`;

async function bench() {
  const started = Date.now();
  const loadAtStart = loadavg();
  if (process.env.BENCH_BUILD !== "0" || !existsSync(`${APP}/worker/app.js`)) buildSnapshot(APP);
  console.log(`projects bench: built a snapshot in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const results: Record<number, Record<string, Stats>> = {};
  let memory: Awaited<ReturnType<typeof exportMemory>> | null = null;
  const largest = Math.max(...SIZES);
  try {
    // One server per size, all up at once, so the list measures take turns between them.
    const servers: { size: number; state: string; base: string; auth: Record<string, string> }[] = [];
    for (const [i, size] of SIZES.entries()) {
      const state = seed(size);
      const { base } = await startSnapshotServer({ app: APP, state, port: PORT + 100 * i, onStart: (child) => children.add(child) });
      servers.push({ size, state, base, auth: { Authorization: `Bearer ${await signIn(base)}`, ...BROWSER_ENCODING } });
      results[size] = {};
    }
    const inTurns = async (name: string, request: (s: (typeof servers)[number]) => Promise<Response>, describe: (body: ArrayBuffer) => string) => {
      const stats = await measureInTurns(
        servers.map((s) => () => request(s)),
        describe,
      );
      stats.forEach((st, k) => (results[servers[k].size][name] = st));
    };
    await inTurns(
      "GET /projects",
      (s) => fetch(`${s.base}/projects`, { headers: s.auth }),
      (body) => `${kib(body.byteLength)} html`,
    );
    await inTurns(
      "POST /api/v2/project/filtered",
      (s) => fetch(`${s.base}/api/v2/project/filtered`, { method: "POST", headers: { ...s.auth, "Content-Type": "application/json" }, body: "{}" }),
      (body) => `${(JSON.parse(new TextDecoder().decode(body)) as unknown[]).length} projects, ${kib(body.byteLength)} json`,
    );
    await inTurns(
      "POST /api/v2/project/filtered {limit: 50}",
      (s) =>
        fetch(`${s.base}/api/v2/project/filtered`, {
          method: "POST",
          headers: { ...s.auth, "Content-Type": "application/json" },
          body: '{"limit":50}',
        }),
      (body) => {
        const page = JSON.parse(new TextDecoder().decode(body)) as { total: number; projects: unknown[] } | unknown[];
        // A build from before decision 0291 ignores limit and answers every project.
        if (Array.isArray(page)) return `${page.length} projects (no paging), ${kib(body.byteLength)} json`;
        return `${page.projects.length} of ${page.total} projects, ${kib(body.byteLength)} json`;
      },
    );
    const large = servers.find((s) => s.size === largest)!;
    const r = results[largest];
    const exportAll = () => fetch(`${large.base}/api/projectsSummary/all/report.xlsx`, { headers: large.auth });
    r["export of all projects (xlsx)"] = await measure(exportAll, (body) => `${kib(body.byteLength)} xlsx`, Math.min(RUNS, 10), 2);
    const all = (await (
      await fetch(`${large.base}/api/v2/project/filtered`, {
        method: "POST",
        headers: { ...large.auth, "Content-Type": "application/json" },
        body: '{"term":"Bench big project"}',
      })
    ).json()) as { _id: string; nbrOfUsers: number }[];
    const big = all[0];
    r[`GET /projects/{id}/members (${big.nbrOfUsers} members)`] = await measure(
      () => fetch(`${large.base}/projects/${big._id}/members`, { headers: large.auth }),
      (body) => `${kib(body.byteLength)} html`,
    );
    r[`GET /api/v2/project/{id} (${big.nbrOfUsers} members)`] = await measure(
      () => fetch(`${large.base}/api/v2/project/${big._id}`, { headers: large.auth }),
      (body) => `${kib(body.byteLength)} json`,
    );
    // The export's memory on a fresh server: earlier requests leave workerd's heap grown, which would hide the export's share.
    stopAll();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const fresh = await startSnapshotServer({ app: APP, state: large.state, port: PORT, onStart: (child) => children.add(child) });
    const freshAuth = { Authorization: `Bearer ${await signIn(fresh.base)}`, ...BROWSER_ENCODING };
    await (
      await fetch(`${fresh.base}/api/projectsSummary/${encodeURIComponent(JSON.stringify(["none"]))}/report.xlsx`, { headers: freshAuth })
    ).arrayBuffer();
    memory = await exportMemory(() => fetch(`${fresh.base}/api/projectsSummary/all/report.xlsx`, { headers: freshAuth }), 1);
  } finally {
    stopAll();
  }
  for (const size of SIZES) {
    console.log(`\n${PEOPLE} people, ${size} projects:`);
    for (const [name, stats] of Object.entries(results[size])) console.log(row(name, stats));
  }
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(" ");
  console.log(
    `\nprojects bench, ${PEOPLE} people, ${RUNS} runs per measure; load average ${load(loadAtStart)} at the start, ${load(loadavg())} at the end`,
  );
  const cell = (s: Stats | undefined) => (s ? `${s.p50.toFixed(0)} / ${s.p95.toFixed(0)} ms` : "");
  const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
  console.log(`  ${"measure".padEnd(44)} ${`${small} p50 / p95`.padEnd(18)} ${`${large} p50 / p95`.padEnd(18)} ratio p50 / p95 (aim ≤ 3)`);
  for (const name of new Set([...Object.keys(results[small] ?? {}), ...Object.keys(results[large] ?? {})])) {
    const a = results[small]?.[name];
    const b = results[large]?.[name];
    const ratio = a && b && small !== large ? `×${(b.p50 / a.p50).toFixed(2)} / ×${(b.p95 / a.p95).toFixed(2)}` : "";
    console.log(`  ${name.padEnd(44)} ${cell(a).padEnd(18)} ${cell(b).padEnd(18)} ${ratio}`);
  }
  if (memory) {
    const m = memory as Awaited<ReturnType<typeof exportMemory>>;
    console.log(
      `  export memory: workerd resident ${m.idle.toFixed(0)} MB idle, ${m.peak.toFixed(0)} MB at the peak (sampled ${m.sampled.toFixed(0)} MB): +${m.growth.toFixed(1)} MB of the Worker's 128 MB (${m.processes} workerd processes)`,
    );
  }
}

main(bench);
