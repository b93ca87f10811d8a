import { z } from "zod";
import { REQUIRED } from "~/domain/schema-kit";
import { emailField, PASSWORD_MIN, PASSWORD_TOO_SHORT, PASSWORDS_DONT_MATCH } from "~/domain/identity/invite.schema";

/** Shown by the reset page and sent by the API: the page renders it, so it lives here and not in a `.server` module. */
export const RESET_LINK_INVALID = "This reset link is invalid or has expired.";

/** Forgot password, set password (from the mailed link) and change password. */
export const resetRequestSchema = z.object({ resetEmail: emailField });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

const missing = (input: unknown) => input === undefined || input === null || input === "";

function passwordPair<K extends string, C extends string>(newKey: K, confirmKey: C, required: string) {
  const text = z.string({ error: (issue) => (missing(issue.input) ? required : "Needs to be text.") }).max(1000, "Use at most 1000 characters.");
  return { newKey, confirmKey, text, required };
}

/** Both fields required; the new password at least PASSWORD_MIN characters; the confirmation equal to it. */
function withPairRules<T extends z.ZodObject>(schema: T, newKey: string, confirmKey: string, required: string) {
  return schema.check(
    z.superRefine(
      (value: Record<string, unknown>, ctx) => {
        // Not an object at all (a JSON null): the object schema has its own issue for that.
        if (!value || typeof value !== "object") return;
        // A non-text value already has its own issue; the first issue of a field is the one shown.
        const password = typeof value[newKey] === "string" ? (value[newKey] as string) : "";
        const confirmation = typeof value[confirmKey] === "string" ? (value[confirmKey] as string) : "";
        if (password === "") ctx.addIssue({ code: "custom", path: [newKey], message: required });
        else if (password.length < PASSWORD_MIN) ctx.addIssue({ code: "custom", path: [newKey], message: PASSWORD_TOO_SHORT });
        if (confirmation === "") ctx.addIssue({ code: "custom", path: [confirmKey], message: required });
        else if (password !== "" && password !== confirmation) ctx.addIssue({ code: "custom", path: [confirmKey], message: PASSWORDS_DONT_MATCH });
      },
      { when: () => true },
    ),
  );
}

const setPair = passwordPair("newPassword", "newPasswordConfirmation", REQUIRED);
export const setPasswordSchema = withPairRules(
  z.object({ newPassword: setPair.text.optional(), newPasswordConfirmation: setPair.text.optional() }),
  "newPassword",
  "newPasswordConfirmation",
  setPair.required,
);
export type SetPasswordInput = { newPassword: string; newPasswordConfirmation: string };

/** The settings dialog's messages: 'Required' and 'Passwords don't match' (planning spec 5). */
export const CHANGE_REQUIRED = "Required";
const changePair = passwordPair("newPassword", "newPasswordConfirmation", CHANGE_REQUIRED);
export const changePasswordSchema = withPairRules(
  z.object({
    oldPassword: z
      .string({ error: (issue) => (missing(issue.input) ? CHANGE_REQUIRED : "Needs to be text.") })
      .min(1, CHANGE_REQUIRED)
      .max(1000, "Use at most 1000 characters."),
    newPassword: changePair.text.optional(),
    newPasswordConfirmation: changePair.text.optional(),
  }),
  "newPassword",
  "newPasswordConfirmation",
  CHANGE_REQUIRED,
);
export type ChangePasswordInput = { oldPassword: string; newPassword: string; newPasswordConfirmation: string };
