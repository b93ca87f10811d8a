import { and, eq, isNotNull } from "drizzle-orm";
import { recipientLanguage, translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey, MessageValues } from "~/lib/i18n/i18n";
import { users } from "~/db/schema";
import type { Env } from "~/env";
import { type MailEnv } from "~/integrations/email/config.server";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import type { DomainContext } from "../context";

/** A text of the notice in one admin's language. */
export type NoticeSay = (key: MessageKey, values?: MessageValues) => string;

/** What a powerful setting's change tells the firm's company admins, in each one's language. */
export interface AdminNotice {
  /** The setting, as the subject names it: "single sign-on settings" (notice.setting.*). */
  setting: MessageKey;
  /** What happened, completing "<who> changed the <setting> of <firm>: …". */
  what: (t: NoticeSay) => string;
  /** What to do if nobody expected it. */
  advice?: MessageKey;
}

/**
 * Every company admin hears of each change to the settings that hand out sign-in or the
 * firm's data (decision 0276): SSO, SCIM tokens, the Microsoft directory, Elite 3E, the CV
 * service and the mail server. The mail goes through the installation's own server, never the
 * company's (whose settings may be what just changed).
 */
export async function tellCompanyAdmins(ctx: DomainContext, env: Env & MailEnv, notice: AdminNotice) {
  const admins = await ctx.db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), eq(users.companyAdmin, true), isNotNull(users.email)));
  const who = `${ctx.actor.user.name || ctx.actor.user.email} (${ctx.actor.user.email})`;
  const appName = env.APP_NAME || "Availability";
  const firm = ctx.actor.company.name;
  for (const admin of admins) {
    const language = recipientLanguage(admin.language, ctx.actor.company.settings.language);
    const t: NoticeSay = (key, values) => translate(language, key, values);
    const setting = t(notice.setting);
    const when =
      language === "en"
        ? ctx.now.toUTCString()
        : `${new Intl.DateTimeFormat(t("language.locale"), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(ctx.now)} UTC`;
    const lines = [
      admin.name ? t("mail.greetingNamed", { name: admin.name }) : t("mail.greeting"),
      t("notice.changed", { who, setting, firm, app: appName, when, what: notice.what(t) }),
      t(notice.advice ?? "notice.advice"),
    ];
    await enqueueEmail(
      { db: ctx.db, env },
      ctx.companyId,
      { to: admin.email, subject: t("notice.subject", { firm, setting }), text: `${lines.join("\n\n")}\n` },
      ctx.now,
      { viaInstallation: true },
    );
  }
}
