import { json } from "@remix-run/cloudflare";
import { rotateSession } from "~/domain/identity/session.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

/** A GET must not end a session: a link or an image could (issue 26). Clients still calling GET hear why. */
export const TOKEN_NEW_NEEDS_POST = "Rotate the token with POST /api/v2/account/token/new; GET no longer rotates it.";

const route = defineApiRoute({
  POST: endpoint({
    summary: "Rotates the caller's session: a new token (and, for a browser, a new cookie); the old ones stop working. GET answers 405.",
    run: async ({ request, context, actor }) => {
      const { token, setCookie } = await rotateSession(context, actor);
      // A browser signed in by cookie gets the new session's cookie as well.
      const byCookie = !request.headers.has("Authorization");
      return json({ token }, byCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
    },
  }),
});

export const { action, endpoints } = route;
export const loader = () => json({ message: TOKEN_NEW_NEEDS_POST }, { status: 405, headers: { Allow: "POST" } });
