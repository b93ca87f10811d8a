import { and, eq } from "drizzle-orm";
import type { Actor } from "~/auth/actor.types";
import { sessions } from "~/db/schema";
import { STEP_UP_MINUTES, STEP_UP_PASSWORD, STEP_UP_SIGN_IN, type StepUp } from "~/domain/identity/step-up";
import { loginThrottle } from "~/domain/identity/login-throttle";
import { pepperRing } from "~/domain/identity/password-hash.server";
import type { DomainContext } from "~/domain/context";
import { UnauthorizedError, ValidationError } from "~/domain/errors";
import { REQUIRED } from "~/domain/schema-kit";
import { verifyLogin } from "~/domain/identity/login.server";
import { WRONG_OLD_PASSWORD } from "~/domain/identity/password.server";
import { readFromPrimary } from "~/db/d1-sessions";

/** What a step-up check needs from the request: the Worker's bindings and the caller's address. */
export interface StepUpRequest {
  env: Env;
  ip: string;
}

/**
 * Changes that hand someone control of other people's accounts (the company's mail server)
 * ask for the signed-in person's password again, so a stolen session alone is not enough.
 * It goes through the sign-in check, so wrong guesses count towards the same throttling.
 */
export async function confirmCurrentPassword(
  ctx: DomainContext,
  env: Env,
  password: string | null | undefined,
  ip: string,
  entityType: string,
  field = "currentPassword",
) {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  if (!password) throw new ValidationError(entityType, { [field]: REQUIRED });
  try {
    await verifyLogin(
      { db: ctx.db, throttle: loginThrottle(env.LoginThrottle), peppers: pepperRing(env) },
      { email: ctx.actor.user.email, password },
      ip,
      ctx.now,
    );
  } catch (error) {
    if (error instanceof UnauthorizedError) throw new ValidationError(entityType, { [field]: WRONG_OLD_PASSWORD });
    throw error;
  }
}

const STEP_UP_MS = STEP_UP_MINUTES * 60_000;
export { STEP_UP_MINUTES, STEP_UP_PASSWORD, STEP_UP_SIGN_IN };

/** Whether the person proved who they are recently enough (null: when the window ends). */
export function stepUpUntil(actor: Pick<Actor, "authenticatedAt">): Date | null {
  return actor.authenticatedAt ? new Date(actor.authenticatedAt.getTime() + STEP_UP_MS) : null;
}

/** What the settings dialogs show: whether the password is needed now, and whether the person has one. */
export function stepUpState(actor: Actor, now: Date): StepUp {
  const until = stepUpUntil(actor);
  return { until: until && until > now ? until.toISOString() : null, byPassword: actor.user.passwordHash !== null };
}

/**
 * The step-up for the settings that hand out sign-in or the firm's data (SSO, SCIM tokens,
 * the Microsoft directory, Elite 3E, the CV service, the mail server; decision 0276): the
 * person signed in within the last STEP_UP_MINUTES, or types their password now. A password
 * typed and right opens the window again for this session (as a sign-in would), so the
 * next change within it asks nothing. People without a password (SSO, Microsoft) sign in
 * again through their provider.
 */
export async function requireStepUp(
  ctx: DomainContext,
  request: StepUpRequest,
  password: string | null | undefined,
  entityType: string,
  field = "currentPassword",
) {
  const { actor } = ctx;
  if (password) {
    await confirmCurrentPassword(ctx, request.env, password, request.ip, entityType, field);
    if (actor.sessionId) {
      await ctx.db
        .update(sessions)
        .set({ authenticatedAt: ctx.now })
        .where(and(eq(sessions.id, actor.sessionId), eq(sessions.companyId, ctx.companyId)));
    }
    return;
  }
  const until = stepUpUntil(actor);
  if (until && until > ctx.now) return;
  throw new ValidationError(entityType, { [field]: actor.user.passwordHash !== null ? STEP_UP_PASSWORD : STEP_UP_SIGN_IN });
}
