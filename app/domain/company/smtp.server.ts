import { eq } from "drizzle-orm";
import { formBoolean } from "../schema-kit";
import { z } from "zod";
import { auditLog, companies } from "~/db/schema";
import type { Env } from "~/env";
import { companySmtp, providerName, type MailEnv } from "~/integrations/email/config.server";
import { buildMime } from "~/integrations/email/mime";
import { sendSmtp } from "~/integrations/email/smtp-client.server";
import type { DomainContext } from "../context";
import { DomainError, NotFoundError, ValidationError } from "../errors";
import { requireManager } from "~/domain/guards.server";

/**
 * The company's own mail server (companySmtpConfigParams). Host, port and sender together
 * turn it on; all three empty turn it off (mail goes through the installation's server).
 * The password is write-only: an empty or missing one keeps the stored password.
 */
const text = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string({ error: "Needs to be text." }).max(max, `Use at most ${max} characters.`).nullish(),
  );

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
});
export type SmtpConfigInput = z.infer<typeof smtpConfigSchema>;

export async function updateSmtpConfig(ctx: DomainContext, env: Env & MailEnv, input: SmtpConfigInput) {
  requireManager(ctx);
  const reset = !input.smtpHost && !input.smtpPort && !input.smtpSender;
  if (!reset) {
    const errors: Record<string, string> = {};
    if (!input.smtpHost) errors.smtpHost = "This field is required.";
    if (!input.smtpPort) errors.smtpPort = "This field is required.";
    if (!input.smtpSender) errors.smtpSender = "This field is required.";
    if (Object.keys(errors).length) throw new ValidationError("SmtpConfigInputErrors", errors);
  }
  const changes = reset
    ? { smtpHost: null, smtpPort: null, smtpSender: null, smtpSecure: false, smtpUser: null, smtpPassword: null }
    : {
        smtpHost: input.smtpHost!,
        smtpPort: input.smtpPort!,
        smtpSender: input.smtpSender!,
        smtpSecure: input.smtpSecure,
        smtpUser: input.smtpUser || null,
        ...(input.smtpPassword ? { smtpPassword: input.smtpPassword } : input.smtpUser ? {} : { smtpPassword: null }),
      };
  await ctx.db.batch([
    ctx.db.update(companies).set(changes).where(eq(companies.id, ctx.companyId)),
    ctx.db.insert(auditLog).values({
      companyId: ctx.companyId,
      actorId: ctx.actor.user.id,
      action: reset ? "smtp-reset" : "smtp-update",
      entityType: "company",
      entityId: ctx.companyId,
      data: { ...changes, smtpPassword: undefined },
      createdAt: ctx.now,
    }),
  ]);
  if (reset) return { message: `Custom SMTP config removed, using ${providerName(env)} servers instead` };
  return { message: "SMTP config updated." };
}

/** Sends a test e-mail to the caller through the company's saved server, at once (not through the outbox). */
export async function testSmtpConfig(ctx: DomainContext) {
  requireManager(ctx);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  if (!company) throw new NotFoundError("Company not found");
  const smtp = companySmtp(company);
  if (!smtp) throw new ValidationError("SmtpConfigInputErrors", {}, "Save a host, port and sender first.");
  const to = ctx.actor.user.email;
  try {
    const data = buildMime(
      {
        from: smtp.sender,
        to,
        subject: `Test e-mail from ${company.name}`,
        text: "Your SMTP settings work: this e-mail went through your own server.",
      },
      ctx.now,
    );
    await sendSmtp(smtp, to, data);
  } catch (error) {
    throw new DomainError(`The test e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`, 400);
  }
  return { message: `Test e-mail sent to ${to}.` };
}
