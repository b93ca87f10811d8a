import { eq } from "drizzle-orm";
import type { Db } from "~/db/client";
import { companies, type Company } from "~/db/schema";
import type { Env } from "~/env";
import { isSealed, openSecret, type SecretBoxEnv } from "~/lib/secret-box.server";
import type { PolicyEnv } from "./smtp-policy";
import type { MailRoute, SmtpSettings } from "./types";

/**
 * The installation's default mail server, for companies without their own, comes from
 * the environment (wrangler secrets in production):
 *   SMTP_URL            smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465 (TLS)
 *   MAIL_FROM           the sender, e.g. "Availability <no-reply@example.com>"
 *   MAIL_PROVIDER_NAME  how the company page names it ("using {provider} servers instead")
 * Without SMTP_URL (local development) mail stays in the outbox, shown at /dev/mailbox.
 */
export interface MailEnv {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  MAIL_PROVIDER_NAME?: string;
}

type AnyEnv = Pick<Env, "APP_NAME" | "APP_ENV"> & MailEnv & SecretBoxEnv & PolicyEnv;

export function installationSmtp(env: AnyEnv): SmtpSettings | null {
  if (!env.SMTP_URL) return null;
  let url: URL;
  try {
    url = new URL(env.SMTP_URL);
  } catch {
    console.error("SMTP_URL is not a valid URL; mail stays in the outbox");
    return null;
  }
  const secure = url.protocol === "smtps:";
  if (!secure && url.protocol !== "smtp:") return null;
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    sender: env.MAIL_FROM || `${env.APP_NAME ?? "Availability"} <no-reply@${url.hostname}>`,
  };
}

export function providerName(env: AnyEnv): string {
  return env.MAIL_PROVIDER_NAME || env.APP_NAME || "Availability";
}

/** Where the company's sealed SMTP password is bound (secret-box purpose). */
export const smtpPasswordPurpose = (companyId: string) => `companies.smtp_password:${companyId}`;

/**
 * The company's own server when host, port and sender are set, with the password opened.
 * A password stored before passwords were sealed is used as it is until the cron seals it.
 */
export async function companySmtp(
  env: AnyEnv,
  company: Pick<Company, "id" | "smtpHost" | "smtpPort" | "smtpSender" | "smtpSecure" | "smtpUser" | "smtpPassword">,
): Promise<SmtpSettings | null> {
  if (!company.smtpHost || !company.smtpPort || !company.smtpSender) return null;
  const stored = company.smtpPassword;
  return {
    host: company.smtpHost,
    port: company.smtpPort,
    secure: company.smtpSecure,
    user: company.smtpUser,
    password: stored && isSealed(stored) ? await openSecret(env, smtpPasswordPurpose(company.id), stored) : stored,
    sender: company.smtpSender,
  };
}

/**
 * The company's own server, or the installation's. `installationOnly`: mail that must not
 * depend on the company's settings (the notice that those settings changed).
 */
export async function mailRouteFor(db: Db, env: AnyEnv, companyId: string, options: { installationOnly?: boolean } = {}): Promise<MailRoute> {
  if (options.installationOnly) {
    const fallback = installationSmtp(env);
    return fallback ? { kind: "installation", smtp: fallback, provider: providerName(env) } : { kind: "none" };
  }
  const [company] = await db
    .select({
      id: companies.id,
      smtpHost: companies.smtpHost,
      smtpPort: companies.smtpPort,
      smtpSender: companies.smtpSender,
      smtpSecure: companies.smtpSecure,
      smtpUser: companies.smtpUser,
      smtpPassword: companies.smtpPassword,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const own = company ? await companySmtp(env, company) : null;
  if (own) return { kind: "company", smtp: own };
  const fallback = installationSmtp(env);
  if (fallback) return { kind: "installation", smtp: fallback, provider: providerName(env) };
  return { kind: "none" };
}
