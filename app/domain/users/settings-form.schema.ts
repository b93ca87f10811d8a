import { z } from "zod";
import { emailField } from "~/domain/identity/invite.schema";
import { requiredText } from "../schema-kit";

/** The years of 'Employed': the current year down 30 years, then 'Before {year}' (value 0). */
export function employedYears(now: Date): { value: number; label: string }[] {
  const year = now.getUTCFullYear();
  const years = Array.from({ length: 30 }, (_, i) => ({ value: year - i, label: String(year - i) }));
  return [...years, { value: 0, label: `Before ${year - 29}` }];
}

export { UPDATE_REMINDER_OPTIONS } from "./settings-form.constants";

/** The /settings profile form: Name, Email, Update Notifications, Phone, Employed, Title. */
export const settingsFormSchema = z.object({
  name: requiredText(200),
  email: emailField,
  updateReminders: z.enum(["0", "7"], { error: "Choose Disabled or After three days." }).transform(Number).optional(),
  phone: z.string().trim().max(50, "Use at most 50 characters.").optional(),
  startYear: z.coerce.number({ error: "Choose a year." }).int().min(0).max(3000).optional(),
  title: z.string().trim().max(200, "Use at most 200 characters.").optional(),
  /** Asked for when the e-mail changes (issue 26). */
  currentPassword: z.string().max(1000).optional(),
});
