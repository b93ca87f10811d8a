import { readEntraFlow, requireOwnRedirectUri } from "~/domain/identity/entra/flow.server";
import { canAdministerCompany } from "~/auth/permissions";
import { codeExchangeSchema } from "~/domain/identity/directory/directory.schema";
import { completeCustomSetup, requireEntra } from "~/domain/identity/directory/tenant.server";
import { entraConfig } from "~/integrations/entra/config";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Finishes the minimal directory setup: the code of a company admin's Microsoft sign-in (state custom_setup) names the tenant.",
    can: canAdministerCompany,
    body: codeExchangeSchema,
    entity: "AzureAdInputErrors",
    run: async ({ request, context, ctx, body }) => {
      const config = requireEntra(entraConfig(context.env));
      requireOwnRedirectUri(context, request, body.redirectUri);
      const flow = await readEntraFlow(context, request, "custom_setup", "custom_setup");
      return completeCustomSetup(ctx, config, { ...body, codeVerifier: flow?.verifier, nonce: flow?.nonce });
    },
  }),
});
