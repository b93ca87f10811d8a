import { z } from "zod";
import { daySchema } from "../forecasts/forecast.schema";
import { countSchema, idList, idSchema as id, sessionIdSchema, strictFlag } from "../schema-kit";
import { DEFAULT_CURRENCY, MAX_PROJECT_CATEGORIES, VAT_QUICK_VALUES } from "./project-constants";

/**
 * The project use cases (spec: planning.md, "Projects", sections 5 and 7), validated the
 * same way for the API and the page forms. Plain zod: the browser uses these too.
 */

/** The spec's field message on the project forms ('Required'), not the account forms' sentence. */
export const PROJECT_REQUIRED = "Required";
/** The create dialog's form message when any field is refused. */
export const PROJECT_CREATE_FAILED = "Make sure you entered all required fields";
// The pages' constants live apart from the schemas, so a page shows them without zod (decision 0292).
export { DEFAULT_CURRENCY, MAX_PROJECT_CATEGORIES, VAT_QUICK_VALUES };
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
// The list's page size and score live apart from the schemas, so /projects has no zod in its first load (decision 0292).
export { PROJECTS_PAGE, projectScore } from "./project-list";

/** An optional id: "" (an empty select in a form) and null both mean none. */
const optionalId = z.preprocess((value) => (value === "" ? null : value), id.nullish());

/** An optional day: an empty date field is left out ('empty dates omitted'). */
const optionalDay = z.preprocess((value) => (value === "" ? null : value), daySchema.nullish());

const projectName = z.string({ error: PROJECT_REQUIRED }).trim().min(1, PROJECT_REQUIRED).max(NAME_MAX, `Use at most ${NAME_MAX} characters.`);

/** One manager: an id, never a list ('Manager picker: one only'). */
const managerSchema = z.preprocess(
  (value) => (value === "" ? null : value),
  z.string({ error: "Pick one manager." }).trim().min(1, "Pick one manager.").max(64, "Ids are at most 64 characters.").nullish(),
);

const categoriesSchema = z
  .array(id, { error: "Project categories must be a list of ids." })
  .transform((list) => [...new Set(list)])
  .refine((list) => list.length <= MAX_PROJECT_CATEGORIES, `Pick at most ${MAX_PROJECT_CATEGORIES} categories.`);

const datesInOrder = (input: { startDate?: Date | null; endDate?: Date | null }) =>
  !input.startDate || !input.endDate || input.endDate.getTime() >= input.startDate.getTime();
const datesMessage = { message: "The end date cannot be before the start date.", path: ["endDate"] };

const projectFields = {
  name: projectName,
  description: z.string({ error: "Description must be text." }).max(DESCRIPTION_MAX, `Use at most ${DESCRIPTION_MAX} characters.`).nullish(),
  startDate: optionalDay,
  endDate: optionalDay,
  manager: managerSchema,
  projectStage: optionalId,
  projectCategories: categoriesSchema.optional(),
  sessionId: sessionIdSchema,
};

/** POST /project and the Add project dialog. `users`: members to add at once (the creator, when asked). */
export const projectCreateSchema = z
  .object({
    ...projectFields,
    office: optionalId,
    group: optionalId,
    users: z.array(id, { error: "Users must be a list of ids." }).max(500, "At most 500 ids.").optional(),
  })
  .refine(datesInOrder, datesMessage);

/** PUT /project/{id} and the Settings tab: the name is required, the rest optional (left out: unchanged). */
export const projectUpdateSchema = z.object(projectFields).refine(datesInOrder, datesMessage);

export type ProjectCreateInput = z.infer<typeof projectCreateSchema>;
export type ProjectUpdateInput = z.infer<typeof projectUpdateSchema>;

/** The most projects one page of POST /project/filtered may ask for. */
export const PROJECTS_MAX_LIMIT = 500;

/** POST /project/filtered: every list narrows; leaving one out (or sending it empty) means any. */
export const projectFilterSchema = z.object({
  offices: idList("Offices").optional(),
  groups: idList("Groups").optional(),
  term: z.string({ error: "Term must be text." }).trim().max(100, "At most 100 characters.").default(""),
  categories: idList("Categories").optional(),
  stages: idList("Stages").optional(),
});

/**
 * The API's body: the filter, and optionally a page (decision 0291). With `limit` the answer is
 * `{ total, offset, limit, projects }`, ordered by name then id; without it, the spec's list of
 * every matching project.
 */
export const projectFilterPageSchema = projectFilterSchema
  .extend({
    limit: countSchema("Limit", PROJECTS_MAX_LIMIT).optional(),
    offset: z
      .number({ error: "Offset must be a whole number from 0." })
      .int("Offset must be a whole number from 0.")
      .min(0, "Offset must be a whole number from 0.")
      .optional(),
  })
  .refine((body) => body.offset === undefined || body.limit !== undefined, {
    message: "Send limit with offset: a page needs its length.",
    path: ["limit"],
  });

export type ProjectFilter = z.infer<typeof projectFilterSchema>;
export type ProjectFilterPage = z.infer<typeof projectFilterPageSchema>;

/** GET /project: `all` includes archived projects, `office` narrows to one office. */
export const projectListQuerySchema = z.object({
  all: strictFlag.optional(),
  office: id.optional(),
});

/** POST /project/{id}/users. */
export const projectMembersSchema = z.object({
  ids: z.array(id, { error: "Ids must be a list of user ids." }).min(1, "Pick at least one person.").max(500, "At most 500 ids."),
  sessionId: sessionIdSchema,
});

/** Hours: a number above 0 up to 24, in steps of 0.5 (the dialog's step), on a day. */
export const timeReportSchema = z.object({
  hours: z
    .number({ error: PROJECT_REQUIRED })
    .gt(0, "Hours must be more than 0.")
    .max(24, "At most 24 hours a day.")
    .refine((hours) => Number.isInteger(hours * 2), "Use steps of 0.5 hours."),
  date: daySchema,
  /** Whose hours (a member of the project); the caller's own when left out. */
  user: optionalId,
  sessionId: sessionIdSchema,
});

export type TimeReportInput = z.infer<typeof timeReportSchema>;

const currencySchema = z.preprocess(
  (value) =>
    value === "" || value === null || value === undefined ? DEFAULT_CURRENCY : typeof value === "string" ? value.trim().toUpperCase() : value,
  z.string({ error: PROJECT_REQUIRED }).regex(/^[A-Z]{3}$/, "Use a three-letter currency code such as USD."),
);

/** Invoices: date, amount and currency required (currency defaults to USD); VAT optional, a percentage. */
export const invoiceSchema = z.object({
  date: daySchema,
  amount: z
    .number({ error: PROJECT_REQUIRED })
    .min(0, "The amount cannot be negative.")
    .max(1e12, "The amount is too large.")
    .refine(
      (amount) => Number.isInteger(Math.round(amount * 100)) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6,
      "Use at most two decimals.",
    ),
  vat: z.preprocess(
    (value) => (value === "" ? null : value),
    z
      .number({ error: "VAT must be a number." })
      .min(0, "VAT is a percentage from 0 to 100.")
      .max(100, "VAT is a percentage from 0 to 100.")
      .nullish(),
  ),
  identification: z.string({ error: "Identification must be text." }).trim().max(100, "Use at most 100 characters.").nullish(),
  currency: currencySchema,
  sessionId: sessionIdSchema,
});

export type InvoiceInput = z.infer<typeof invoiceSchema>;
