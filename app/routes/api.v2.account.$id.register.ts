import { z } from "zod";
import { signInContext } from "~/auth/authenticator.server";
import { startSession } from "~/auth/session.server";
import { registerInvitedUser, SIGNUP_ENTITY } from "~/domain/account/signup.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Completes an invite (the id is the invite secret) and answers a token like login.",
    auth: "public",
    body: z.record(z.string(), z.unknown(), { error: "Needs to be an object." }),
    entity: SIGNUP_ENTITY,
    run: async ({ request, params, context, body }) => {
      const user = await registerInvitedUser(signInContext(context), params.id!, body);
      const { token } = await startSession(context, user, request);
      return { token, completed: user.completed, _id: user.id };
    },
  }),
});
