import { and, eq } from "drizzle-orm";
import { canAdministerUser } from "~/auth/permissions";
import { passkeys, recoveryCodes, totpFactors } from "~/db/schema";
import { audit } from "~/domain/audit.server";
import type { DomainContext } from "~/domain/context";
import { ConflictError, ForbiddenError } from "~/domain/errors";
import { secondFactorsClearedNotice } from "~/domain/identity/emails";
import type { Mailer } from "~/domain/identity/mailer.server";
import { factorsOf } from "~/domain/identity/second-factor.server";
import { requireCompanyUser } from "~/domain/users/user-state.server";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import { languageOfRecipient } from "~/domain/identity/mail-language.server";

export const CLEAR_OWN_FACTORS = "Turn off your own two-step sign-in in your settings.";
export const nothingToClear = (name: string) => `${name} has no two-step sign-in to clear.`;

/**
 * An administrator clears a person's second factors (decision 0298): the authenticator app
 * (set up or half set up), its recovery codes and every passkey, in one batch with the audit
 * row; the person is told by mail. Who may: the rule for changing a person
 * (canAdministerUser), and never oneself (the settings page, behind the step-up, is for that).
 * A person with nothing to clear hears so (409) and nothing is written or mailed.
 */
export async function clearSecondFactors(ctx: DomainContext, userId: string, mailer: Mailer) {
  if (userId === ctx.actor.user.id) throw new ForbiddenError(CLEAR_OWN_FACTORS);
  const target = await requireCompanyUser(ctx, userId);
  if (!canAdministerUser(ctx.actor.user, target)) throw new ForbiddenError();
  const label = target.name || target.email;
  const factors = await factorsOf(ctx.db, target);
  if (!factors.totp && factors.passkeys === 0 && factors.recoveryCodesLeft === 0) throw new ConflictError(nothingToClear(label));
  const ofTarget = <T extends typeof totpFactors | typeof recoveryCodes | typeof passkeys>(table: T) =>
    and(eq(table.userId, target.id), eq(table.companyId, ctx.companyId));
  await ctx.db.batch([
    ctx.db.delete(totpFactors).where(ofTarget(totpFactors)),
    ctx.db.delete(recoveryCodes).where(ofTarget(recoveryCodes)),
    ctx.db.delete(passkeys).where(ofTarget(passkeys)),
    audit(ctx, "clear-second-factors", "user", target.id, {
      totp: factors.totp,
      passkeys: factors.passkeys,
      recoveryCodesLeft: factors.recoveryCodesLeft,
    }),
  ]);
  const cleared = { totp: factors.totp, passkeys: factors.passkeys };
  await enqueueEmail(
    mailer.mail,
    ctx.companyId,
    {
      to: target.email,
      ...secondFactorsClearedNotice({
        language: await languageOfRecipient(ctx.db, ctx.companyId, target.id),
        appName: mailer.appName,
        name: target.name,
        adminName: ctx.actor.user.name || ctx.actor.user.email,
        when: ctx.now,
        cleared,
      }),
    },
    ctx.now,
  );
  return { message: `Two-step sign-in cleared for ${label}. They have been told by e-mail.` };
}
