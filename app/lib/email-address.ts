/**
 * E-mail address checks shared by the forms (in the browser) and the server. Deliberately
 * simple: something@something.tld without spaces; the invite itself proves the address works.
 */
export const INVALID_EMAIL = "Needs to be a valid email";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= 320 && /^[^\s@;,<>"]+@[^\s@;,<>"]+\.[^\s@;,<>".]{2,}$/.test(email.trim());
}

/** "a@b; c@d;" → ["a@b", "c@d"], the Names and Emails fields of the invite dialog. */
export function splitList(text: string): string[] {
  return text
    .split(";")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}
