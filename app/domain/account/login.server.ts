import { and, count, eq, gt } from "drizzle-orm";
import { verifyPassword } from "~/auth/password.server";
import type { Db } from "~/db/client";
import { loginAttempts, users, type User } from "~/db/schema";
import { TooManyRequestsError, UnauthorizedError } from "../errors";
import type { LoginInput } from "./login.schema";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES = 10;
export const WRONG_CREDENTIALS = "Wrong e-mail or password.";
export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/**
 * Checks e-mail and password. The answer never tells whether the e-mail exists: an
 * unknown address, an invited person without a password and a wrong password all get
 * the same message after the same amount of work. After MAX_FAILURES failures in the
 * window, per account or per address, every attempt is refused with 429.
 */
export async function verifyLogin(db: Db, input: LoginInput, ip: string, now = new Date()): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [[byEmail], [byIp]] = await db.batch([
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since))),
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since))),
  ]);
  if (byEmail.n >= MAX_FAILURES || byIp.n >= MAX_FAILURES) {
    throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, LOGIN_WINDOW_MS / 1000);
  }

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  await db.insert(loginAttempts).values({ email, ip, succeeded: ok, createdAt: now });
  if (!ok || !user) throw new UnauthorizedError(WRONG_CREDENTIALS);
  return user;
}

/** Where a person lands after signing in. */
export function landingPath(user: Pick<User, "companyAdmin" | "admin" | "administratorPriviliges">): string {
  return user.companyAdmin && (user.admin || user.administratorPriviliges) ? "/groups" : "/home";
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}
