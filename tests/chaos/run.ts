/**
 * npm run test:chaos: acknowledged writes survive a hard crash of the server.
 *
 * Builds a snapshot of the Worker, gives `wrangler dev` a fresh local state of its own
 * (.wrangler/chaos-state, migrated and seeded once), signs in 50 seeded people and lets 50
 * concurrent clients write for 60 s (CHAOS_CLIENTS, CHAOS_DURATION_S): each in turn creates
 * a forecast (POST /api/v2/forecast/{own id}), sets a workload (POST /api/v2/workload/
 * current|future) and a status message (PUT /api/v2/workload/message). Halfway through it kills the server's whole process group with SIGKILL
 * (no shutdown of any kind), starts it again on the same state without reseeding, and the
 * clients carry on. At the end it kills the server hard once more and reads the persisted
 * database with `wrangler d1 execute`:
 *   - every forecast the server acknowledged (2xx with its id) is there with its status;
 *   - for every person, the workloads acknowledged, in order, are a subsequence of the
 *     workload entries stored (a write cut off by the crash may or may not have landed;
 *     an acknowledged one must have);
 *   - every acknowledged status message (each one's text is unique) is in the message log.
 * Prints acknowledged / lost / refused / failed, p50/p95/max latency of acknowledged writes,
 * and the write rate while the server was up. Exits 1 if anything acknowledged is missing.
 *
 * Bounded: a fixed number of clients and seconds, each request times out after 10 s, and a
 * watchdog stops everything after CHAOS_TIMEOUT_S (default 300). Loopback only.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { buildSnapshot, startSnapshotServer } from "../../scripts/snapshot-server";

const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 50);
const DURATION_S = Number(process.env.CHAOS_DURATION_S ?? 60);
const TIMEOUT_S = Number(process.env.CHAOS_TIMEOUT_S ?? 300);
const HOST = "127.0.0.1";
const APP = ".wrangler/chaos-app";
const STATE = ".wrangler/chaos-state";
const PASSWORD = "demo-password-1";
const REQUEST_TIMEOUT_MS = 10_000;

const env = { ...process.env, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false" };
let server: ChildProcess | null = null;

function killServer(signal: NodeJS.Signals) {
  if (!server?.pid) return;
  try {
    process.kill(-server.pid, signal);
  } catch {
    // already gone
  }
}

const watchdog = setTimeout(() => {
  console.error(`chaos: stopped after ${TIMEOUT_S} s`);
  killServer("SIGKILL");
  process.exit(1);
}, TIMEOUT_S * 1000);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killServer("SIGKILL");
    process.exit(130);
  });
}

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): string {
  return execFileSync(command, args, {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...env, ...extraEnv },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
}

function snapshot() {
  buildSnapshot(APP);
}

function freshState() {
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--env", "dev", "--persist-to", STATE]);
  run("tsx", ["scripts/seed.ts"], { SEED_USERS: String(Math.max(60, CLIENTS)), PERSIST_TO: STATE });
}

function query<T>(sql: string): T[] {
  const out = run("wrangler", ["d1", "execute", "DB", "--local", "--env", "dev", "--persist-to", STATE, "--json", "--command", sql]);
  return (JSON.parse(out) as { results: T[] }[])[0].results;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<number> {
  const { startMs } = await startSnapshotServer({ app: APP, state: STATE, port, pollMs: 100, onStart: (child) => (server = child) });
  return startMs;
}

/**
 * wrangler dev itself now and then exits while starting on a loaded machine (with an empty
 * error); that is about the dev server, not about the data, so it gets two more tries.
 */
async function startServerWithRetries(port: number): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(port);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`chaos: wrangler dev did not start (attempt ${attempt}), trying again`);
      killServer("SIGKILL");
    }
  }
}

async function waitForExit(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}

interface Client {
  userId: string;
  token: string;
  forecasts: { id: string; status: string }[];
  workloads: { type: string; workscale: number }[];
  messages: string[];
}

