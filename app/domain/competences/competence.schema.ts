import { z } from "zod";
import { REQUIRED, requiredText, strictFlag } from "../schema-kit";

/**
 * Input of the competence calls (spec: planning.md, section 7): competences and categories,
 * their members and the members' skill levels. Shared by the /competences pages and /api/v2.
 */
export const COMPETENCE_NAME_MAX = 100;
export const MEMBERS_MAX = 500;

const missing = (input: unknown) => input === undefined || input === null || input === "";

const id = z
  .string({ error: (issue) => (missing(issue.input) ? REQUIRED : "Needs to be an id.") })
  .trim()
  .min(1, REQUIRED)
  .max(64, "Ids are at most 64 characters.");

/** An optional id where null or "" means none (a cleared dropdown sends ""). */
const optionalId = z.preprocess(
  (value) => (value === "" ? null : value),
  z.string({ error: "Needs to be an id or null." }).trim().min(1).max(64, "Ids are at most 64 characters.").nullish(),
);

/** Whitespace-only names read as missing, so nothing is created from them. */
export const competenceUpsertSchema = z.object({
  name: requiredText(COMPETENCE_NAME_MAX),
  root: strictFlag.default(false),
  subCategory: strictFlag.default(false),
  parentId: optionalId,
});
export type CompetenceUpsertInput = z.infer<typeof competenceUpsertSchema>;

export const competenceListQuerySchema = z.object({
  /** Only the competences this person does not have yet (the 'Add competence' picker). */
  addToUser: id.optional(),
});

export const competenceMembersSchema = z.object({
  userIds: z
    .array(id, { error: "userIds must be a list of ids." })
    .min(1, "Pick at least one person.")
    .max(MEMBERS_MAX, `At most ${MEMBERS_MAX} people at once.`)
    .transform((list) => [...new Set(list)]),
});

/** POST /skill: a person (oneself when left out) gets a competence, optionally with a level. */
export const skillCreateSchema = z.object({
  competenceId: id,
  userId: id.optional(),
  levelOfSkillId: optionalId,
});
export type SkillCreateInput = z.infer<typeof skillCreateSchema>;

/** PUT /skill/{id}: the level; absent (or null) clears it. */
export const skillLevelSchema = z.object({ levelOfSkillId: optionalId });
export type SkillLevelInput = z.infer<typeof skillLevelSchema>;
