import { json } from "@remix-run/cloudflare";
import { rotateSession } from "~/domain/identity/session.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "Rotates the caller's session: a new token (and, for a browser, a new cookie); the old ones stop working.",
    run: async ({ request, context, actor }) => {
      const { token, setCookie } = await rotateSession(context, actor);
      // A browser signed in by cookie gets the new session's cookie as well.
      const byCookie = !request.headers.has("Authorization");
      return json({ token }, byCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
    },
  }),
});