const latencies: number[] = [];
const counts = { acknowledged: 0, refused: 0, failed: 0 };
/** Why writes were not acknowledged: "503", "TimeoutError", "TypeError: fetch failed", ... */
const failures = new Map<string, number>();
const fail = (reason: string) => failures.set(reason, (failures.get(reason) ?? 0) + 1);

async function write(base: string, client: Client, path: string, body: unknown, method = "POST"): Promise<unknown | null> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${client.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.ok) {
      latencies.push(performance.now() - started);
      counts.acknowledged++;
      return JSON.parse(text);
    }
    // 5xx while the server is coming back, or a 4xx: not acknowledged either way.
    counts[response.status >= 500 ? "failed" : "refused"]++;
    fail(String(response.status));
    if (response.status >= 500 && failures.get(String(response.status)) === 1)
      console.error(`chaos: first ${response.status} on ${path}: ${text.slice(0, 300)}`);
    if (response.status < 500) console.error(`chaos: refused ${response.status} ${path}: ${text.slice(0, 200)}`);
  } catch (error) {
    counts.failed++;
    fail((error as Error).name === "TimeoutError" ? "timeout" : "no connection");
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function clientLoop(base: string, client: Client, index: number, until: number) {
  let n = 0;
  while (Date.now() < until) {
    n++;
    if (n % 3 === 1) {
      const status = String((index + n) % 4);
      // Past the seed's absences (a forecast may not overlap one: 409).
      const start = 400 + ((index * 7 + n) % 300);
      const created = (await write(base, client, `/api/v2/forecast/${client.userId}`, {
        startDate: day(start),
        endDate: day(start + (n % 5)),
        status,
        comment: `chaos ${index}/${n}`,
      })) as { _id?: string } | null;
      if (created?._id) client.forecasts.push({ id: created._id, status });
    } else if (n % 3 === 2) {
      const type = n % 4 === 0 ? "future" : "current";
      const workscale = (index + n) % 4;
      if (await write(base, client, `/api/v2/workload/${type}`, { workscale })) client.workloads.push({ type, workscale });
    } else {
      const message = `chaos ${index}/${n}`;
      if (await write(base, client, "/api/v2/workload/message", { message }, "PUT")) client.messages.push(message);
    }
  }
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

async function main() {
  const t0 = Date.now();
  // CHAOS_REUSE=1 keeps the last run's snapshot and state (for working on this script).
  if (process.env.CHAOS_REUSE !== "1") {
    snapshot();
    freshState();
  }
  console.log(`chaos: snapshot and fresh seeded state in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  await startServerWithRetries(port);

  const people = query<{ id: string; email: string }>(
    `SELECT id, email FROM users WHERE completed = 1 AND company_admin = 0 AND admin = 0 AND administrator_priviliges = 0 AND email LIKE '%.%.%@demo.test' ORDER BY email LIMIT ${CLIENTS}`,
  );
  if (people.length < CLIENTS) throw new Error(`only ${people.length} seeded people to write as`);
  const clients: Client[] = [];
  for (let i = 0; i < people.length; i += 10) {
    const batch = await Promise.all(
      people.slice(i, i + 10).map(async (person) => {
        const response = await fetch(`${base}/api/v2/account/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: person.email, password: PASSWORD }),
        });
        if (!response.ok) throw new Error(`sign-in failed for ${person.email}: ${response.status}`);
        const { token } = (await response.json()) as { token: string };
        return { userId: person.id, token, forecasts: [], workloads: [], messages: [] } satisfies Client;
      }),
    );
    clients.push(...batch);
  }

  const started = Date.now();
  const until = started + DURATION_S * 1000;
  const loops = clients.map((client, i) => clientLoop(base, client, i, until));

  await new Promise((r) => setTimeout(r, (DURATION_S * 1000) / 2));
  const before = counts.acknowledged;
  const crashed = Date.now();
  const first = server!;
  killServer("SIGKILL");
  await waitForExit(first);
  const restartMs = await startServerWithRetries(port);
  const downMs = Date.now() - crashed;
  console.log(
    `chaos: SIGKILL at ${((crashed - started) / 1000).toFixed(1)} s after ${before} acknowledged writes; back up in ${(downMs / 1000).toFixed(1)} s (start ${(restartMs / 1000).toFixed(1)} s)`,
  );

  await Promise.all(loops);
  const elapsedMs = Date.now() - started;
  const last = server!;
  killServer("SIGKILL");
  await waitForExit(last);

  // What the crashed and killed server left on disk.
  const storedForecasts = new Map(
    query<{ id: string; status: string }>("SELECT id, status FROM forecasts WHERE comment LIKE 'chaos %'").map((row) => [row.id, row.status]),
  );
  const storedWorkloads = new Map<string, { type: string; workscale: number }[]>();
  for (const row of query<{ user_id: string; type: string; workscale: number }>(
    `SELECT user_id, type, workscale FROM workload_entries WHERE user_id IN (${clients.map((c) => `'${c.userId}'`).join(",")}) ORDER BY created_at, rowid`,
  )) {
    const list = storedWorkloads.get(row.user_id) ?? [];
    list.push({ type: row.type, workscale: row.workscale });
    storedWorkloads.set(row.user_id, list);
  }

  const storedMessages = new Set(
    query<{ user_id: string; message: string }>("SELECT user_id, message FROM status_messages WHERE message LIKE 'chaos %'").map(
      (r) => `${r.user_id} ${r.message}`,
    ),
  );

  let acknowledged = 0;
  let lost = 0;
  for (const client of clients) {
    for (const forecast of client.forecasts) {
      acknowledged++;
      if (storedForecasts.get(forecast.id) !== forecast.status) {
        lost++;
        console.error(`chaos: lost forecast ${forecast.id} of ${client.userId}`);
      }
    }
    const stored = storedWorkloads.get(client.userId) ?? [];
    let at = 0;
    for (const write of client.workloads) {
      acknowledged++;
      while (at < stored.length && !(stored[at].type === write.type && stored[at].workscale === write.workscale)) at++;
      if (at === stored.length) {
        lost++;
        console.error(`chaos: lost workload ${write.type}=${write.workscale} of ${client.userId}`);
      } else at++;
    }
    for (const message of client.messages) {
      acknowledged++;
      if (!storedMessages.has(`${client.userId} ${message}`)) {
        lost++;
        console.error(`chaos: lost status message "${message}" of ${client.userId}`);
      }
    }
  }

  const upSeconds = (elapsedMs - downMs) / 1000;
  console.log(
    [
      `chaos: ${clients.length} clients for ${(elapsedMs / 1000).toFixed(1)} s, server killed (SIGKILL) once mid-run and once at the end`,
      `  acknowledged ${acknowledged}  lost ${lost}  refused ${counts.refused}  failed (no answer / 5xx while down) ${counts.failed}`,
      `  not acknowledged, by reason: ${[...failures].map(([reason, n]) => `${reason} ×${n}`).join(", ") || "none"}`,
      `  latency of acknowledged writes: p50 ${percentile(latencies, 50).toFixed(0)} ms  p95 ${percentile(latencies, 95).toFixed(0)} ms  max ${percentile(latencies, 100).toFixed(0)} ms`,
      `  write rate while up: ${(acknowledged / upSeconds).toFixed(0)} acknowledged writes/s (${upSeconds.toFixed(1)} s up, ${(downMs / 1000).toFixed(1)} s down)`,
      `  stored: ${storedForecasts.size} chaos forecasts, ${[...storedWorkloads.values()].reduce((n, l) => n + l.length, 0)} workload entries, ${storedMessages.size} status messages`,
    ].join("\n"),
  );
  if (acknowledged !== counts.acknowledged) throw new Error(`bookkeeping: ${acknowledged} checked, ${counts.acknowledged} acknowledged`);
  if (lost > 0 || acknowledged === 0 || counts.refused > 0) {
    console.error(
      lost > 0
        ? `chaos: ${lost} acknowledged writes lost`
        : counts.refused > 0
          ? "chaos: the server refused writes"
          : "chaos: nothing was acknowledged",
    );
    process.exit(1);
  }
  console.log(`chaos: every acknowledged write is still there (${((Date.now() - t0) / 1000).toFixed(0)} s in all)`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  killServer("SIGKILL");
  process.exit(1);
});
