import { signInContext } from "~/auth/authenticator.server";
import { startSession } from "~/auth/session.server";
import { loginSchema } from "~/domain/account/login.schema";
import { clientIp, verifyLogin } from "~/domain/account/login.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Signs in with e-mail and password; answers a bearer token.",
    auth: "public",
    body: loginSchema,
    entity: "LoginInputErrors",
    run: async ({ request, context, body }) => {
      const user = await verifyLogin(signInContext(context), body, clientIp(request));
      const { token } = await startSession(context, user, request);
      return { token, completed: user.completed, _id: user.id };
    },
  }),
});
