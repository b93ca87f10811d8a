import { z } from "zod";
import { currentPasswordField } from "~/domain/schema-kit";
import { hasControlCharacters } from "~/integrations/email/smtp-policy";

/**
 * The company's Elite 3E connection as a form and PUT /company/elite-3e send it: a plain
 * module, so the company page's dialog validates with the same schema (useDialogForm).
 */
const field = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: "Needs to be text." })
      .max(max, `Use at most ${max} characters.`)
      .refine((v) => !hasControlCharacters(v), "Must not contain line breaks or control characters.")
      .nullish(),
  );

export const eliteConfigSchema = z.object({
  endpoint: field(500),
  clientId: field(200),
  clientSecret: field(1000),
  /** The step-up: the caller's password, unless they signed in within the last 10 minutes. */
  currentPassword: currentPasswordField,
});
export type EliteConfigInput = z.infer<typeof eliteConfigSchema>;
