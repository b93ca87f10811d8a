/**
 * bench:scale's move section (issue 29, decision 0314): a 5,000-person firm of the generated
 * installation moves to another shard while 40 of its people keep writing, as `npm run
 * test:chaos` moves Demo Law: each writer in turn creates a forecast, sets a workload and a
 * status message through the API with a token naming the shard the firm started on, and a write
 * answered 503 + X-Firm-Held is sent again after Retry-After (as the web app does). The operator
 * starts the move (POST /api/v2/operator/moves) and takes its steps one after the other (POST
 * …/{id}/step), timed by the state they start in. After the switch the writers go on a few
 * seconds; then, the server stopped, every write acknowledged in the run is looked for on the
 * shard the directory names (forecasts by id, workloads as a subsequence of the person's
 * entries, status messages by their text, which carries the run's tag), and the move's
 * per-table checks are read from the directory.
 *
 * The state stays usable for the next run: the firm moves away from the shard it was generated
 * on, and back to it on the next run (so runs alternate between two shards); after the
 * measurement the old rows are drained at once (the move's `drain_after` brought forward: the
 * engine keeps them seven days). A move that does not switch within BENCH_MOVE_S (default 1500)
 * or after BENCH_MOVE_HOLDS holds given up (default 2) is cancelled and its copy deleted. A run
 * cut short leaves a move the next run finishes first (a switched one drained, any other
 * cancelled).
 */
import type { MoveView } from "../app/domain/installation/moves.types";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { localD1Files } from "./local-d1";
import { percentile } from "./processes";
import type { ScaleFirm } from "./scale-data";

const WRITERS = Number(process.env.BENCH_MOVE_WRITERS ?? 40);
const MOVE_LIMIT_S = Number(process.env.BENCH_MOVE_S ?? 1500);
const MOVE_HOLDS = Number(process.env.BENCH_MOVE_HOLDS ?? 2);
/** Writing before the move starts (the writers' baseline) and after its switch. */
const BEFORE_S = 10;
const AFTER_S = 5;
const REQUEST_TIMEOUT_MS = 60_000;
/** The clean-up after the measurement (drain or cancel), and a run's leftover, at most this long. */
const CLEANUP_S = Number(process.env.BENCH_MOVE_CLEANUP_S ?? 900);
const PASSWORD = "demo-password-1";

interface Statement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
}
interface Database {
  prepare(sql: string): Statement;
  close(): void;
}
const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean; timeout?: number }) => Database;
};

