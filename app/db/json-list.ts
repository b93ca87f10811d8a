import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * `column IN (ids)` with the whole list as one bound JSON parameter, however long it is:
 * D1 allows 100 bound parameters per statement, so `inArray` over a long list would need
 * chunking and one round trip per chunk. `column` may also be an expression (a coalesce).
 */
export function inJsonList(column: AnySQLiteColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}
