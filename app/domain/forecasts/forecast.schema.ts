import { z } from "zod";
import { REQUIRED, sessionIdSchema, sourceSchema } from "../schema-kit";
import { DAY_MS } from "~/lib/dates";
import { FORECAST_STATUSES } from "./statuses";

export { FORECAST_STATUSES, type ForecastStatusValue } from "./statuses";

/**
 * A calendar day sent by a client: "YYYY-MM-DD", or an ISO instant meant as the start of a
 * day. Instants are rounded to the nearest UTC midnight so that a local midnight sent from
 * any time zone lands on the day the person picked.
 */
export const daySchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .transform((value, ctx) => {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const ms = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: "custom", message: "Needs to be a valid date." });
      return z.NEVER;
    }
    return new Date(dateOnly ? ms : Math.round(ms / DAY_MS) * DAY_MS);
  });

export const forecastUpsertSchema = z
  .object({
    startDate: daySchema,
    endDate: daySchema.nullish(),
    status: z.enum(FORECAST_STATUSES, { error: "Status must be away, 0, 1, 2 or 3." }),
    comment: z.string().max(1000).nullish(),
    sessionId: sessionIdSchema,
    /** The client, for the usage statistics (web_app when absent). */
    source: sourceSchema.optional(),
  })
  .transform((input) => ({ ...input, endDate: input.endDate ?? input.startDate, comment: input.comment?.trim() ? input.comment.trim() : null }))
  .refine((input) => input.endDate.getTime() >= input.startDate.getTime(), {
    message: "The end date cannot be before the start date.",
    path: ["endDate"],
  });

export type ForecastUpsertInput = z.infer<typeof forecastUpsertSchema>;

/** Editor comment limit: 25, or 100 with enableNewForecasting. */
export function forecastCommentLimit(settings: { enableNewForecasting: boolean }): number {
  return settings.enableNewForecasting ? 100 : 25;
}

/** Home forecast card comment limit: 50, or 100 with expandComment. */
export function cardCommentLimit(settings: { expandComment: boolean }): number {
  return settings.expandComment ? 100 : 50;
}

export const vacationSchema = z
  .object({ startDate: daySchema, endDate: daySchema.nullish(), sessionId: sessionIdSchema })
  .transform((input) => ({ ...input, endDate: input.endDate ?? input.startDate }))
  .refine((input) => input.endDate.getTime() >= input.startDate.getTime(), {
    message: "The end date cannot be before the start date.",
    path: ["endDate"],
  });
