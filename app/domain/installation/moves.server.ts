import { COMPANY_TABLES, type CompanyTable } from "~/db/company-tables";
import type { MoveState } from "~/db/directory-schema";
import { forgetFirmShard } from "~/db/routing.server";
import { shardsOf, type Shard } from "~/db/shards.server";
import { shardCapBytes } from "./shards.server";
import type { Env } from "~/env";
import { newId } from "~/lib/ids";
import type { MoveView } from "./moves.types";

/**
 * Moving a firm to another shard online (decision 0314, after 0311 §6). One call of `stepMove`
 * is one bounded, resumable step; everything a step needs to go on is in the directory's
 * `moves` row, and every step may be repeated (copies are upserts of the source's present rows).
 *
 * - preflight: fences the target `incoming`, then the source `copying` (its triggers log
 *   every change of the firm's rows from here on);
 * - copying: each company table in parents-first order, COPY_ROWS source rows a chunk in the
 *   order of its firm index (decision 0319), upserted on the target and read back (row hashes compared);
 * - catching_up: the logged keys in order, each copied as it is now on the source (or deleted);
 * - holding: the source fence `held` (the firm's writes are refused: 503 at the request layer,
 *   the triggers below it), the log drained, every table counted on both sides and the tables of
 *   up to CHECKSUM_ROWS rows checksummed (the larger ones were compared row by row as copied),
 *   then the switch: the target fence removed, the directory's `firms.shard` flipped, the
 *   source fence `gone`;
 * - switched → draining (after KEEP_MS): the old rows deleted a bounded step at a time;
 * - aborting (a failure, or Cancel before the switch): the source fence removed first (the firm
 *   is whole and live where it was), then the target's rows deleted under a `gone` fence.
 *
 * A failed or interrupted step leaves the firm whole and live on the shard the directory names.
 */

/**
 * Source rows read per copy chunk: each chunk costs four round trips (read, write, read back,
 * the move's row), so larger chunks copy faster; 500 keeps a chunk's rows, sent as one bound
 * JSON value, well under D1's 2 MB for a value.
 */
const COPY_ROWS = 500;
/** Logged keys applied per catch-up chunk. */
const LOG_ROWS = 200;
/**
 * A step stops starting new chunks after this long. Short, because the firm's own writes waited
 * out a running step in the bench (locally, p50 20.5 s with 20 s steps, 3.5 s with 3 s steps; the
 * copy was no slower), so a step's length bounds that wait (decision 0319).
 */
const STEP_BUDGET_MS = 3_000;
/** What the housekeeping cron spends on moves each run, in steps of STEP_BUDGET_MS. */
const CRON_BUDGET_MS = 20_000;
const CRON_STEPS = 10;
/** Catch-up backlog small enough to hold the firm's writes for the rest. */
const HOLD_BACKLOG = 500;
/** A table with more of the firm's rows than this is counted in the hold, not checksummed there (decision 0319). */
export const CHECKSUM_ROWS = 20_000;
/** The longest the firm's writes are held; a hold that would take longer is released and tried again. */
export const HOLD_MAX_MS = 10_000;
/** How long the old rows stay on the source after the switch (a move back is the way to undo one). */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Rows deleted per statement, and statements per step, when draining. */
const DRAIN_ROWS = 1000;
const DRAIN_BATCHES = 20;
/** One step of a move at a time (the cron and the operator's "Step now" may meet). */
const LEASE_MS = 60_000;

/** Where a test interrupts a step (decision 0314's table of interruptions, after 0311 §6.5). */
export type MoveFault =
  | "preflight:target-fenced"
  | "preflight:source-fenced"
  | "copying:target-written"
  | "catching_up:target-written"
  | "holding:held"
  | "holding:target-unfenced"
  | "holding:switched"
  | "draining:some-deleted"
  | "aborting:some-deleted";

export interface StepOptions {
  now?: Date;
  /** Throws at this point of the step (tests). */
  faultAt?: MoveFault;
  /** The largest table the hold checksums (tests; CHECKSUM_ROWS). */
  checksumRows?: number;
}

export class MoveRefused extends Error {}

interface MoveRow {
  id: string;
  company_id: string;
  from_shard: number;
  to_shard: number;
  state: MoveState;
  table_index: number;
  cursor_rowid: number;
  cursor_key: string | null;
  applied_seq: number;
  rows_copied: number;
  holds_tried: number;
  hold_started_at: number | null;
  drain_after: number | null;
  started_by: string;
  started_at: number;
  updated_at: number;
  switched_at: number | null;
  finished_at: number | null;
  error: string | null;
}

