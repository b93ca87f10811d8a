import { canAdministerCompany } from "~/auth/permissions";
import { appOrigin } from "~/lib/app-origin.server";
import { SSO_ENTITY, ssoConfigSchema } from "~/domain/identity/sso/sso.schema";
import { getSsoConfig, updateSsoConfig } from "~/domain/identity/sso/sso.server";
import { clientIp } from "~/domain/identity/login.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary:
      "The company's SSO configuration for its admins: IdP login URL, the certificate's subject and expiry, federation, e-mail domains, and the assertion and metadata URLs to give the IdP.",
    can: canAdministerCompany,
    run: ({ request, context, ctx }) => getSsoConfig(ctx, context.env, appOrigin(context.env, request)),
  }),
  PUT: endpoint({
    summary:
      "Sets the company's SAML2 single sign-on (companySsoConfigParams: ssoLoginUrl, ssoCertificate, allowFederation, plus ssoIdpInitiated and emailDomains); an empty ssoLoginUrl turns it off. Company admins only, with currentPassword (their own) unless they signed in within the last 10 minutes; every company admin is told.",
    can: canAdministerCompany,
    body: ssoConfigSchema,
    entity: SSO_ENTITY,
    run: ({ request, context, ctx, body }) => updateSsoConfig(ctx, context.env, body, clientIp(request)),
  }),
});
