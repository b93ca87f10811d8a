import { index, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, day, flag, id } from "../columns";
import { companyId, userId } from "./company-owned";
import { groups, offices } from "./organisation";
import { users } from "./users";

export const projectStages = sqliteTable(
  "project_stages",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    color: text("color").notNull().default("75B7D8"),
    createdAt: createdAt(),
  },
  (t) => [index("project_stages_company_idx").on(t.companyId)],
);

export const projectCategories = sqliteTable(
  "project_categories",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("project_categories_company_idx").on(t.companyId)],
);

export const projects = sqliteTable(
  "projects",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    officeId: text("office_id").references(() => offices.id, { onDelete: "set null" }),
    groupId: text("group_id").references(() => groups.id, { onDelete: "set null" }),
    startDate: day("start_date"),
    endDate: day("end_date"),
    managerId: text("manager_id").references(() => users.id, { onDelete: "set null" }),
    stageId: text("stage_id").references(() => projectStages.id, { onDelete: "set null" }),
    archived: flag("archived"),
    createdAt: createdAt(),
  },
  (t) => [index("projects_company_idx").on(t.companyId, t.archived)],
);

export const projectMembers = sqliteTable(
  "project_members",
  {
    id: id(),
    companyId: companyId(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: userId(),
    createdAt: createdAt(),
  },
  (t) => [
    index("project_members_company_idx").on(t.companyId),
    uniqueIndex("project_members_unique").on(t.projectId, t.userId),
    index("project_members_user_idx").on(t.userId),
  ],
);

/** At most three categories a project (enforced in the domain layer). */
export const projectCategoryLinks = sqliteTable(
  "project_category_links",
  {
    companyId: companyId(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => projectCategories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.categoryId] }), index("project_category_links_company_idx").on(t.companyId)],
);

export const projectTimeReports = sqliteTable(
  "project_time_reports",
  {
    id: id(),
    companyId: companyId(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: userId(),
    date: day("date").notNull(),
    hours: real("hours").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("project_time_reports_company_idx").on(t.companyId), index("project_time_reports_project_idx").on(t.projectId, t.date)],
);

export const projectInvoices = sqliteTable(
  "project_invoices",
  {
    id: id(),
    companyId: companyId(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    date: day("date").notNull(),
    amount: real("amount").notNull(),
    vat: real("vat"),
    identification: text("identification"),
    currency: text("currency").notNull().default("USD"),
    createdAt: createdAt(),
  },
  (t) => [index("project_invoices_company_idx").on(t.companyId), index("project_invoices_project_idx").on(t.projectId)],
);

export type Project = typeof projects.$inferSelect;
export type ProjectStage = typeof projectStages.$inferSelect;
export type ProjectCategory = typeof projectCategories.$inferSelect;
