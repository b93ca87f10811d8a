import { isManager } from "~/auth/permissions";
import { deleteGroup, listUserGroups, updateGroup } from "~/domain/company/catalog.server";
import { groupUpsertSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

/** GET /group/{userId}: the person's groups. PUT and DELETE /group/{id}: change or remove a group. */
export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The groups of the person whose id is given.", run: ({ params, ctx }) => listUserGroups(ctx, params.id!) }),
  PUT: endpoint({
    summary: "Renames a group.",
    can: isManager,
    body: groupUpsertSchema,
    run: ({ params, ctx, body }) => updateGroup(ctx, params.id!, body),
  }),
  DELETE: endpoint({ summary: "Deletes a group.", can: isManager, run: ({ params, ctx }) => deleteGroup(ctx, params.id!) }),
});
