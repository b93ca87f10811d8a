import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "~/db/schema";
import { clientIp, verifyLogin, type SignInContext } from "~/domain/identity/login.server";
import { loginSchema } from "~/domain/identity/login.schema";
import { validate } from "~/domain/validation";
import type { LoadContext } from "~/env";
import { loginThrottle } from "~/domain/identity/login-throttle";
import { pepperRing } from "~/domain/identity/password-hash.server";
import { closeSessionSockets } from "~/realtime/publish.server";
import { mailerFor } from "~/domain/identity/mailer.server";

/** remix-auth with the e-mail/password strategy; SSO strategies join here later. */
export function createAuthenticator(context: LoadContext) {
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const input = validate(loginSchema, Object.fromEntries(form), "LoginInputErrors");
      return verifyLogin(signInContext(context, request), input, clientIp(request));
    }),
    "form",
  );
  return authenticator;
}

/**
 * What checking or setting a password needs: the database, the throttle and the peppers;
 * with the request, the mailer that tells an owner of many failed attempts.
 */
export function signInContext(context: LoadContext, request?: Request): SignInContext {
  return {
    ...(request ? { mailer: mailerFor(context, request) } : {}),
    db: context.db,
    throttle: loginThrottle(context.env.LoginThrottle),
    peppers: pepperRing(context.env),
    closeSockets: (companyId, which) => closeSessionSockets(context, companyId, which),
  };
}
