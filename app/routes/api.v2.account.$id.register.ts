import { z } from "zod";
import { contextOfCarried } from "~/domain/installation/pre-sign-in.server";
import { signInContext } from "~/domain/identity/authenticator.server";
import { startSession } from "~/domain/identity/session.server";
import { registerInvitedUser, SIGNUP_ENTITY } from "~/domain/identity/signup.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Completes an invite (the id is the invite secret) and answers a token like login.",
    auth: "public",
    body: z.record(z.string(), z.unknown(), { error: "Needs to be an object." }),
    entity: SIGNUP_ENTITY,
    run: async ({ request, params, context, body }) => {
      const firm = await contextOfCarried(context, "invite", params.id!);
      const user = await registerInvitedUser(signInContext(firm), params.id!, body);
      const { token } = await startSession(firm, user, request, { byPassword: user.passwordHash !== null });
      return { token, completed: user.completed, _id: user.id };
    },
  }),
});
