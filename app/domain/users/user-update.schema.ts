import { z } from "zod";
import type { User } from "~/db/schema";
import { sessionIdSchema, sourceSchema, strictFlag } from "../schema-kit";
import { emailField, nameField } from "~/domain/identity/invite.schema";
import { daySchema } from "../forecasts/forecast.schema";

/**
 * PUT /users/{id} and the users pages' edit dialog, for every caller: the spec's
 * userUpdateParams (name, email, title, admin, observer, the three report privileges,
 * workloadForecastDate), the person's own settings (phone, startYear, updateReminders,
 * onLeave), and the two rights a client round-trips from the User entity. Who may change
 * which is `refusedChanges` below: a field is applied or refused, never dropped.
 */
export const userUpdateSchema = z.object({
  name: nameField.optional(),
  email: emailField.optional(),
  title: z.string().trim().max(200, "Use at most 200 characters.").optional(),
  /** The 'Observer' badge; `observer` is the same flag under the name the company-admin form uses. */
  admin: strictFlag.optional(),
  observer: strictFlag.optional(),
  utilizationViewOthersPriviliges: strictFlag.optional(),
  detailedViewPriviliges: strictFlag.optional(),
  detailedViewHoursPriviliges: strictFlag.optional(),
  /** Changed with PUT /users/{id}/admin; accepted here only unchanged (a round-tripped User). */
  administratorPriviliges: strictFlag.optional(),
  /** Given at the invite; accepted here only unchanged (a round-tripped User). */
  companyAdmin: strictFlag.optional(),
  phone: z.string().trim().max(50, "Use at most 50 characters.").nullish(),
  startYear: z.number().int().min(0).max(3000).nullish(),
  updateReminders: z.union([z.literal(0), z.literal(7)], { error: "Update reminders must be 0 or 7." }).optional(),
  onLeave: z.boolean().optional(),
  workloadForecastDate: daySchema.nullish(),
  source: sourceSchema,
  sessionId: sessionIdSchema,
  /** Needed with a new e-mail of one's own (issue 26). */
  currentPassword: z.string().max(1000).optional(),
});

export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const OWN_PRIVILEGES = "You cannot change your own privileges.";

/** Nobody changes their own rights: the page's boxes and the API's fields alike. */
const REFUSED_FOR_SELF = {
  admin: OWN_PRIVILEGES,
  observer: OWN_PRIVILEGES,
  utilizationViewOthersPriviliges: OWN_PRIVILEGES,
  detailedViewPriviliges: OWN_PRIVILEGES,
  detailedViewHoursPriviliges: OWN_PRIVILEGES,
  administratorPriviliges: OWN_PRIVILEGES,
  companyAdmin: OWN_PRIVILEGES,
} as const;

/** What an administrator cannot change about someone else here (decision 0239). */
const REFUSED_FOR_ADMINISTRATOR = {
  phone: "Only the person changes their phone number.",
  startYear: "Only the person changes their start year.",
  updateReminders: "Only the person chooses their update reminders.",
  onLeave: "Only the person sets whether they are on leave here; plan their absence in the planner.",
  workloadForecastDate: "Only the person sets the date of their future workload.",
  administratorPriviliges: "Administrator rights are changed with PUT /users/{id}/admin.",
  companyAdmin: "Company administrators are named when they are invited.",
} as const;

type Current = Pick<
  User,
  | "admin"
  | "administratorPriviliges"
  | "companyAdmin"
  | "utilizationViewOthersPriviliges"
  | "detailedViewPriviliges"
  | "detailedViewHoursPriviliges"
  | "phone"
  | "startYear"
  | "updateReminders"
  | "onLeave"
  | "workloadForecastDate"
>;

const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));

/**
 * The one rule for who changes what in a user update: the field errors for the fields sent
 * that the caller may not change (`self`: one's own row; `administrator`: someone they
 * administer). A field sent with its current value is no change (a form sends every box it
 * shows, a client may send back the User it read), so it passes.
 */
export function refusedChanges(current: Current, input: Partial<UserUpdate>, caller: "self" | "administrator"): Record<string, string> {
  const rules: Partial<Record<keyof UserUpdate, string>> = caller === "self" ? REFUSED_FOR_SELF : REFUSED_FOR_ADMINISTRATOR;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(rules) as [keyof UserUpdate, string][]) {
    const sent = input[field];
    if (sent === undefined) continue;
    const now = field === "observer" ? current.admin : current[field as keyof Current];
    if (comparable(sent) !== comparable(now)) errors[field] = message;
  }
  return errors;
}
