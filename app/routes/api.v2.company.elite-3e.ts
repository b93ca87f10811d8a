import { canAdministerCompany } from "~/auth/permissions";
import { eliteConfigSchema, getEliteConfig, updateEliteConfig } from "~/domain/matters/elite-config.server";
import { clientIp } from "~/domain/identity/login.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The company's Elite 3E connection (endpoint, client id, whether a secret is set; never the secret) and how the import stands.",
    can: canAdministerCompany,
    run: ({ ctx }) => getEliteConfig(ctx),
  }),
  PUT: endpoint({
    summary:
      "Sets the company's Elite 3E endpoint, client id and (write-only, sealed) client secret; an empty endpoint turns the import off. Company admins only, with currentPassword (their own) unless they signed in within the last 10 minutes; every company admin is told.",
    can: canAdministerCompany,
    body: eliteConfigSchema,
    entity: "Elite3eConfigInputErrors",
    run: ({ request, ctx, context, body }) => updateEliteConfig(ctx, context.env, body, clientIp(request)),
  }),
});
