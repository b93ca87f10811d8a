import { json, redirect } from "@remix-run/cloudflare";
import type { User } from "~/db/schema";
import { UnauthorizedError } from "~/domain/errors";
import { signInContext } from "~/domain/identity/authenticator.server";
import { routeTo, shardOfCompany } from "~/db/routing.server";
import { clientIp, landingPath } from "~/domain/identity/login.server";
import {
  CHALLENGE_EXPIRED,
  challengeCookie,
  challengeUser,
  factorsOf,
  hasSecondFactor,
  issueChallenge,
  readChallenge,
  SECOND_FACTOR_NEEDED,
  verifySecondFactorCode,
} from "~/domain/identity/second-factor.server";
import { startSession } from "~/domain/identity/session.server";
import { SECOND_FACTOR_SETUP_REQUIRED } from "~/domain/identity/second-factor-policy.schema";
import { companySecondFactorRule } from "~/domain/identity/second-factor-policy.server";
import { TWO_STEP_SETUP_PATH } from "~/auth/session.server";
import type { LoadContext } from "~/env";
import { safeRedirect } from "~/lib/safe-redirect";

/** Where the browser types its code. */
export const SECOND_FACTOR_PATH = "/login/second-factor";

/**
 * After a right password (the sign-in form, or a reset link's new password): a person with a
 * second factor gets the challenge cookie and the code page, and no session yet; anyone
 * else a session and their landing page (`landing` overrides it, e.g. with a flash), or,
 * when their company requires a second factor, its set-up first (which they may put off
 * until the grace period ends).
 */
export async function signInAfterPassword(
  context: LoadContext,
  request: Request,
  user: User,
  { redirectTo, landing }: { redirectTo?: FormDataEntryValue | null; landing?: string } = {},
): Promise<Response> {
  const to = safeRedirect(redirectTo, landing ?? landingPath(user, context.env));
  if (hasSecondFactor(await factorsOf(context.db, user))) {
    const challenge = await issueChallenge(context.env, user, to);
    return redirect(SECOND_FACTOR_PATH, {
      headers: { "Set-Cookie": await challengeCookie(context.env).serialize(challenge), "Cache-Control": "no-store" },
    });
  }
  const [{ setCookie }, rule] = await Promise.all([
    startSession(context, user, request, { byPassword: true }),
    companySecondFactorRule(context.db, user.companyId),
  ]);
  const next = rule.requiredAt ? `${TWO_STEP_SETUP_PATH}?redirectTo=${encodeURIComponent(to)}` : to;
  return redirect(next, { headers: { "Set-Cookie": setCookie } });
}

/** The browser's pending sign-in: who typed their password, or null (none, expired or tampered with). */
export async function pendingSignIn(context: LoadContext, request: Request) {
  const challenge = await readChallenge(context.env, await challengeCookie(context.env).parse(request.headers.get("Cookie")));
  if (!challenge) return null;
  // The challenge names the firm (signed): the step continues on its shard.
  routeTo(context, await shardOfCompany(context.env, challenge.companyId));
  const user = await challengeUser(context.db, challenge);
  return user ? { user, redirectTo: challenge.redirectTo, factors: await factorsOf(context.db, user) } : null;
}

/** The code page's form: a right code opens the session and ends the challenge. */
export async function finishWithCode(context: LoadContext, request: Request, code: string): Promise<Response> {
  const pending = await pendingSignIn(context, request);
  if (!pending) throw new UnauthorizedError(CHALLENGE_EXPIRED);
  await verifySecondFactorCode(codeCheckContext(context), pending.user, code, clientIp(request));
  return openSessionAfterFactor(context, request, pending.user, pending.redirectTo);
}

export async function openSessionAfterFactor(context: LoadContext, request: Request, user: User, redirectTo: string): Promise<Response> {
  const { setCookie } = await startSession(context, user, request, { byPassword: true });
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await challengeCookie(context.env).serialize("", { maxAge: 0 }));
  return redirect(safeRedirect(redirectTo, landingPath(user, context.env)), { headers });
}

export function codeCheckContext(context: LoadContext) {
  const { db, throttle } = signInContext(context);
  return { db, throttle, env: context.env };
}

/**
 * The API's answer to a right password: the token, or for a person with a second factor a
 * 401 `second_factor_required` with a challenge for POST /account/login/second-factor. When
 * the company requires a second factor of a person without one: during the grace period the
 * token and `secondFactorSetupBy` (when it ends), after it a 403 `second_factor_setup_required`
 * and no session (the set-up is in the web app).
 */
export async function apiSignInAfterPassword(context: LoadContext, request: Request, user: User) {
  const factors = await factorsOf(context.db, user);
  if (hasSecondFactor(factors)) {
    const challenge = await issueChallenge(context.env, user);
    const methods = [...(factors.totp ? ["totp", "recovery_code"] : []), ...(factors.passkeys > 0 ? ["passkey"] : [])];
    return json({ message: SECOND_FACTOR_NEEDED, code: "second_factor_required", challenge, methods }, { status: 401 });
  }
  const rule = await companySecondFactorRule(context.db, user.companyId);
  if (rule.graceEndsAt && rule.graceEndsAt <= new Date()) {
    return json({ message: SECOND_FACTOR_SETUP_REQUIRED, code: "second_factor_setup_required" }, { status: 403 });
  }
  const { token } = await startSession(context, user, request, { byPassword: true });
  return { token, completed: user.completed, _id: user.id, ...(rule.graceEndsAt && { secondFactorSetupBy: rule.graceEndsAt.toISOString() }) };
}

/** POST /account/login/second-factor: the challenge and a right code answer the token. */
export async function apiFinishWithCode(context: LoadContext, request: Request, input: { challenge: string; code: string }) {
  const challenge = await readChallenge(context.env, input.challenge);
  if (challenge) routeTo(context, await shardOfCompany(context.env, challenge.companyId));
  const user = challenge ? await challengeUser(context.db, challenge) : null;
  if (!user) throw new UnauthorizedError(CHALLENGE_EXPIRED);
  await verifySecondFactorCode(codeCheckContext(context), user, input.code, clientIp(request));
  const { token } = await startSession(context, user, request, { byPassword: true });
  return { token, completed: user.completed, _id: user.id };
}
