import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../columns";
import { companies } from "./companies";

const companyId = () =>
  text("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

export const groups = sqliteTable(
  "groups",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** JSON array of directory department names provisioned into this group. */
    ssoIdentifiers: text("sso_identifiers", { mode: "json" }).$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("groups_company_idx").on(t.companyId)],
);

export const offices = sqliteTable(
  "offices",
  {
    id: id(),
    companyId: companyId(),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** IANA zone that decides "today" for the office's people; null: the company's zone. */
    timeZone: text("time_zone"),
    createdAt: createdAt(),
  },
  (t) => [index("offices_company_idx").on(t.companyId), index("offices_group_idx").on(t.groupId)],
);

export const skillLevels = sqliteTable(
  "skill_levels",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    level: integer("level").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("skill_levels_company_idx").on(t.companyId)],
);

export type Group = typeof groups.$inferSelect;
export type Office = typeof offices.$inferSelect;
export type SkillLevel = typeof skillLevels.$inferSelect;
