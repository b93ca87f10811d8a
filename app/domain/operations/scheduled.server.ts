import { lt } from "drizzle-orm";
import { loginAttempts } from "~/db/schema";
import type { LoadContext } from "~/env";
import { deleteExpiredHandoffs } from "~/domain/identity/session.server";
import { deleteExpiredSsoRows, warnExpiringCertificates } from "~/domain/identity/sso/sso.server";
import { recheckDomains } from "~/domain/identity/sso/domain-verification.server";
import { deliverDueEmails } from "~/integrations/email/outbox.server";
import { deliverDuePushes } from "~/integrations/apns/outbox.server";
import { runDirectorySync } from "~/domain/identity/directory/sync.server";
import { entraConfig } from "~/integrations/entra/config";
import { runOutlookSync } from "~/domain/forecasts/outlook-sync.server";
import { rollupCompanies } from "~/domain/statistics/rollup.server";
import { retainCompanies } from "~/domain/history/retention.server";
import { sendUpdateReminders } from "~/domain/reminders/reminders.server";
import { runEliteImports } from "~/domain/matters/elite-import.server";
import { runDueCvImports } from "~/domain/company/cv-import.server";
import { REMINDER_CRON } from "./crons";
import { runDataExports } from "~/domain/privacy/data-export.server";
import { resealSecrets } from "./reseal-secrets.server";

const KEEP_LOGIN_ATTEMPTS_MS = 24 * 60 * 60 * 1000;

/**
 * The Worker's cron: housekeeping that must not run on a request. `now` is the run's
 * scheduled time; `cron` says which of wrangler.toml's crons fired (any other, or none when
 * called directly, is the housekeeping run).
 */
export async function runScheduledWork(context: LoadContext, now = new Date(), cron?: string): Promise<void> {
  if (cron === REMINDER_CRON) {
    await runReminderWork(context, now);
    return;
  }
  await context.db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - KEEP_LOGIN_ATTEMPTS_MS)));
  // Secrets at rest (SMTP, 3E and CV service credentials, authenticator-app secrets) from before
  // sealing, or under a retired key, are sealed with the current one.
  await resealSecrets(context).catch((error) => console.error("sealing secrets failed", error));
  // Firms' Elite 3E imports, one bounded step each (failures are recorded per company); before
  // the mail retries, so a failing mail run never holds the import up.
  await runEliteImports(context, now).catch((error) => console.error("3E imports failed", error));
  // Company admins hear 30 days ahead that their IdP's certificate expires (decision 0150).
  await deleteExpiredSsoRows(context, now).catch((error) => console.error("SSO request clean-up failed", error));
  await deleteExpiredHandoffs(context, now).catch((error) => console.error("hand-off code clean-up failed", error));
  await warnExpiringCertificates(context, now).catch((error) => console.error("SSO certificate warnings failed", error));
  // Firms' claimed e-mail domains: their DNS TXT record checked again (decision 0250).
  await recheckDomains(context, now).catch((error) => console.error("Domain checks failed", error));
  // "Download my data" that nobody is watching: a few bounded steps each; expired files go (decision 0300).
  await runDataExports(context, now).catch((error) => console.error("data exports failed", error));
  // Mail that could not be sent right away (server down, none configured yet) is retried here.
  await deliverDueEmails(context, now);
  // Firms' Microsoft directories: a few pages per firm per run (decision 0141).
  const entra = entraConfig(context.env);
  if (entra) {
    await runDirectorySync({ runtime: context, files: context.env.FILES, config: entra }, now).catch((error) =>
      console.error("directory sync failed", error),
    );
    // People's away days from Outlook: a few people per run, a few pages each (decision 0304).
    await runOutlookSync({ runtime: context, config: entra }, now).catch((error) => console.error("Outlook away days failed", error));
  }
  // The statistics' daily rollups, from the history tables (decision 0120).
  await rollupCompanies(context, now).catch((error) => console.error("statistics rollup failed", error));
  // Raw history older than each firm's retention, rolled into weeks (decision 0308): after the rollup, which it waits for.
  await retainCompanies(context, now).catch((error) => console.error("history retention failed", error));
  // Firms' CV service imports that are due, a few pages each (decision 0112).
  await runDueCvImports(context, now).catch((error) => console.error("CV import failed", error));
}

/** The reminder cron's run: update reminders (mail and push), then the mail that is due. */
export async function runReminderWork(context: LoadContext, now: Date): Promise<void> {
  // Update reminders go through the outbox, so they are sent just below (decision 0122).
  await sendUpdateReminders(context, now).catch((error) => console.error("update reminders failed", error));
  await deliverDueEmails(context, now);
  // Their pushes to the iOS app, and any waiting for a retry (decision 0197).
  await deliverDuePushes(context, now).catch((error) => console.error("push delivery failed", error));
}
