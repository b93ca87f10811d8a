import type { Table } from "drizzle-orm";

/**
 * The rows a seed run collects, by table, before scripts/seed-data.ts writes them as SQL. Its
 * own module so the seed's parts (seed-data.ts, seed-time-keeping.ts) share it without
 * importing each other.
 */
export interface SeedTables {
  rows: Map<Table, Record<string, unknown>[]>;
  add<T extends Table>(table: T, row: T["$inferInsert"]): void;
}

export function seedTables(): SeedTables {
  const rows = new Map<Table, Record<string, unknown>[]>();
  return {
    rows,
    add(table, row) {
      if (!rows.has(table)) rows.set(table, []);
      rows.get(table)!.push(row as Record<string, unknown>);
    },
  };
}
