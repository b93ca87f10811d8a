import { eq } from "drizzle-orm";
import { waitText, type LoginThrottle } from "~/auth/login-throttle";
import { verifyPassword } from "~/auth/password.server";
import type { Db } from "~/db/client";
import { users, type User } from "~/db/schema";
import { TooManyRequestsError, UnauthorizedError } from "../errors";
import type { LoginInput } from "./login.schema";

export const WRONG_CREDENTIALS = "Wrong e-mail or password.";
export const tooManyAttempts = (seconds: number) => `Too many failed sign-in attempts. Please wait ${waitText(seconds)} and try again.`;

export interface SignInContext {
  db: Db;
  throttle: LoginThrottle;
}

/**
 * Checks e-mail and password. The answer never tells whether the e-mail exists: an
 * unknown address, an invited person without a password and a wrong password all get
 * the same message after the same amount of work. The attempt is counted (as a failure
 * until the password proves right) before the password is checked, per account and
 * address (app/auth/login-throttle.ts); a refused attempt is a 429 with the wait.
 */
export async function verifyLogin({ db, throttle }: SignInContext, input: LoginInput, ip: string, now = new Date()): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const verdict = await throttle.reserve(email, ip, now);
  if (!verdict.allowed) throw new TooManyRequestsError(tooManyAttempts(verdict.retryAfterSeconds), verdict.retryAfterSeconds);

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!ok || !user) throw new UnauthorizedError(WRONG_CREDENTIALS);
  await throttle.succeeded(email, ip);
  return user;
}

/** Where a person lands after signing in. */
export function landingPath(user: Pick<User, "companyAdmin" | "admin" | "administratorPriviliges">): string {
  return user.companyAdmin && (user.admin || user.administratorPriviliges) ? "/groups" : "/home";
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}
