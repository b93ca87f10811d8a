import { z } from "zod";
import { emailField } from "../account/invite.schema";
import { daySchema } from "../forecasts/forecast.schema";

/** userUpdateParams, the fields a person changes about themself (subsets by use). */
export const ownUserUpdateSchema = z.object({
  name: z.string().trim().min(1, "This field is required.").max(200).optional(),
  email: emailField.optional(),
  title: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(50).nullish(),
  startYear: z.number().int().min(0).max(3000).nullish(),
  updateReminders: z.union([z.literal(0), z.literal(7)], { error: "Update reminders must be 0 or 7." }).optional(),
  onLeave: z.boolean().optional(),
  workloadForecastDate: daySchema.nullish(),
  source: z
    .string()
    .regex(/^(web_app|ios_app|teams_app_[A-Za-z0-9_-]{1,40})$/)
    .default("web_app"),
  sessionId: z.string().max(100).nullish(),
});

export type OwnUserUpdate = z.infer<typeof ownUserUpdateSchema>;
