import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "~/db/schema";
import { clientIp, verifyLogin } from "~/domain/account/login.server";
import { loginSchema } from "~/domain/account/login.schema";
import { validate } from "~/domain/validation";
import type { LoadContext } from "~/env";

/** remix-auth with the e-mail/password strategy; SSO strategies join here later. */
export function createAuthenticator(context: LoadContext) {
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const input = validate(loginSchema, Object.fromEntries(form), "LoginInputErrors");
      return verifyLogin(context.db, input, clientIp(request));
    }),
    "form",
  );
  return authenticator;
}
