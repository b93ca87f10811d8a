import { z } from "zod";
import { countSchema, idList, idSchema } from "../schema-kit";
import { ALL, FILTERED_MAX_LIMIT, OVERVIEW_PAGE_SIZE, OVERVIEW_SORTS, TERM_MAX, type Selection } from "./overview-query";

/**
 * The users filter (spec: planning.md, "Filter object" and "Filter bar"): offices, groups,
 * a search term, and optionally competences and projects, validated for the API. The
 * vocabulary and the page's address live in overview-query.ts, which needs no zod.
 */

function selectionSchema(kind: "offices" | "groups") {
  const label = kind === "offices" ? "All offices" : "All groups";
  return z
    .array(idSchema, { error: `${kind[0].toUpperCase()}${kind.slice(1)} must be a list of ids.` })
    .max(500, "At most 500 ids.")
    .refine((list) => !list.includes(ALL) || list.length === 1, `'${label}' cannot be combined with other ${kind}.`)
    .transform((list): Selection => (list.includes(ALL) ? ALL : [...new Set(list)]));
}

/**
 * The body of POST /users/filtered and /users/filteredIds. Leaving offices or groups out
 * means 'all' (narrowed to what the caller may pick, like everything else).
 */
export const userFilterSchema = z.object({
  offices: selectionSchema("offices").default(ALL),
  groups: selectionSchema("groups").default(ALL),
  term: z.string({ error: "Term must be text." }).trim().max(TERM_MAX, `At most ${TERM_MAX} characters.`).default(""),
  /** People holding any of these competences. */
  competences: idList("Competences").optional(),
  /** People with any of these CV items (titles, 'From CV Partner'). */
  cvpartnerData: z
    .array(
      z.string({ error: "CV items must be text." }).trim().min(1, "CV items cannot be empty.").max(300, "CV items are at most 300 characters."),
      {
        error: "cvpartnerData must be a list of CV item titles.",
      },
    )
    .max(100, "At most 100 CV items.")
    .transform((list) => [...new Set(list)])
    .optional(),
  /** People on any of these projects. */
  projects: idList("Projects").optional(),
  /** true (default): people who completed their sign-up; false: invited people who have not (administrators only). */
  completed: z.boolean({ error: "Completed must be true or false." }).default(true),
  sort: z.enum(OVERVIEW_SORTS, { error: `Sort must be one of ${OVERVIEW_SORTS.join(", ")}.` }).default("lastUpdated"),
});

export const filteredUsersSchema = userFilterSchema.extend({
  offset: z.number({ error: "Offset must be a whole number." }).int("Offset must be a whole number.").min(0, "Offset cannot be negative.").default(0),
  limit: countSchema("Limit", FILTERED_MAX_LIMIT).default(OVERVIEW_PAGE_SIZE),
});

export type UserFilter = z.infer<typeof userFilterSchema>;
export type FilteredUsersInput = z.infer<typeof filteredUsersSchema>;
