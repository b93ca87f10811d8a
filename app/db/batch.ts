import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

/** Runs statements atomically in one D1 batch (D1 has no interactive transactions). */
export async function runBatch(db: Db, statements: BatchItem<"sqlite">[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
