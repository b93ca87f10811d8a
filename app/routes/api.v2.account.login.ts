import { passwordSignIn } from "~/domain/identity/authenticator.server";
import { apiSignInAfterPassword } from "~/domain/identity/second-factor-sign-in.server";
import { loginSchema } from "~/domain/identity/login.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Signs in with e-mail and password; answers a bearer token, or 401 `second_factor_required` with a `challenge` for /account/login/second-factor.",
    auth: "public",
    body: loginSchema,
    entity: "LoginInputErrors",
    run: async ({ request, context, body }) => {
      const user = await passwordSignIn(context, request, body);
      // 401 `second_factor_required` with a challenge for /account/login/second-factor (decision 0298).
      return apiSignInAfterPassword(context, request, user);
    },
  }),
});
