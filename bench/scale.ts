/**
 * npm run bench:scale (issue 29, measured): the app on an installation of about 1,000 firms
 * and 200,000 people with a year of history, spread over BENCH_SHARDS (default 4) shards:
 * `[env.dev]`'s three and DB_SHARD_3 … from a configuration of the bench's own,
 * .wrangler/bench-scale.toml (bench/scale-data.ts generates it into .wrangler/bench-scale, or BENCH_SCALE_STATE, kept
 * between runs while its generator version matches; BENCH_REGENERATE=1 starts over). All traffic to 127.0.0.1, ports
 * from BENCH_PORT (default 8730) to BENCH_PORT + 9; a watchdog stops everything after
 * BENCH_TIMEOUT_S (default 5400, generation included).
 *
 * Sections (BENCH_SECTIONS, default all):
 *   calls   side by side in one run, on one server, request by request in turns: sign-in,
 *           users/me and /home as a person, /overview for a view of about 500 people, and
 *           POST /users/filtered and POST /statistic for everyone, in the 20,000-person firm
 *           (on the last shard), a 5,000-person firm and Demo Law (500 people, shard 0).
 *           Aims: ≤ 1.5x Demo Law for the per-person calls, ≤ 3x for the firm-wide views.
 *   routing users/me on this sharded installation against the same build bound to a single
 *           database (a wrangler configuration with DB and the directory only, on a state
 *           with Demo Law alone), in turns. Aim ≤ 1.1x.
 *   move    a move of a 5,000-person firm to another shard while 40 of its people keep writing
 *           (bench/scale-move.ts): the move's time, its copy rate, the write hold (the holding
 *           step, the 503s the writers met and sent again), acknowledged writes and lost ones
 *           (each acknowledged write looked for on the shard the directory names afterwards).
 *           The firm goes back to its own shard on the next run; the old rows are drained at
 *           once (BENCH_MOVE_S, BENCH_MOVE_HOLDS, BENCH_MOVE_WRITERS).
 *   history bytes per person-year before and after retention: bench/history-size.ts on the
 *           single-database state (the seed's four months of history), its figures passed on.
 *   fanout  bench/run.ts's fan-out section: one write to 10,000 sockets of one firm (one room,
 *           and split a room per office) and to 50 sockets; BENCH_FANOUT_AGAINST=<snapshot of the
 *           build before the room split> times the 50-socket firm on both builds in turns (the
 *           extra cost of the split). Its figures are passed on.
 *
 * BENCH_RUNS (default 30 timed requests per measure after 3 warm-ups; BENCH_ROUTING_RUNS 200 for
 * the routing's users/me), BENCH_APP and
 * BENCH_BUILD=0 (serve a snapshot already built).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";
import { localD1Files, shardZeroFile } from "./local-d1";
import { benchProcesses, percentile } from "./processes";
import { copyEmail, generateScale, type ScaleData } from "./scale-data";
import { firmPlace, measureMove as moveUnderWriters } from "./scale-move";

const PORT = Number(process.env.BENCH_PORT ?? 8730);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
/** users/me is quick: more rounds for its ratio (BENCH_ROUTING_RUNS). */
const ROUTING_RUNS = Number(process.env.BENCH_ROUTING_RUNS ?? 200);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 5400);
const APP = process.env.BENCH_APP ?? ".wrangler/bench-scale-app";
/** BENCH_SCALE_STATE: a generated state kept elsewhere (another worktree's), reused while its generator version matches. */
const STATE = process.env.BENCH_SCALE_STATE ?? ".wrangler/bench-scale";
/** BENCH_SHARDS: the shards the installation spreads over (the issue's four; [env.dev] binds three, the rest come from a configuration of the bench's own). */
const SHARDS = Number(process.env.BENCH_SHARDS ?? 4);
const SCALE_CONFIG = ".wrangler/bench-scale.toml";
const SINGLE_STATE = ".wrangler/bench-scale-single";
const SINGLE_CONFIG = ".wrangler/bench-scale-single.toml";
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? "calls,routing,move,history,fanout").split(",").map((s: string) => s.trim()));
const PASSWORD = "demo-password-1";
const DAY = 86_400_000;

const { children, stopAll, run, main } = benchProcesses(TIMEOUT_S);

interface SqliteDb {
  prepare(sql: string): { get(): unknown };
  close(): void;
}
const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as {
  DatabaseSync: new (path: string, options: { readOnly: boolean }) => SqliteDb;
};

const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function serve(state: string, port: number, extra: { testScheduled?: boolean; config?: string } = {}) {
  const { base } = await startSnapshotServer({ app: APP, state, port, onStart: (child) => children.add(child), config: SCALE_CONFIG, ...extra });
  return base;
}

async function stopServers() {
  stopAll();
  await new Promise((r) => setTimeout(r, 1500));
}

