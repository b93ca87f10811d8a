import { canAdministerCompany } from "~/auth/permissions";
import { refuseTenantFromClient, removeTenant } from "~/domain/identity/directory/tenant.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary:
      "No longer connects a directory: always answers 400 with how to connect. A Microsoft directory (tenant) is connected only through its admin consent from the Company page, which takes the tenant from Microsoft's ID token (decision 0250).",
    can: canAdministerCompany,
    run: ({ ctx }) => refuseTenantFromClient(ctx),
  }),
  DELETE: endpoint({
    summary: "Removes the company's Microsoft directory connection (people stay; the sync stops).",
    can: canAdministerCompany,
    run: ({ ctx }) => removeTenant(ctx),
  }),
});
