import { appOrigin } from "~/lib/app-origin.server";
import { spMetadata } from "~/integrations/saml/service-provider.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The SAML2 service provider metadata (XML) of the firm's sign-in: entity ID, assertion URL, signing certificate.",
    auth: "public",
    run: async ({ request, context, params }) =>
      new Response(spMetadata(context.env, appOrigin(context.env, request), params.id!), {
        headers: { "Content-Type": "application/samlmetadata+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
      }),
  }),
});
