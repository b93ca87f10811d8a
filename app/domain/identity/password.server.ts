import { and, count, eq, gt, isNull, ne } from "drizzle-orm";
import { auditRow } from "~/domain/audit.server";
import { hashPassword } from "~/domain/identity/password-hash.server";
import type { Actor } from "~/auth/actor.types";
import type { Db } from "~/db/client";
import { loginAttempts, passwordResetTokens, sessions, users, type User } from "~/db/schema";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import { NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from "~/domain/errors";
import { resetEmail } from "~/domain/identity/emails";
import { languageOfRecipient } from "~/domain/identity/mail-language.server";
import { publicCtx, type PublicContext } from "~/domain/context";
import { contextOfAddress } from "~/domain/installation/pre-sign-in.server";
import type { LoadContext } from "~/env";
import { verifyLogin, type PasswordContext, type SignInContext } from "~/domain/identity/login.server";
import { assertUncommonPassword } from "~/domain/identity/password-policy.server";
import { mailerFor } from "~/domain/identity/mailer.server";
import { RESET_LINK_INVALID, type ChangePasswordInput, type ResetRequestInput, type SetPasswordInput } from "~/domain/identity/password.schema";
import { findResetToken, newResetToken, RESET_MINUTES } from "~/domain/identity/tokens.server";

/**
 * Forgot password, reset through the mailed link, and change password. Every answer to a
 * reset request is the same, whether or not the e-mail belongs to someone. Setting or
 * changing a password ends the person's other sessions (devices and tokens).
 */
export const RESET_LINK_SENT = "Reset link sent";
export const TOO_MANY_RESETS = "Too many reset requests. Please wait an hour and try again.";
export const WRONG_OLD_PASSWORD = "Wrong password.";
const RESET_WINDOW_MS = 60 * 60_000;
const MAX_RESETS_PER_EMAIL = 5;
const MAX_RESETS_PER_IP = 20;
/**
 * Reset requests are counted in login_attempts under "reset:{email}" as succeeded rows, so
 * they never count as failed sign-ins and the cron clears them with the rest after a day.
 */
const RESET_PREFIX = "reset:";

export async function requestPasswordReset(context: LoadContext, request: Request, input: ResetRequestInput, ip: string) {
  // The counts live where the request landed, before it knows a firm; the person, their link
  // and their mail on their firm's shard (decision 0313).
  const { db, now } = publicCtx(context);
  const key = `${RESET_PREFIX}${input.resetEmail}`;
  const since = new Date(now.getTime() - RESET_WINDOW_MS);
  const [[byEmail], [byIp]] = await db.batch([
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, key), gt(loginAttempts.createdAt, since))),
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, `${RESET_PREFIX}${ip}`), gt(loginAttempts.createdAt, since))),
  ]);
  if (byEmail.n >= MAX_RESETS_PER_EMAIL || byIp.n >= MAX_RESETS_PER_IP) throw new TooManyRequestsError(TOO_MANY_RESETS, RESET_WINDOW_MS / 1000);
  await db.insert(loginAttempts).values({ email: key, ip: `${RESET_PREFIX}${ip}`, succeeded: true, createdAt: now });

  const firm = await contextOfAddress(context, input.resetEmail);
  const ctx = publicCtx(firm, now);
  const mailer = mailerFor(firm, request);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.resetEmail)).limit(1);
  // Invited people who have not signed up use their invite; unknown e-mails get nothing.
  if (!user || !user.completed) return { message: RESET_LINK_SENT };
  const token = await newResetToken(ctx, user.companyId, user.id);
  await ctx.db.batch([
    // Only the newest link works.
    ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    token.statement,
  ]);
  const message = resetEmail({
    language: await languageOfRecipient(ctx.db, user.companyId, user.id),
    appName: mailer.appName,
    name: user.name,
    link: `${mailer.appUrl}/reset/${token.secret}`,
    minutes: RESET_MINUTES,
  });
  await enqueueEmail(mailer.mail, user.companyId, { to: user.email, ...message }, now);
  return { message: RESET_LINK_SENT };
}

/** Whether a reset link can still be used (for the page, before the form is filled in). */
export async function isResetLinkValid(ctx: PublicContext, secret: string): Promise<boolean> {
  return (await findResetToken(ctx, secret)) !== null;
}

function endSessionsStatement(db: Db, user: Pick<User, "id" | "companyId">, now: Date, keepSessionId?: string) {
  const open = and(eq(sessions.userId, user.id), eq(sessions.companyId, user.companyId), isNull(sessions.revokedAt));
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(keepSessionId ? and(open, ne(sessions.id, keepSessionId)) : open);
}

/** POST /account/set-password/{resetHash}: the new password; the link works once. The caller starts a session. */
export async function setPasswordWithLink(
  { db, peppers, closeSockets }: PasswordContext,
  secret: string,
  input: SetPasswordInput,
  now = new Date(),
): Promise<User> {
  const found = await findResetToken({ db, now }, secret);
  if (!found) throw new NotFoundError(RESET_LINK_INVALID);
  // Before the link is used up, so a refused password leaves it working.
  assertUncommonPassword(input.newPassword, "SetPasswordInputErrors", "newPassword");
  const { user } = found;
  const [[used]] = await db.batch([
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, found.tokenId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id }),
  ]);
  if (!used) throw new NotFoundError(RESET_LINK_INVALID);
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword, peppers) })
      .where(and(eq(users.id, user.id), eq(users.companyId, user.companyId))),
    endSessionsStatement(db, user, now),
    auditRow(db, {
      companyId: user.companyId,
      actorId: user.id,
      action: "reset-password",
      entityType: "user",
      entityId: user.id,
      data: {},
      at: now,
    }),
  ]);
  closeSockets(user.companyId, { userId: user.id });
  return user;
}

/** POST /account/password: the signed-in person's own password; their other sessions end. */
export async function changePassword(signIn: SignInContext, actor: Actor, input: ChangePasswordInput, ip: string, now = new Date()) {
  const { db } = signIn;
  try {
    await verifyLogin(signIn, { email: actor.user.email, password: input.oldPassword }, ip, now);
  } catch (error) {
    if (error instanceof UnauthorizedError) throw new ValidationError("ChangePasswordInputErrors", { oldPassword: WRONG_OLD_PASSWORD });
    throw error;
  }
  assertUncommonPassword(input.newPassword, "ChangePasswordInputErrors", "newPassword");
  const user = actor.user;
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword, signIn.peppers) })
      .where(and(eq(users.id, user.id), eq(users.companyId, user.companyId))),
    endSessionsStatement(db, user, now, actor.sessionId),
    auditRow(db, {
      companyId: user.companyId,
      actorId: user.id,
      action: "change-password",
      entityType: "user",
      entityId: user.id,
      data: {},
      client: actor.client ?? "web",
      at: now,
    }),
  ]);
  signIn.closeSockets(user.companyId, { userId: user.id, exceptSessionId: actor.sessionId });
  return { message: "Password changed!" };
}
