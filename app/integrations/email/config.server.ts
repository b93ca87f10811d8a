import { eq } from "drizzle-orm";
import type { Db } from "~/db/client";
import { companies, type Company } from "~/db/schema";
import type { Env } from "~/env";
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

type AnyEnv = Pick<Env, "APP_NAME"> & MailEnv;

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

/** The company's own server when host, port and sender are set. */
export function companySmtp(
  company: Pick<Company, "smtpHost" | "smtpPort" | "smtpSender" | "smtpSecure" | "smtpUser" | "smtpPassword">,
): SmtpSettings | null {
  if (!company.smtpHost || !company.smtpPort || !company.smtpSender) return null;
  return {
    host: company.smtpHost,
    port: company.smtpPort,
    secure: company.smtpSecure,
    user: company.smtpUser,
    password: company.smtpPassword,
    sender: company.smtpSender,
  };
}

export async function mailRouteFor(db: Db, env: AnyEnv, companyId: string): Promise<MailRoute> {
  const [company] = await db
    .select({
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
  const own = company ? companySmtp(company) : null;
  if (own) return { kind: "company", smtp: own };
  const fallback = installationSmtp(env);
  if (fallback) return { kind: "installation", smtp: fallback, provider: providerName(env) };
  return { kind: "none" };
}
