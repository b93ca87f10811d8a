import { z } from "zod";
import { MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS, RETENTION_MONTHS_MESSAGE } from "./history-retention.constants";
import { currentPasswordField, REQUIRED } from "../schema-kit";
import { isTimeZone } from "~/lib/time-zones";

/**
 * Input of the company catalog: groups, offices, skill levels, project stages and
 * categories, and the company itself. Shared by the page forms (conform) and /api/v2.
 */
export { REQUIRED };
export const NAME_MAX = 100;
export const SKILL_LEVEL_MAX = 1000;

/** The spec's project stage palette, without '#', as stored and sent. */
export const PROJECT_STAGE_COLORS = ["75B7D8", "65C898", "EEC444", "FF5454", "9900EF", "A1A5B7"] as const;
export type ProjectStageColor = (typeof PROJECT_STAGE_COLORS)[number];
export const DEFAULT_PROJECT_STAGE_COLOR: ProjectStageColor = "75B7D8";

const missing = (input: unknown) => input === undefined || input === null || input === "";

const name = z
  .string({ error: (issue) => (missing(issue.input) ? REQUIRED : "Needs to be text.") })
  .trim()
  .min(1, REQUIRED)
  .max(NAME_MAX, `Use at most ${NAME_MAX} characters.`);

const id = z
  .string({ error: (issue) => (missing(issue.input) ? REQUIRED : "Needs to be an id.") })
  .trim()
  .min(1, REQUIRED);

/** Department names from the directory; the API sends a list, the form a comma-separated text. */
const ssoIdentifiers = z
  .preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(",")
            .map((item) => item.trim())
            .filter((item) => item !== "")
        : value,
    z
      .array(z.string({ error: "Each SSO identifier needs to be text." }).trim().max(200, "Use at most 200 characters per SSO identifier."), {
        error: "Needs to be a list of SSO identifiers.",
      })
      .max(100, "Use at most 100 SSO identifiers."),
  )
  .transform((list) => [...new Set(list.filter((item) => item !== ""))])
  .optional();

export const groupUpsertSchema = z.object({ name, ssoIdentifiers });
export type GroupUpsertInput = z.infer<typeof groupUpsertSchema>;

/** What a form sends for "the company's zone" (an empty select value never reaches the server). */
export const COMPANY_TIME_ZONE = "company";

/**
 * An office's IANA time zone (issue 16). Missing: left as it is (the company's for a new
 * office); null, empty or COMPANY_TIME_ZONE: the company's zone (stored as null).
 */
const timeZone = z
  .union([z.string().trim(), z.null()], { error: "Choose a time zone from the list." })
  .optional()
  .transform((zone) => (zone === undefined ? undefined : zone && zone !== COMPANY_TIME_ZONE ? zone : null))
  .refine((zone) => !zone || isTimeZone(zone), "Choose a time zone from the list.");

export const officeCreationSchema = z.object({ name, group: id, timeZone });
export type OfficeCreationInput = z.infer<typeof officeCreationSchema>;

/** Renames an office and, when given, sets its time zone. */
export const officeRenameSchema = z.object({ name, timeZone });

/** The office page's time zone dialog: the zone alone (COMPANY_TIME_ZONE: the company's). */
export const officeTimeZoneSchema = z.object({
  timeZone: z
    .string({ error: "Choose a time zone from the list." })
    .trim()
    .refine((zone) => zone === COMPANY_TIME_ZONE || isTimeZone(zone), "Choose a time zone from the list.")
    .transform((zone) => (zone === COMPANY_TIME_ZONE ? null : zone)),
});
export type OfficeRenameInput = z.infer<typeof officeRenameSchema>;

const WHOLE_NUMBER = `Needs to be a whole number from 0 to ${SKILL_LEVEL_MAX}.`;

/** The form sends text and older clients may too: numeric text is read as a number. */
const level = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
  z
    .number({ error: (issue) => (missing(issue.input) ? REQUIRED : WHOLE_NUMBER) })
    .int(WHOLE_NUMBER)
    .min(0, WHOLE_NUMBER)
    .max(SKILL_LEVEL_MAX, WHOLE_NUMBER),
);

export const levelOfSkillUpsertSchema = z.object({ name, level });
export type LevelOfSkillUpsertInput = z.infer<typeof levelOfSkillUpsertSchema>;

/** Accepts '#75b7d8' as well as '75B7D8'; stored without '#', upper case. */
const color = z
  .preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(/^#/, "").toUpperCase() : value),
    z.enum(PROJECT_STAGE_COLORS, { error: "Choose one of the palette colours." }),
  )
  .optional();

export const projectStageUpsertSchema = z.object({ name, color });
export type ProjectStageUpsertInput = z.infer<typeof projectStageUpsertSchema>;

export const projectCategoryUpsertSchema = z.object({ name });
export type ProjectCategoryUpsertInput = z.infer<typeof projectCategoryUpsertSchema>;

/**
 * The firm's custom HTML block on the dashboard: blank is no block (null). updateCompany
 * sanitises it with an allow-list on the server (lib/sanitize-html.server.ts, decisions 0082
 * and 0242), and nothing left after sanitising is no block too.
 */
export const customHtmlSchema = z
  .string({ error: "Needs to be text." })
  .max(100_000, "Use at most 100000 characters.")
  .nullable()
  .optional()
  .transform((html) => {
    if (html === undefined) return undefined;
    return html?.trim() ? html : null;
  });

/**
 * The firm's history retention in months (decision 0308): a whole number from
 * MIN_RETENTION_MONTHS to MAX_RETENTION_MONTHS, or null (blank in the form) to keep raw
 * history for ever. Left out of PUT /company, it stays as it is.
 */
const historyRetentionMonths = z.preprocess(
  (value) => (value === "" ? null : value),
  z
    .number({ error: RETENTION_MONTHS_MESSAGE })
    .int(RETENTION_MONTHS_MESSAGE)
    .min(MIN_RETENTION_MONTHS, RETENTION_MONTHS_MESSAGE)
    .max(MAX_RETENTION_MONTHS, RETENTION_MONTHS_MESSAGE)
    .nullable()
    .optional(),
);

/** `currentPassword`: the step-up a shorter retention takes (decision 0276), when the sign-in is over 10 minutes old. */
export const companyUpdateSchema = z.object({ name, customHtml: customHtmlSchema, historyRetentionMonths, currentPassword: currentPasswordField });
/** The company page's retention dialog: a blank field (no value) keeps history for ever. */
export const historyRetentionUpdateSchema = z.object({
  historyRetentionMonths: historyRetentionMonths.transform((months) => months ?? null),
  currentPassword: currentPasswordField,
});
/** The company page's custom HTML editor sends only this field; an emptied editor (no value) clears the block. */
export const customHtmlUpdateSchema = z.object({ customHtml: customHtmlSchema.transform((html) => html ?? null) });
export type CompanyUpdateInput = z.infer<typeof companyUpdateSchema>;