const ACTIVE = "state not in ('done', 'aborted')";

function fault(options: StepOptions, at: MoveFault): void {
  if (options.faultAt === at) throw new Error(`move interrupted at ${at}`);
}

function shardOf(env: Env, id: number): Shard {
  const shard = shardsOf(env).find((s) => s.id === id);
  if (!shard) throw new MoveRefused(`This installation has no shard ${id}.`);
  return shard;
}

const q = (name: string) => `"${name}"`;

// --- Rows, keys and hashes -------------------------------------------------------------

type Row = Record<string, unknown>;

function valuesOf(table: CompanyTable, row: Row): unknown[] {
  return table.columns.map((column) => row[column] ?? null);
}

function keyOf(table: CompanyTable, row: Row): string {
  return JSON.stringify(table.primaryKey.map((column) => row[column] ?? null));
}

/** The first 8 bytes of SHA-256 over the row's values in column order, as an unsigned 64-bit number. */
async function rowHash(table: CompanyTable, row: Row): Promise<bigint> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(valuesOf(table, row))));
  return new DataView(digest).getBigUint64(0);
}

const MOD = 1n << 64n;

/** A table's checksum: the sum of its rows' hashes mod 2^64 (order-free: the two shards' rowids differ). */
async function checksum(table: CompanyTable, rows: Row[]): Promise<string> {
  let sum = 0n;
  for (const row of rows) sum = (sum + (await rowHash(table, row))) % MOD;
  return sum.toString(16);
}

/** `(k1, k2) in (…)` over a JSON list of keys (each a JSON array): one bound parameter, however many keys. */
function keyIn(table: CompanyTable, param: string): string {
  const columns = table.primaryKey.map(q);
  const picks = table.primaryKey.map((_, i) => `json_extract(value, '$[${i}]')`);
  return columns.length === 1
    ? `${columns[0]} in (select ${picks[0]} from json_each(${param}))`
    : `(${columns.join(", ")}) in (select ${picks.join(", ")} from json_each(${param}))`;
}

function rowsByKeys(d1: D1Database, table: CompanyTable, keys: string[]): D1PreparedStatement {
  return d1.prepare(`select * from ${q(table.name)} where ${keyIn(table, "?1")}`).bind(`[${keys.join(",")}]`);
}

/**
 * Upserts rows on the target (never `insert or replace`, which would delete and cascade). In the
 * copy, a row whose parent row is not on the target yet is skipped: its parent was written after
 * the copy began, so the row itself was too, and the catch-up brings both.
 */
function upsert(d1: D1Database, table: CompanyTable, rows: Row[], skipOrphans: boolean): D1PreparedStatement {
  const picks = table.columns.map((_, i) => `json_extract(value, '$[${i}]')`);
  const parents = skipOrphans
    ? table.references
        .filter((reference) => reference.table !== table.name)
        .map((reference) => {
          const at = reference.columns.map((column) => table.columns.indexOf(column));
          const nulls = at.map((i) => `json_extract(value, '$[${i}]') is null`).join(" or ");
          const match = reference.foreignColumns.map((column, j) => `p.${q(column)} = json_extract(value, '$[${at[j]}]')`).join(" and ");
          return `(${nulls} or exists (select 1 from ${q(reference.table)} p where ${match}))`;
        })
    : [];
  const updates = table.columns.filter((column) => !table.primaryKey.includes(column)).map((column) => `${q(column)} = excluded.${q(column)}`);
  return d1
    .prepare(
      `insert into ${q(table.name)} (${table.columns.map(q).join(", ")})
       select ${picks.join(", ")} from json_each(?1) where ${parents.length ? parents.join(" and ") : "true"}
       on conflict (${table.primaryKey.map(q).join(", ")}) do ${updates.length ? `update set ${updates.join(", ")}` : "nothing"}`,
    )
    .bind(JSON.stringify(rows.map((row) => valuesOf(table, row))));
}

function setFence(d1: D1Database, companyId: string, moveId: string, state: string, now: number): D1PreparedStatement {
  return d1
    .prepare(
      `insert into firm_fence (company_id, move_id, state, since) values (?1, ?2, ?3, ?4)
       on conflict (company_id) do update set move_id = excluded.move_id, state = excluded.state, since = excluded.since`,
    )
    .bind(companyId, moveId, state, now);
}

