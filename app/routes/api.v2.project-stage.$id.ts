import { isManager } from "~/auth/permissions";
import { deleteProjectStage, updateProjectStage } from "~/domain/company/catalog.server";
import { projectStageUpsertSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Changes a project stage.",
    can: isManager,
    body: projectStageUpsertSchema,
    run: ({ params, ctx, body }) => updateProjectStage(ctx, params.id!, body),
  }),
  DELETE: endpoint({ summary: "Deletes a project stage.", can: isManager, run: ({ params, ctx }) => deleteProjectStage(ctx, params.id!) }),
});
