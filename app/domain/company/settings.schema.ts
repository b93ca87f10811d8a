import { z } from "zod";
import { DEFAULT_TIME_ZONE, isTimeZone } from "~/lib/time-zones";

/**
 * Every per-firm feature switch of the spec, plus the firm-specific behaviour the spec
 * ties to particular firm ids or named people, turned into settings. One object per
 * company, stored as JSON and always read through this schema so that a missing or
 * unknown key falls back to its default.
 */
export const companySettingsSchema = z.object({
  icon: z.string().max(500).nullable().default(null),
  /** The firm's IANA time zone: "today" for people without an office zone (decision 0093). */
  timeZone: z.string().refine(isTimeZone, "Choose a time zone from the list.").default(DEFAULT_TIME_ZONE),
  /** The firm's language for people whose browser asks for none we have (decision 0306): a catalog in app/locales. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/, "Choose a language from the list.")
    .default("en"),
  // Views and time keeping
  enableUtilizationView: z.boolean().default(false),
  enableMatterPM: z.boolean().default(false),
  enableDetailedViewHours: z.boolean().default(false),
  enableDetailedViewComments: z.boolean().default(false),
  /** Days of billable history the matter views cover ("14 for one firm, 7 for others"). */
  mattersTimeperiod: z.number().int().min(1).max(90).default(7),
  /** Billable hours a week that count as 100 % utilization; a person may have their own (decision 0130). */
  utilizationTargetHours: z.number().min(1).max(80).default(30),
  /** The utilization view shows last month and this month instead of one UTILIZATION column. */
  utilizationMonths: z.boolean().default(false),
  // Comments and forecasting
  expandComment: z.boolean().default(true),
  enableNewForecasting: z.boolean().default(false),
  disableMessage: z.boolean().default(false),
  disableAbsencePlanner: z.boolean().default(false),
  absencePlannerviewOnly: z.boolean().default(false),
  // Work location
  elseWhereOption: z.boolean().default(false),
  /** What the "elsewhere" option is called (one firm shows it as a court). */
  elsewhereLabel: z.string().min(1).max(40).default("Elsewhere"),
  disableWFH: z.boolean().default(false),
  /** The slide toggle that reveals the default week (one firm in the spec). */
  showDefaultWeekToggle: z.boolean().default(false),
  // Projects
  disableProjects: z.boolean().default(false),
  enableProjectStages: z.boolean().default(false),
  disableProjectManager: z.boolean().default(false),
  projectInvoicing: z.boolean().default(false),
  projectsAllGroups: z.boolean().default(false),
  // Competences
  disableCompetences: z.boolean().default(false),
  disableCompetencesPriviligies: z.boolean().default(false),
  disableCompetencesEditSelf: z.boolean().default(false),
  // Filters
  allOfficesDefault: z.boolean().default(false),
  allGroupsDefault: z.boolean().default(false),
  // Reminders, custom html, directory
  hideUpdateRemindersSetting: z.boolean().default(false),
  enableCustomHtml: z.boolean().default(false),
  enableEntraUI: z.boolean().default(false),
  /** Back to Microsoft after a sign-in with the wrong account: the account picker instead of a silent retry ("two specific firms"). */
  entraAccountPicker: z.boolean().default(false),
  /** Sign-up needs no password: people of this firm sign in through single sign-on. */
  ssoOnlySignup: z.boolean().default(false),
  /**
   * The firm's titles, most senior first ("per-firm title ranking tables" in the spec): wherever
   * people are sorted by title, ranked titles come first in this order, the rest alphabetically.
   */
  titleRanking: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  /** Admins count as having the detailed/utilization privileges ("one named firm: admin"). */
  adminsHaveReportPrivileges: z.boolean().default(false),
});

export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const defaultCompanySettings: CompanySettings = companySettingsSchema.parse({});

/** Reads stored settings leniently: bad or unknown keys fall back to defaults, never throw. */
export function readCompanySettings(stored: unknown): CompanySettings {
  const raw = typeof stored === "string" ? safeJson(stored) : stored;
  const input = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...defaultCompanySettings };
  for (const [key, field] of Object.entries(companySettingsSchema.shape)) {
    if (!(key in input)) continue;
    const parsed = (field as z.ZodType).safeParse(input[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as CompanySettings;
}

export const companySettingsPatchSchema = companySettingsSchema.partial();

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
