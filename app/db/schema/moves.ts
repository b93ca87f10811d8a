import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A firm being moved to another shard (decision 0314, 0311 §6.1), kept on each shard the move
 * touches; these two tables are the shard's own and never move. No row: the firm is live here
 * if its rows are here. `copying`: live, its changes logged in `move_changes`; `held`: live for
 * reads only (the move's last catch-up and switch); `incoming`: rows being written by the mover,
 * not live; `gone`: moved away, not live, rows left to delete (the row stays as a tombstone,
 * so a credential naming this shard is re-routed).
 */
export const fenceStates = ["copying", "incoming", "held", "gone"] as const;
export type FenceState = (typeof fenceStates)[number];

export const firmFence = sqliteTable("firm_fence", {
  companyId: text("company_id").primaryKey(),
  moveId: text("move_id").notNull(),
  state: text("state", { enum: fenceStates }).notNull(),
  since: integer("since").notNull(),
});

/** The keys of a moving firm's rows that changed since its copy began: the move's catch-up reads their present state. */
export const moveChanges = sqliteTable(
  "move_changes",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    companyId: text("company_id").notNull(),
    tbl: text("tbl").notNull(),
    /** The row's key as a JSON array of its key columns' values. */
    pk: text("pk").notNull(),
  },
  (t) => [index("move_changes_company_idx").on(t.companyId, t.seq)],
);
