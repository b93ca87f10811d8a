import { and, eq } from "drizzle-orm";
import { isOperator, type OperatorEnv } from "~/auth/operator.server";
import { ACCOUNT_DELAY_MS, ACCOUNT_SOFT_LIMIT, waitText, type LoginThrottle } from "~/domain/identity/login-throttle";
import { failedSignInsEmail } from "~/domain/identity/emails";
import { languageOfRecipient } from "~/domain/identity/mail-language.server";
import type { Mailer } from "~/domain/identity/mailer.server";
import { enqueueEmail } from "~/integrations/email/outbox.server";
import { hashPassword, needsRehash, verifyPassword, type PepperRing } from "~/domain/identity/password-hash.server";
import type { Db } from "~/db/client";
import { users, type User } from "~/db/schema";
import type { SocketsToClose } from "~/realtime/room.types";
import { TooManyRequestsError, UnauthorizedError } from "~/domain/errors";
import type { LoginInput } from "~/domain/identity/login.schema";
import { readFromPrimary } from "~/db/d1-sessions";

export const WRONG_CREDENTIALS = "Wrong e-mail or password.";
export const tooManyAttempts = (seconds: number) => `Too many failed sign-in attempts. Please wait ${waitText(seconds)} and try again.`;

/** What setting a password needs: the database and the installation's peppers. */
export interface PasswordContext {
  db: Db;
  peppers: PepperRing;
  /** Closes the realtime sockets of sessions a password change or reset ended. */
  closeSockets: (companyId: string, which: SocketsToClose) => void;
}

export interface SignInContext extends PasswordContext {
  throttle: LoginThrottle;
  /** Tells an account's owner of many failed attempts (the soft limit); without it nobody is told. */
  mailer?: Mailer;
}

/**
 * Checks e-mail and password. The answer never tells whether the e-mail exists: an
 * unknown address, an invited person without a password and a wrong password all get
 * the same message after the same amount of work. The attempt is counted (as a failure
 * until the password proves right) before the password is checked, per account and
 * address and per account (login-throttle.ts); a refused attempt is a 429 with the wait.
 * When the account is past its soft limit, its owner gets one mail an hour.
 */
export async function verifyLogin(
  { db, throttle, peppers, mailer }: Pick<SignInContext, "db" | "throttle" | "peppers" | "mailer">,
  input: LoginInput,
  ip: string,
  now = new Date(),
): Promise<User> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const email = input.email.trim().toLowerCase();
  const verdict = await throttle.reserve(email, ip, now);
  if (!verdict.allowed) throw new TooManyRequestsError(tooManyAttempts(verdict.retryAfterSeconds), verdict.retryAfterSeconds);

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash, peppers);
  // A person the firm's directory deactivated (SCIM active: false) hears the same answer.
  if (!ok || !user || user.deactivatedAt) {
    if (verdict.overSoftLimit && user && !user.deactivatedAt && mailer && (await throttle.warnOwnerOnce(email, now))) {
      const message = failedSignInsEmail({
        language: await languageOfRecipient(db, user.companyId, user.id),
        appName: mailer.appName,
        name: user.name,
        failures: ACCOUNT_SOFT_LIMIT,
        waitSeconds: ACCOUNT_DELAY_MS / 1000,
        link: `${mailer.appUrl}/login`,
      });
      await enqueueEmail(mailer.mail, user.companyId, { to: user.email, ...message }, now);
    }
    throw new UnauthorizedError(WRONG_CREDENTIALS);
  }
  await throttle.succeeded(email, ip);
  if (user.passwordHash && needsRehash(user.passwordHash, peppers)) {
    // An unpeppered hash or an older pepper: rewritten now that the password is known,
    // unless the password changed meanwhile.
    const passwordHash = await hashPassword(input.password, peppers);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
    return { ...user, passwordHash };
  }
  return user;
}

/**
 * Where a person lands after signing in: the installation's operator on their console (the
 * workload dashboard of their own 'Operations' company means nothing to them), a company
 * administrator with admin rights on the company page, everyone else on their dashboard.
 */
export function landingPath(user: Pick<User, "id" | "companyId" | "companyAdmin" | "admin" | "administratorPriviliges">, env: OperatorEnv): string {
  if (isOperator(env, user)) return "/operator";
  return user.companyAdmin && (user.admin || user.administratorPriviliges) ? "/groups" : "/home";
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}
