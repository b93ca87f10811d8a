import { z } from "zod";
import { ACTIVITY_KIND_KEYS } from "./activity-text";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .trim()
    .regex(DAY, `${label} must be a date (YYYY-MM-DD).`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} must be a date (YYYY-MM-DD).`);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/**
 * The Activity page's filter, as the address carries it (decision 0301): whose activity (the
 * person who acted or was acted on), which kind of change, from and to which day (the
 * reader's days), and the page: `before` is the last row shown ("<time>.<id>").
 */
export const activityFilterSchema = z
  .object({
    person: optional(z.string().trim().max(64, "Choose a person from the list.")),
    kind: optional(z.enum(ACTIVITY_KIND_KEYS, { error: "Choose a kind of change from the list." })),
    from: optional(day("From")),
    to: optional(day("To")),
    before: optional(z.string().regex(/^\d{1,15}\.[A-Za-z0-9_-]{1,64}$/, "That page of the activity does not exist.")),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: "The end date cannot be before the start date.",
    path: ["to"],
  });

export type ActivityFilter = z.infer<typeof activityFilterSchema>;

/** The filter from an address's search, or the first error's message (the page then shows everything, unfiltered, with it). */
export function parseActivityFilter(search: URLSearchParams): { filter: ActivityFilter; error: string | null } {
  const parsed = activityFilterSchema.safeParse(Object.fromEntries(search));
  if (parsed.success) return { filter: parsed.data, error: null };
  return { filter: {}, error: parsed.error.issues[0]?.message ?? "That filter is not valid." };
}

/** The filter as an address's search (the workbook's link, the next page's link). */
export function activitySearch(filter: ActivityFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of ["person", "kind", "from", "to"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
