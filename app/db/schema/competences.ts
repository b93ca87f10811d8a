import { type AnySQLiteColumn, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id } from "../columns";
import { companyId, userId } from "./company-owned";
import { skillLevels } from "./organisation";

/** A competence, or a category of competences when root is true. */
export const competences = sqliteTable(
  "competences",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    root: flag("root"),
    subCategory: flag("sub_category"),
    parentId: text("parent_id").references((): AnySQLiteColumn => competences.id, { onDelete: "set null" }),
    /** Set for competences that come from the CV service ('From CV Partner'). */
    externalSource: text("external_source"),
    createdAt: createdAt(),
  },
  (t) => [
    index("competences_company_idx").on(t.companyId),
    index("competences_parent_idx").on(t.parentId),
    index("competences_company_external_idx").on(t.companyId, t.externalSource, t.name),
  ],
);

export const userSkills = sqliteTable(
  "user_skills",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    competenceId: text("competence_id")
      .notNull()
      .references(() => competences.id, { onDelete: "cascade" }),
    levelId: text("level_id").references(() => skillLevels.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_skills_company_idx").on(t.companyId),
    uniqueIndex("user_skills_unique").on(t.userId, t.competenceId),
    index("user_skills_competence_idx").on(t.competenceId),
  ],
);

export type Competence = typeof competences.$inferSelect;
export type UserSkill = typeof userSkills.$inferSelect;
