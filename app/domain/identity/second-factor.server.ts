import { createCookie } from "@remix-run/cloudflare";
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { derivedSecret, sha256Hex } from "~/auth/secrets.server";
import type { Db } from "~/db/client";
import { passkeys, recoveryCodes, totpFactors, users, type User } from "~/db/schema";
import { audit } from "~/domain/audit.server";
import type { DomainContext } from "~/domain/context";
import { ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from "~/domain/errors";
import { waitText, type LoginThrottle } from "~/domain/identity/login-throttle";
import { requireStepUp, type StepUpRequest } from "~/domain/identity/reauth.server";
import { isLocalEnv, type Env } from "~/env";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import type { Factors } from "~/domain/identity/second-factor.types";
import { CHALLENGE_EXPIRED, WRONG_CODE } from "~/domain/identity/second-factor.schema";
import { readFromPrimary } from "~/db/d1-sessions";

export { CHALLENGE_EXPIRED, WRONG_CODE };

/**
 * The second factor (decision 0298): a one-time-code app (TOTP, RFC 6238: SHA-1, 6 digits,
 * 30 seconds, what every authenticator app reads) with ten single-use recovery codes, or a
 * passkey. A password that proves right for a person with a factor opens no session: it
 * gives a short-lived signed challenge (a cookie in the browser, a `challenge` in the API's
 * answer), and only the challenge with a right code, or a passkey, opens one.
 */
export const TOTP = { algorithm: "SHA-1", digits: 6, period: 30 } as const;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_MINUTES = 10;

export const SECOND_FACTOR_NEEDED = "Enter the code from your authenticator app to finish signing in.";
export const tooManyCodeAttempts = (seconds: number) => `Too many wrong codes. Please wait ${waitText(seconds)} and try again.`;

export const totpPurpose = (userId: string) => `totp_factors.secret:${userId}`;

export type { Factors };

export async function factorsOf(db: Db, user: Pick<User, "id" | "companyId">): Promise<Factors> {
  const [[totp], [keys], [codes]] = await db.batch([
    db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, user.id), eq(totpFactors.companyId, user.companyId), isNotNull(totpFactors.confirmedAt))),
    db
      .select({ n: count() })
      .from(passkeys)
      .where(and(eq(passkeys.userId, user.id), eq(passkeys.companyId, user.companyId))),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.companyId, user.companyId), isNull(recoveryCodes.usedAt))),
  ]);
  return { totp: Boolean(totp), passkeys: keys?.n ?? 0, recoveryCodesLeft: codes?.n ?? 0 };
}

export function hasSecondFactor(factors: Factors): boolean {
  return factors.totp || factors.passkeys > 0;
}

// --- The pending second factor: a signed, short-lived challenge -------------------------

interface ChallengePayload {
  userId: string;
  companyId: string;
  /** Where the person goes after the code (the sign-in form's redirectTo). */
  redirectTo: string;
}

async function challengeKey(env: Env): Promise<Uint8Array> {
  return new TextEncoder().encode(await derivedSecret(env, "second-factor-challenge-v1"));
}

/** A challenge for `user`: proof that the password was right, good for CHALLENGE_MINUTES. */
export async function issueChallenge(env: Env, user: Pick<User, "id" | "companyId">, redirectTo = "", now = new Date()): Promise<string> {
  return new SignJWT({ cid: user.companyId, rt: redirectTo, purpose: "second-factor" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user.id)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + CHALLENGE_MINUTES * 60)
    .sign(await challengeKey(env));
}

export async function readChallenge(env: Env, challenge: string | null | undefined, now = new Date()): Promise<ChallengePayload | null> {
  if (!challenge || challenge.length > 2000) return null;
  try {
    const { payload } = await jwtVerify(challenge, await challengeKey(env), {
      algorithms: ["HS256"],
      currentDate: now,
    });
    if (payload.purpose !== "second-factor" || typeof payload.sub !== "string" || typeof payload.cid !== "string") return null;
    return { userId: payload.sub, companyId: payload.cid, redirectTo: typeof payload.rt === "string" ? payload.rt : "" };
  } catch {
    return null;
  }
}

/** The browser's half: the challenge in an httpOnly cookie, so it is bound to the browser that typed the password. */
export function challengeCookie(env: Env) {
  const local = isLocalEnv(env);
  return createCookie(local ? "__second_factor" : "__Host-second-factor", {
    httpOnly: true,
    sameSite: "lax",
    secure: !local,
    path: "/",
    maxAge: CHALLENGE_MINUTES * 60,
  });
}

