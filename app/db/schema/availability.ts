import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, day, id, updatedAt } from "../columns";
import { companyId, userId } from "./company-owned";
import { FORECAST_STATUSES } from "./forecast-statuses";

/** A period with a planned workload level or an absence. Dates are UTC start of day. */
export const forecasts = sqliteTable(
  "forecasts",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    startDate: day("start_date").notNull(),
    endDate: day("end_date").notNull(),
    status: text("status", { enum: FORECAST_STATUSES }).notNull(),
    comment: text("comment"),
    /** Set when the forecast comes from an outside system; such forecasts are read-only (Outlook's: see outlookEventId). */
    externalSource: text("external_source"),
    /**
     * The Outlook event (or "automaticReplies") a day from Outlook was made from (decision 0304);
     * null for everything a person entered. Editing such a day by hand clears it: the day is theirs.
     */
    outlookEventId: text("outlook_event_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("forecasts_company_idx").on(t.companyId),
    index("forecasts_user_outlook_idx").on(t.userId, t.outlookEventId),
    index("forecasts_user_dates_idx").on(t.userId, t.startDate, t.endDate),
    index("forecasts_company_end_idx").on(t.companyId, t.endDate),
  ],
);

export const vacations = sqliteTable(
  "vacations",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    startDate: day("start_date").notNull(),
    endDate: day("end_date").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("vacations_company_idx").on(t.companyId), index("vacations_user_idx").on(t.userId, t.startDate)],
);

export const workloadTypes = ["current", "future"] as const;

/** Each workload a person sets (POST /workload/{type}), as sent. Append-only. */
export const workloadEntries = sqliteTable(
  "workload_entries",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    type: text("type", { enum: workloadTypes }).notNull(),
    workscale: integer("workscale").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("workload_entries_company_idx").on(t.companyId, t.createdAt), index("workload_entries_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Append-only: the person's availability state after every change, whatever caused it
 * (a workload entry, going on leave, a forecast taking effect), with time and source.
 * Statistics and history charts read this.
 */
export const workloadHistory = sqliteTable(
  "workload_history",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    currentWorkload: integer("current_workload"),
    futureWorkload: integer("future_workload"),
    onLeave: integer("on_leave", { mode: "boolean" }).notNull(),
    source: text("source").notNull(),
    recordedAt: integer("recorded_at", { mode: "timestamp_ms" }).notNull(),
    /** The person's local day of the change (issue 16): kept as recorded when they later move zones. */
    day: integer("day", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`0`),
  },
  (t) => [index("workload_history_company_idx").on(t.companyId, t.recordedAt), index("workload_history_user_idx").on(t.userId, t.recordedAt)],
);

/** Append-only log of status messages; users.message holds the current one. */
export const statusMessages = sqliteTable(
  "status_messages",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    message: text("message").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("status_messages_company_idx").on(t.companyId), index("status_messages_user_idx").on(t.userId, t.createdAt)],
);

export const workplaceKinds = ["rolling", "default"] as const;

/**
 * Where a person works. kind 'default' keys by weekday (0 = Monday .. 4 = Friday) and is the
 * 'DEFAULT WEEK'; kind 'rolling' keys by date (UTC start of day) and overrides the default.
 * option: 0 office (first office), 1 home, 2 absent, 3 elsewhere (second office), null none.
 */
export const workplacePlans = sqliteTable(
  "workplace_plans",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    kind: text("kind", { enum: workplaceKinds }).notNull(),
    key: integer("key").notNull(),
    option: integer("option"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("workplace_plans_company_idx").on(t.companyId, t.kind, t.key),
    uniqueIndex("workplace_plans_user_key_unique").on(t.userId, t.kind, t.key),
  ],
);

/** Append-only: every workplace change with the day it applies to, time and source. */
export const workplaceHistory = sqliteTable(
  "workplace_history",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    kind: text("kind", { enum: workplaceKinds }).notNull(),
    key: integer("key").notNull(),
    option: integer("option"),
    source: text("source").notNull(),
    recordedAt: integer("recorded_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("workplace_history_company_idx").on(t.companyId, t.recordedAt), index("workplace_history_user_idx").on(t.userId, t.recordedAt)],
);

export type Forecast = typeof forecasts.$inferSelect;
export type Vacation = typeof vacations.$inferSelect;
export type WorkloadHistoryRow = typeof workloadHistory.$inferSelect;
export type WorkplacePlan = typeof workplacePlans.$inferSelect;