/** Demo Law's statistics rolled by the app's cron (wrangler dev --test-scheduled), as bench/statistics.ts does. */
async function rollTemplate() {
  const base = await serve(STATE, PORT, { testScheduled: true });
  try {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
      console.log(`[scale] template cron ${i + 1}/3: ${response.status}`);
      await response.arrayBuffer();
      // A cron started at once after a long one met "Network connection lost" (bench/statistics.ts).
      await new Promise((r) => setTimeout(r, 3000));
    }
  } finally {
    await stopServers();
  }
  // Read once the server has stopped (an outside reader's lock fails workerd's writes).
  const db = new DatabaseSync(localD1Files(STATE).DB, { readOnly: true });
  try {
    const row = db
      .prepare("select s.rolled_through as through from stat_rollup_state s join companies c on c.id = s.company_id where c.name = 'Demo Law'")
      .get() as { through: number } | undefined;
    if (!row || row.through < Date.now() - 2 * DAY)
      throw new Error(`Demo Law's statistics are not rolled (${row ? new Date(row.through).toISOString() : "no cursor"})`);
  } finally {
    db.close();
  }
}

/**
 * The installation's configuration: wrangler.toml with [env.dev]'s shards made BENCH_SHARDS, by
 * adding DB_SHARD_n after its last (the app binds whatever DB_SHARD_n it is given, decision 0312).
 */
