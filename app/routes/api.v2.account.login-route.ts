import { z } from "zod";
import { REQUIRED } from "~/domain/schema-kit";
import { loginRouteFor } from "~/domain/identity/sso/sso.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary:
      "How an e-mail signs in: {kind: 'firm', firm, icon, url} (the firm's SSO; icon: the firm's image address or null), {kind: 'installation', url} (another regional installation) or {kind: 'password'}.",
    auth: "public",
    query: z.object({ email: z.string({ error: REQUIRED }).max(320, "Use at most 320 characters.") }),
    run: ({ context, query }) => loginRouteFor(context, query.email),
  }),
});
