import { signInContext } from "~/domain/identity/authenticator.server";
import { startSession } from "~/domain/identity/session.server";
import { loginSchema } from "~/domain/identity/login.schema";
import { clientIp, verifyLogin } from "~/domain/identity/login.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Signs in with e-mail and password; answers a bearer token.",
    auth: "public",
    body: loginSchema,
    entity: "LoginInputErrors",
    run: async ({ request, context, body }) => {
      const user = await verifyLogin(signInContext(context, request), body, clientIp(request));
      const { token } = await startSession(context, user, request);
      return { token, completed: user.completed, _id: user.id };
    },
  }),
});
