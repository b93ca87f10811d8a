import { readEntraFlow, requireOwnRedirectUri } from "~/auth/entra.server";
import { canAdministerCompany } from "~/auth/permissions";
import { codeExchangeSchema } from "~/domain/directory/directory.schema";
import { completeCustomSetup, requireEntra } from "~/domain/directory/tenant.server";
import { entraConfig } from "~/integrations/entra/config";
import { defineApiRoute, endpoint } from "~/lib/api.server";

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
