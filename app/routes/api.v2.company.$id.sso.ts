import { finishSsoLogin } from "~/domain/sso/sso-flow.server";
import { defineApiRoute, endpoint } from "~/lib/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "The SAML2 assertion consumer (HTTP-POST binding) of the firm: verifies the IdP's signed answer and signs the person in (303 to the app), or 303 to /login?sso={reason}.",
    auth: "public",
    rawBody: { contentType: "application/x-www-form-urlencoded", description: "SAMLResponse (base64) and RelayState, as the IdP posts them." },
    run: ({ request, context, params }) => finishSsoLogin(context, request, params.id!),
  }),
});
