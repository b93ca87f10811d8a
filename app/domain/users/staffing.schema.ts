import { z } from "zod";
import { DAY_MS } from "~/lib/dates";
import { daySchema } from "../forecasts/forecast.schema";
import { countSchema } from "../schema-kit";
import { userFilterSchema } from "./filter.schema";

/**
 * The staffing search ('Find people' on the overview, POST /users/staffing): who is free on
 * these days, holds a competence at a level, and sits in these offices (decision 0111).
 */
export const STAFFING_MAX_DAYS = 31;
export const STAFFING_MAX_LIMIT = 200;
export const STAFFING_DEFAULT_LIMIT = 50;

const wholeLevel = z.preprocess(
  (value) => (value === "" || value === null ? undefined : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: "Minimum level must be a whole number from 0 to 1000." })
    .int("Minimum level must be a whole number from 0 to 1000.")
    .min(0, "Minimum level must be a whole number from 0 to 1000.")
    .max(1000, "Minimum level must be a whole number from 0 to 1000.")
    .optional(),
);

export const staffingSearchSchema = userFilterSchema
  .pick({ offices: true, groups: true })
  .extend({
    startDate: daySchema,
    endDate: daySchema,
    competenceId: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.string({ error: "Needs to be an id." }).trim().min(1).max(64, "Ids are at most 64 characters.").optional(),
    ),
    minLevel: wholeLevel,
    limit: countSchema("Limit", STAFFING_MAX_LIMIT).default(STAFFING_DEFAULT_LIMIT),
  })
  .superRefine((input, ctx) => {
    // zod runs this even when a date failed to parse; those fields already carry their error.
    if (!(input.startDate instanceof Date) || !(input.endDate instanceof Date)) return;
    const span = Math.round((input.endDate.getTime() - input.startDate.getTime()) / DAY_MS) + 1;
    if (span < 1) ctx.addIssue({ code: "custom", path: ["endDate"], message: "The end date cannot be before the start date." });
    else if (span > STAFFING_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `Search at most ${STAFFING_MAX_DAYS} days at a time.` });
    if (input.minLevel !== undefined && input.minLevel > 0 && !input.competenceId) {
      ctx.addIssue({ code: "custom", path: ["minLevel"], message: "Pick a competence for the minimum level." });
    }
  });

export type StaffingSearchInput = z.infer<typeof staffingSearchSchema>;
