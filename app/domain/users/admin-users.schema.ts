import { z } from "zod";
import { formBoolean, strictFlag } from "../schema-kit";
import { emailField, nameField, optionalId } from "~/domain/identity/invite.schema";

/**
 * What administrators change about a person besides userUpdateParams (user-update.schema.ts):
 * the team (PUT /users/{id}/move) and the admin rights (PUT /users/{id}/admin); and the
 * users pages' edit dialog, which sends every field it shows (checkboxes as "on" or absent).
 */

/** The edit dialog: an unchecked box is not sent, and means false. */
const box = formBoolean.default(false);
export const userEditFormSchema = z.object({
  name: nameField,
  email: emailField,
  title: z.string().trim().max(200, "Use at most 200 characters.").optional(),
  admin: box,
  utilizationViewOthersPriviliges: box,
  detailedViewPriviliges: box,
  detailedViewHoursPriviliges: box,
});

export const moveUserSchema = z.object({
  group: optionalId,
  office: optionalId,
  secondaryEnabled: box,
  secondaryGroup: optionalId,
  secondaryOffice: optionalId,
});
export type MoveUserInput = z.infer<typeof moveUserSchema>;

export const adminRightsSchema = z.object({
  admin: strictFlag.default(false),
  administratorPriviliges: strictFlag,
});
export type AdminRightsInput = z.infer<typeof adminRightsSchema>;
