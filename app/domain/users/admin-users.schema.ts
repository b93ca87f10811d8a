import { z } from "zod";
import { formBoolean, strictFlag } from "../schema-kit";
import { emailField, nameField, optionalId } from "../account/invite.schema";

/**
 * What administrators change about a person: userUpdateParams (PUT /users/{id}), the team
 * (PUT /users/{id}/move) and the admin rights (PUT /users/{id}/admin). The API sends only
 * what changes; the page's forms send every field they show (checkboxes as "on" or absent).
 */
const flag = strictFlag;

export const adminUserUpdateSchema = z.object({
  name: nameField.optional(),
  email: emailField.optional(),
  title: z.string().trim().max(200, "Use at most 200 characters.").optional(),
  /** The 'Observer' badge; `observer` is the same flag under the name the company-admin form uses. */
  admin: flag.optional(),
  observer: flag.optional(),
  utilizationViewOthersPriviliges: flag.optional(),
  detailedViewPriviliges: flag.optional(),
  detailedViewHoursPriviliges: flag.optional(),
  /** Part of userUpdateParams, but only the person sets it (PUT /users/{own id}): refused with a field error here. */
  workloadForecastDate: z.unknown().optional(),
});
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateSchema>;

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
  admin: flag.default(false),
  administratorPriviliges: flag,
});
export type AdminRightsInput = z.infer<typeof adminRightsSchema>;
