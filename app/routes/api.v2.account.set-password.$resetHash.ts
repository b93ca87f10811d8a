import { signInContext } from "~/domain/identity/authenticator.server";
import { startSession } from "~/domain/identity/session.server";
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
      const user = await setPasswordWithLink(signInContext(context), params.resetHash!, body as SetPasswordInput);
      const { token } = await startSession(context, user, request);
      return { message: "Password changed.", token, completed: user.completed, _id: user.id };
    },
  }),
});
