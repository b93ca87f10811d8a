import { isCommonPassword } from "~/domain/identity/common-passwords.server";
import { ValidationError } from "~/domain/errors";

export const PASSWORD_TOO_COMMON = "This password is too common: it appears in lists of breached passwords. Choose another.";

/**
 * The server's part of the password rules: the length is in the forms' schemas (the browser
 * checks it too); the list of breached passwords is only in the Worker.
 */
export function assertUncommonPassword(password: string, entityType: string, field: string): void {
  if (isCommonPassword(password)) throw new ValidationError(entityType, { [field]: PASSWORD_TOO_COMMON });
}
