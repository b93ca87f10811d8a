import { signInWithEntraClaims } from "~/domain/identity/entra/flow.server";
import { tokenSignInSchema } from "~/domain/identity/directory/directory.schema";
import { claimsFromTeamsToken } from "~/domain/identity/entra/token-sign-in.server";
import { requireEntra } from "~/domain/identity/directory/tenant.server";
import { entraConfig } from "~/integrations/entra/config";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Signs in with the Teams tab's Microsoft SSO token (tenant and user id must match the token); answers a bearer token.",
    auth: "public",
    body: tokenSignInSchema,
    entity: "AzureAdInputErrors",
    run: async ({ request, context, body }) => {
      const config = requireEntra(entraConfig(context.env));
      const claims = await claimsFromTeamsToken(config, body);
      const { user, token, setCookie, signupPath } = await signInWithEntraClaims(context, request, claims, { embedded: true });
      // The tab's frame also gets the session cookie, so its pages load signed in.
      return Response.json(
        { token, completed: user.completed, _id: user.id, ...(signupPath ? { signupPath } : {}) },
        { headers: { "Set-Cookie": setCookie } },
      );
    },
  }),
});
