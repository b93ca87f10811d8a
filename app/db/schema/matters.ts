import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, day, flag, id, updatedAt } from "../columns";
import { companies } from "./companies";
import { companyId, userId } from "./company-owned";
import { users } from "./users";

/** A billable matter as the time-keeping system knows it. */
export const matters = sqliteTable(
  "matters",
  {
    id: id(),
    companyId: companyId(),
    number: text("number").notNull(),
    displayName: text("display_name").notNull(),
    clientDisplayName: text("client_display_name").notNull().default(""),
    resposibleTimekeeperName: text("resposible_timekeeper_name"),
    leadUserId: text("lead_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The responsible timekeeper's number in the time-keeping system (matched to leadUserId). */
    responsibleTimekeeperNumber: text("responsible_timekeeper_number"),
    open: integer("open", { mode: "boolean" }).notNull().default(true),
    billable: integer("billable", { mode: "boolean" }).notNull().default(true),
    /** Flagged confidential in the time-keeping system (the import writes it). */
    confidentialSource: flag("confidential_source"),
    /** Flagged confidential by a company admin (the import never touches it). */
    confidentialAdmin: flag("confidential_admin"),
    /** Last-modified time in the time-keeping system. */
    modifiedAt: integer("modified_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("matters_company_idx").on(t.companyId),
    uniqueIndex("matters_company_number_unique").on(t.companyId, t.number),
    // The detailed report's per-person order checks each card's matter from this index alone (decision 0205).
    index("matters_billable_report_idx").on(t.id, t.billable, t.companyId),
  ],
);

/** Hours a timekeeper recorded on a matter on one day, imported from time keeping. */
export const matterTimeEntries = sqliteTable(
  "matter_time_entries",
  {
    id: id(),
    companyId: companyId(),
    matterId: text("matter_id")
      .notNull()
      .references(() => matters.id, { onDelete: "cascade" }),
    userId: userId(),
    date: day("date").notNull(),
    hours: real("hours").notNull(),
    billable: flag("billable"),
    /** The time card's id in the time-keeping system: the import upserts by it. */
    externalId: text("external_id"),
    modifiedAt: integer("modified_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("matter_time_entries_company_idx").on(t.companyId, t.date),
    // Covers the detailed report's and the user card's per-person reads (decision 0190).
    index("matter_time_entries_user_report_idx").on(t.userId, t.date, t.billable, t.matterId, t.hours, t.companyId),
    index("matter_time_entries_user_matter_idx").on(t.userId, t.matterId),
    uniqueIndex("matter_time_entries_external_unique").on(t.companyId, t.externalId),
  ],
);

/**
 * Hours per person per week (Monday, UTC start of day in ms), written by the import in the
 * same batch as the time cards they sum: the utilization report reads these, never the cards.
 */
export const userWeekHours = sqliteTable(
  "user_week_hours",
  {
    companyId: companyId(),
    userId: userId(),
    weekStart: integer("week_start").notNull(),
    billableHours: real("billable_hours").notNull().default(0),
    totalHours: real("total_hours").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] }), index("user_week_hours_company_idx").on(t.companyId, t.weekStart)],
);

/** Timekeepers as the time-keeping system lists them, matched to people by number or e-mail. */
export const timekeepers = sqliteTable(
  "timekeepers",
  {
    id: id(),
    companyId: companyId(),
    number: text("number").notNull(),
    name: text("name").notNull().default(""),
    email: text("email"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    modifiedAt: integer("modified_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("timekeepers_company_number_unique").on(t.companyId, t.number)],
);

export const importPhases = ["timekeepers", "matters", "timecards"] as const;

/**
 * Where a company's Elite 3E import stands: the phase and page of the run in progress (a
 * resumed run starts there), the modified-since mark of that run, and the outcome of the
 * last attempts for the company page.
 */
export const eliteImports = sqliteTable("elite_imports", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  phase: text("phase", { enum: importPhases }).notNull().default("timekeepers"),
  page: integer("page").notNull().default(1),
  /** Records modified at or after this (ms) are fetched by the run in progress; null = everything. */
  since: integer("since"),
  /** When the run in progress started: the next run's `since`. */
  runStartedAt: integer("run_started_at"),
  lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  lastError: text("last_error"),
  lastErrorAt: integer("last_error_at", { mode: "timestamp_ms" }),
  failures: integer("failures").notNull().default(0),
  nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
  /** Time cards written by the run in progress (and, after it, by the last run). */
  cardsImported: integer("cards_imported").notNull().default(0),
});

export const matterComments = sqliteTable(
  "matter_comments",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    matterNumber: text("matter_number").notNull(),
    comment: text("comment").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index("matter_comments_company_idx").on(t.companyId), uniqueIndex("matter_comments_unique").on(t.userId, t.matterNumber)],
);

export const matterManagers = sqliteTable(
  "matter_managers",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    matterNumber: text("matter_number").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("matter_managers_company_idx").on(t.companyId), uniqueIndex("matter_managers_unique").on(t.userId, t.matterNumber)],
);

export type Matter = typeof matters.$inferSelect;
