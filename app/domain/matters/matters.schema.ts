import { z } from "zod";
import { countSchema, REQUIRED, sessionIdSchema } from "../schema-kit";
import { userFilterSchema } from "../users/filter.schema";
import { TERM_MAX } from "../users/overview-query";
import { DETAILED_LAYOUTS, MATTER_SORTS, TIMEKEEPER_SORTS, UTILIZATION_SORT_PATTERN, UTILIZATION_SORTS, type DetailedLayout } from "./report-sorts";

// The reports' orders and pages live apart from the schemas, so the overview's JavaScript has no zod (decision 0292).
export * from "./report-sorts";

/**
 * Inputs of the time-keeping calls (spec: planning.md, "The calls"): the two reports take the
 * users filter (the detailed report without its term, as the spec says), the comment and
 * PM toggle bodies keep the contract's names.
 */
export const MATTER_COMMENT_MAX = 500;
export const UTILIZATION_WEEKS_DEFAULT = 12;
export const UTILIZATION_WEEKS_MAX = 26;

const matterNumber = z.string({ error: "Matter number must be text." }).trim().min(1, REQUIRED).max(64, "Use at most 64 characters.");

/** A report's direction and page: one plumbing for the detailed and utilization reports (decisions 0205, 0226). */
const sortDirSchema = z.enum(["asc", "desc"], { error: "Direction must be asc or desc." }).optional();
const pageNumberSchema = z
  .number({ error: "Page must be a whole number from 1." })
  .int("Page must be a whole number from 1.")
  .min(1, "Page must be a whole number from 1.")
  .max(100_000, "Page must be a whole number from 1.")
  .default(1);

/** The detailed report's layout, order and page (decision 0205); the overview reads the same from its address. */
export const detailedPageSchema = z
  .object({
    layout: z.enum(DETAILED_LAYOUTS, { error: "Layout must be timekeepers or matters." }).default("timekeepers"),
    sort: z.enum(["name", "status", "forecast", "matters", "hours", "matter", "lead"], { error: "Unknown sort." }).optional(),
    dir: sortDirSchema,
    page: pageNumberSchema,
    /**
     * The page's search box (planning.md, filter bar): the timekeepers layout finds people by
     * name or title, the matters layout matters by name, number or client ('Search name or
     * client'). Not the users filter's `term`, which the detailed report leaves out.
     */
    search: z.string({ error: "Search must be text." }).trim().max(TERM_MAX, `At most ${TERM_MAX} characters.`).optional(),
  })
  .superRefine(sortFitsLayout);

function sortFitsLayout(value: { layout: DetailedLayout; sort?: string }, issue: z.RefinementCtx) {
  const sorts: readonly string[] = value.layout === "matters" ? MATTER_SORTS : TIMEKEEPER_SORTS;
  if (value.sort !== undefined && !sorts.includes(value.sort))
    issue.addIssue({ code: "custom", path: ["sort"], message: `The ${value.layout} layout sorts by ${sorts.join(", ")}.` });
}

export const detailedReportSchema = userFilterSchema
  .pick({ offices: true, groups: true, competences: true, projects: true })
  .extend(detailedPageSchema.shape)
  .superRefine(sortFitsLayout);

export const utilizationReportSchema = userFilterSchema
  .pick({ offices: true, groups: true, term: true, competences: true, projects: true })
  .extend({
    weeks: countSchema("Weeks", UTILIZATION_WEEKS_MAX).default(UTILIZATION_WEEKS_DEFAULT),
    sort: z
      .string({ error: "Unknown sort." })
      .regex(
        UTILIZATION_SORT_PATTERN,
        `Sort by ${UTILIZATION_SORTS.join(", ")}, w0-w25 (a week's billable hours) or nb0-nb25 (its non-billable hours).`,
      )
      .optional(),
    dir: sortDirSchema,
    page: pageNumberSchema,
  })
  .superRefine((value, issue) => {
    const week = value.sort === undefined ? null : /^(?:w|nb)(\d+)$/.exec(value.sort);
    if (week && Number(week[1]) >= value.weeks)
      issue.addIssue({
        code: "custom",
        path: ["sort"],
        message: `This report has ${value.weeks} weeks: sort by w0-w${value.weeks - 1} or nb0-nb${value.weeks - 1}.`,
      });
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
  userId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64),
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
