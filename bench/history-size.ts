/**
 * npm run bench:history: what a person's history costs in D1, measured, for docs/scale.md.
 *
 * Reads a local D1 database of `wrangler dev` (default: the newest under .wrangler/chaos-state,
 * which holds the seed's four months of history and the rows `npm run test:chaos` wrote
 * through the API; HISTORY_DB=path picks another) with node:sqlite and SQLite's dbstat:
 *   - per table: rows, bytes on disk including its indexes, bytes per row;
 *   - from the seed: history rows per person per year (the seed's own rates, scaled to 365 days);
 *   - a year of a busy person (the usage model below) in rows and bytes;
 *   - the single writer's ceiling: on a copy of the database, the statements of one workload
 *     change (POST /workload/current: the entry, the person's state, the history row read
 *     back from it) as one transaction each, WAL and synchronous=FULL, timed back to back.
 *     That is SQLite's own cost per write on this machine; D1 adds a network hop per batch
 *     that does not occupy the writer.
 *   - retention (decision 0308): on the same copy, a year of daily statistics rows
 *     (stat_days) for RETENTION_PEOPLE people, then the same year rolled by the retention's
 *     own code (app/domain/statistics/weekly.ts) into workload_weekly rows, both measured with
 *     dbstat; bytes per person-year of history before retention (raw history and daily rows)
 *     and after (weekly rows only).
 * Read-only on the original; run after `npm run test:chaos` (or point it at any local state).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { weekOf } from "../app/domain/statistics/weekly";
import type { StatDay } from "../app/db/schema";
import { shardZeroFile } from "./local-d1";

/** node:sqlite (Node 22), typed here: the project's @types/node is 20's. */
interface Statement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}
interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}
const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => Database;
};

const file = process.env.HISTORY_DB ?? shardZeroFile(".wrangler/chaos-state");
const db = new DatabaseSync(file, { readOnly: true });
const fileBytes = statSync(file).size;

/**
 * Writes per person per year of someone who keeps the planner up to date: a workload change
 * every other working day, a location every working day, two forecasts and a status message
 * a week, a sign-in every working day. Each API write's rows are what the domain writes.
 */
const BUSY_YEAR: Record<string, number> = {
  workload_entries: 130,
  workload_history: 130 + 104,
  workplace_history: 261,
  forecasts: 104,
  audit_log: 104 + 20,
  status_messages: 52,
  usage_events: 261,
  sessions: 20,
  email_outbox: 10,
};

const tables = (
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all() as { name: string }[]
).map((t) => t.name);

interface Size {
  rows: number;
  bytes: number;
  perRow: number;
}
const sizes = new Map<string, Size>();
for (const table of tables) {
  const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(table) as { name: string }[]).map(
    (i) => i.name,
  );
  const names = [table, ...indexes];
  // Bytes in use (pages less their free space): a table of a few rows still takes a whole
  // page per B-tree, which would swamp the per-row figure.
  const bytes = Number(
    (
      db.prepare(`SELECT coalesce(sum(pgsize - unused), 0) AS b FROM dbstat WHERE name IN (${names.map(() => "?").join(",")})`).get(...names) as {
        b: number;
      }
    ).b,
  );
  const rows = Number((db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n);
  sizes.set(table, { rows, bytes, perRow: rows ? bytes / rows : 0 });
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`history-size: ${file}`);
console.log(`  ${"table".padEnd(22)} ${"rows".padStart(8)} ${"bytes in use, with indexes".padStart(27)} ${"bytes/row".padStart(10)}`);
for (const [table, size] of [...sizes].sort((a, b) => b[1].bytes - a[1].bytes)) {
  if (!size.rows) continue;
  console.log(`  ${table.padEnd(22)} ${String(size.rows).padStart(8)} ${kib(size.bytes).padStart(27)} ${size.perRow.toFixed(0).padStart(10)}`);
}

// The seed's rates: history of the people who have any, over the span it covers (before
// today, so rows written by a chaos run today do not count).
const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
for (const table of ["workload_history", "workplace_history"]) {
  const r = db
    .prepare(
      `SELECT count(*) AS n, count(DISTINCT user_id) AS people, min(recorded_at) AS first, max(recorded_at) AS last FROM "${table}" WHERE recorded_at < ?`,
    )
    .get(today) as {
    n: number;
    people: number;
    first: number;
    last: number;
  };
  const days = (r.last - r.first) / 86_400_000 || 1;
  const perYear = (r.n / r.people) * (365 / days);
  console.log(
    `  seed ${table}: ${r.n} rows for ${r.people} people over ${days.toFixed(0)} days = ${perYear.toFixed(0)} rows per person per year, ${kib(perYear * sizes.get(table)!.perRow)}`,
  );
}