/** The person a challenge names, while they still exist and are active. */
export async function challengeUser(db: Db, challenge: ChallengePayload): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, challenge.userId), eq(users.companyId, challenge.companyId)))
    .limit(1);
  return user && !user.deactivatedAt ? user : null;
}

// --- Checking a code -----------------------------------------------------------------

export interface CodeCheckContext {
  db: Db;
  env: Env;
  throttle: LoginThrottle;
}

/** Codes are counted like passwords (decision 0085), under a name of their own per person. */
const throttleAccount = (userId: string) => `second-factor:${userId}`;

/**
 * Checks a code from the app (six digits) or a recovery code for `user`. Each attempt is
 * counted before the check (as a failure until it proves right), per person and address
 * and per person, as passwords are: a refused attempt is a 429 with the wait. A code from
 * the app works once (its step is remembered); a recovery code is used up.
 */
export async function verifySecondFactorCode(
  { db, env, throttle }: CodeCheckContext,
  user: Pick<User, "id" | "companyId">,
  code: string,
  ip: string,
  now = new Date(),
): Promise<"totp" | "recovery"> {
  const verdict = await throttle.reserve(throttleAccount(user.id), ip, now);
  if (!verdict.allowed) throw new TooManyRequestsError(tooManyCodeAttempts(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  const typed = code.replace(/[\s-]/g, "").toLowerCase();
  const kind = /^\d{6}$/.test(typed)
    ? (await takeTotpCode(db, env, user, typed, now)) && "totp"
    : (await takeRecoveryCode(db, user, typed, now)) && "recovery";
  if (!kind) throw new UnauthorizedError(WRONG_CODE);
  await throttle.succeeded(throttleAccount(user.id), ip);
  return kind;
}

async function takeTotpCode(db: Db, env: Env, user: Pick<User, "id" | "companyId">, otp: string, now: Date): Promise<boolean> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const [factor] = await db
    .select({ secretSealed: totpFactors.secretSealed })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, user.id), eq(totpFactors.companyId, user.companyId), isNotNull(totpFactors.confirmedAt)))
    .limit(1);
  if (!factor) return false;
  const secret = await openSecret(env, totpPurpose(user.id), factor.secretSealed);
  // One step either side: a phone's clock a little off still works.
  const result = await verifyTOTP({ otp, secret, ...TOTP, window: 1 });
  if (!result) return false;
  const step = Math.floor(now.getTime() / 1000 / TOTP.period) + result.delta;
  // The step is taken atomically: the same code (or an older one) a second time finds no row.
  const [taken] = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpFactors.userId, user.id),
        eq(totpFactors.companyId, user.companyId),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return Boolean(taken);
}

async function takeRecoveryCode(db: Db, user: Pick<User, "id" | "companyId">, typed: string, now: Date): Promise<boolean> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  if (!/^[a-z0-9]{10}$/.test(typed)) return false;
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.companyId, user.companyId),
        eq(recoveryCodes.codeHash, await sha256Hex(typed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(used);
}

// --- Setting up and removing the code app (signed in, with the step-up) ------------------

/** Ten codes of ten letters and digits ("k3f9a-2mxq7" as shown), from an alphabet without look-alikes. */
function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const raw = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** The statements that swap a person's recovery codes for new ones (the old ones stop working). */
async function replaceRecoveryCodes(ctx: DomainContext, userId: string, codes: string[]) {
  return [
    ctx.db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.companyId, ctx.companyId))),
    ctx.db.insert(recoveryCodes).values(await recoveryCodeRows(ctx, codes)),
  ] as const;
}

async function recoveryCodeRows(ctx: DomainContext, codes: string[]) {
  return Promise.all(
    codes.map(async (code) => ({
      companyId: ctx.companyId,
      userId: ctx.actor.user.id,
      codeHash: await sha256Hex(code.replace("-", "")),
      createdAt: ctx.now,
    })),
  );
}

/**
 * Step 1: a new secret for the person's code app, kept sealed and unconfirmed until a code
 * from the app proves it was scanned. Starting again replaces an unconfirmed one.
 */