// --- The directory's rows ------------------------------------------------------------

async function readMove(env: Env, id: string): Promise<MoveRow | null> {
  return env.DIRECTORY.prepare("select * from moves where id = ?").bind(id).first<MoveRow>();
}

async function save(env: Env, move: MoveRow, changes: Partial<MoveRow>, now: Date): Promise<MoveRow> {
  const next = { ...move, ...changes, updated_at: now.getTime() };
  const columns = Object.keys(changes).concat("updated_at");
  await env.DIRECTORY.prepare(`update moves set ${columns.map((column, i) => `${column} = ?${i + 2}`).join(", ")} where id = ?1`)
    .bind(move.id, ...columns.map((column) => next[column as keyof MoveRow] ?? null))
    .run();
  return next;
}

async function takeLease(env: Env, id: string, now: number): Promise<boolean> {
  const taken = await env.DIRECTORY.prepare(
    `insert into cron_state (key, value, updated_at) values (?1, ?2, ?3)
     on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
     where cast(cron_state.value as integer) <= ?3 returning key`,
  )
    .bind(`move:${id}`, String(now + LEASE_MS), now)
    .all();
  return taken.results.length > 0;
}

async function dropLease(env: Env, id: string): Promise<void> {
  await env.DIRECTORY.prepare("delete from cron_state where key = ?").bind(`move:${id}`).run();
}

// --- Starting, stepping, cancelling ----------------------------------------------------

/** Starts a move of a firm to `toShard`; its steps are taken by the cron or by `stepMove`. */
export async function startMove(env: Env, input: { companyId: string; toShard: number; startedBy: string }, now = new Date()): Promise<string> {
  const placed = await env.DIRECTORY.prepare("select shard from firms where company_id = ?").bind(input.companyId).first<{ shard: number }>();
  if (!placed) throw new MoveRefused("The directory does not know this firm.");
  shardOf(env, input.toShard);
  if (placed.shard === input.toShard) throw new MoveRefused(`The firm is on shard ${input.toShard} already.`);
  const active = await env.DIRECTORY.prepare(`select id from moves where company_id = ? and ${ACTIVE}`).bind(input.companyId).first();
  if (active) throw new MoveRefused("The firm is being moved already.");
  await checkRoom(env, input.companyId, placed.shard, input.toShard);
  const id = newId();
  await env.DIRECTORY.prepare(
    `insert into moves (id, company_id, from_shard, to_shard, state, started_by, started_at, updated_at) values (?1, ?2, ?3, ?4, 'preflight', ?5, ?6, ?6)`,
  )
    .bind(id, input.companyId, placed.shard, input.toShard, input.startedBy, now.getTime())
    .run();
  return id;
}