function scaleConfig() {
  const blocks = readFileSync("wrangler.toml", "utf8").split(/(?=^\[)/m);
  const shard = /^\[\[env\.dev\.d1_databases\]\]\s*\nbinding = "DB_SHARD_(\d+)"/;
  const last = blocks.findLastIndex((block) => shard.test(block));
  if (last < 0) throw new Error("wrangler.toml's [env.dev] binds no DB_SHARD_n");
  const bound = Number(shard.exec(blocks[last])![1]) + 1;
  if (SHARDS < bound) throw new Error(`BENCH_SHARDS=${SHARDS}: [env.dev] binds ${bound} shards already`);
  const added = Array.from({ length: SHARDS - bound }, (_, i) => bound + i).map(
    (n) =>
      `[[env.dev.d1_databases]]\nbinding = "DB_SHARD_${n}"\ndatabase_name = "availability-shard-${n}"\ndatabase_id = "00000000-0000-0000-0000-${String(n).padStart(12, "0")}"\nmigrations_dir = "migrations"\n\n`,
  );
  blocks.splice(last + 1, 0, ...added);
  writeFileSync(SCALE_CONFIG, blocks.join(""));
}

/** The single-database configuration: wrangler.toml with [env.dev]'s extra shards left out (DB and DIRECTORY stay). */
function singleDatabaseConfig() {
  const blocks = readFileSync("wrangler.toml", "utf8").split(/(?=^\[)/m);
  const kept = blocks.filter((block) => !/^\[\[env\.dev\.d1_databases\]\]\s*\nbinding = "DB_SHARD_\d+"/.test(block));
  if (kept.length === blocks.length) throw new Error("wrangler.toml's [env.dev] binds no DB_SHARD_n to leave out");
  // Relative paths (main, assets, migrations) are given on the command line or unused by wrangler dev.
  writeFileSync(SINGLE_CONFIG, kept.join(""));
}

function singleState() {
  if (!existsSync(`${SINGLE_STATE}/.seeded`)) {
    mkdirSync(SINGLE_STATE, { recursive: true });
    run("tsx", ["scripts/migrate-local.ts", "--persist-to", SINGLE_STATE]);
    run("tsx", ["scripts/seed.ts"], { SEED_USERS: "493", PERSIST_TO: SINGLE_STATE });
    writeFileSync(`${SINGLE_STATE}/.seeded`, new Date().toISOString());
  } else run("tsx", ["scripts/migrate-local.ts", "--persist-to", SINGLE_STATE]);
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

type Request = () => Promise<Response>;
interface Target {
  name: string;
  request: Request;
  describe?: (body: string) => string;
}

/** Each measure's targets asked in turns, round by round (order alternating), so all meet the same machine. */
async function inTurns(measures: { name: string; targets: Target[] }[], runs = RUNS) {
  const results: Record<string, { p50: number; p95: number; detail: string }[]> = {};
  for (const measure of measures) {
    const times = measure.targets.map(() => [] as number[]);
    const details = measure.targets.map(() => "");
    for (let round = 0; round < WARMUP + runs; round++) {
      const order = [...measure.targets.keys()];
      if (round % 2) order.reverse();
      for (const k of order) {
        const target = measure.targets[k];
        const started = performance.now();
        const response = await target.request();
        const body = await response.text();
        const took = performance.now() - started;
        if (!response.ok) throw new Error(`${measure.name} (${target.name}): ${response.status} ${body.slice(0, 300)}`);
        if (round >= WARMUP) times[k].push(took);
        else details[k] = target.describe?.(body) ?? `${(body.length / 1024).toFixed(0)} KiB`;
      }
    }
    results[measure.name] = times.map((list, k) => {
      const sorted = list.sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), detail: details[k] };
    });
  }
  return results;
}

const json = (token: string, body: unknown) => ({
  method: "POST",
  headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

const filteredDetail = (body: string) => {
  const page = JSON.parse(body) as { total: number; users: unknown[] };
  return `${page.users.length} of ${page.total} people`;
};
const statisticDetail = (body: string) => `${(JSON.parse(body) as { nbrOfUsers: number }).nbrOfUsers} people counted`;

async function calls(base: string, data: ScaleData) {
  const firms = [
    { label: "Demo Law (500, shard 0)", email: (e: string) => e },
    { label: `${data.large.people.toLocaleString("en")} (shard ${data.large.shard})`, email: (e: string) => copyEmail(e, data.large.n, 0) },
    { label: `${data.big.people.toLocaleString("en")} (shard ${data.big.shard})`, email: (e: string) => copyEmail(e, data.big.n, 0) },
  ];
  const accounts = await Promise.all(
    firms.map(async (firm) => ({
      ...firm,
      employee: await signIn(base, firm.email("employee@demo.test")),
      // admin@demo.test's overview is their own group and office: 100 people in Demo Law, 500 in a firm of office sets.
      admin: await signIn(base, firm.email("admin@demo.test")),
      everyone: await signIn(base, firm.email("companyadmin@demo.test")),
    })),
  );
  const of = (name: string, make: (a: (typeof accounts)[number]) => Request, describe?: (body: string) => string) => ({
    name,
    targets: accounts.map((a) => ({ name: a.label, request: make(a), describe })),
  });
  const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
  // The view of about 500 people: everyone in Demo Law, the admin's own office of 500 in the big firms.
  const overview = {
    name: "GET /overview, ~500 people",
    targets: accounts.map((a, k) => ({
      name: a.label,
      request: () => fetch(`${base}/overview`, auth(k === 0 ? a.everyone : a.admin)),
      describe: (body: string) => `${(body.length / 1024).toFixed(0)} KiB`,
    })),
  };
  const perPerson = [
    of(
      "sign-in (POST /account/login)",
      (a) => () =>
        fetch(`${base}/api/v2/account/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: a.email("employee@demo.test"), password: PASSWORD }),
        }),
    ),
    of("GET /api/v2/users/me", (a) => () => fetch(`${base}/api/v2/users/me`, auth(a.employee))),
    of("GET /home", (a) => () => fetch(`${base}/home`, auth(a.employee))),
  ];
  const firmWide = [
    overview,
    of("POST /users/filtered, everyone", (a) => () => fetch(`${base}/api/v2/users/filtered`, json(a.everyone, {})), filteredDetail),
    of(
      "POST /statistic, everyone (page shape)",
      (a) => () => fetch(`${base}/api/v2/statistic`, json(a.everyone, { offices: ["all"], groups: ["all"], people: { limit: 8 } })),
      statisticDetail,
    ),
  ];
  const before = load();
  const results = await inTurns([...perPerson, ...firmWide]);
  console.log(`\ncalls side by side (${RUNS} requests each after ${WARMUP} warm-ups, in turns; load ${before} before, ${load()} after)`);
  console.log(`  ${"".padEnd(40)} ${firms.map((f) => f.label.padEnd(34)).join(" ")}  ratio to Demo Law, p50 (p95)`);
  const aims: string[] = [];
  for (const [name, rows] of Object.entries(results)) {
    const aim = perPerson.some((m) => m.name === name) ? 1.5 : 3;
    const ratios = rows.slice(1).map((r) => `${(r.p50 / rows[0].p50).toFixed(2)}x (${(r.p95 / rows[0].p95).toFixed(2)}x)`);
    console.log(`  ${name.padEnd(40)} ${rows.map((r) => `${ms(r.p50)} / ${ms(r.p95)}`.padEnd(34)).join(" ")}  ${ratios.join(", ")}  aim ≤ ${aim}x`);
    console.log(`  ${"".padEnd(40)} ${rows.map((r) => r.detail.padEnd(34)).join(" ")}`);
    const big = rows[rows.length - 1].p50 / rows[0].p50;
    if (big > aim) aims.push(`${name}: ${big.toFixed(2)}x (aim ${aim}x)`);
  }
  console.log(aims.length ? `  missed: ${aims.join("; ")}` : "  every aim met (p50, the 20,000-person firm against Demo Law)");
}

async function routing(scaleBase: string) {
  singleDatabaseConfig();
  singleState();
  const singleBase = await serve(SINGLE_STATE, PORT + 1, { config: SINGLE_CONFIG });
  const sharded = await signIn(scaleBase, "employee@demo.test");
  const single = await signIn(singleBase, "employee@demo.test");
  const results = await inTurns(
    [
      {
        name: "users/me",
        targets: [
          { name: "single database", request: () => fetch(`${singleBase}/api/v2/users/me`, { headers: { Authorization: `Bearer ${single}` } }) },
          { name: "sharded installation", request: () => fetch(`${scaleBase}/api/v2/users/me`, { headers: { Authorization: `Bearer ${sharded}` } }) },
        ],
      },
    ],
    ROUTING_RUNS,
  );
  const [one, many] = results["users/me"];
  console.log(
    `\nrouting: GET /api/v2/users/me as employee@demo.test, ${ROUTING_RUNS} requests each in turns: one database (DB + DIRECTORY, Demo Law alone) p50 ${ms(one.p50)} / p95 ${ms(one.p95)}; ` +
      `this installation (${SHARDS} shards, 200,000 people) p50 ${ms(many.p50)} / p95 ${ms(many.p95)}: ${(many.p50 / one.p50).toFixed(2)}x p50, ${(many.p95 / one.p95).toFixed(2)}x p95 (aim ≤ 1.1x)`,
  );
}

/** The move section: bench/scale-move.ts, on this state, its server on BENCH_PORT. */
async function measureMove(data: ScaleData) {
  await moveUnderWriters({
    state: STATE,
    firm: data.large,
    shardCount: data.shards.length,
    serve: () => serve(STATE, PORT),
    stopServers,
  });
}

/** Runs another bench script to its end, its output passed on (indented). */
function passOn(label: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    console.log(`\n${label}`);
    const child = spawn("tsx", args, {
      env: { ...process.env, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    children.add(child);
    // Its figures (stdout) as they come; wrangler's warnings (stderr) only if it fails.
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => process.stdout.write(String(chunk).replace(/^(?=.)/gm, "  | ")));
    child.stderr.on("data", (chunk: Buffer) => (errors = (errors + String(chunk)).slice(-3000)));
    child.on("exit", (code) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${label}: exited ${code}; its last errors:\n${errors}`));
    });
  });
}

