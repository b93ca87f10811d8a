import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyId, userId } from "./company-owned";

/**
 * Daily rollups the statistics read (decision 0120): one row per counted person per working
 * day, written by the scheduled job from the history tables. The day's state (level, away,
 * location) plus running totals since the person's first rolled day, so any range's
 * per-person figures are the difference of two rows, whatever the range's length.
 */
export const statDays = sqliteTable(
  "stat_days",
  {
    companyId: companyId(),
    userId: userId(),
    /** UTC start of a working day, ms. */
    day: integer("day").notNull(),
    groupId: text("group_id").notNull().default(""),
    officeId: text("office_id").notNull().default(""),
    /** 0..3, null when away or nothing reported. */
    level: integer("level"),
    away: integer("away").notNull().default(0),
    /** 0 office, 1 home, 2 absent, 3 elsewhere, null unknown. */
    location: integer("location"),
    cumDays: integer("cum_days").notNull(),
    cumReported: integer("cum_reported").notNull(),
    cumLevelSum: integer("cum_level_sum").notNull(),
    cumLevel0: integer("cum_level0").notNull(),
    cumLevel3: integer("cum_level3").notNull(),
    cumHome: integer("cum_home").notNull(),
    cumAway: integer("cum_away").notNull(),
    /** Home and office days so far in this ISO week (Monday up to this day). */
    weekHome: integer("week_home").notNull(),
    weekOffice: integer("week_office").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    // A day's running totals of the whole firm are read from this index alone, in its order
    // (the statistics' two bounds, decision 0317): no table row fetched per person.
    index("stat_days_company_day_totals_idx").on(
      t.companyId,
      t.day,
      t.userId,
      t.cumDays,
      t.cumReported,
      t.cumLevelSum,
      t.cumLevel0,
      t.cumLevel3,
      t.cumHome,
    ),
  ],
);

/** The same day summed per team (primary group and office): what the time series read. */
export const statTeamDays = sqliteTable(
  "stat_team_days",
  {
    companyId: companyId(),
    groupId: text("group_id").notNull(),
    officeId: text("office_id").notNull(),
    day: integer("day").notNull(),
    people: integer("people").notNull(),
    reported: integer("reported").notNull(),
    levelSum: integer("level_sum").notNull(),
    away: integer("away").notNull(),
    home: integer("home").notNull(),
    office: integer("office").notNull(),
    located: integer("located").notNull(),
    /** JSON [n0..n5]: people by home days so far this ISO week; on a Friday, the week's buckets. */
    weekHomeHist: text("week_home_hist").notNull(),
    weekOfficeHist: text("week_office_hist").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.groupId, t.officeId] })],
);

/**
 * How far each company is rolled (the last day is rolled again next step), and the earliest
 * day whose history changed since it was rolled: set by triggers on the history tables
 * (migration 0022, decision 0200), taken by the next rollup step.
 */
export const statRollupState = sqliteTable("stat_rollup_state", {
  companyId: companyId().primaryKey(),
  rolledThrough: integer("rolled_through").notNull(),
  dirtyFrom: integer("dirty_from"),
});

/**
 * History older than the firm's retention (decision 0308), one row per person per ISO week:
 * what the statistics need of that week, rolled from its stat_days rows, which are then
 * deleted. The week's figures (days, reported, level sum, min and max, away, days per
 * location), each working day's state packed in `dayCodes` (6 bits a day, Monday lowest:
 * 0 no row, else 1 + level (4 = none) + 5 × location (4 = unknown) + 25 × away), and the
 * running totals as of the week's last rolled day, so that every stat_days row of the week
 * can be rebuilt exactly (statistics/weekly.ts) and a range's figures stay what they were.
 */
export const workloadWeekly = sqliteTable(
  "workload_weekly",
  {
    companyId: companyId(),
    userId: userId(),
    /** UTC start of the week's Monday, ms. */
    week: integer("week").notNull(),
    groupId: text("group_id").notNull().default(""),
    officeId: text("office_id").notNull().default(""),
    days: integer("days").notNull(),
    reported: integer("reported").notNull(),
    levelSum: integer("level_sum").notNull(),
    levelMin: integer("level_min"),
    levelMax: integer("level_max"),
    away: integer("away").notNull(),
    office: integer("office").notNull(),
    home: integer("home").notNull(),
    absent: integer("absent").notNull(),
    elsewhere: integer("elsewhere").notNull(),
    dayCodes: integer("day_codes").notNull(),
    cumDays: integer("cum_days").notNull(),
    cumReported: integer("cum_reported").notNull(),
    cumLevelSum: integer("cum_level_sum").notNull(),
    cumLevel0: integer("cum_level0").notNull(),
    cumLevel3: integer("cum_level3").notNull(),
    cumHome: integer("cum_home").notNull(),
    cumAway: integer("cum_away").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] }), index("workload_weekly_company_week_idx").on(t.companyId, t.week)],
);

/** How far each company's history is rolled into workload_weekly: every week before `rolledBefore` (a Monday). */
export const historyRetentionState = sqliteTable("history_retention_state", {
  companyId: companyId().primaryKey(),
  rolledBefore: integer("rolled_before").notNull(),
});

/** Update reminders sent (decision 0122): at most one per person per window; answered once. */
export const updateReminders = sqliteTable(
  "update_reminders",
  {
    id: text("id").primaryKey(),
    companyId: companyId(),
    userId: userId(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    answer: text("answer"),
  },
  (t) => [index("update_reminders_user_idx").on(t.userId, t.sentAt), index("update_reminders_company_idx").on(t.companyId)],
);

export type StatDay = typeof statDays.$inferSelect;
export type StatTeamDay = typeof statTeamDays.$inferSelect;
export type WorkloadWeek = typeof workloadWeekly.$inferSelect;
