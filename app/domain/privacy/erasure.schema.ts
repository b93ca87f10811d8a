import { z } from "zod";

/** The erase dialog: the step-up's password when the sign-in is not recent. */
export const eraseFormSchema = z.object({
  currentPassword: z.string().max(1000).optional(),
});

/**
 * POST /users/{id}/erase: `confirm` must be true (an API caller says so in the body, as the
 * dialog's question does for a person); `currentPassword` is the step-up's when the sign-in
 * is not recent.
 */
export const eraseApiSchema = z.object({
  confirm: z.literal(true, { error: "Send confirm: true to erase this person." }),
  currentPassword: z.string().max(1000).optional(),
});
