import { canAdministerCompany } from "~/auth/permissions";
import { eliteConfigSchema, getEliteConfig, updateEliteConfig } from "~/domain/matters/elite-config.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The company's Elite 3E connection (endpoint, client id, whether a secret is set; never the secret) and how the import stands.",
    can: canAdministerCompany,
    run: ({ ctx }) => getEliteConfig(ctx),
  }),
  PUT: endpoint({
    summary:
      "Sets the company's Elite 3E endpoint, client id and (write-only, sealed) client secret; an empty endpoint turns the import off. Company admins only.",
    can: canAdministerCompany,
    body: eliteConfigSchema,
    entity: "Elite3eConfigInputErrors",
    run: ({ ctx, context, body }) => updateEliteConfig(ctx, context.env, body),
  }),
});
