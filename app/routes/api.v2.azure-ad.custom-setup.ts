import { readEntraFlow, requireOwnRedirectUri } from "~/domain/identity/entra/flow.server";
import { canAdministerCompany } from "~/auth/permissions";
import { codeExchangeSchema } from "~/domain/identity/directory/directory.schema";
import { completeCustomSetup, requireEntra } from "~/domain/identity/directory/tenant.server";
import { entraConfig } from "~/integrations/entra/config";
import { clientIp } from "~/domain/identity/login.server";
import { requireStepUp } from "~/domain/identity/reauth.server";
import { currentPasswordField } from "~/domain/schema-kit";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Finishes the minimal directory setup: the code of a company admin's Microsoft sign-in (state custom_setup) names the tenant. Needs currentPassword, the caller's own, unless they signed in within the last 10 minutes; every company admin is told.",
    can: canAdministerCompany,
    body: codeExchangeSchema.extend({ currentPassword: currentPasswordField }),
    entity: "AzureAdInputErrors",
    run: async ({ request, context, ctx, body }) => {
      const config = requireEntra(entraConfig(context.env));
      requireOwnRedirectUri(context, request, body.redirectUri);
      const flow = await readEntraFlow(context, request, "custom_setup", "custom_setup");
      await requireStepUp(ctx, { env: context.env, ip: clientIp(request) }, body.currentPassword, "AzureAdInputErrors");
      return completeCustomSetup(ctx, context.env, config, { ...body, codeVerifier: flow?.verifier, nonce: flow?.nonce });
    },
  }),
});
