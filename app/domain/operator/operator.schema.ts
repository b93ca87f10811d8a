import { z } from "zod";
import { FIRM_ICON_MESSAGE, isFirmIconUrl } from "~/domain/company/firm-icon";
import { formBoolean, requiredText } from "../schema-kit";
import { emailField, nameField } from "~/domain/identity/invite.schema";
import { companySettingsSchema } from "../company/settings.schema";

/**
 * The operator console's forms. A firm's settings are edited as one form: every switch of
 * companySettingsSchema, with the messages a person reads in place of zod's defaults.
 */
const companyName = requiredText(100);

export const operatorCompanyCreateSchema = z.object({
  name: companyName,
  adminName: nameField,
  adminEmail: emailField,
});
export type OperatorCompanyCreateInput = z.infer<typeof operatorCompanyCreateSchema>;

export const MATTERS_TIMEPERIOD_MESSAGE = "Needs to be a whole number of days from 1 to 90.";

/** The text fields come first in the form; every other setting is an on/off switch. */
export const SETTING_TEXT_FIELDS = [
  "mattersTimeperiod",
  "utilizationTargetHours",
  "elsewhereLabel",
  "icon",
  "titleRanking",
  "timeZone",
  "language",
] as const;

export const UTILIZATION_TARGET_MESSAGE = "Needs to be a number of hours from 1 to 80.";

export const TITLE_RANKING_MESSAGE = "At most 100 titles of at most 100 characters each.";
type SettingKey = keyof z.infer<typeof companySettingsSchema>;
type SwitchKey = Exclude<SettingKey, (typeof SETTING_TEXT_FIELDS)[number]>;
export const SETTING_SWITCHES = Object.keys(companySettingsSchema.shape).filter(
  (key) => !(SETTING_TEXT_FIELDS as readonly string[]).includes(key),
) as SwitchKey[];

/** A checkbox: absent means off. No default, or a switch that defaults to on could never be turned off. */
const formSwitch = formBoolean;
const switchFields = Object.fromEntries(SETTING_SWITCHES.map((key) => [key, formSwitch])) as Record<SwitchKey, typeof formSwitch>;

export const operatorCompanyUpdateSchema = companySettingsSchema.extend({
  ...switchFields,
  name: companyName,
  icon: z.string().trim().max(500, "Use at most 500 characters.").refine(isFirmIconUrl, FIRM_ICON_MESSAGE).nullable().default(null),
  mattersTimeperiod: z
    .number({ error: MATTERS_TIMEPERIOD_MESSAGE })
    .int(MATTERS_TIMEPERIOD_MESSAGE)
    .min(1, MATTERS_TIMEPERIOD_MESSAGE)
    .max(90, MATTERS_TIMEPERIOD_MESSAGE)
    .default(7),
  utilizationTargetHours: z
    .number({ error: UTILIZATION_TARGET_MESSAGE })
    .min(1, UTILIZATION_TARGET_MESSAGE)
    .max(80, UTILIZATION_TARGET_MESSAGE)
    .default(30),
  elsewhereLabel: requiredText(40).default("Elsewhere"),
  /** One title per line in the form, most senior first; blank lines are ignored. */
  titleRanking: z
    .string()
    .max(12_000, TITLE_RANKING_MESSAGE)
    .default("")
    .transform((text) => [
      ...new Set(
        text
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(100, TITLE_RANKING_MESSAGE)).max(100, TITLE_RANKING_MESSAGE)),
});
export type OperatorCompanyUpdateInput = z.infer<typeof operatorCompanyUpdateSchema>;
