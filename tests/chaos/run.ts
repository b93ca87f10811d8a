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
 * Then a firm moves between shards while its people write (decision 0314; CHAOS_MOVE=0 skips
 * it): the server is started again on the same state, the operator starts moving Demo Law (the
 * seed at this run's smaller size) from shard 0 to shard 2 and takes its steps (POST
 * /api/v2/operator/moves/{id}/step) while the same clients keep writing with the tokens that
 * name shard 0; a write answered 503 + X-Firm-Held is sent again after Retry-After, as the web
 * app does. After the switch they write a few seconds more; then every write acknowledged in
 * this phase must be on shard 2, and the move's checks equal on both shards. It prints the
 * copy rate, the hold's length and the held answers.
 *
 * Bounded: a fixed number of clients and seconds, each request times out after 10 s, and a
 * watchdog stops everything after CHAOS_TIMEOUT_S (default 300). Loopback only.
 *
 * CHAOS_SERVER=npm-start (issue 28, decision 0287): the server runs as `npm start` runs it,
 * `wrangler dev --env dev` building from the source with its local tracing on, under
 * scripts/dev-supervisor.ts, and nobody kills it: the run counts how often wrangler dev exited
 * by itself (the supervisor's log) and still checks every acknowledged write. CHAOS_BURST (a
 * number of requests, default 0) adds a burst of refused requests (bad tokens, malformed
 * bodies) every 2 s while the clients write; they are counted apart from the writes.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
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
const NPM_START = process.env.CHAOS_SERVER === "npm-start";
const BURST = Number(process.env.CHAOS_BURST ?? 0);

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
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", STATE]);
  run("tsx", ["scripts/seed.ts"], { SEED_USERS: String(Math.max(60, CLIENTS)), PERSIST_TO: STATE });
}

