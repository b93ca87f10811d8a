import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "~/db/schema";
import { clientIp, verifyLogin, type SignInContext } from "~/domain/identity/login.server";
import { loginSchema, type LoginInput } from "~/domain/identity/login.schema";
import { validate } from "~/domain/validation";
import type { LoadContext } from "~/env";
import { routeByAddress } from "~/db/routing.server";
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
      return passwordSignIn(context, request, input);
    }),
    "form",
  );
  return authenticator;
}

/**
 * E-mail and password, from the page or the API. The firm the address belongs to may live on
 * any shard (decision 0312): the request continues on it, so the session opens there too.
 */
export async function passwordSignIn(context: LoadContext, request: Request, input: LoginInput): Promise<User> {
  await routeByAddress(context, input.email);
  return verifyLogin(signInContext(context, request), input, clientIp(request));
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
