/**
 * npm run bench, projects part (issue 10): how /projects holds up as a firm's projects grow.
 *
 * Seeds 5,000 people (SEED_USERS) with 200 and with 2,000 generated projects (SEED_PROJECTS)
 * into persisted local states of their own (.wrangler/bench-projects-{people}-{projects}, kept
 * between runs; BENCH_RESEED=1 starts over), starts `wrangler dev` on a snapshot of the build
 * and times, sequentially, as admin@demo.test (an administrator: sees every project):
 *   - GET /projects (the whole server-rendered page),
 *   - POST /api/v2/project/filtered (no filter: every project with all its members),
 * printing p50/p95 per size and the 2,000/200 ratio (aim: at most 3); then, at 2,000 projects,
 *   - the export of all projects (GET /api/projectsSummary/all/report.xlsx): time and size,
 *   - GET /projects/{id}/members of "Bench big project" (300 members),
 * and the memory the export's workbook takes: the downloaded workbook's rows are built again
 * with the same exceljs calls in this process (V8, like the Worker's isolate) while heap use
 * is sampled, and the peak growth is printed next to the Worker's 128 MB.
 *
 * Bounded: BENCH_RUNS timed requests per measure (default 40, after 5 warm-ups), a watchdog of
 * BENCH_TIMEOUT_S seconds (default 1500).
 */
import { benchProcesses } from "./processes";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";

const PEOPLE = Number(process.env.BENCH_PROJECT_PEOPLE ?? 5000);
const SIZES = (process.env.BENCH_PROJECT_SIZES ?? "200,2000").split(",").map((n: string) => Number(n.trim()));
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const PORT = Number(process.env.BENCH_PORT ?? 8797);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 1500);
const APP = ".wrangler/bench-projects-app";
const PASSWORD = "demo-password-1";
const EMAIL = "admin@demo.test";

const { children, stopAll, run } = benchProcesses(TIMEOUT_S);

function seed(projects: number): string {
  const state = `.wrangler/bench-projects-${PEOPLE}-${projects}`;
  const marker = `${state}/.bench-seeded`;
  if (process.env.BENCH_RESEED === "1") rmSync(state, { recursive: true, force: true });
  if (existsSync(marker)) return state;
  const started = Date.now();
  mkdirSync(state, { recursive: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--env", "dev", "--persist-to", state]);
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

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

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const row = (name: string, s: Stats) =>
  `  ${name.padEnd(44)} p50 ${s.p50.toFixed(1).padStart(7)} ms  p95 ${s.p95.toFixed(1).padStart(7)} ms  (${s.detail})`;

/** Builds the downloaded workbook's rows again with exceljs, sampling heap use: the export's memory, measured where we can. */
async function workbookMemory(xlsx: ArrayBuffer) {
  const source = new ExcelJS.Workbook();
  await source.xlsx.load(xlsx);
  const sheets = source.worksheets.map((sheet) => ({
    name: sheet.name,
    rows: (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((values) => values.slice(1)),
  }));
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const workbook = new ExcelJS.Workbook();
  for (const { name, rows } of sheets) {
    const sheet = workbook.addWorksheet(name);
    for (const values of rows) sheet.addRow(values);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  clearInterval(sampler);
  return { growth: peak - before, rows: sheets.map((s) => `${s.name} ${s.rows.length - 1}`).join(", "), size: buffer.byteLength };
}

async function main() {
  const started = Date.now();
  buildSnapshot(APP);
  console.log(`projects bench: built a snapshot in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const results: Record<number, Record<string, Stats>> = {};
  for (const size of SIZES) {
    const state = seed(size);
    const { base } = await startSnapshotServer({ app: APP, state, port: PORT, onStart: (child) => children.add(child) });
    try {
      const token = await signIn(base);
      const auth = { Authorization: `Bearer ${token}` };
      const r: Record<string, Stats> = {};
      r["GET /projects"] = await measure(
        () => fetch(`${base}/projects`, { headers: auth }),
        (body) => `${kib(body.byteLength)} html`,
      );
      r["POST /api/v2/project/filtered"] = await measure(
        () => fetch(`${base}/api/v2/project/filtered`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: "{}" }),
        (body) => `${(JSON.parse(new TextDecoder().decode(body)) as unknown[]).length} projects, ${kib(body.byteLength)} json`,
      );
      if (size === Math.max(...SIZES)) {
        let xlsx = new ArrayBuffer(0);
        r["export of all projects (xlsx)"] = await measure(
          () => fetch(`${base}/api/projectsSummary/all/report.xlsx`, { headers: auth }),
          (body) => {
            xlsx = body;
            return `${kib(body.byteLength)} xlsx`;
          },
          Math.min(RUNS, 10),
          2,
        );
        const all = (await (
          await fetch(`${base}/api/v2/project/filtered`, {
            method: "POST",
            headers: { ...auth, "Content-Type": "application/json" },
            body: '{"term":"Bench big project"}',
          })
        ).json()) as { _id: string; nbrOfUsers: number }[];
        const big = all[0];
        r[`GET /projects/{id}/members (${big.nbrOfUsers} members)`] = await measure(
          () => fetch(`${base}/projects/${big._id}/members`, { headers: auth }),
          (body) => `${kib(body.byteLength)} html`,
        );
        const memory = await workbookMemory(xlsx);
        console.log(
          `  export workbook memory (same rows rebuilt with exceljs in V8): peak heap growth ${(memory.growth / 1024 / 1024).toFixed(1)} MB of the Worker's 128 MB; ${memory.rows} rows`,
        );
      }
      results[size] = r;
      console.log(`\n${PEOPLE} people, ${size} projects:`);
      for (const [name, stats] of Object.entries(r)) console.log(row(name, stats));
    } finally {
      stopAll();
    }
  }
  if (SIZES.length === 2) {
    const [small, large] = SIZES;
    console.log(`\nratio ${large}/${small} projects (aim: at most 3):`);
    for (const name of ["GET /projects", "POST /api/v2/project/filtered"]) {
      const a = results[small][name];
      const b = results[large][name];
      console.log(`  ${name.padEnd(44)} p50 ×${(b.p50 / a.p50).toFixed(2)}  p95 ×${(b.p95 / a.p95).toFixed(2)}`);
    }
  }
}

main()
  .then(() => {
    stopAll();
    process.exit(0);
  })
  .catch((error) => {
    console.error(error);
    stopAll();
    process.exit(1);
  });