function query<T>(sql: string, binding = "DB"): T[] {
  const out = run("wrangler", ["d1", "execute", binding, "--local", "--env", "dev", "--persist-to", STATE, "--json", "--command", sql]);
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

/** The supervisor's own lines: each exit of wrangler dev, with how and its last stderr lines. */
const supervisorLog: string[] = [];

/** As `npm start` runs it (scripts/dev-server.sh): wrangler dev on the source, under the supervisor. */
async function startSupervised(port: number): Promise<number> {
  const started = Date.now();
  const child = spawn(
    "tsx",
    [
      "scripts/dev-supervisor.ts",
      "--",
      "wrangler",
      "dev",
      "--env",
      "dev",
      "--port",
      String(port),
      "--ip",
      HOST,
      "--persist-to",
      STATE,
      "--inspector-port",
      String(port + 1200),
      "--show-interactive-dev-session=false",
    ],
    { env, detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  server = child;
  let partial = "";
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("[supervisor]") || (line.startsWith("    ") && supervisorLog.at(-1)?.startsWith("[supervisor]"))) {
        supervisorLog.push(line);
        console.error(`chaos: ${line}`);
      }
    }
  });
  while (Date.now() - started < 180_000) {
    if (child.exitCode !== null) throw new Error(`the supervisor exited: ${supervisorLog.join("\n")}`);
    try {
      if ((await fetch(`http://${HOST}:${port}/login`)).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("wrangler dev did not answer within 180 s");
}

async function startServer(port: number): Promise<number> {
  if (NPM_START) return startSupervised(port);
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
const counts = { acknowledged: 0, refused: 0, failed: 0, held: 0 };
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
    // Held for a move's switch (decision 0314): sent again after Retry-After, as the web app does.
    if (response.status === 503 && response.headers.get("X-Firm-Held") === "1") {
      counts.held++;
      await new Promise((r) => setTimeout(r, Number(response.headers.get("Retry-After") ?? 2) * 1000));
      return write(base, client, path, body, method);
    }
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

async function clientLoop(base: string, client: Client, index: number, until: number, going: () => boolean = () => true) {
  let n = 0;
  while (Date.now() < until && going()) {
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

/** Requests the server must refuse (401, 400), many at once: they are not writes and change nothing. */
const burstStatuses = new Map<string, number>();
async function refusedBurst(base: string, client: Client) {
  await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const bad = i % 2 === 0;
      try {
        const response = await fetch(`${base}/api/v2/workload/current`, {
          method: "POST",
          headers: { Authorization: `Bearer ${bad ? "not-a-token" : client.token}`, "Content-Type": "application/json" },
          body: bad ? JSON.stringify({ workscale: 1 }) : "{not json",
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        burstStatuses.set(String(response.status), (burstStatuses.get(String(response.status)) ?? 0) + 1);
      } catch {
        burstStatuses.set("no answer", (burstStatuses.get("no answer") ?? 0) + 1);
      }
    }),
  );
}

/** Every write the clients saw acknowledged, looked for in what a shard holds. */
function verifyStored(clients: Client[], binding: string) {
  const storedForecasts = new Map(
    query<{ id: string; status: string }>("SELECT id, status FROM forecasts WHERE comment LIKE 'chaos %'", binding).map((row) => [
      row.id,
      row.status,
    ]),
  );
  const storedWorkloads = new Map<string, { type: string; workscale: number }[]>();
  for (const row of query<{ user_id: string; type: string; workscale: number }>(
    `SELECT user_id, type, workscale FROM workload_entries WHERE user_id IN (${clients.map((c) => `'${c.userId}'`).join(",")}) ORDER BY created_at, rowid`,
    binding,
  )) {
    const list = storedWorkloads.get(row.user_id) ?? [];
    list.push({ type: row.type, workscale: row.workscale });
    storedWorkloads.set(row.user_id, list);
  }

  const storedMessages = new Set(
    query<{ user_id: string; message: string }>("SELECT user_id, message FROM status_messages WHERE message LIKE 'chaos %'", binding).map(
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

  const stored = `${storedForecasts.size} chaos forecasts, ${[...storedWorkloads.values()].reduce((n, l) => n + l.length, 0)} workload entries, ${storedMessages.size} status messages`;
  return { acknowledged, lost, stored };
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

  const bursts = (async () => {
    while (BURST > 0 && Date.now() < until - 2000) {
      await refusedBurst(base, clients[0]);
      await new Promise((r) => setTimeout(r, 2000));
    }
  })();

  let downMs = 0;
  if (!NPM_START) {
    await new Promise((r) => setTimeout(r, (DURATION_S * 1000) / 2));
    const before = counts.acknowledged;
    const crashed = Date.now();
    const first = server!;
    killServer("SIGKILL");
    await waitForExit(first);
    const restartMs = await startServerWithRetries(port);
    downMs = Date.now() - crashed;
    console.log(
      `chaos: SIGKILL at ${((crashed - started) / 1000).toFixed(1)} s after ${before} acknowledged writes; back up in ${(downMs / 1000).toFixed(1)} s (start ${(restartMs / 1000).toFixed(1)} s)`,
    );
  }

  await Promise.all([...loops, bursts]);
  const elapsedMs = Date.now() - started;
  const last = server!;
  if (NPM_START) {
    // Stopped as Ctrl-C stops npm start: the supervisor takes wrangler's group down, then exits.
    try {
      process.kill(-last.pid!, "SIGTERM");
    } catch {
      // gone
    }
    await waitForExit(last);
    await new Promise((r) => setTimeout(r, 1000));
  }
  killServer("SIGKILL");
  await waitForExit(last);

  // What the crashed and killed server left on disk.
  const { acknowledged, lost, stored } = verifyStored(clients, "DB");
  const upSeconds = (elapsedMs - downMs) / 1000;
  console.log(
    [
      NPM_START
        ? `chaos: ${clients.length} clients for ${(elapsedMs / 1000).toFixed(1)} s against wrangler dev as npm start runs it (supervised, never killed by the run); wrangler dev exited by itself ${supervisorLog.filter((l) => / (exited with code|was killed by) /.test(l)).length} times`
        : `chaos: ${clients.length} clients for ${(elapsedMs / 1000).toFixed(1)} s, server killed (SIGKILL) once mid-run and once at the end`,
      `  acknowledged ${acknowledged}  lost ${lost}  refused ${counts.refused}  failed (no answer / 5xx while down) ${counts.failed}`,
      `  not acknowledged, by reason: ${[...failures].map(([reason, n]) => `${reason} ×${n}`).join(", ") || "none"}`,
      `  latency of acknowledged writes: p50 ${percentile(latencies, 50).toFixed(0)} ms  p95 ${percentile(latencies, 95).toFixed(0)} ms  max ${percentile(latencies, 100).toFixed(0)} ms`,
      `  write rate while up: ${(acknowledged / upSeconds).toFixed(0)} acknowledged writes/s (${upSeconds.toFixed(1)} s up, ${(downMs / 1000).toFixed(1)} s down)`,
      ...(BURST
        ? [`  refused bursts (${BURST} requests every 2 s, not writes): ${[...burstStatuses].map(([status, n]) => `${status} ×${n}`).join(", ")}`]
        : []),
      `  stored: ${stored}`,
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
  if (process.env.CHAOS_MOVE !== "0") await moveWhileWriting(port, clients);
  process.exit(0);
}

/** Demo Law moves from shard 0 to shard 2 while its people write (decision 0314). */
async function moveWhileWriting(port: number, clients: Client[]) {
  await startServerWithRetries(port);
  const base = `http://${HOST}:${port}`;
  const [demo] = query<{ id: string }>("SELECT id FROM companies WHERE name = 'Demo Law'");
  const rows = query<{ n: number }>(
    `SELECT (SELECT count(*) FROM users WHERE company_id = '${demo.id}') + (SELECT count(*) FROM forecasts WHERE company_id = '${demo.id}') + (SELECT count(*) FROM workload_history WHERE company_id = '${demo.id}') AS n`,
  )[0].n;
  const login = await fetch(`${base}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "operator@demo.test", password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`the operator's sign-in failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const operator = (path: string, body?: unknown) =>
    fetch(`${base}/api/v2/operator/moves${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
  // This phase's writes only, by the same people with their tokens naming shard 0.
  const writers: Client[] = clients.map((client) => ({ ...client, forecasts: [], workloads: [], messages: [] }));
  counts.acknowledged = 0;
  counts.held = 0;
  counts.failed = 0;
  let writing = true;
  const loops = writers.map((client, i) => clientLoop(base, client, i + 1000, Number.MAX_SAFE_INTEGER, () => writing));
  await new Promise((r) => setTimeout(r, 2000));
  const started = await operator("", { companyId: demo.id, toShard: 2 });
  if (started.status !== 201) throw new Error(`the move did not start: ${started.status} ${await started.text()}`);
  const move = (await started.json()) as { id: string; state: string };
  const t0 = Date.now();
  let state = move.state;
  let holdMs = 0;
  let copyingMs = 0;
  while (state !== "switched" && Date.now() - t0 < 240_000) {
    const before = state;
    const stepStarted = Date.now();
    const stepped = await operator(`/${move.id}/step`);
    if (!stepped.ok) throw new Error(`a step failed: ${stepped.status} ${await stepped.text()}`);
    const after = (await stepped.json()) as { state: string; rowsCopied: number; error: string | null };
    if (before === "copying") copyingMs += Date.now() - stepStarted;
    if (before === "holding" && after.state === "switched") holdMs = Date.now() - stepStarted;
    if (after.error) console.error(`chaos: move step ${before} → ${after.state}: ${after.error}`);
    state = after.state;
    await new Promise((r) => setTimeout(r, 300));
  }
  if (state !== "switched") throw new Error(`the move did not reach its switch (${state})`);
  const moveMs = Date.now() - t0;
  await new Promise((r) => setTimeout(r, 5000));
  writing = false;
  await Promise.all(loops);
  const last = server!;
  killServer("SIGKILL");
  await waitForExit(last);
  const { acknowledged, lost, stored } = verifyStored(writers, "DB_SHARD_2");
  const placed = query<{ shard: number }>(`SELECT shard FROM firms WHERE company_id = '${demo.id}'`, "DIRECTORY")[0]?.shard;
  const checks = query<{ tbl: string; source_rows: number; target_rows: number; source_sum: string; target_sum: string }>(
    `SELECT tbl, source_rows, target_rows, source_sum, target_sum FROM moves JOIN move_tables ON move_tables.move_id = moves.id WHERE moves.id = '${move.id}'`,
    "DIRECTORY",
  );
  const unequal = checks.filter((c) => c.source_rows !== c.target_rows || c.source_sum !== c.target_sum);
  console.log(
    [
      `chaos: Demo Law (${rows} people, forecasts and history rows) moved from shard 0 to 2 in ${(moveMs / 1000).toFixed(1)} s while ${writers.length} clients wrote`,
      `  copy steps ${(copyingMs / 1000).toFixed(1)} s; writes held ${(holdMs / 1000).toFixed(2)} s (the holding step); held answers sent again ${counts.held}`,
      `  acknowledged ${acknowledged}  lost ${lost}  failed ${counts.failed}; stored on shard 2: ${stored}`,
      `  directory: shard ${placed}; checks: ${checks.length} tables, ${unequal.length} unequal`,
    ].join("\n"),
  );
  if (lost > 0 || acknowledged === 0 || placed !== 2 || unequal.length || checks.length === 0) {
    console.error(`chaos: the move lost writes or did not switch cleanly`);
    process.exit(1);
  }
  console.log("chaos: every write acknowledged during the move is on the new shard");
}

main().catch((error) => {
  console.error(error);
  killServer("SIGKILL");
  process.exit(1);
});
