import { canAdministerCompany } from "~/auth/permissions";
import { revokeScimToken } from "~/domain/identity/scim/scim.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  DELETE: endpoint({
    summary: "Revokes a SCIM token of the company: the directory's next call with it answers 401. Company admins only.",
    can: canAdministerCompany,
    run: ({ ctx, context, params }) => revokeScimToken(ctx, context.env, params.id!),
  }),
});
