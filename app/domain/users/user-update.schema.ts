import { z } from "zod";
import { REQUIRED, sessionIdSchema, sourceSchema } from "../schema-kit";
import { emailField } from "../account/invite.schema";
import { daySchema } from "../forecasts/forecast.schema";

/** userUpdateParams, the fields a person changes about themself (subsets by use). */
export const ownUserUpdateSchema = z.object({
  name: z.string().trim().min(1, REQUIRED).max(200).optional(),
  email: emailField.optional(),
  title: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(50).nullish(),
  startYear: z.number().int().min(0).max(3000).nullish(),
  updateReminders: z.union([z.literal(0), z.literal(7)], { error: "Update reminders must be 0 or 7." }).optional(),
  onLeave: z.boolean().optional(),
  workloadForecastDate: daySchema.nullish(),
  source: sourceSchema,
  sessionId: sessionIdSchema,
});

export type OwnUserUpdate = z.infer<typeof ownUserUpdateSchema>;
