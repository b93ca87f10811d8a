import { isManager } from "~/auth/permissions";
import { deleteProjectCategory, updateProjectCategory } from "~/domain/company/catalog.server";
import { projectCategoryUpsertSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Changes a project category.",
    can: isManager,
    body: projectCategoryUpsertSchema,
    run: ({ params, ctx, body }) => updateProjectCategory(ctx, params.id!, body),
  }),
  DELETE: endpoint({
    summary: "Deletes a project category.",
    can: isManager,
    run: ({ params, ctx }) => deleteProjectCategory(ctx, params.id!),
  }),
});
