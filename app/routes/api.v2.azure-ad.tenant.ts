import { canAdministerCompany } from "~/auth/permissions";
import { tenantUpdateSchema } from "~/domain/identity/directory/directory.schema";
import { removeTenant, setTenant } from "~/domain/identity/directory/tenant.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Connects the company to a Microsoft directory (tenant); a directory of another company answers 409.",
    can: canAdministerCompany,
    body: tenantUpdateSchema,
    entity: "AzureAdInputErrors",
    run: ({ ctx, body }) => setTenant(ctx, body.tenantId),
  }),
  DELETE: endpoint({
    summary: "Removes the company's Microsoft directory connection (people stay; the sync stops).",
    can: canAdministerCompany,
    run: ({ ctx }) => removeTenant(ctx),
  }),
});
