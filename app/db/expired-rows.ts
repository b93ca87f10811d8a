import { inArray, lte, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * For the cron's clean-ups: deletes a table's rows whose `expiresAt` is at or before `now`,
 * `batchSize` at a time (one bounded statement each, by rowid, so no statement holds the
 * database long) and at most `batches` times a run; the next run goes on. Answers how many went.
 */
export async function deleteExpiredRows(
  db: Db,
  table: SQLiteTable,
  expiresAt: SQLiteColumn,
  now: Date,
  { batchSize = 500, batches = 20 }: { batchSize?: number; batches?: number } = {},
): Promise<number> {
  const rowid = sql<number>`rowid`;
  let deleted = 0;
  for (let batch = 0; batch < batches; batch++) {
    const gone = await db
      .delete(table)
      .where(inArray(rowid, db.select({ rowid }).from(table).where(lte(expiresAt, now)).limit(batchSize)))
      .returning({ rowid });
    deleted += gone.length;
    if (gone.length < batchSize) break;
  }
  return deleted;
}