let rows = 0;
let bytes = 0;
console.log("  a busy person's year (model in this file):");
for (const [table, count] of Object.entries(BUSY_YEAR)) {
  const perRow = sizes.get(table)?.perRow ?? 0;
  if (!perRow) {
    console.log(`    ${table.padEnd(20)} ${String(count).padStart(5)} rows  (no rows here to measure)`);
    continue;
  }
  rows += count;
  bytes += count * perRow;
  console.log(`    ${table.padEnd(20)} ${String(count).padStart(5)} rows × ${perRow.toFixed(0).padStart(4)} B = ${kib(count * perRow)}`);
}
console.log(`    ${"total".padEnd(20)} ${String(rows).padStart(5)} rows, ${kib(bytes)} per person per year`);
const fill = db.prepare("SELECT sum(pgsize - unused) AS used, sum(pgsize) AS total FROM dbstat").get() as { used: number; total: number };
console.log(`  database file: ${kib(fileBytes)} on disk, pages ${((100 * fill.used) / fill.total).toFixed(0)}% in use`);
console.log(`  10 GB (D1's limit per database) holds ${((10e9 / bytes) | 0).toLocaleString("en")} person-years of this`);

// ---- the single writer's ceiling ----------------------------------------------------------
const WRITES = Number(process.env.HISTORY_WRITES ?? 3000);
const scratch = mkdtempSync(join(tmpdir(), "history-size-"));
try {
  copyFileSync(file, join(scratch, "db.sqlite"));
  for (const suffix of ["-wal", "-shm"]) if (existsSync(file + suffix)) copyFileSync(file + suffix, join(scratch, `db.sqlite${suffix}`));
  const w = new DatabaseSync(join(scratch, "db.sqlite"));
  w.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  const people = (w.prepare("SELECT id, company_id FROM users WHERE completed = 1 LIMIT 50").all() as { id: string; company_id: string }[]).map(
    (p) => [p.id, p.company_id],
  );
  const entry = w.prepare(
    "INSERT INTO workload_entries (id, company_id, user_id, type, workscale, source, created_at) VALUES (?, ?, ?, 'current', ?, 'web_app', ?)",
  );
  const state = w.prepare("UPDATE users SET current_workload = ?, on_leave = 0, last_updated = ? WHERE id = ? AND company_id = ?");
  const history = w.prepare(
    "INSERT INTO workload_history (id, company_id, user_id, current_workload, future_workload, on_leave, source, recorded_at) SELECT ?, company_id, id, current_workload, future_workload, on_leave, 'web_app', ? FROM users WHERE id = ? AND company_id = ?",
  );
  const id = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
  const started = performance.now();
  for (let i = 0; i < WRITES; i++) {
    const [userId, companyId] = people[i % people.length];
    const now = Date.now();
    w.exec("BEGIN");
    entry.run(id(), companyId, userId, i % 4, now);
    state.run(i % 4, now, userId, companyId);
    history.run(id(), now, userId, companyId);
    w.exec("COMMIT");
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  single writer: ${WRITES} workload changes (3 statements, one transaction each) in ${seconds.toFixed(2)} s = ${(WRITES / seconds).toFixed(0)} writes/s, ${((seconds / WRITES) * 1000).toFixed(2)} ms each`,
  );
  w.close();

  // ---- retention (decision 0308) ---------------------------------------------------------
  const r = new DatabaseSync(join(scratch, "db.sqlite"));
  const has = (name: string) => Boolean(r.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(name));
  // An older state lacks the newer tables: made from their migrations (tables and indexes only).
  const ddl = (file: string, table: string) =>
    readFileSync(join("migrations", file), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .filter((s) => new RegExp(`^CREATE (TABLE|INDEX) \`[^\`]*\`( ON \`${table}\`)?`).test(s) && s.includes(`\`${table}\``))
      .forEach((s) => r.exec(s));
  if (!has("workload_weekly")) ddl("0037_history_retention.sql", "workload_weekly");
  if (!has("stat_days")) throw new Error("stat_days missing: run against a state migrated to 0020 or later");
  r.exec("PRAGMA foreign_keys = OFF; DELETE FROM stat_days; DELETE FROM workload_weekly;");
  const PEOPLE = Number(process.env.RETENTION_PEOPLE ?? 200);
  const companyId = id();
  const groupId = id();
  const officeId = id();
  const firstMonday = Date.UTC(2025, 0, 6);
  const insertDay = r.prepare(`INSERT INTO stat_days (company_id, user_id, day, group_id, office_id, level, away, location, cum_days, cum_reported,
    cum_level_sum, cum_level0, cum_level3, cum_home, cum_away, week_home, week_office) VALUES (${Array(17).fill("?").join(",")})`);
  const insertWeek = r.prepare(`INSERT INTO workload_weekly (company_id, user_id, week, group_id, office_id, days, reported, level_sum, level_min,
    level_max, away, office, home, absent, elsewhere, day_codes, cum_days, cum_reported, cum_level_sum, cum_level0, cum_level3, cum_home, cum_away)
    VALUES (${Array(23).fill("?").join(",")})`);
  const weeks: StatDay[][] = [];
  r.exec("BEGIN");
  for (let p = 0; p < PEOPLE; p++) {
    const userId = id();
    const t = { cumDays: 0, cumReported: 0, cumLevelSum: 0, cumLevel0: 0, cumLevel3: 0, cumHome: 0, cumAway: 0 };
    for (let w = 0; w < 52; w++) {
      let weekHome = 0;
      let weekOffice = 0;
      const week: StatDay[] = [];
      for (let d = 0; d < 5; d++) {
        const n = (p * 31 + w * 7 + d * 3) % 23;
        const away = n === 0 || n === 11 ? 1 : 0;
        const level = away || n % 9 === 4 ? null : (n + w) % 4;
        const location = away ? 2 : n % 7 === 6 ? null : n % 5 === 0 ? 3 : n % 2;
        t.cumDays++;
        t.cumAway += away;
        if (level !== null) {
          t.cumReported++;
          t.cumLevelSum += level;
          if (level === 0) t.cumLevel0++;
          if (level === 3) t.cumLevel3++;
        }
        if (location === 1) {
          t.cumHome++;
          weekHome++;
        }
        if (location === 0) weekOffice++;
        const row: StatDay = {
          companyId,
          userId,
          day: firstMonday + (w * 7 + d) * 86_400_000,
          groupId,
          officeId,
          level,
          away,
          location,
          ...t,
          weekHome,
          weekOffice,
        };
        insertDay.run(...Object.values(row));
        week.push(row);
      }
      weeks.push(week);
    }
  }
  r.exec("COMMIT");
  const measure = (table: string) => {
    const names = [
      table,
      ...(r.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(table) as { name: string }[]).map((i) => i.name),
    ];
    const b = Number(
      (r.prepare(`SELECT sum(pgsize - unused) AS b FROM dbstat WHERE name IN (${names.map(() => "?").join(",")})`).get(...names) as { b: number }).b,
    );
    const n = Number((r.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n);
    return { rows: n, perRow: b / n };
  };
  const daily = measure("stat_days");
  r.exec("BEGIN");
  let unrolled = 0;
  for (const week of weeks) {
    const weekly = weekOf(week);
    if (weekly) insertWeek.run(...Object.values(weekly));
    else unrolled++;
  }
  r.exec("COMMIT");
  const weekly = measure("workload_weekly");
  const perRow = (table: string) => sizes.get(table)?.perRow ?? 0;
  const raw = BUSY_YEAR.workload_history * perRow("workload_history") + BUSY_YEAR.workplace_history * perRow("workplace_history");
  const before = raw + 261 * daily.perRow;
  const after = 52 * weekly.perRow;
  console.log(`  retention (decision 0308), ${PEOPLE} people × 52 weeks, rolled by statistics/weekly.ts (${unrolled} weeks left daily):`);
  console.log(`    stat_days       ${String(daily.rows).padStart(6)} rows × ${daily.perRow.toFixed(0).padStart(4)} B (with indexes)`);
  console.log(`    workload_weekly ${String(weekly.rows).padStart(6)} rows × ${weekly.perRow.toFixed(0).padStart(4)} B (with indexes)`);
  console.log(
    `    a busy person-year of history: before retention ${kib(before)} (workload_history ${BUSY_YEAR.workload_history} + workplace_history ${BUSY_YEAR.workplace_history} raw rows ${kib(raw)}, 261 daily rows ${kib(261 * daily.perRow)})`,
  );
  console.log(
    `    after retention ${kib(after)} (52 weekly rows; plus one workload_history row per person, not per year): ${(before / after).toFixed(0)}× less`,
  );
  r.close();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
