import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "~/db/schema";
import type { Env } from "~/env";
import { type MailEnv } from "~/integrations/email/config.server";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import type { DomainContext } from "../context";

/** What a powerful setting's change tells the firm's company admins. */
export interface AdminNotice {
  /** The setting, as the subject names it: "single sign-on settings". */
  setting: string;
  /** What happened, completing "<who> changed the <setting> of <firm>: …". */
  what: string;
  /** What to do if nobody expected it. */
  advice?: string;
}

const DEFAULT_ADVICE = "If you did not expect this change, undo it on the Company page and review who has company admin rights.";

/**
 * Every company admin hears of each change to the settings that hand out sign-in or the
 * firm's data (decision 0276): SSO, SCIM tokens, the Microsoft directory, Elite 3E, the CV
 * service and the mail server. The mail goes through the installation's own server, never the
 * company's (whose settings may be what just changed).
 */
export async function tellCompanyAdmins(ctx: DomainContext, env: Env & MailEnv, notice: AdminNotice) {
  const admins = await ctx.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), eq(users.companyAdmin, true), isNotNull(users.email)));
  const who = `${ctx.actor.user.name || ctx.actor.user.email} (${ctx.actor.user.email})`;
  const appName = env.APP_NAME || "Availability";
  const firm = ctx.actor.company.name;
  for (const admin of admins) {
    const lines = [
      admin.name ? `Hi ${admin.name},` : "Hi,",
      `${who} changed the ${notice.setting} of ${firm} on ${appName} at ${ctx.now.toUTCString()}: ${notice.what}`,
      notice.advice ?? DEFAULT_ADVICE,
    ];
    await enqueueEmail(
      { db: ctx.db, env },
      ctx.companyId,
      { to: admin.email, subject: `${firm}: ${notice.setting} changed`, text: `${lines.join("\n\n")}\n` },
      ctx.now,
      { viaInstallation: true },
    );
  }
}
