import { canAdministerCompany } from "~/auth/permissions";
import { refuseTenantFromClient, removeTenant } from "~/domain/identity/directory/tenant.server";
import { clientIp } from "~/domain/identity/login.server";
import { stepUpOnly } from "~/domain/schema-kit";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary:
      "No longer connects a directory: always answers 400 with how to connect. A Microsoft directory (tenant) is connected only through its admin consent from the Company page, which takes the tenant from Microsoft's ID token (decision 0250).",
    can: canAdministerCompany,
    run: ({ ctx }) => refuseTenantFromClient(ctx),
  }),
  DELETE: endpoint({
    summary:
      "Removes the company's Microsoft directory connection (people stay; the sync stops). Needs {currentPassword}, the caller's own, unless they signed in within the last 10 minutes; every company admin is told.",
    can: canAdministerCompany,
    body: stepUpOnly,
    entity: "AzureAdInputErrors",
    run: ({ request, context, ctx, body }) => removeTenant(ctx, context.env, body, clientIp(request)),
  }),
});
