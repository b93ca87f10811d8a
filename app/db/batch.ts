import type { BatchItem } from "drizzle-orm/batch";
import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Runs statements atomically in one D1 batch (D1 has no interactive transactions). */
export async function runBatch(db: Db, statements: BatchItem<"sqlite">[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * A raw SQL statement (with bound values) as a batch item. drizzle's `db.run(sql)` cannot go
 * into a D1 batch when it has parameters (its D1 session prepares only builders), so the
 * statement is prepared here; the JSON-table upserts of the Elite 3E import need it.
 */
export function rawStatement(db: Db, query: SQL): BatchItem<"sqlite"> {
  const item = db.run(query) as unknown as { getQuery(): { sql: string; params: unknown[] }; _prepare: () => unknown };
  const built = item.getQuery();
  const stmt = db.$client.prepare(built.sql);
  item._prepare = () => ({ stmt, getQuery: () => built, mapResult: (result: unknown) => result });
  return item as unknown as BatchItem<"sqlite">;
}
