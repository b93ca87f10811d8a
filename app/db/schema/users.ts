import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, day, flag, id, updatedAt } from "../columns";
import { companies } from "./companies";
import { groups, offices } from "./organisation";

/**
 * A person of one company. Primary membership is (group_id, office_id), the optional
 * secondary membership is (secondary_group_id, secondary_office_id).
 */
export const users = sqliteTable(
  "users",
  {
    id: id(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Stored lower-case; unique across the installation because sign-in is by e-mail alone. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    title: text("title").notNull().default(""),
    phone: text("phone"),
    /** "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>", null until a password is set. */
    passwordHash: text("password_hash"),
    completed: flag("completed"),
    companyAdmin: flag("company_admin"),
    /** The 'Observer' badge. */
    admin: flag("admin"),
    administratorPriviliges: flag("administrator_priviliges"),
    external: flag("external"),
    profilePicture: text("profile_picture"),
    groupId: text("group_id").references(() => groups.id, { onDelete: "set null" }),
    officeId: text("office_id").references(() => offices.id, { onDelete: "set null" }),
    secondaryGroupId: text("secondary_group_id").references(() => groups.id, { onDelete: "set null" }),
    secondaryOfficeId: text("secondary_office_id").references(() => offices.id, { onDelete: "set null" }),
    currentWorkload: integer("current_workload"),
    futureWorkload: integer("future_workload"),
    workloadForecastDate: day("workload_forecast_date"),
    message: text("message").notNull().default(""),
    onLeave: flag("on_leave"),
    atHome: flag("at_home"),
    pinned: flag("pinned"),
    startYear: integer("start_year"),
    /** 0 = reminders off, 7 = remind after three days without an update. */
    updateReminders: integer("update_reminders").notNull().default(0),
    lastUpdated: integer("last_updated", { mode: "timestamp_ms" }),
    utilizationViewOthersPriviliges: flag("utilization_view_others_priviliges"),
    detailedViewPriviliges: flag("detailed_view_priviliges"),
    detailedViewHoursPriviliges: flag("detailed_view_hours_priviliges"),
    /** Number in the time-keeping system (Elite 3E); the import matches timekeepers by it, else by e-mail. */
    timekeeperNumber: text("timekeeper_number"),
    /** Billable hours a week this person aims at; null = the company's utilizationTargetHours. */
    utilizationTargetHours: real("utilization_target_hours"),
    /** May open the team forecast and WFH overviews without being an administrator. */
    canSeeForecastOverview: flag("can_see_forecast_overview"),
    azureAdId: text("azure_ad_id"),
    /** The directory sync found the person removed from the firm's directory: reported, never deleted. */
    directoryRemovedAt: integer("directory_removed_at", { mode: "timestamp_ms" }),
    /** Set by SCIM `active: false`: cannot sign in and is hidden, history kept. */
    deactivatedAt: integer("deactivated_at", { mode: "timestamp_ms" }),
    /** The SCIM client's own id for this person (externalId). */
    scimExternalId: text("scim_external_id"),
    invitedAt: integer("invited_at", { mode: "timestamp_ms" }),
    /**
     * Erased by a company admin (decision 0300): name, e-mail, picture, comments and every way
     * to sign in are gone; the row stays so the history's numbers keep counting.
     */
    erasedAt: integer("erased_at", { mode: "timestamp_ms" }),
    /** The language the person chose on /settings (a catalog in app/locales); null follows the browser, then the firm (decision 0306). */
    language: text("language"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_company_idx").on(t.companyId),
    // Also the id, the flags every team view filters by and the two workloads: the listed people
    // of a firm are counted, and the statistics' people per team read, from this index alone
    // (decision 0317). The id before the flags: a team's people come in the same order whatever
    // happens to their flags (an erased person's figures stay where they were).
    index("users_company_group_office_idx").on(
      t.companyId,
      t.groupId,
      t.officeId,
      t.id,
      t.completed,
      t.deactivatedAt,
      t.erasedAt,
      t.admin,
      t.administratorPriviliges,
      t.companyAdmin,
      t.currentWorkload,
      t.futureWorkload,
    ),
    index("users_company_secondary_idx").on(t.companyId, t.secondaryGroupId, t.secondaryOfficeId),
    index("users_company_last_updated_idx").on(t.companyId, t.lastUpdated),
    index("users_company_azure_ad_idx").on(t.companyId, t.azureAdId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