async function bench() {
  const failed: string[] = [];
  if (process.env.BENCH_BUILD !== "0" || !existsSync(`${APP}/worker/app.js`)) buildSnapshot(APP);
  if (process.env.BENCH_REGENERATE === "1") rmSync(`${STATE}/.scale-data.json`, { force: true });
  scaleConfig();
  const data = await generateScale({ state: STATE, config: SCALE_CONFIG, run, rollTemplate });
  console.log(
    `installation: ${data.people.toLocaleString("en")} people in ${data.firms} firms, generated ${data.generatedAt} in ${data.seconds.total} s; ` +
      data.shards.map((s) => `${s.binding}: ${s.firms} firms, ${s.people.toLocaleString("en")} people, ${(s.bytes / 1e9).toFixed(2)} GB`).join("; "),
  );
  if (SECTIONS.has("calls") || SECTIONS.has("routing")) {
    // Where the firms are now (the move section moves the 5,000-person firm back and forth), read before the server starts.
    const placed = {
      ...data,
      big: { ...data.big, shard: firmPlace(STATE, data.big.companyId).shard },
      large: { ...data.large, shard: firmPlace(STATE, data.large.companyId).shard },
    };
    const base = await serve(STATE, PORT);
    if (SECTIONS.has("calls")) await calls(base, placed);
    if (SECTIONS.has("routing")) await routing(base);
    await stopServers();
  }
  if (SECTIONS.has("move")) await measureMove(data);
  if (SECTIONS.has("history")) {
    singleState();
    await passOn("history (bench/history-size.ts on the single-database state: the seed's four months)", ["bench/history-size.ts"], {
      HISTORY_DB: shardZeroFile(SINGLE_STATE),
    });
  }
  if (SECTIONS.has("fanout")) {
    // bench/run.ts's fan-out on its own small state, on ports BENCH_PORT + 5 … + 9.
    // Its failure is reported, not fatal: locally, wrangler dev has reset connections past 4,000 sockets (docs/scale.md).
    await passOn("fan-out (bench/run.ts, BENCH_SECTIONS=fanout)", ["bench/run.ts"], {
      BENCH_SECTIONS: "fanout",
      BENCH_PORT: String(PORT + 3),
      BENCH_APP: APP,
      BENCH_BUILD: "0",
    }).catch((error: unknown) => {
      console.log(`  fan-out failed: ${error instanceof Error ? error.message : String(error)}`);
      failed.push("fan-out");
    });
  }
  if (failed.length) throw new Error(`failed: ${failed.join(", ")} (the figures above stand)`);
}

main(bench);
