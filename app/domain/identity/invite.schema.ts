import { z } from "zod";
import { formBoolean } from "~/domain/schema-kit";
import { REQUIRED } from "~/domain/schema-kit";
import { INVALID_EMAIL, isValidEmail, normalizeEmail, splitList } from "~/lib/email-address";

/** Invites: one person (userCreationParams) or several (POST /users/multiple). */
const missing = (input: unknown) => input === undefined || input === null || input === "";

export const emailField = z
  .string({ error: (issue) => (missing(issue.input) ? REQUIRED : INVALID_EMAIL) })
  .trim()
  .min(1, REQUIRED)
  .refine(isValidEmail, INVALID_EMAIL)
  .transform(normalizeEmail);

export const nameField = z
  .string({ error: (issue) => (missing(issue.input) ? REQUIRED : "Needs to be text.") })
  .trim()
  .min(1, REQUIRED)
  .max(200, "Use at most 200 characters.");

/** Form checkboxes send "on"; JSON sends booleans. */
export const checkbox = formBoolean.default(false);

/** An id or nothing: forms send "" for an empty select. */
export const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), z.string().trim().min(1).max(64).optional());

export const userCreationSchema = z.object({
  name: nameField,
  email: emailField,
  title: z.string().trim().max(200, "Use at most 200 characters.").optional().default(""),
  admin: checkbox,
  companyAdmin: checkbox,
  group: optionalId,
  office: optionalId,
});
export type UserCreationInput = z.infer<typeof userCreationSchema>;

export const MAX_INVITES = 100;

/** The people of one multiple invite: at least one, at most MAX_INVITES. */
function inviteList<T extends z.ZodType>(item: T, error?: string) {
  return z
    .array(item, error ? { error } : undefined)
    .min(1, REQUIRED)
    .max(MAX_INVITES, `Invite at most ${MAX_INVITES} people at a time.`);
}

const multipleInviteTeam = {
  admin: checkbox,
  group: optionalId,
  office: optionalId,
  secondaryEnabled: checkbox,
  secondaryGroup: optionalId,
  secondaryOffice: optionalId,
};

export const multipleInviteSchema = z.object({
  users: inviteList(
    z.object({
      email: emailField,
      name: z.string().trim().max(200, "Use at most 200 characters.").nullish(),
      azureADId: z.string().trim().max(200).nullish(),
    }),
    "Needs to be a list of people.",
  ),
  ...multipleInviteTeam,
});
export type MultipleInviteInput = z.infer<typeof multipleInviteSchema>;

/**
 * The 'Invite multiple' dialog's form: Emails and Names typed as lists separated by ';' and
 * matched by position, read into POST /users/multiple's input. Each e-mail is checked as the
 * API checks it; a bad one is refused at `emails[i]`, its place in the list.
 */
export const multipleInviteFormSchema = z
  .object({
    emails: z.string().default("").transform(splitList).pipe(inviteList(emailField)),
    names: z
      .string()
      .default("")
      .transform((names): (string | undefined)[] => names.split(";").map((name) => name.trim()))
      // Optional: conform reads a blank place in the list as missing.
      .pipe(z.array(z.string().max(200, "Use at most 200 characters.").optional())),
    ...multipleInviteTeam,
  })
  .transform(({ emails, names, ...team }): MultipleInviteInput => ({
    ...team,
    users: emails.map((email, index) => ({ email, name: names[index] || null })),
  }));

/** New passwords: at least 12 characters (the spec shows no rule; decision 0087). */
export const PASSWORD_MIN = 12;
export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN} characters.`;
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

export const signUpSchema = z.object({
  name: nameField,
  title: z.string().trim().max(200, "Use at most 200 characters.").optional().default(""),
  email: emailField,
  phone: z.string().trim().max(50, "Use at most 50 characters.").nullish(),
  group: optionalId,
  office: optionalId,
  password: z.string().max(1000, "Use at most 1000 characters.").optional().default(""),
  passwordConfirmation: z.string().max(1000, "Use at most 1000 characters.").optional().default(""),
  sso: checkbox,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * The sign-up rules that depend on the invite: a password (and its confirmation) unless the
 * company signs people up through single sign-on, where a confirmation is needed only when
 * a password is entered; a group and an office when the page asks the person to choose.
 */
export function signUpSchemaFor(options: { ssoOnly: boolean; chooseTeam: boolean }) {
  return signUpSchema.check(
    // Runs even when other fields failed, so every missing field is reported at once.
    z.superRefine(
      (value: SignUpInput, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
        const password = typeof value.password === "string" ? value.password : "";
        const confirmation = typeof value.passwordConfirmation === "string" ? value.passwordConfirmation : "";
        if (!options.ssoOnly || password !== "") {
          if (password === "") issue("password", REQUIRED);
          else if (password.length < PASSWORD_MIN) issue("password", PASSWORD_TOO_SHORT);
          if (confirmation === "") issue("passwordConfirmation", REQUIRED);
          else if (password !== "" && password !== confirmation) issue("passwordConfirmation", PASSWORDS_DONT_MATCH);
        } else if (confirmation !== "") {
          issue("passwordConfirmation", PASSWORDS_DONT_MATCH);
        }
        if (options.chooseTeam) {
          if (!value.group) issue("group", REQUIRED);
          if (!value.office) issue("office", REQUIRED);
        }
      },
      { when: () => true },
    ),
  );
}
