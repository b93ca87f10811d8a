import { isManager } from "~/auth/permissions";
import { adminRightsSchema } from "~/domain/users/admin-users.schema";
import { setAdminRights } from "~/domain/users/admin-users.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "'Make admin' and 'Remove admin priviliges' {admin, administratorPriviliges}.",
    can: isManager,
    body: adminRightsSchema,
    entity: "UserInputErrors",
    run: ({ params, ctx, body }) => setAdminRights(ctx, params.id!, body),
  }),
});
