import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { firmFence } from "./schema";

/**
 * The row's firm is live on this shard and not held (decision 0314): no move has it arriving
 * here (`incoming`: a copy being written), held for its switch, or gone. Cron work that acts
 * outside the database (mail, pushes) picks only such rows, so a moving firm's pending mail is
 * sent once, by the shard it lives on.
 */
export function liveHere(companyColumn: AnySQLiteColumn): SQL {
  return sql`not exists (select 1 from ${firmFence} where ${firmFence.companyId} = ${companyColumn} and ${firmFence.state} <> 'copying')`;
}
