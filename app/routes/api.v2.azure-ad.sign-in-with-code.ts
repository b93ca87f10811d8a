import { readEntraFlow, requireOwnRedirectUri, signInWithEntraClaims } from "~/domain/identity/entra/flow.server";
import { codeExchangeSchema } from "~/domain/identity/directory/directory.schema";
import { claimsFromCode } from "~/domain/identity/entra/token-sign-in.server";
import { requireEntra } from "~/domain/identity/directory/tenant.server";
import { entraConfig } from "~/integrations/entra/config";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Signs in with a Microsoft authorisation code; answers a bearer token. A sign-in with the wrong account answers 409 with redirect, email and tenantId.",
    auth: "public",
    body: codeExchangeSchema,
    entity: "AzureAdInputErrors",
    run: async ({ request, context, body }) => {
      const config = requireEntra(entraConfig(context.env));
      requireOwnRedirectUri(context, request, body.redirectUri);
      // A browser that started the flow here has its PKCE verifier and nonce in a cookie.
      const flow = await readEntraFlow(context, request, "sign-in", new URL(request.url).searchParams.get("state"));
      const claims = await claimsFromCode(config, { ...body, codeVerifier: flow?.verifier, nonce: flow?.nonce });
      const { user, token, signupPath } = await signInWithEntraClaims(context, request, claims);
      return { token, completed: user.completed, _id: user.id, ...(signupPath ? { signupPath } : {}) };
    },
  }),
});
