import { lt } from "drizzle-orm";
import { loginAttempts } from "~/db/schema";
import type { LoadContext } from "~/env";
import { resealSmtpPasswords } from "~/domain/company/smtp.server";
import { deliverDueEmails } from "~/integrations/email/outbox.server";
import { runDueCvImports } from "~/domain/company/cv-import.server";

const KEEP_LOGIN_ATTEMPTS_MS = 24 * 60 * 60 * 1000;

/** The Worker's cron: housekeeping that must not run on a request. */
export async function runScheduledWork(context: LoadContext, now = new Date()): Promise<void> {
  await context.db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - KEEP_LOGIN_ATTEMPTS_MS)));
  // Firms' SMTP passwords from before sealing, or under a retired key, are sealed with the current one.
  await resealSmtpPasswords(context.db, context.env).catch((error) => console.error("sealing SMTP passwords failed", error));
  // Mail that could not be sent right away (server down, none configured yet) is retried here.
  await deliverDueEmails(context, now);
  // Firms' CV service imports that are due, a few pages each (decision 0112).
  await runDueCvImports(context.db, context.env, now).catch((error) => console.error("CV import failed", error));
}
