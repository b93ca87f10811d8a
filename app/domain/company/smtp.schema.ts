import { z } from "zod";
import { CONTROL_MESSAGE, hasControlCharacters } from "~/integrations/email/smtp-policy";
import { currentPasswordField, formBoolean } from "../schema-kit";

/**
 * The company's mail server as the company page's dialog and PUT /company/smtp-config send it
 * (companySmtpConfigParams): a plain module, so the dialog validates with the same schema in
 * the browser (conform) as the server does. The rules that need the installation (required
 * together, public host, mail port) stay in smtp.server.ts.
 */
const text = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: "Needs to be text." })
      .max(max, `Use at most ${max} characters.`)
      .refine((value) => !hasControlCharacters(value), CONTROL_MESSAGE)
      .nullish(),
  );

const currentPassword = currentPasswordField;

export const smtpConfigSchema = z.object({
  smtpHost: text(255),
  smtpPort: z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
    z
      .number({ error: "Needs to be a port number from 1 to 65535." })
      .int("Needs to be a port number from 1 to 65535.")
      .min(1, "Needs to be a port number from 1 to 65535.")
      .max(65535, "Needs to be a port number from 1 to 65535.")
      .optional(),
  ),
  smtpSender: text(320),
  smtpSecure: formBoolean.default(false),
  smtpUser: text(320),
  smtpPassword: text(1000),
  /** The signed-in company admin's own password, asked again for this change. */
  currentPassword,
});
export type SmtpConfigInput = z.infer<typeof smtpConfigSchema>;

/** The page's Reset button: only the password confirmation. */
export const smtpResetSchema = z.object({ currentPassword });
