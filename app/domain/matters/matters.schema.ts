import { z } from "zod";
import { sessionIdSchema } from "../schema-kit";
import { userFilterSchema } from "../users/filter.schema";

/**
 * Inputs of the time-keeping calls (spec: planning.md, "The calls"): the two reports take the
 * users filter (the detailed report without its term, as the spec says), the comment and
 * PM toggle bodies keep the contract's names.
 */
export const MATTER_COMMENT_MAX = 500;
export const UTILIZATION_WEEKS_DEFAULT = 12;
export const UTILIZATION_WEEKS_MAX = 26;

const matterNumber = z
  .string({ error: "Matter number must be text." })
  .trim()
  .min(1, "This field is required.")
  .max(64, "Use at most 64 characters.");

export const detailedReportSchema = userFilterSchema.pick({ offices: true, groups: true, competences: true, projects: true });

export const utilizationReportSchema = userFilterSchema.pick({ offices: true, groups: true, term: true, competences: true, projects: true }).extend({
  weeks: z
    .number({ error: `Weeks must be a whole number from 1 to ${UTILIZATION_WEEKS_MAX}.` })
    .int(`Weeks must be a whole number from 1 to ${UTILIZATION_WEEKS_MAX}.`)
    .min(1, `Weeks must be a whole number from 1 to ${UTILIZATION_WEEKS_MAX}.`)
    .max(UTILIZATION_WEEKS_MAX, `Weeks must be a whole number from 1 to ${UTILIZATION_WEEKS_MAX}.`)
    .default(UTILIZATION_WEEKS_DEFAULT),
});

export const matterCommentSchema = z.object({
  number: matterNumber,
  /** Empty clears the comment. */
  comment: z.string({ error: "Comment must be text." }).trim().max(MATTER_COMMENT_MAX, `Use at most ${MATTER_COMMENT_MAX} characters.`),
  sessionId: sessionIdSchema,
});

export const matterManagerSchema = z.object({
  matterNumber,
  value: z.boolean({ error: "Value must be true or false." }),
  userId: z.string({ error: "This field is required." }).trim().min(1, "This field is required.").max(64),
  sessionId: sessionIdSchema,
});

export type DetailedReportInput = z.infer<typeof detailedReportSchema>;
export type UtilizationReportInput = z.infer<typeof utilizationReportSchema>;
export type MatterCommentInput = z.infer<typeof matterCommentSchema>;
export type MatterManagerInput = z.infer<typeof matterManagerSchema>;

/** The overview page's writes (fetchers with an intent): a comment on one's matter, the PM toggle. */
export const matterIntentSchema = z.discriminatedUnion("intent", [
  matterCommentSchema.extend({ intent: z.literal("matterComment"), comment: matterCommentSchema.shape.comment.default("") }),
  matterManagerSchema.extend({
    intent: z.literal("matterManager"),
    value: z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: "Value must be true or false." })),
  }),
]);
