import { lt } from "drizzle-orm";
import { loginAttempts } from "~/db/schema";
import type { LoadContext } from "~/env";
import { resealSmtpPasswords } from "~/domain/company/smtp.server";
import { warnExpiringCertificates } from "~/domain/sso/sso.server";
import { deliverDueEmails } from "~/integrations/email/outbox.server";

const KEEP_LOGIN_ATTEMPTS_MS = 24 * 60 * 60 * 1000;

/** The Worker's cron: housekeeping that must not run on a request. */
export async function runScheduledWork(context: LoadContext, now = new Date()): Promise<void> {
  await context.db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - KEEP_LOGIN_ATTEMPTS_MS)));
  // Firms' SMTP passwords from before sealing, or under a retired key, are sealed with the current one.
  await resealSmtpPasswords(context.db, context.env).catch((error) => console.error("sealing SMTP passwords failed", error));
  // Company admins hear 30 days ahead that their IdP's certificate expires (decision 0150).
  await warnExpiringCertificates(context.db, context.env, now).catch((error) => console.error("SSO certificate warnings failed", error));
  // Mail that could not be sent right away (server down, none configured yet) is retried here.
  await deliverDueEmails(context, now);
}
