import { loginThrottle } from "~/domain/identity/login-throttle";
import { pepperRing } from "~/domain/identity/password-hash.server";
import type { DomainContext } from "~/domain/context";
import { UnauthorizedError, ValidationError } from "~/domain/errors";
import { REQUIRED } from "~/domain/schema-kit";
import { verifyLogin } from "~/domain/identity/login.server";
import { WRONG_OLD_PASSWORD } from "~/domain/identity/password.server";

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
