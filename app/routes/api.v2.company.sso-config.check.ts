import { canAdministerCompany } from "~/auth/permissions";
import { checkFirmDomains } from "~/domain/identity/sso/domain-verification.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Checks now the DNS TXT record (availability-verification=…) of each of the company's e-mail domains over DNS-over-HTTPS, and answers each domain's state (pending with the record to add, verified, failed). A domain routes logins and provisions SSO people only once verified (decision 0250). Company admins only.",
    can: canAdministerCompany,
    run: ({ context, ctx }) => checkFirmDomains(ctx, context.env),
  }),
});
