import { renewToken } from "~/auth/session.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "A fresh bearer token for the caller's session.",
    run: async ({ context, actor }) => ({ token: await renewToken(context, actor) }),
  }),
});