/** A size as the refusal says it: in GB, MB or kB, whichever shows it (a new shard holds about 1 MB). */
const sizeText = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`;

/**
 * The target must have room for the firm under the shard cap (what placement fills a shard to):
 * the firm's size is estimated as its share of its shard's people times the shard's size, both
 * by the last probe. A shard never probed has no size yet and is not checked.
 */
async function checkRoom(env: Env, companyId: string, from: number, to: number): Promise<void> {
  const [sizes, people] = await env.DIRECTORY.batch<{ id: number; size_bytes: number | null; firm: number; everyone: number }>([
    env.DIRECTORY.prepare("select id, size_bytes from shards where id in (?1, ?2)").bind(from, to),
    env.DIRECTORY.prepare(
      "select sum(case when company_id = ?1 then people else 0 end) as firm, sum(people) as everyone from firms where shard = ?2",
    ).bind(companyId, from),
  ]);
  const sourceSize = sizes.results.find((row) => row.id === from)?.size_bytes;
  const targetSize = sizes.results.find((row) => row.id === to)?.size_bytes;
  const { firm, everyone } = people.results[0] ?? { firm: 0, everyone: 0 };
  if (sourceSize == null || targetSize == null || !everyone) return;
  const firmSize = (sourceSize * (firm ?? 0)) / everyone;
  const cap = shardCapBytes(env);
  if (targetSize + firmSize > cap)
    throw new MoveRefused(
      `Shard ${to} has no room for this firm: it holds ${sizeText(targetSize)}, the firm about ${sizeText(firmSize)}, and a shard is filled to ${sizeText(cap)} at most.`,
    );
}

/** Stops a move before its switch: the firm stays whole on its shard, and the target's copy is deleted by the following steps. */
export async function cancelMove(env: Env, id: string, now = new Date()): Promise<void> {
  const move = await readMove(env, id);
  if (!move) throw new MoveRefused("No such move.");
  if (!["preflight", "copying", "catching_up", "holding"].includes(move.state))
    throw new MoveRefused(move.state === "aborting" ? "The move is being cancelled." : "After the switch, a move is undone by a move back.");
  await save(env, move, { state: "aborting", error: move.error ?? "Cancelled by the operator." }, now);
}

/**
 * One bounded step of a move. Returns the move's state after it. A step that fails records the
 * error and leaves the move where it was (the next step tries again), except a verification
 * mismatch, which cancels the move.
 */
export async function stepMove(env: Env, id: string, options: StepOptions = {}): Promise<MoveState> {
  const now = options.now ?? new Date();
  let move = await readMove(env, id);
  if (!move) throw new MoveRefused("No such move.");
  if (move.state === "done" || move.state === "aborted") return move.state;
  if (!(await takeLease(env, id, now.getTime()))) return move.state;
  try {
    move = await runStep(env, move, now, options);
    return move.state;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await save(env, move, { error: message }, now).catch(() => undefined);
    throw error;
  } finally {
    await dropLease(env, id).catch(() => undefined);
  }
}

async function runStep(env: Env, move: MoveRow, now: Date, options: StepOptions): Promise<MoveRow> {
  const source = shardOf(env, move.from_shard);
  const target = shardOf(env, move.to_shard);
  const started = Date.now();
  const inTime = () => Date.now() - started < STEP_BUDGET_MS;
  switch (move.state) {
    case "preflight":
      return preflight(env, move, source, target, now, options);
    case "copying": {
      while (move.state === "copying" && inTime()) move = await copyChunk(env, move, source, target, now, options);
      return move;
    }
    case "catching_up": {
      for (;;) {
        const applied = await catchUpChunk(move, source, target, options, "catching_up:target-written");
        if (applied.last > move.applied_seq) move = await save(env, move, { applied_seq: applied.last, error: null }, now);
        if (applied.count < LOG_ROWS || !inTime()) break;
      }
      const backlog = await source.d1
        .prepare("select count(*) as n from move_changes where company_id = ?")
        .bind(move.company_id)
        .first<{ n: number }>();
      return (backlog?.n ?? 0) <= HOLD_BACKLOG ? save(env, move, { state: "holding" }, now) : move;
    }
    case "holding":
      return hold(env, move, source, target, now, options);
    case "switched": {
      // The end of a switch that was interrupted: the source refuses the firm's writes for good.
      await source.d1.batch([setFence(source.d1, move.company_id, move.id, "gone", now.getTime())]);
      await target.d1.prepare("delete from firm_fence where company_id = ?").bind(move.company_id).run();
      return (move.drain_after ?? 0) <= now.getTime() ? save(env, move, { state: "draining" }, now) : move;
    }
    case "draining": {
      const left = await deleteFirm(source, move.company_id, options, "draining:some-deleted");
      if (left) return move;
      await source.d1.prepare("delete from move_changes where company_id = ?").bind(move.company_id).run();
      return save(env, move, { state: "done", finished_at: now.getTime() }, now);
    }
    case "aborting": {
      // The source first: the firm is live and unlogged where it always was.
      await source.d1.prepare("delete from firm_fence where company_id = ? and move_id = ?").bind(move.company_id, move.id).run();
      await target.d1.batch([setFence(target.d1, move.company_id, move.id, "gone", now.getTime())]);
      const left = await deleteFirm(target, move.company_id, options, "aborting:some-deleted");
      if (left) return move;
      await source.d1.prepare("delete from move_changes where company_id = ?").bind(move.company_id).run();
      return save(env, move, { state: "aborted", finished_at: now.getTime() }, now);
    }
    default:
      return move;
  }
}

async function preflight(env: Env, move: MoveRow, source: Shard, target: Shard, now: Date, options: StepOptions): Promise<MoveRow> {
  const refuse = (error: string) => save(env, move, { state: "aborted", error, finished_at: now.getTime() }, now);
  const [sourceMigration, targetMigration] = await Promise.all(
    [source, target].map((shard) =>
      shard.d1
        .prepare("select max(id) as id from d1_migrations")
        .first<{ id: number | null }>()
        .catch(() => null),
    ),
  );
  if (sourceMigration?.id !== targetMigration?.id) return refuse("The two shards are not on the same migration.");
  // A firm is on one shard at a time: rows of it on the target (an earlier move's, not yet deleted) stop this one.
  if (!(await ownsFence(target, move, "incoming"))) {
    const present = await target.d1.prepare("select 1 as here from companies where id = ?").bind(move.company_id).first();
    if (present) return refuse("The target shard holds rows of this firm already.");
  }
  await target.d1.batch([setFence(target.d1, move.company_id, move.id, "incoming", now.getTime())]);
  fault(options, "preflight:target-fenced");
  // Logging starts before anything is read, so every later change reaches the catch-up.
  await source.d1.batch([setFence(source.d1, move.company_id, move.id, "copying", now.getTime())]);
  fault(options, "preflight:source-fenced");
  return save(env, move, { state: "copying", table_index: 0, cursor_rowid: 0, error: null }, now);
}

async function ownsFence(shard: Shard, move: MoveRow, state: string): Promise<boolean> {
  const row = await shard.d1
    .prepare("select move_id, state from firm_fence where company_id = ?")
    .bind(move.company_id)
    .first<{ move_id: string; state: string }>();
  return row?.move_id === move.id && row.state === state;
}

async function copyChunk(env: Env, move: MoveRow, source: Shard, target: Shard, now: Date, options: StepOptions): Promise<MoveRow> {
  const table = COMPANY_TABLES[move.table_index];
  if (!table) return save(env, move, { state: "catching_up", error: null }, now);
  const rows = (await copyRead(source, table, move)).results;
  if (rows.length) {
    await target.d1.batch([target.d1.prepare("PRAGMA defer_foreign_keys = on"), upsert(target.d1, table, rows, true)]);
    fault(options, "copying:target-written");
    await compareOnTarget(target, table, rows);
  }
  const done = table.selfReference || rows.length < COPY_ROWS;
  const last = rows[rows.length - 1];
  return save(
    env,
    move,
    done
      ? { table_index: move.table_index + 1, cursor_rowid: 0, cursor_key: null, rows_copied: move.rows_copied + rows.length, error: null }
      : {
          cursor_rowid: Number(last.__rowid),
          cursor_key: table.copyOrder.length ? JSON.stringify(table.copyOrder.map((column) => last[column])) : null,
          rows_copied: move.rows_copied + rows.length,
          error: null,
        },
    now,
  );
}

/**
 * The next chunk of a table's rows of the firm, after the move's cursor, in the table's copy order
 * (decision 0319): its firm index's columns, then the rowid, so the chunk is a seek in that index
 * rather than a sort of all the firm's rows (which made copying a large firm quadratic). A table
 * that references itself (the competence tree) is read whole, and copied in one transaction, so a
 * child may come before its parent.
 */
function copyRead(source: Shard, table: CompanyTable, move: MoveRow) {
  const resumed = move.cursor_key !== null || move.cursor_rowid !== 0;
  const cursor = !resumed ? [] : table.copyOrder.length ? [move.cursor_rowid, move.cursor_key ?? "[]"] : [move.cursor_rowid];
  return source.d1
    .prepare(copySql(table, resumed))
    .bind(move.company_id, ...cursor)
    .all<Row>();
}

/**
 * A copy chunk's statement: ?1 the firm; once `resumed` after a first chunk, ?2 the cursor's
 * rowid and (a table with a copy order) ?3 its index values, a JSON list.
 */
export function copySql(table: CompanyTable, resumed: boolean): string {
  const limit = table.selfReference ? "" : `limit ${COPY_ROWS}`;
  const order = [...table.copyOrder.map(q), "rowid"];
  const after = !resumed
    ? "true"
    : table.copyOrder.length
      ? `(${order.join(", ")}) > (${table.copyOrder.map((_, i) => `json_extract(?3, '$[${i}]')`).join(", ")}, ?2)`
      : "rowid > ?2";
  return `select rowid as "__rowid", * from ${q(table.name)} where ${q(table.firmColumn)} = ?1 and ${after} order by ${order.join(", ")} ${limit}`;
}

/** Reads the rows back from the target and compares their values (rows skipped as orphans are not there yet: the catch-up brings them). */
async function compareOnTarget(target: Shard, table: CompanyTable, rows: Row[]): Promise<void> {
  const copied = (
    await rowsByKeys(
      target.d1,
      table,
      rows.map((row) => keyOf(table, row)),
    ).all<Row>()
  ).results;
  const onTarget = new Map(copied.map((row) => [keyOf(table, row), row]));
  for (const row of rows) {
    const there = onTarget.get(keyOf(table, row));
    // The values the row hash is taken over, compared directly (no digest to compute for every row copied).
    if (there && JSON.stringify(valuesOf(table, there)) !== JSON.stringify(valuesOf(table, row)))
      throw new Error(`${table.name}: a copied row reads back different on the target`);
  }
}

/**
 * Applies the next logged changes to the target: each key as the source has it now (present:
 * upserted; absent: deleted), all in one transaction; then the applied log rows are deleted.
 */
async function catchUpChunk(
  move: MoveRow,
  source: Shard,
  target: Shard,
  options: StepOptions,
  at: MoveFault,
): Promise<{ count: number; last: number }> {
  const log = (
    await source.d1
      .prepare(`select seq, tbl, pk from move_changes where company_id = ? order by seq limit ${LOG_ROWS}`)
      .bind(move.company_id)
      .all<{ seq: number; tbl: string; pk: string }>()
  ).results;
  if (!log.length) return { count: 0, last: move.applied_seq };
  const byTable = new Map<string, Set<string>>();
  for (const entry of log) {
    const keys = byTable.get(entry.tbl) ?? new Set<string>();
    keys.add(entry.pk);
    byTable.set(entry.tbl, keys);
  }
  const tables = COMPANY_TABLES.filter((table) => byTable.has(table.name));
  const reads = await source.d1.batch<Row>(tables.map((table) => rowsByKeys(source.d1, table, [...byTable.get(table.name)!])));
  const statements: D1PreparedStatement[] = [target.d1.prepare("PRAGMA defer_foreign_keys = on")];
  // Deletions children first, then the present rows parents first.
  for (const [i, table] of [...tables.entries()].reverse()) {
    const present = new Set(reads[i].results.map((row) => keyOf(table, row)));
    const gone = [...byTable.get(table.name)!].filter((key) => !present.has(normalKey(key)));
    if (gone.length) statements.push(target.d1.prepare(`delete from ${q(table.name)} where ${keyIn(table, "?1")}`).bind(`[${gone.join(",")}]`));
  }
  // A unique value may have passed between rows since they were copied (two people swapping
  // addresses): the target rows holding a value about to be written are parked first, on a value
  // of their own; each is in the log, so a later chunk (at the latest the hold's) writes it as the source has it.
  for (const [i, table] of tables.entries())
    for (const column of table.uniqueText) {
      const values = reads[i].results.map((row) => row[column]).filter((value) => value !== null && value !== undefined);
      if (values.length)
        statements.push(
          target.d1
            .prepare(
              `update ${q(table.name)} set ${q(column)} = char(1) || 'moving ' || rowid where ${q(column)} in (select value from json_each(?1))`,
            )
            .bind(JSON.stringify(values)),
        );
    }
  for (const [i, table] of tables.entries()) if (reads[i].results.length) statements.push(upsert(target.d1, table, reads[i].results, false));
  await target.d1.batch(statements);
  fault(options, at);
  for (const [i, table] of tables.entries()) await compareOnTarget(target, table, reads[i].results);
  const last = log[log.length - 1].seq;
  await source.d1.prepare("delete from move_changes where company_id = ? and seq <= ?").bind(move.company_id, last).run();
  return { count: log.length, last };
}

/** A logged key (SQLite's json_array) in the form keyOf writes (JSON.stringify). */
function normalKey(key: string): string {
  return JSON.stringify(JSON.parse(key));
}

async function hold(env: Env, move: MoveRow, source: Shard, target: Shard, now: Date, options: StepOptions): Promise<MoveRow> {
  const started = Date.now();
  const release = async (changes: Partial<MoveRow>) => {
    // The target is not live again before the source takes writes again.
    await target.d1.batch([setFence(target.d1, move.company_id, move.id, "incoming", now.getTime())]);
    await source.d1.batch([setFence(source.d1, move.company_id, move.id, "copying", now.getTime())]);
    return save(env, move, { hold_started_at: null, ...changes }, now);
  };
  // A hold left by an interrupted step is released if it has lasted too long.
  if (move.hold_started_at !== null && now.getTime() - move.hold_started_at > HOLD_MAX_MS)
    return release({ state: "catching_up", holds_tried: move.holds_tried + 1, error: "A hold was interrupted; trying again." });
  await target.d1.batch([setFence(target.d1, move.company_id, move.id, "incoming", now.getTime())]);
  await source.d1.batch([setFence(source.d1, move.company_id, move.id, "held", now.getTime())]);
  move = await save(env, move, { hold_started_at: move.hold_started_at ?? now.getTime() }, now);
  fault(options, "holding:held");
  // The last changes: nothing new is logged now.
  for (;;) {
    const applied = await catchUpChunk(move, source, target, options, "catching_up:target-written");
    if (applied.last > move.applied_seq) move = await save(env, move, { applied_seq: applied.last }, now);
    if (applied.count < LOG_ROWS) break;
    if (Date.now() - started > HOLD_MAX_MS)
      return release({ state: "catching_up", holds_tried: move.holds_tried + 1, error: "Too busy to hold: the catch-up took too long." });
  }
  const mismatches = await verify(env, move, source, target, now, options.checksumRows ?? CHECKSUM_ROWS);
  if (mismatches.length) {
    await release({});
    return save(env, move, { state: "aborting", hold_started_at: null, error: `The copy differs from the source: ${mismatches.join(", ")}` }, now);
  }
  if (Date.now() - started > HOLD_MAX_MS)
    return release({ state: "catching_up", holds_tried: move.holds_tried + 1, error: "Too busy to hold: the checks took too long." });
  // The switch: the target becomes live (nothing routes there yet), the directory names it, the source is left.
  await target.d1.prepare("delete from firm_fence where company_id = ?").bind(move.company_id).run();
  fault(options, "holding:target-unfenced");
  const at = now.getTime();
  await env.DIRECTORY.batch([
    env.DIRECTORY.prepare("update firms set shard = ?2, updated_at = ?3 where company_id = ?1").bind(move.company_id, move.to_shard, at),
    env.DIRECTORY.prepare(
      "update moves set state = 'switched', switched_at = ?2, drain_after = ?3, hold_started_at = null, error = null, updated_at = ?2 where id = ?1",
    ).bind(move.id, at, at + KEEP_MS),
  ]);
  forgetFirmShard(move.company_id);
  move = { ...move, state: "switched", switched_at: at, drain_after: at + KEEP_MS, hold_started_at: null, error: null };
  fault(options, "holding:switched");
  await source.d1.batch([setFence(source.d1, move.company_id, move.id, "gone", at)]);
  return move;
}

/**
 * The checks in the hold (decision 0319, after 0311 §6.3): every company table's rows of the firm
 * counted on both shards, and checksummed on both where the source has at most `checksumRows` of
 * them. A larger table is not read whole in the hold (a 5,000-person firm's history took 45 s):
 * each of its rows was read back from the target and compared as it was copied, and each row
 * changed since was compared again as the catch-up applied it, so with equal counts the two sides
 * hold the same rows. Returns the tables that differ.
 */
async function verify(env: Env, move: MoveRow, source: Shard, target: Shard, now: Date, checksumRows: number): Promise<string[]> {
  const count = (shard: Shard) =>
    shard.d1.batch<{ n: number }>(
      COMPANY_TABLES.map((table) =>
        shard.d1.prepare(`select count(*) as n from ${q(table.name)} where ${q(table.firmColumn)} = ?`).bind(move.company_id),
      ),
    );
  const [fromCounts, toCounts] = await Promise.all([count(source), count(target)]);
  const rowsOf = (counts: D1Result<{ n: number }>[], i: number) => counts[i].results[0]?.n ?? 0;
  const summed = COMPANY_TABLES.filter((_, i) => rowsOf(fromCounts, i) <= checksumRows);
  const read = (shard: Shard) =>
    summed.length
      ? shard.d1.batch<Row>(
          summed.map((table) => shard.d1.prepare(`select * from ${q(table.name)} where ${q(table.firmColumn)} = ?`).bind(move.company_id)),
        )
      : Promise.resolve([]);
  const [fromRows, toRows] = await Promise.all([read(source), read(target)]);
  const mismatches: string[] = [];
  const results: D1PreparedStatement[] = [];
  for (const [i, table] of COMPANY_TABLES.entries()) {
    const sourceRows = rowsOf(fromCounts, i);
    const targetRows = rowsOf(toCounts, i);
    const at = summed.indexOf(table);
    const [sourceSum, targetSum] =
      at < 0 ? ["", ""] : await Promise.all([checksum(table, fromRows[at].results), checksum(table, toRows[at].results)]);
    if (sourceRows !== targetRows || sourceSum !== targetSum) mismatches.push(table.name);
    results.push(
      env.DIRECTORY.prepare(
        `insert into move_tables (move_id, tbl, source_rows, target_rows, source_sum, target_sum, method, checked_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         on conflict (move_id, tbl) do update set source_rows = excluded.source_rows, target_rows = excluded.target_rows,
           source_sum = excluded.source_sum, target_sum = excluded.target_sum, method = excluded.method, checked_at = excluded.checked_at`,
      ).bind(move.id, table.name, sourceRows, targetRows, sourceSum, targetSum, at < 0 ? "rows" : "checksum", now.getTime()),
    );
  }
  await env.DIRECTORY.batch(results);
  return mismatches;
}

/** Deletes a bounded part of a firm's rows from a shard where it is not live, children first. True while rows are left. */
async function deleteFirm(shard: Shard, companyId: string, options: StepOptions, at: MoveFault): Promise<boolean> {
  let budget = DRAIN_ROWS * DRAIN_BATCHES;
  for (const table of [...COMPANY_TABLES].reverse()) {
    for (;;) {
      if (budget <= 0) return true;
      // A tree (competences) loses its leaves first: deleting a parent would update its children (set null), which the fence refuses.
      const leaf = table.selfReference
        ? ` and not exists (select 1 from ${q(table.name)} c where c.${q(table.selfReference)} = t.${q(table.primaryKey[0])})`
        : "";
      const result = await shard.d1
        .prepare(
          `delete from ${q(table.name)} where rowid in (select rowid from ${q(table.name)} t where ${q(table.firmColumn)} = ?${leaf} limit ${DRAIN_ROWS})`,
        )
        .bind(companyId)
        .run();
      budget -= result.meta.changes;
      if (result.meta.changes > 0 && budget < DRAIN_ROWS * DRAIN_BATCHES) fault(options, at);
      if (result.meta.changes === 0 || (!table.selfReference && result.meta.changes < DRAIN_ROWS)) break;
    }
  }
  return false;
}

// --- The cron and the operator's view --------------------------------------------------------

/** One step of every active move (the housekeeping cron); a switched one only makes sure its source is fenced off until it may be drained. */
export async function runMoves(env: Env, now = new Date()): Promise<void> {
  const active = (
    await env.DIRECTORY.prepare(`select id, state, drain_after from moves where ${ACTIVE} order by started_at`).all<{
      id: string;
      state: MoveState;
      drain_after: number | null;
    }>()
  ).results;
  // Short steps one after another, up to the cron's budget: the pace of one long step, with the firm's writes let through between them.
  const started = Date.now();
  for (const move of active) {
    for (let steps = 0; steps < CRON_STEPS && Date.now() - started < CRON_BUDGET_MS; steps++) {
      const state = await stepMove(env, move.id, { now }).catch((error) => {
        console.error(`[moves] ${move.id} failed`, error);
        return null;
      });
      if (state === null || !["copying", "catching_up", "holding", "draining", "aborting"].includes(state)) break;
    }
  }
}

/** The moves not finished, and those finished in the last day, newest first, with their firm's name. */
export async function listMoves(env: Env, now = new Date()): Promise<MoveView[]> {
  const rows = (
    await env.DIRECTORY.prepare(
      `select m.*, f.name as firm_name from moves m left join firms f on f.company_id = m.company_id
       where m.state not in ('done', 'aborted') or m.finished_at > ? order by m.started_at desc limit 50`,
    )
      .bind(now.getTime() - 24 * 60 * 60 * 1000)
      .all<MoveRow & { firm_name: string | null }>()
  ).results;
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    firmName: row.firm_name,
    fromShard: row.from_shard,
    toShard: row.to_shard,
    state: row.state,
    table: COMPANY_TABLES[row.table_index]?.name ?? null,
    tablesDone: Math.min(row.table_index, COMPANY_TABLES.length),
    tables: COMPANY_TABLES.length,
    rowsCopied: row.rows_copied,
    holdsTried: row.holds_tried,
    error: row.error,
    startedAt: new Date(row.started_at).toISOString(),
    switchedAt: row.switched_at ? new Date(row.switched_at).toISOString() : null,
    drainAfter: row.drain_after ? new Date(row.drain_after).toISOString() : null,
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  }));
}
