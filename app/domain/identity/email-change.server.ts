import { and, count, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { sha256Hex } from "~/auth/secrets.server";
import { emailChangeTokens, inviteTokens, passwordResetTokens, users } from "~/db/schema";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import { newId, newSecret } from "~/lib/ids";
import { carry } from "~/domain/installation/pre-sign-in.server";
import { GoneError, TooManyRequestsError } from "~/domain/errors";
import type { DomainContext, PublicContext } from "~/domain/context";
import { emailChangeEmail, emailChangedNotice, emailChangeRequestedNotice } from "~/domain/identity/emails";
import { revokeAccessStatements } from "~/domain/identity/access-revocation.server";
import { claimAddress, requireAddressFree } from "~/domain/identity/address-standing.server";
import type { Mailer } from "~/domain/identity/mailer.server";
import { languageOfRecipient } from "~/domain/identity/mail-language.server";
import { readFromPrimary } from "~/db/d1-sessions";

/**
 * One's own e-mail change (decision 0175): the address is what one signs in with and where
 * reset links go, so a new one takes effect only when a link mailed to it is opened and
 * confirmed: within 24 hours, once. The old address hears of it when it happens.
 */
export const EMAIL_CHANGE_HOURS = 24;
export const EMAIL_CHANGE_INVALID = "This confirmation link is no longer valid. Change your e-mail again under Settings to get a new one.";

/**
 * Change mails one person may have sent within an hour (issue 26): each goes to an address
 * the sender chose, so a stolen session must not turn the firm's mail into a mailer.
 */
export const EMAIL_CHANGE_MAILS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;
export const EMAIL_CHANGE_LIMITED = `You can request at most ${EMAIL_CHANGE_MAILS_PER_HOUR} e-mail changes an hour. Try again later.`;

/**
 * Statements and mail for a requested change; the caller adds the statements to its batch
 * and sends the mail after it. The caller has checked the current password (reauth.server).
 * Earlier requests of the hour are kept, marked used, to count them; older ones are deleted.
 */
export async function emailChangeRequest(ctx: DomainContext, mailer: Mailer, person: { id: string; name: string; email: string }, newEmail: string) {
  const userId = person.id;
  // An administrator's change (issue 26, item 6): the same link to the new address, the
  // current one is told now, and confirming it signs the person out everywhere.
  const by = userId === ctx.actor.user.id ? undefined : { name: ctx.actor.user.name || ctx.actor.user.email, company: ctx.actor.company.name };
  const mine = and(eq(emailChangeTokens.userId, userId), eq(emailChangeTokens.companyId, ctx.companyId));
  const hourAgo = new Date(ctx.now.getTime() - HOUR_MS);
  const [{ sent }] = await ctx.db
    .select({ sent: count() })
    .from(emailChangeTokens)
    .where(and(mine, gt(emailChangeTokens.createdAt, hourAgo)));
  if (sent >= EMAIL_CHANGE_MAILS_PER_HOUR) {
    const [{ oldest }] = await ctx.db
      .select({ oldest: sql<number>`min(${emailChangeTokens.createdAt})` })
      .from(emailChangeTokens)
      .where(and(mine, gt(emailChangeTokens.createdAt, hourAgo)));
    const retryAfter = Math.max(1, Math.ceil((Number(oldest) + HOUR_MS - ctx.now.getTime()) / 1000));
    throw new TooManyRequestsError(EMAIL_CHANGE_LIMITED, retryAfter);
  }
  const secret = carry(ctx.companyId, newSecret());
  const expiresAt = new Date(ctx.now.getTime() + EMAIL_CHANGE_HOURS * HOUR_MS);
  const statements = [
    ctx.db.delete(emailChangeTokens).where(and(mine, lte(emailChangeTokens.createdAt, hourAgo))),
    // Only the latest request's link works.
    ctx.db
      .update(emailChangeTokens)
      .set({ usedAt: ctx.now })
      .where(and(mine, isNull(emailChangeTokens.usedAt))),
    ctx.db.insert(emailChangeTokens).values({
      id: newId(),
      companyId: ctx.companyId,
      userId,
      newEmail,
      requestedBy: by ? ctx.actor.user.id : null,
      tokenHash: await sha256Hex(secret),
      expiresAt,
      createdAt: ctx.now,
    }),
  ] as const;
  const send = async () => {
    const language = await languageOfRecipient(ctx.db, ctx.companyId, userId);
    await enqueueEmail(
      mailer.mail,
      ctx.companyId,
      {
        to: newEmail,
        ...emailChangeEmail({
          language,
          appName: mailer.appName,
          name: person.name,
          newEmail,
          by,
          link: `${mailer.appUrl}/confirm-email/${secret}`,
          hours: EMAIL_CHANGE_HOURS,
        }),
      },
      ctx.now,
    );
    if (by) {
      await enqueueEmail(
        mailer.mail,
        ctx.companyId,
        {
          to: person.email,
          ...emailChangeRequestedNotice({
            language,
            appName: mailer.appName,
            name: person.name,
            oldEmail: person.email,
            newEmail,
            by,
            when: ctx.now,
          }),
        },
        ctx.now,
      );
    }
  };
  return { statements, send };
}

/** The change a link stands for, while it is unused and unexpired (for the page, before the button). */
export async function findEmailChange({ db, now }: PublicContext, secret: string) {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  if (!secret || secret.length > 200) return null;
  const [row] = await db
    .select({ token: emailChangeTokens, user: { id: users.id, name: users.name, email: users.email, companyId: users.companyId } })
    .from(emailChangeTokens)
    .innerJoin(users, and(eq(users.id, emailChangeTokens.userId), eq(users.companyId, emailChangeTokens.companyId)))
    .where(and(eq(emailChangeTokens.tokenHash, await sha256Hex(secret)), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * The confirm button of the link's page: in one batch, the link is claimed (used once), the
 * address changes only if this claim won, and reset and invite links mailed to the old
 * address stop working. Sessions stay when the person asked for this while signed in; an
 * administrator's change ends them all (`signedOut`: the route closes the person's sockets).
 */
export async function confirmEmailChange(mail: Mailer["mail"], directory: D1Database, appName: string, secret: string, now = new Date()) {
  const { db } = mail;
  const found = await findEmailChange({ db, now }, secret);
  if (!found) throw new GoneError(EMAIL_CHANGE_INVALID);
  const { token, user } = found;
  const signedOut = token.requestedBy !== null && token.requestedBy !== user.id;
  const firm = { db, companyId: user.companyId, directory };
  await requireAddressFree(firm, token.newEmail, user.id);
  // The new address is the person's in the directory before the shard writes it (decision 0318).
  const release = await claimAddress(firm, token.newEmail, user.id);
  const claimedNow = and(eq(emailChangeTokens.id, token.id), eq(emailChangeTokens.usedAt, now));
  const mine = <T extends typeof passwordResetTokens | typeof inviteTokens>(table: T) =>
    and(eq(table.userId, user.id), eq(table.companyId, user.companyId), isNull(table.usedAt));
  let claimed: { id: string }[];
  try {
    [claimed] = await db.batch([
      db
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(and(eq(emailChangeTokens.id, token.id), isNull(emailChangeTokens.usedAt)))
        .returning({ id: emailChangeTokens.id }),
      db
        .update(users)
        .set({ email: token.newEmail })
        .where(and(eq(users.id, user.id), eq(users.companyId, user.companyId), sql`exists (select 1 from ${emailChangeTokens} where ${claimedNow})`)),
      db.update(passwordResetTokens).set({ usedAt: now }).where(mine(passwordResetTokens)),
      db.update(inviteTokens).set({ usedAt: now }).where(mine(inviteTokens)),
      // Two clicks racing both sign out: harmless, and only one of them changes the address.
      ...(signedOut ? revokeAccessStatements({ db, companyId: user.companyId, now }, user.id) : []),
    ]);
  } catch (error) {
    await release();
    // Someone took the address between the check and the batch: the unique index decided.
    await requireAddressFree(firm, token.newEmail, user.id);
    throw error;
  }
  if (claimed.length === 0) {
    await release();
    throw new GoneError(EMAIL_CHANGE_INVALID);
  }
  const language = await languageOfRecipient(db, user.companyId, user.id);
  await enqueueEmail(
    mail,
    user.companyId,
    {
      to: user.email,
      ...emailChangedNotice({ language, appName, name: user.name, oldEmail: user.email, newEmail: token.newEmail, when: now, signedOut }),
    },
    now,
  );
  return { email: token.newEmail, signedOut, userId: user.id, companyId: user.companyId };
}
