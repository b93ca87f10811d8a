/**
 * npm run bench:competences (issue 11): with 5,000 people, 300 competences and 40,000 skills,
 * p50/p95 of GET /competences, GET /competences/{id} for a competence with 800 members, and
 * the staffing search over everyone for a two-week window, each beside POST /users/filtered
 * of the same run (the ratio is the figure that travels between machines; target ≤ 3x).
 *
 * It seeds its own persisted state (.wrangler/bench-competences-{n}, kept between runs;
 * BENCH_RESEED=1 starts over), adds the competences and skills through the API as the company
 * admin, and times sequentially on a snapshot of the build. BENCH_PEOPLE (5000), BENCH_RUNS (30).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";
import { benchProcesses, percentile } from "./processes";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5000);
const COMPETENCES = 300;
const SKILLS = 40_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 8792);
const APP = ".wrangler/bench-competences-app";
const { children, run, main } = benchProcesses(Number(process.env.BENCH_TIMEOUT_S ?? 1800));

async function measure(request: () => Promise<Response>) {
  for (let i = 0; i < 3; i++) {
    const response = await request();
    if (!response.ok) throw new Error(`${response.status}: ${(await response.text()).slice(0, 300)}`);
    await response.arrayBuffer();
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await (await request()).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function bench() {
  const state = `.wrangler/bench-competences-${PEOPLE}`;
  if (process.env.BENCH_RESEED === "1") rmSync(state, { recursive: true, force: true });
  const fresh = !existsSync(`${state}/.seeded`);
  mkdirSync(state, { recursive: true });
  // Every run: a kept state gets the migrations (and databases, decision 0312) added since it was seeded.
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", state]);
  if (fresh) {
    run("tsx", ["scripts/seed.ts"], { SEED_USERS: String(PEOPLE), PERSIST_TO: state });
  }
  buildSnapshot(APP);
  const { base } = await startSnapshotServer({ app: APP, state, port: PORT, onStart: (child) => children.add(child) });
  const login = await fetch(`${base}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "companyadmin@demo.test", password: "demo-password-1" }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const call = (path: string, method = "GET", body?: unknown) =>
    fetch(`${base}/api/v2${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

  const ids = ((await (await call("/users/filteredIds", "POST", { groups: ["all"], offices: ["all"] })).json()) as string[]).slice(0, PEOPLE);
  let big = "";
  if (fresh) {
    // 300 competences; the first gets 800 members, the rest share the remaining skills.
    const competenceIds: string[] = [];
    for (let i = 0; i < COMPETENCES; i++)
      competenceIds.push(((await (await call("/competences", "POST", { name: `Bench competence ${i}` })).json()) as { _id: string })._id);
    let placed = 0;
    for (let c = 0; c < competenceIds.length && placed < SKILLS; c++) {
      const count = c === 0 ? 800 : Math.ceil((SKILLS - 800) / (COMPETENCES - 1));
      const members = Array.from({ length: Math.min(count, SKILLS - placed) }, (_, k) => ids[(c * 97 + k) % ids.length]);
      const unique = [...new Set(members)];
      for (let from = 0; from < unique.length; from += 500) {
        const response = await call(`/competences/${competenceIds[c]}/users`, "POST", { userIds: unique.slice(from, from + 500) });
        if (!response.ok) throw new Error(`members: ${response.status} ${await response.text()}`);
      }
      placed += unique.length;
    }
    writeFileSync(`${state}/.seeded`, competenceIds[0]);
    console.log(`added ${COMPETENCES} competences and ${placed} skills`);
  }
  big = readFileSync(`${state}/.seeded`, "utf8").trim();

  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  const start = monday.toISOString().slice(0, 10);
  const end = new Date(monday.getTime() + 11 * 86_400_000).toISOString().slice(0, 10);
  const results = {
    "POST /users/filtered (baseline)": await measure(() => call("/users/filtered", "POST", {})),
    "GET /competences": await measure(() => call("/competences")),
    "GET /competences/{id} (800 members)": await measure(() => call(`/competences/${big}`)),
    "POST /users/staffing (2 weeks, everyone)": await measure(() => call("/users/staffing", "POST", { startDate: start, endDate: end })),
    "POST /users/staffing (2 weeks, competence)": await measure(() =>
      call("/users/staffing", "POST", { startDate: start, endDate: end, competenceId: big }),
    ),
  };
  const baseline = results["POST /users/filtered (baseline)"].p50;
  console.log(`\n${PEOPLE} people, ${COMPETENCES} competences, ${SKILLS} skills; ${RUNS} runs each`);
  for (const [name, { p50, p95 }] of Object.entries(results)) {
    console.log(
      `${name.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  p50 ${(p50 / baseline).toFixed(2)}x filtered`,
    );
  }
}

main(bench);
