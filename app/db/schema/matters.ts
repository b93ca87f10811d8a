import { index, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, day, flag, id, updatedAt } from "../columns";
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
    createdAt: createdAt(),
  },
  (t) => [index("matters_company_idx").on(t.companyId), uniqueIndex("matters_company_number_unique").on(t.companyId, t.number)],
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
  },
  (t) => [index("matter_time_entries_company_idx").on(t.companyId, t.date), index("matter_time_entries_user_idx").on(t.userId, t.date)],
);

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