/** Opens a local D1 file of the state (only while no server runs: an outside reader's lock fails workerd's writes). */
function withDb<T>(file: string, readOnly: boolean, work: (db: Database) => T): T {
  // A busy timeout: the stopped server's workerd may still be closing the file.
  const db = new DatabaseSync(file, { readOnly, timeout: 15_000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const FINISHED = ["done", "aborted"];
const BEFORE_SWITCH = ["preflight", "copying", "catching_up", "holding"];

/** Where the directory places a firm now, and its moves not finished (read from the state's files, server stopped). */
export function firmPlace(state: string, companyId: string): { shard: number; moves: { id: string; state: string }[] } {
  return withDb(localD1Files(state).DIRECTORY, true, (db) => {
    const row = db.prepare("select shard from firms where company_id = ?").get(companyId) as { shard: number } | undefined;
    if (!row) throw new Error(`the directory does not know firm ${companyId}`);
    const moves = db
      .prepare(`select id, state from moves where company_id = ? and state not in ('done', 'aborted') order by started_at`)
      .all(companyId) as { id: string; state: string }[];
    return { shard: row.shard, moves };
  });
}

/** The engine keeps a moved firm's old rows seven days; the bench drains them now (server stopped). */
function drainNow(state: string, moveId: string) {
  withDb(localD1Files(state).DIRECTORY, false, (db) =>
    db.prepare("update moves set drain_after = ? where id = ? and state = 'switched'").run(Date.now() - 1000, moveId),
  );
}

const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Writer {
  userId: string;
  email: string;
  token: string;
  forecasts: { id: string; status: string }[];
  workloads: { type: string; workscale: number }[];
  messages: string[];
}

/** What the writers saw: every acknowledged write (when, and how long it took with its held retries), every held answer. */
class Tally {
  acks: { at: number; ms: number; held: boolean }[] = [];
  heldAnswers: number[] = [];
  heldWrites = 0;
  longestHeldMs = 0;
  refused = 0;
  failed = 0;
  reasons = new Map<string, number>();

  miss(reason: string, detail: string) {
    const n = (this.reasons.get(reason) ?? 0) + 1;
    this.reasons.set(reason, n);
    if (n === 1) console.log(`[move] first write not acknowledged (${reason}): ${detail.slice(0, 200)}`);
  }
}

async function write(
  base: string,
  tally: Tally,
  writer: Writer,
  going: () => boolean,
  path: string,
  body: unknown,
  method = "POST",
): Promise<unknown> {
  const started = performance.now();
  let held = false;
  for (;;) {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${writer.token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      // Held for the switch (decision 0314): sent again after Retry-After, as the web app does.
      if (response.status === 503 && response.headers.get("X-Firm-Held") === "1") {
        tally.heldAnswers.push(Date.now());
        held = true;
        await sleep(Number(response.headers.get("Retry-After") ?? 2) * 1000);
        if (going()) continue;
        tally.miss("still held when the writers stopped", `${method} ${path}`);
        return null;
      }
      const ms = performance.now() - started;
      if (held) {
        tally.heldWrites++;
        tally.longestHeldMs = Math.max(tally.longestHeldMs, ms);
      }
      if (response.ok) {
        tally.acks.push({ at: Date.now(), ms, held });
        return JSON.parse(text) as unknown;
      }
      if (response.status >= 500) tally.failed++;
      else tally.refused++;
      tally.miss(String(response.status), `${method} ${path}: ${text}`);
      return null;
    } catch (error) {
      tally.failed++;
      tally.miss((error as Error).name === "TimeoutError" ? "timeout" : "no answer", String(error));
      await sleep(500);
      return null;
    }
  }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** One writer's turns (as tests/chaos/run.ts): a forecast, a workload, a status message, … until `going` says stop. */
async function writerLoop(base: string, tally: Tally, writer: Writer, index: number, tag: string, going: () => boolean) {
  let n = 0;
  while (going()) {
    n++;
    if (n % 3 === 1) {
      const status = String((index + n) % 4);
      // Past the template's absences (a forecast may not overlap one: 409).
      const start = 400 + ((index * 7 + n) % 300);
      const created = (await write(base, tally, writer, going, `/api/v2/forecast/${writer.userId}`, {
        startDate: day(start),
        endDate: day(start + (n % 5)),
        status,
        comment: `${tag} ${index}/${n}`,
      })) as { _id?: string } | null;
      if (created?._id) writer.forecasts.push({ id: created._id, status });
    } else if (n % 3 === 2) {
      const type = n % 4 === 0 ? "future" : "current";
      const workscale = (index + n) % 4;
      if (await write(base, tally, writer, going, `/api/v2/workload/${type}`, { workscale })) writer.workloads.push({ type, workscale });
    } else {
      const message = `${tag} ${index}/${n}`;
      if (await write(base, tally, writer, going, "/api/v2/workload/message", { message }, "PUT")) writer.messages.push(message);
    }
  }
}

/** Every acknowledged write looked for on a shard's file (server stopped). */
function verifyStored(file: string, writers: Writer[], tag: string, since: number) {
  return withDb(file, true, (db) => {
    const ids = JSON.stringify(writers.map((w) => w.userId));
    const forecasts = new Map(
      (
        db
          .prepare("select id, status from forecasts where id in (select value from json_each(?))")
          .all(JSON.stringify(writers.flatMap((w) => w.forecasts.map((f) => f.id)))) as { id: string; status: string }[]
      ).map((row) => [row.id, String(row.status)]),
    );
    const workloads = new Map<string, { type: string; workscale: number }[]>();
    for (const row of db
      .prepare(
        "select user_id, type, workscale from workload_entries where user_id in (select value from json_each(?)) and created_at >= ? order by created_at, rowid",
      )
      .all(ids, since) as { user_id: string; type: string; workscale: number }[]) {
      const list = workloads.get(row.user_id) ?? [];
      list.push({ type: row.type, workscale: row.workscale });
      workloads.set(row.user_id, list);
    }
    const messages = new Set(
      (
        db
          .prepare("select user_id, message from status_messages where user_id in (select value from json_each(?)) and message like ?")
          .all(ids, `${tag} %`) as { user_id: string; message: string }[]
      ).map((row) => `${row.user_id} ${row.message}`),
    );
    let acknowledged = 0;
    let lost = 0;
    const missing: string[] = [];
    for (const writer of writers) {
      for (const forecast of writer.forecasts) {
        acknowledged++;
        if (forecasts.get(forecast.id) !== forecast.status) {
          lost++;
          missing.push(`forecast ${forecast.id} of ${writer.email}`);
        }
      }
      const stored = workloads.get(writer.userId) ?? [];
      let at = 0;
      for (const entry of writer.workloads) {
        acknowledged++;
        while (at < stored.length && !(stored[at].type === entry.type && stored[at].workscale === entry.workscale)) at++;
        if (at === stored.length) {
          lost++;
          missing.push(`workload ${entry.type}=${entry.workscale} of ${writer.email}`);
        } else at++;
      }
      for (const message of writer.messages) {
        acknowledged++;
        if (!messages.has(`${writer.userId} ${message}`)) {
          lost++;
          missing.push(`status message "${message}" of ${writer.email}`);
        }
      }
    }
    for (const line of missing.slice(0, 20)) console.log(`[move] lost: ${line}`);
    const entries = [...workloads.values()].reduce((n, list) => n + list.length, 0);
    return { acknowledged, lost, stored: `${forecasts.size} forecasts, ${entries} workload entries, ${messages.size} status messages` };
  });
}

/** Groups held answers into windows (answers less than 5 s apart): the hold as the writers met it. */
function holdWindows(times: number[]): { from: number; to: number; answers: number }[] {
  const windows: { from: number; to: number; answers: number }[] = [];
  for (const at of [...times].sort((a, b) => a - b)) {
    const last = windows.at(-1);
    if (last && at - last.to < 5000) {
      last.to = at;
      last.answers++;
    } else windows.push({ from: at, to: at, answers: 1 });
  }
  return windows;
}

const latency = (list: { ms: number }[]) => {
  const sorted = list.map((a) => a.ms).sort((a, b) => a - b);
  return sorted.length
    ? `p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`
    : "none";
};

export interface MoveBench {
  state: string;
  firm: ScaleFirm;
  shardCount: number;
  /** Starts the server on the state; resolves to its base URL. */
  serve: () => Promise<string>;
  stopServers: () => Promise<void>;
}

class Operator {
  constructor(
    private base: string,
    private token: string,
  ) {}

  static async signIn(base: string) {
    const response = await fetch(`${base}/api/v2/account/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "operator@demo.test", password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`the operator's sign-in: ${response.status} ${await response.text()}`);
    return new Operator(base, ((await response.json()) as { token: string }).token);
  }

  async call(path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.base}/api/v2/operator/moves${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
      // A step is bounded by the engine (20 s of chunks), but the hold's checks read the whole firm.
      signal: AbortSignal.timeout(900_000),
    });
  }

  async step(id: string): Promise<MoveView> {
    const response = await this.call(`/${id}/step`);
    if (!response.ok) throw new Error(`step: ${response.status} ${await response.text()}`);
    return (await response.json()) as MoveView;
  }

  /** Steps a move until it is done or aborted (the clean-up, not timed as the measurement). */
  async finish(id: string, label: string): Promise<MoveView | null> {
    const started = Date.now();
    let last: MoveView | null = null;
    while (Date.now() - started < CLEANUP_S * 1000) {
      try {
        last = await this.step(id);
      } catch (error) {
        console.log(`[move] ${label}: a step failed: ${String(error)}`);
        await sleep(2000);
        continue;
      }
      if (FINISHED.includes(last.state)) {
        console.log(`[move] ${label}: ${last.state} in ${seconds(Date.now() - started)}`);
        return last;
      }
    }
    console.log(`[move] ${label}: not finished after ${CLEANUP_S} s (${last?.state ?? "?"}); the next run goes on with it`);
    return last;
  }
}

async function answers(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/login`, { signal: AbortSignal.timeout(15_000) })).ok;
  } catch {
    return false;
  }
}

/** A move left by an earlier run: a switched one drained (its old rows), any other cancelled and its copy deleted. */
async function settleLeftovers(options: MoveBench, leftovers: { id: string; state: string }[]) {
  if (!leftovers.length) return;
  for (const move of leftovers) if (move.state === "switched") drainNow(options.state, move.id);
  const base = await options.serve();
  const operator = await Operator.signIn(base);
  for (const move of leftovers) {
    if (BEFORE_SWITCH.includes(move.state)) {
      const cancelled = await operator.call(`/${move.id}/cancel`);
      if (!cancelled.ok) throw new Error(`cancelling an earlier run's move ${move.id}: ${cancelled.status} ${await cancelled.text()}`);
    }
    const finished = await operator.finish(move.id, `an earlier run's move (${move.state})`);
    if (!finished || !FINISHED.includes(finished.state)) throw new Error(`an earlier run's move ${move.id} is not finished (${finished?.state})`);
  }
  await options.stopServers();
}

export async function measureMove(options: MoveBench): Promise<void> {
  const { state, firm } = options;
  const placed = firmPlace(state, firm.companyId);
  await settleLeftovers(options, placed.moves);
  const from = placed.shard;
  // Away from the shard it was generated on, and back on the next run.
  const to = from === firm.shard ? (firm.shard + 1) % options.shardCount : firm.shard;
  const files = localD1Files(state);
  const binding = (shard: number) => (shard === 0 ? "DB" : `DB_SHARD_${shard}`);
  const people = withDb(files[binding(from)], true, (db) => {
    const count = db.prepare("select count(*) as n from users where company_id = ?").get(firm.companyId) as { n: number };
    const rows = db
      .prepare(
        `select id, email from users where company_id = ? and completed = 1 and company_admin = 0 and admin = 0 and administrator_priviliges = 0 and password_hash is not null order by email limit ${WRITERS}`,
      )
      .all(firm.companyId) as { id: string; email: string }[];
    return { count: count.n, rows };
  });
  if (people.rows.length < WRITERS) throw new Error(`only ${people.rows.length} people of ${firm.name} to write as`);

  const base = await options.serve();
  const operator = await Operator.signIn(base);
  const writers: Writer[] = [];
  for (let i = 0; i < people.rows.length; i += 10) {
    writers.push(
      ...(await Promise.all(
        people.rows.slice(i, i + 10).map(async (person) => {
          const response = await fetch(`${base}/api/v2/account/login`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: person.email, password: PASSWORD }),
          });
          if (!response.ok) throw new Error(`sign-in as ${person.email}: ${response.status} ${await response.text()}`);
          const { token } = (await response.json()) as { token: string };
          return { userId: person.id, email: person.email, token, forecasts: [], workloads: [], messages: [] } satisfies Writer;
        }),
      )),
    );
  }

  const tag = `movebench ${Date.now().toString(36)}`;
  const since = Date.now() - 1000;
  const tally = new Tally();
  let writing = true;
  const loops = writers.map((writer, i) => writerLoop(base, tally, writer, i, tag, () => writing));
  await sleep(BEFORE_S * 1000);

  console.log(`[move] ${firm.name} (${people.count.toLocaleString("en")} people) from shard ${from} to ${to}, ${writers.length} writers`);
  const t0 = Date.now();
  const started = await operator.call("", { companyId: firm.companyId, toShard: to });
  if (started.status !== 201) throw new Error(`the move did not start: ${started.status} ${await started.text()}`);
  let move = (await started.json()) as MoveView;
  const inState = new Map<string, number>();
  const holds: { at: number; ms: number; outcome: string }[] = [];
  let switchedAt = 0;
  let lastLog = t0;
  let repeated = 0;
  let lastError: string | null = null;
  const givenUp = () => holds.filter((h) => h.outcome !== "switched").length >= MOVE_HOLDS;
  while (!["switched", ...FINISHED].includes(move.state) && Date.now() - t0 < MOVE_LIMIT_S * 1000 && !givenUp()) {
    const before = move.state;
    const stepStarted = Date.now();
    try {
      move = await operator.step(move.id);
    } catch (error) {
      console.log(`[move] a ${before} step failed after ${seconds(Date.now() - stepStarted)}: ${String(error)}`);
      if (!(await answers(base))) {
        // The server went down (a hold's checks hold the whole firm in memory): started again on the same port, the move goes on.
        console.log("[move] the server does not answer; starting it again");
        await options.stopServers();
        await options.serve();
      }
      await sleep(2000);
      continue;
    }
    const ms = Date.now() - stepStarted;
    inState.set(before, (inState.get(before) ?? 0) + ms);
    if (before === "holding") {
      holds.push({ at: stepStarted, ms, outcome: move.state === "switched" ? "switched" : `${move.state}: ${move.error ?? "?"}` });
      console.log(`[move] hold ${holds.length}: ${seconds(ms)}, ${holds.at(-1)!.outcome}`);
    }
    if (move.state !== before) {
      console.log(`[move] ${before} → ${move.state} at ${seconds(Date.now() - t0)}: ${move.rowsCopied.toLocaleString("en")} rows copied`);
    }
    if (move.state === "switched") switchedAt = Date.now();
    if (Date.now() - lastLog > 30_000) {
      lastLog = Date.now();
      console.log(
        `[move] ${seconds(Date.now() - t0)}: ${move.state}, table ${move.tablesDone}/${move.tables} (${move.table ?? "-"}), ${move.rowsCopied.toLocaleString("en")} rows copied, ${tally.acks.length} writes acknowledged, load ${loadNow()}`,
      );
    }
    // The same failure again and again (a step that cannot go on): stop rather than spin to the limit.
    repeated = move.error && move.error === lastError ? repeated + 1 : 0;
    lastError = move.error;
    if (repeated >= 10) {
      console.log(`[move] the same error ten steps in a row: ${move.error}`);
      break;
    }
  }
  const endedAt = Date.now();
  const switched = move.state === "switched";
  if (switched) await sleep(AFTER_S * 1000);
  writing = false;
  await Promise.all(loops);

  const copyMs = inState.get("copying") ?? 0;
  let cleanup = "";
  if (!switched && BEFORE_SWITCH.includes(move.state)) {
    const cancelled = await operator.call(`/${move.id}/cancel`);
    console.log(`[move] not switched (${move.state}); cancelled: ${cancelled.status}`);
    const finished = await operator.finish(move.id, "the cancelled move's clean-up");
    cleanup =
      finished?.state === "aborted"
        ? "cancelled; its copy deleted"
        : `cancelled; its copy's deletion under way (${finished?.state ?? "?"}), finished by the next run before it moves the firm`;
  }
  await options.stopServers();

  const after = firmPlace(state, firm.companyId);
  const live = binding(after.shard);
  const { acknowledged, lost, stored } = verifyStored(files[live], writers, tag, since);
  const checks = withDb(
    files.DIRECTORY,
    true,
    (db) =>
      db.prepare("select tbl, source_rows, target_rows, source_sum, target_sum from move_tables where move_id = ?").all(move.id) as {
        tbl: string;
        source_rows: number;
        target_rows: number;
        source_sum: string;
        target_sum: string;
      }[],
  );
  const unequal = checks.filter((c) => c.source_rows !== c.target_rows || c.source_sum !== c.target_sum);
  const checkedRows = checks.reduce((n, c) => n + c.source_rows, 0);

  if (switched) {
    drainNow(state, move.id);
    const drainBase = await options.serve();
    const drained = await (await Operator.signIn(drainBase)).finish(move.id, `the old rows on shard ${from}, drained`);
    cleanup = `old rows on shard ${from} drained (${drained?.state ?? "?"})`;
    await options.stopServers();
  }

  const acksBefore = tally.acks.filter((a) => a.at < t0);
  const acksDuring = tally.acks.filter((a) => a.at >= t0 && a.at <= endedAt);
  const windows = holdWindows(tally.heldAnswers);
  const moveS = (endedAt - t0) / 1000;
  console.log(
    [
      `\nmove of a ${people.count.toLocaleString("en")}-person firm (${firm.name}) from shard ${from} to ${to} under ${writers.length} writers: ${
        switched
          ? `switched in ${seconds(switchedAt - t0)}`
          : `NOT switched after ${seconds(endedAt - t0)} (${move.state}; ${move.error ?? "no error"})`
      }`,
      `  steps by state: ${[...inState].map(([s, ms]) => `${s} ${seconds(ms)}`).join(", ")}; copy ${move.rowsCopied.toLocaleString("en")} rows at ${
        copyMs ? Math.round(move.rowsCopied / (copyMs / 1000)).toLocaleString("en") : "?"
      } rows/s`,
      `  holds (the holding step, writes held): ${holds.map((h) => `${seconds(h.ms)} ${h.outcome}`).join("; ") || "none reached"}`,
      `  writers: ${tally.heldAnswers.length} answers 503 + X-Firm-Held, ${tally.heldWrites} writes sent again after them (longest such write ${seconds(tally.longestHeldMs)}); held windows ${
        windows.map((w) => `${seconds(w.to - w.from)} (${w.answers})`).join(", ") || "none"
      }`,
      `  acknowledged ${acknowledged} (${acksDuring.length} during the move, ${(acksDuring.length / moveS).toFixed(1)}/s), lost ${lost}, refused ${tally.refused}, failed ${tally.failed}${
        tally.reasons.size ? ` (${[...tally.reasons].map(([r, n]) => `${r} ×${n}`).join(", ")})` : ""
      }`,
      `  write latency with retries: before the move ${latency(acksBefore)}; during it ${latency(acksDuring)}`,
      `  on shard ${after.shard} (the directory's): ${stored}; checks: ${checks.length} tables, ${checkedRows.toLocaleString("en")} rows, ${unequal.length} unequal; ${cleanup || "nothing to clean up"}`,
    ].join("\n"),
  );
  if (lost > 0) throw new Error(`the move lost ${lost} acknowledged writes`);
  if (acknowledged !== tally.acks.length) throw new Error(`bookkeeping: ${acknowledged} checked, ${tally.acks.length} acknowledged`);
  if (switched && (after.shard !== to || unequal.length || !checks.length)) throw new Error("the move switched, but not cleanly");
}
