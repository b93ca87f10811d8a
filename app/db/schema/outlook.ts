import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { day } from "../columns";
import { companyId, userId } from "./company-owned";
import { users } from "./users";

/**
 * 'Take my away days from Outlook' (decision 0304): one row per person who turned it on. The
 * cursor of their calendar's Graph delta round (a nextLink inside a round, the deltaLink after
 * it), the window the round covers, and the last failure with its backoff.
 */
export const outlookCalendarSync = sqliteTable(
  "outlook_calendar_sync",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyId(),
    enabledAt: integer("enabled_at", { mode: "timestamp_ms" }).notNull(),
    link: text("link"),
    /** A full round (every event of the window) is under way: at its end, events it did not report are gone. */
    inRound: integer("in_round", { mode: "boolean" }).notNull().default(false),
    roundStartedAt: integer("round_started_at", { mode: "timestamp_ms" }),
    /** The first day the current round's window covers (its startDateTime). */
    windowStart: day("window_start"),
    lastSyncedAt: integer("last_synced_at", { mode: "timestamp_ms" }),
    nextRunAt: integer("next_run_at", { mode: "timestamp_ms" }).notNull(),
    failures: integer("failures").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("outlook_calendar_sync_due_idx").on(t.nextRunAt), index("outlook_calendar_sync_company_idx").on(t.companyId)],
);

/**
 * The person's Outlook events shown as Out of office (and the automatic-replies window, as the
 * event "automaticReplies"), as days in their zone: what their away days from Outlook are made
 * of. Only out-of-office events are kept.
 */
export const outlookAwayEvents = sqliteTable(
  "outlook_away_events",
  {
    companyId: companyId(),
    userId: userId(),
    eventId: text("event_id").notNull(),
    startDate: day("start_date").notNull(),
    endDate: day("end_date").notNull(),
    /** The start of the last full round that reported it. */
    seenAt: integer("seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index("outlook_away_events_company_idx").on(t.companyId)],
);

export type OutlookCalendarSync = typeof outlookCalendarSync.$inferSelect;
export type OutlookAwayEvent = typeof outlookAwayEvents.$inferSelect;
