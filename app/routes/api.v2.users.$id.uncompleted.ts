import { requireUncompletedUser } from "~/domain/identity/signup.server";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { publicCtx } from "~/domain/context";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The invited person (the id is the invite secret) and the sign-up choices.",
    auth: "public",
    run: ({ params, context }) => requireUncompletedUser(publicCtx(context), params.id!),
  }),
});