export async function startTotpSetup(ctx: DomainContext, env: Env, issuer: string) {
  const user = ctx.actor.user;
  if ((await factorsOf(ctx.db, user)).totp) throw new ConflictError("Your authenticator app is already set up.");
  const { secret } = await generateTOTP(TOTP);
  const secretSealed = await sealSecret(env, totpPurpose(user.id), secret);
  await ctx.db
    .insert(totpFactors)
    .values({ userId: user.id, companyId: ctx.companyId, secretSealed, createdAt: ctx.now })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secretSealed, confirmedAt: null, lastStep: null, createdAt: ctx.now } });
  return { secret, uri: getTOTPAuthUri({ ...TOTP, secret, accountName: user.email, issuer }) };
}

/** The unconfirmed secret of a set-up in progress (the page shows it again after a wrong code), or null. */
export async function pendingTotpSetup(ctx: DomainContext, env: Env, issuer: string) {
  const user = ctx.actor.user;
  const [row] = await ctx.db
    .select({ secretSealed: totpFactors.secretSealed })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, user.id), eq(totpFactors.companyId, ctx.companyId), isNull(totpFactors.confirmedAt)))
    .limit(1);
  if (!row) return null;
  const secret = await openSecret(env, totpPurpose(user.id), row.secretSealed);
  return { secret, uri: getTOTPAuthUri({ ...TOTP, secret, accountName: user.email, issuer }) };
}

export const totpEntity = "SecondFactorInputErrors";

/**
 * Step 2: a code from the app confirms it (after the step-up: adding a way to sign in is a
 * sensitive change, decision 0276). Answers the ten recovery codes, shown this once; only
 * their hashes are kept, and they replace any earlier ones.
 */
export async function confirmTotpSetup(ctx: DomainContext, request: StepUpRequest, input: { code: string; currentPassword?: string | null }) {
  await requireStepUp(ctx, request, input.currentPassword, totpEntity);
  const user = ctx.actor.user;
  const [row] = await ctx.db
    .select({ secretSealed: totpFactors.secretSealed })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, user.id), eq(totpFactors.companyId, ctx.companyId), isNull(totpFactors.confirmedAt)))
    .limit(1);
  if (!row) throw new NotFoundError("Start the set-up again: no authenticator app is waiting to be confirmed.");
  const secret = await openSecret(request.env, totpPurpose(user.id), row.secretSealed);
  const result = await verifyTOTP({ otp: input.code.replace(/\s/g, ""), secret, ...TOTP, window: 1 });
  if (!result) throw new ValidationError(totpEntity, { code: "That code is not right. Enter the current code from your app." });
  const codes = newRecoveryCodes();
  await ctx.db.batch([
    ctx.db
      .update(totpFactors)
      .set({ confirmedAt: ctx.now, lastStep: Math.floor(ctx.now.getTime() / 1000 / TOTP.period) + result.delta })
      .where(and(eq(totpFactors.userId, user.id), eq(totpFactors.companyId, ctx.companyId))),
    ...(await replaceRecoveryCodes(ctx, user.id, codes)),
    audit(ctx, "add-totp", "user", user.id),
  ]);
  return { recoveryCodes: codes };
}

/** New recovery codes (after the step-up): the old ones stop working. */
export async function renewRecoveryCodes(ctx: DomainContext, request: StepUpRequest, currentPassword?: string | null) {
  await requireStepUp(ctx, request, currentPassword, totpEntity);
  const user = ctx.actor.user;
  if (!(await factorsOf(ctx.db, user)).totp) throw new NotFoundError("Set up an authenticator app first.");
  const codes = newRecoveryCodes();
  await ctx.db.batch([...(await replaceRecoveryCodes(ctx, user.id, codes)), audit(ctx, "renew-recovery-codes", "user", user.id)]);
  return { recoveryCodes: codes };
}

/** Turns the code app off (after the step-up), with its recovery codes. */
export async function removeTotp(ctx: DomainContext, request: StepUpRequest, currentPassword?: string | null) {
  await requireStepUp(ctx, request, currentPassword, totpEntity);
  const user = ctx.actor.user;
  await ctx.db.batch([
    ctx.db.delete(totpFactors).where(and(eq(totpFactors.userId, user.id), eq(totpFactors.companyId, ctx.companyId))),
    ctx.db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.companyId, ctx.companyId))),
    audit(ctx, "remove-totp", "user", user.id),
  ]);
  return { message: "Your authenticator app is turned off." };
}
