import { eq } from "drizzle-orm";
import { audit } from "../audit.server";
import { REQUIRED } from "../schema-kit";
import { canAdministerCompany } from "~/auth/permissions";
import { companies } from "~/db/schema";
import type { Env } from "~/env";
import { companySmtp, providerName, smtpPasswordPurpose, type MailEnv } from "~/integrations/email/config.server";
import { buildMime } from "~/integrations/email/mime";
import { sendSmtp } from "~/integrations/email/smtp-client.server";
import { allowsLoopbackSmtp, isValidSender, SENDER_MESSAGE, smtpTargetProblem } from "~/integrations/email/smtp-policy";
import { sealSecret } from "~/lib/secret-box.server";
import { requireStepUp } from "~/domain/identity/reauth.server";
import { tellCompanyAdmins } from "./admin-notice.server";
import type { DomainContext } from "../context";
import { DomainError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import type { SmtpConfigInput } from "./smtp.schema";

/**
 * The company's own mail server (companySmtpConfigParams). Host, port and sender together
 * turn it on; all three empty turn it off (mail goes through the installation's server).
 * The password is write-only and sealed at rest (lib/secret-box.server.ts): an empty or
 * missing one keeps the stored password.
 *
 * Whoever sets the mail server reads every reset and invite link the company's mail
 * carries, so (decision 0080): company admins only, with their current password; the host
 * is a public DNS name on a mail port (smtp-policy.ts); every company admin is told of the
 * change through the installation's own mail server, never the new one.
 */
export const SMTP_ENTITY = "SmtpConfigInputErrors";

type SmtpEnv = Env & MailEnv;

function requireMailConfigurer(ctx: DomainContext) {
  if (!canAdministerCompany(ctx.actor.user)) throw new ForbiddenError("Only company admins change the company's mail server.");
}

export async function updateSmtpConfig(ctx: DomainContext, env: SmtpEnv, input: SmtpConfigInput, ip: string) {
  requireMailConfigurer(ctx);
  const reset = !input.smtpHost && !input.smtpPort && !input.smtpSender;
  if (!reset) {
    const errors: Record<string, string> = {};
    if (!input.smtpHost) errors.smtpHost = REQUIRED;
    if (!input.smtpPort) errors.smtpPort = REQUIRED;
    if (!input.smtpSender) errors.smtpSender = REQUIRED;
    else if (!isValidSender(input.smtpSender)) errors.smtpSender = SENDER_MESSAGE;
    if (input.smtpHost && input.smtpPort) {
      const problem = smtpTargetProblem({ host: input.smtpHost, port: input.smtpPort }, env);
      if (problem) errors[problem.field] = problem.message;
    }
    if (Object.keys(errors).length) throw new ValidationError(SMTP_ENTITY, errors);
  }
  await requireStepUp(ctx, { env, ip }, input.currentPassword, SMTP_ENTITY);
  const sealedPassword = input.smtpPassword ? await sealSecret(env, smtpPasswordPurpose(ctx.companyId), input.smtpPassword) : null;
  const changes = reset
    ? { smtpHost: null, smtpPort: null, smtpSender: null, smtpSecure: false, smtpUser: null, smtpPassword: null }
    : {
        smtpHost: input.smtpHost!.toLowerCase(),
        smtpPort: input.smtpPort!,
        smtpSender: input.smtpSender!,
        smtpSecure: input.smtpSecure,
        smtpUser: input.smtpUser || null,
        ...(sealedPassword ? { smtpPassword: sealedPassword } : input.smtpUser ? {} : { smtpPassword: null }),
      };
  await ctx.db.batch([
    ctx.db.update(companies).set(changes).where(eq(companies.id, ctx.companyId)),
    audit(ctx, reset ? "smtp-reset" : "smtp-update", "company", ctx.companyId, { ...changes, smtpPassword: undefined }),
  ]);
  await tellCompanyAdmins(ctx, env, {
    setting: "notice.setting.smtp",
    what: (t) =>
      reset
        ? t("notice.smtp.reset", { provider: providerName(env) })
        : t("notice.smtp.changed", { host: String(changes.smtpHost), port: String(changes.smtpPort), sender: String(changes.smtpSender) }),
    advice: "notice.smtp.advice",
  });
  if (reset) return { message: `Custom SMTP config removed, using ${providerName(env)} servers instead` };
  return { message: "SMTP config updated." };
}

/** Sends a test e-mail to the caller through the company's saved server, at once (not through the outbox). */
export async function testSmtpConfig(ctx: DomainContext, env: SmtpEnv) {
  requireMailConfigurer(ctx);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  if (!company) throw new NotFoundError("Company not found");
  const smtp = await companySmtp(env, company).catch(() => null);
  if (!smtp) throw new ValidationError(SMTP_ENTITY, {}, "Save a host, port and sender first.");
  const to = ctx.actor.user.email;
  try {
    const problem = smtpTargetProblem(smtp, env);
    if (problem) throw new Error(problem.message);
    const data = buildMime(
      {
        from: smtp.sender,
        to,
        subject: `Test e-mail from ${company.name}`,
        text: "Your SMTP settings work: this e-mail went through your own server.",
      },
      ctx.now,
    );
    await sendSmtp(smtp, to, data, { allowLoopbackPlaintext: allowsLoopbackSmtp(env) });
  } catch (error) {
    // The server's own words (its banner, its refusal) stay in the log: a mail server can
    // be made to say anything, and the caller only needs to know it did not work.
    console.warn(`test e-mail for company ${ctx.companyId} failed:`, error instanceof Error ? error.message : String(error));
    throw new DomainError(TEST_MAIL_FAILED, 400);
  }
  return { message: `Test e-mail sent to ${to}.` };
}

export const TEST_MAIL_FAILED =
  "The test e-mail could not be sent. Check the host, port, encryption, sender, user and password, and that the server accepts mail from this sender.";
