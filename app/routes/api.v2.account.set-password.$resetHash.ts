import { contextOfCarried } from "~/domain/installation/pre-sign-in.server";
import { signInContext } from "~/domain/identity/authenticator.server";
import { apiSignInAfterPassword } from "~/domain/identity/second-factor-sign-in.server";
import { setPasswordSchema, type SetPasswordInput } from "~/domain/identity/password.schema";
import { setPasswordWithLink } from "~/domain/identity/password.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Sets the password with a reset link's secret, ends other sessions and answers a token.",
    auth: "public",
    body: setPasswordSchema,
    entity: "SetPasswordInputErrors",
    run: async ({ request, params, context, body }) => {
      const firm = await contextOfCarried(context, "reset", params.resetHash!);
      const user = await setPasswordWithLink(signInContext(firm), params.resetHash!, body as SetPasswordInput);
      // A person with a second factor hears 401 `second_factor_required` with a challenge, as at sign-in.
      const answer = await apiSignInAfterPassword(firm, request, user);
      return answer instanceof Response ? answer : { message: "Password changed.", ...answer };
    },
  }),
});
