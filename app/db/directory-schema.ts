import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

/**
 * The installation directory (binding DIRECTORY, migrations-directory/; decisions 0311, 0312):
 * which shard holds each firm, and the keys that are unique across the installation or are
 * looked up before anyone has signed in. Nothing else: a firm's data lives on its shard, and
 * the shard is the authority for what a row here says. Rows arrive from each shard's
 * `directory_outbox` (identity/firm-directory.server.ts).
 */

/** The shard databases this installation binds: DB is shard 0, DB_SHARD_n is shard n. */
export const shards = sqliteTable("shards", {
  id: integer("id").primaryKey(),
  binding: text("binding").notNull().unique(),
  /** New firms may be placed here. */
  accepting: integer("accepting", { mode: "boolean" }).notNull().default(true),
  /** From the last probe (operator view, placement): D1's own figure for the database's size. */
  sizeBytes: integer("size_bytes"),
  firms: integer("firms"),
  people: integer("people"),
  /** Workload, forecast, absence and status changes in the hour before the probe. */
  writesLastHour: integer("writes_last_hour"),
  /** Where the probe's read was served from, and whether that was the primary (D1 reports both). */
  servedBy: text("served_by"),
  probedAt: integer("probed_at", { mode: "timestamp_ms" }),
});

/** Firm → shard. `name` and `people` follow the shard, for the operator's lists; nothing routes by them. */
export const firms = sqliteTable(
  "firms",
  {
    companyId: text("company_id").primaryKey(),
    shard: integer("shard").notNull(),
    name: text("name").notNull(),
    people: integer("people").notNull().default(0),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("firms_shard_idx").on(t.shard)],
);

/** Every address in the installation (lower-case), and whose it is. */
export const people = sqliteTable(
  "people",
  {
    email: text("email").primaryKey(),
    userId: text("user_id").notNull(),
    companyId: text("company_id").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * Set while the address is claimed ahead of its shard's write (decision 0318): a firm taking
     * an address reserves it here first, so a firm on another shard cannot take it meanwhile.
     * The flush of the shard's write makes the row plain again; a failed write releases it.
     */
    claimedAt: integer("claimed_at"),
  },
  (t) => [index("people_user_idx").on(t.userId), index("people_company_idx").on(t.companyId)],
);

/** Claimed e-mail domains (verified or not) → firm: login routing by domain. */
export const domains = sqliteTable(
  "domains",
  {
    domain: text("domain").primaryKey(),
    companyId: text("company_id").notNull(),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("domains_company_idx").on(t.companyId)],
);

/** Microsoft Entra tenant → firm: sign-in with Microsoft. */
export const tenants = sqliteTable(
  "tenants",
  {
    tenantId: text("tenant_id").notNull(),
    companyId: text("company_id").primaryKey(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("tenants_tenant_idx").on(t.tenantId)],
);

/**
 * Web Push endpoints (SHA-256 of the URL) → the firm and person whose browser registered it last
 * (decision 0318). An endpoint is one browser profile's: the latest registration on any shard
 * wins, and the flush deletes the older one where it is (domain/installation/firm-directory.server.ts).
 */
export const pushEndpoints = sqliteTable(
  "push_endpoints",
  {
    endpointHash: text("endpoint_hash").primaryKey(),
    companyId: text("company_id").notNull(),
    userId: text("user_id").notNull(),
    /** When the browser registered it (the shard row's created_at, renewed by a registration). */
    registeredAt: integer("registered_at").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("push_endpoints_company_idx").on(t.companyId)],
);

/** Cursors and marks of the directory's own cron work (the reconcile's place in each shard). */
export const cronState = sqliteTable("cron_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const moveStates = ["preflight", "copying", "catching_up", "holding", "switched", "draining", "done", "aborting", "aborted"] as const;
export type MoveState = (typeof moveStates)[number];

/**
 * A firm's move from one shard to another (decision 0314, 0311 §6), driven a bounded step at a
 * time by the cron or the operator; every field a step needs to resume is here.
 */
export const moves = sqliteTable(
  "moves",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fromShard: integer("from_shard").notNull(),
    toShard: integer("to_shard").notNull(),
    state: text("state", { enum: moveStates }).notNull(),
    /**
     * Copying: the table (index in COMPANY_TABLES order) and the last source row copied of it: its
     * rowid, and (a table copied in the order of an index, decision 0319) that index's values, a JSON list.
     */
    tableIndex: integer("table_index").notNull().default(0),
    cursorRowid: integer("cursor_rowid").notNull().default(0),
    cursorKey: text("cursor_key"),
    /** Catch-up: the last `move_changes` seq applied to the target. */
    appliedSeq: integer("applied_seq").notNull().default(0),
    rowsCopied: integer("rows_copied").notNull().default(0),
    holdsTried: integer("holds_tried").notNull().default(0),
    holdStartedAt: integer("hold_started_at"),
    /** When the old rows may be deleted: the switch plus the days they are kept. */
    drainAfter: integer("drain_after"),
    startedBy: text("started_by").notNull(),
    startedAt: integer("started_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    switchedAt: integer("switched_at"),
    finishedAt: integer("finished_at"),
    error: text("error"),
  },
  (t) => [
    uniqueIndex("moves_active_idx")
      .on(t.companyId)
      .where(sql`state not in ('done', 'aborted')`),
  ],
);

/**
 * A move's check of one table in the hold: the firm's rows counted on both shards, and either
 * checksummed there (`checksum`) or, a table too large to read whole in the hold, every row
 * compared as it was copied and caught up (`rows`, sums empty; decision 0319).
 */
export const moveTables = sqliteTable(
  "move_tables",
  {
    moveId: text("move_id").notNull(),
    tbl: text("tbl").notNull(),
    sourceRows: integer("source_rows").notNull(),
    targetRows: integer("target_rows").notNull(),
    sourceSum: text("source_sum").notNull(),
    targetSum: text("target_sum").notNull(),
    method: text("method", { enum: ["checksum", "rows"] })
      .notNull()
      .default("checksum"),
    checkedAt: integer("checked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.moveId, t.tbl] })],
);
