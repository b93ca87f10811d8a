import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companies } from "./companies";

/**
 * The directory sync's cursor per company (app/domain/directory/sync.server.ts): the Graph
 * link to continue from (a nextLink inside a round, the deltaLink between rounds), and the
 * last failure with its backoff. One row per connected company.
 */
export const directorySync = sqliteTable("directory_sync", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  tenantId: text("tenant_id").notNull(),
  link: text("link"),
  /** A round is under way (link is a nextLink) or complete (link is the deltaLink). */
  inRound: integer("in_round", { mode: "boolean" }).notNull().default(false),
  lastRunAt: integer("last_run_at", { mode: "timestamp_ms" }),
  lastRoundAt: integer("last_round_at", { mode: "timestamp_ms" }),
  nextRunAt: integer("next_run_at", { mode: "timestamp_ms" }),
  failures: integer("failures").notNull().default(0),
  lastError: text("last_error"),
});

export type DirectorySync = typeof directorySync.$inferSelect;
