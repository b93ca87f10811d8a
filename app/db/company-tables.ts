import { is } from "drizzle-orm";
import { getTableConfig, SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * The tables a firm owns on its shard, derived from the schema (decision 0314, 0311 §1.2): the
 * `companies` row and every table with a `company_id`, except the shard's own bookkeeping. They
 * are what a move copies, checks and deletes, and each carries the fence and change-log
 * triggers of migration 0039 (a test fails when a table here lacks them). Ordered so that a
 * table comes after every table it references (parents first).
 */
export interface CompanyTable {
  name: string;
  /** The column naming the firm: `id` for `companies`, `company_id` elsewhere. */
  firmColumn: string;
  columns: string[];
  primaryKey: string[];
  /** A column referencing this same table (competences.parent_id): the table is copied in one transaction. */
  selfReference: string | null;
  /** Its foreign keys: a copied row whose parent is not on the target yet waits for the catch-up. */
  references: { table: string; columns: string[]; foreignColumns: string[] }[];
  /**
   * The order a move copies the table in (decision 0319): the columns after the firm column of
   * an index that starts with it, then the rowid (which ends every index entry), so each chunk
   * seeks in that index instead of sorting the firm's rows. Empty: rowid order, for a table whose
   * firm index is the firm column alone (or has no index of only non-null columns to page by).
   */
  copyOrder: string[];
  /**
   * Text columns unique on their own (or with the firm column) that no foreign key points at:
   * a move's catch-up parks the target rows holding a value it is about to write, since two rows
   * may have swapped it since they were copied (decision 0319).
   */
  uniqueText: string[];
}

/** The text columns of the table's unique indexes and constraints that make a row unique alone or with the firm column. */
function uniqueTextOf(config: ReturnType<typeof getTableConfig>, firmColumn: string, primaryKey: string[]): string[] {
  const sets: string[][] = config.columns.filter((column) => column.isUnique).map((column) => [column.name]);
  for (const index of config.indexes) {
    if (!index.config.unique || index.config.where) continue;
    const names = index.config.columns.map((column) => (is(column, SQLiteColumn) ? column.name : null));
    if (names.every((name): name is string => name !== null)) sets.push(names);
  }
  for (const constraint of config.uniqueConstraints) sets.push(constraint.columns.map((column) => column.name));
  const text = new Set(config.columns.filter((column) => column.columnType === "SQLiteText").map((column) => column.name));
  const found = sets
    .map((columns) => columns.filter((column) => column !== firmColumn))
    .filter((columns) => columns.length === 1 && text.has(columns[0]) && !primaryKey.includes(columns[0]))
    .map((columns) => columns[0]);
  return [...new Set(found)];
}

/**
 * The columns after the firm column of the table's widest-used firm index: one that starts with
 * the firm column, covers every row (not partial) and has only non-null columns, since a row
 * value with a null in it compares as unknown and a chunk would skip that row. The shortest such
 * index wins (`(company_id)` alone pages by rowid at no cost).
 */
function copyOrderOf(config: ReturnType<typeof getTableConfig>, firmColumn: string): string[] {
  const notNull = new Set(config.columns.filter((column) => column.notNull).map((column) => column.name));
  const candidates: string[][] = [];
  for (const index of config.indexes) {
    if (index.config.where) continue;
    const names = index.config.columns.map((column) => (is(column, SQLiteColumn) ? column.name : null));
    if (names.every((name): name is string => name !== null)) candidates.push(names);
  }
  for (const constraint of config.uniqueConstraints) candidates.push(constraint.columns.map((column) => column.name));
  for (const key of config.primaryKeys) candidates.push(key.columns.map((column) => column.name));
  const usable = candidates
    .filter((columns) => columns[0] === firmColumn && columns.slice(1).every((column) => notNull.has(column)))
    .map((columns) => columns.slice(1))
    .sort((a, b) => a.length - b.length);
  return usable[0] ?? [];
}

/**
 * Company tables the shard's own triggers update when rows of other tables change: the rollup
 * cursor, marked dirty by forecasts, vacations, plans and history (migration 0022). Nothing
 * references them, and they come last: a move copies them after the rows whose copying would
 * mark them (the target's cursor then is the source's, not re-marked), applies their logged
 * changes after the others in a catch-up chunk, and deletes them first (deleting a forecast
 * under a `gone` fence would otherwise update a fenced cursor).
 */
export const TRIGGER_MARKED_TABLES = new Set(["stat_rollup_state"]);

/** Tables with a company_id that are the shard's own and never move with a firm. */
export const SHARD_LOCAL_TABLES = new Set(["directory_outbox", "firm_fence", "move_changes"]);

function describe(table: SQLiteTable) {
  const config = getTableConfig(table);
  const columns = config.columns.map((column) => column.name);
  const primaryKey = config.primaryKeys.length
    ? config.primaryKeys[0].columns.map((column) => column.name)
    : config.columns.filter((column) => column.primary).map((column) => column.name);
  const references = config.foreignKeys.map((key) => {
    const reference = key.reference();
    return {
      table: getTableConfig(reference.foreignTable).name,
      columns: reference.columns.map((column) => column.name),
      foreignColumns: reference.foreignColumns.map((column) => column.name),
    };
  });
  return { config, columns, primaryKey, references };
}

function build(): CompanyTable[] {
  const found = new Map<string, { table: CompanyTable; parents: string[] }>();
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const { config, columns, primaryKey, references } = describe(value);
    const owned = config.name === "companies" || columns.includes("company_id");
    if (!owned || SHARD_LOCAL_TABLES.has(config.name)) continue;
    if (!primaryKey.length) throw new Error(`company table ${config.name} has no primary key: a move cannot find its rows`);
    const firmColumn = config.name === "companies" ? "id" : "company_id";
    const self = config.foreignKeys.find((key) => getTableConfig(key.reference().foreignTable).name === config.name);
    found.set(config.name, {
      table: {
        name: config.name,
        firmColumn,
        columns,
        primaryKey,
        selfReference: self ? self.reference().columns.map((column) => column.name)[0] : null,
        references,
        copyOrder: copyOrderOf(config, firmColumn),
        uniqueText: uniqueTextOf(config, firmColumn, primaryKey),
      },
      parents: references.map((reference) => reference.table).filter((name) => name !== config.name),
    });
  }
  // Parents first; names break ties, so the order is the same on every isolate.
  const ordered: CompanyTable[] = [];
  const placed = new Set<string>();
  const names = [...found.keys()].sort();
  while (ordered.length < names.length) {
    const next = names.find((name) => !placed.has(name) && found.get(name)!.parents.every((parent) => placed.has(parent) || !found.has(parent)));
    if (!next) throw new Error("company tables reference each other in a cycle");
    placed.add(next);
    ordered.push(found.get(next)!.table);
  }
  // The tables the triggers mark go last (no table references them).
  const marked = ordered.filter((table) => TRIGGER_MARKED_TABLES.has(table.name));
  if (marked.some((table) => ordered.some((other) => other.references.some((reference) => reference.table === table.name))))
    throw new Error("a table references a table the triggers mark: it cannot come last");
  ordered.splice(0, ordered.length, ...ordered.filter((table) => !TRIGGER_MARKED_TABLES.has(table.name)), ...marked);
  // A column a foreign key points at is never parked: an update of it could cascade to its children.
  for (const table of ordered)
    for (const reference of table.references) {
      const parent = found.get(reference.table)?.table;
      if (parent) parent.uniqueText = parent.uniqueText.filter((column) => !reference.foreignColumns.includes(column));
    }
  return ordered;
}

export const COMPANY_TABLES: readonly CompanyTable[] = build();
