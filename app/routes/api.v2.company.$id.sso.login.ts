import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { startSsoLogin } from "~/domain/identity/sso/sso-flow.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

const query = z.object({
  redirectTo: z.string().max(2000).optional(),
  email: z.string().max(320).optional(),
  test: z
    .enum(["1", "true"])
    .optional()
    .transform((v) => v !== undefined),
});

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary:
      "Starts a sign-in through the firm's identity provider: 302 to it with a signed SAML2 AuthnRequest (HTTP-Redirect binding) and this browser's flow cookie, or 303 to /login?sso={reason} (too-many-starts: at most 30 starts a minute per client address).",
    auth: "public",
    query,
    run: async ({ request, context, params, query }) => {
      const start = await startSsoLogin(context, request, params.id!, query);
      if ("refused" in start) return redirect(`/login?sso=${start.refused}`, 303);
      return redirect(start.to, { status: 302, headers: { "Set-Cookie": start.setCookie, "Cache-Control": "no-store" } });
    },
  }),
});
