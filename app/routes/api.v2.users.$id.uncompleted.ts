import { requireUncompletedUser } from "~/domain/identity/signup.server";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { publicCtx } from "~/domain/context";
import { contextOfCarried } from "~/domain/installation/pre-sign-in.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The invited person (the id is the invite secret) and the sign-up choices.",
    auth: "public",
    run: async ({ params, context }) => requireUncompletedUser(publicCtx(await contextOfCarried(context, "invite", params.id!)), params.id!),
  }),
});
