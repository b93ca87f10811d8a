import { isManager } from "~/auth/permissions";
import { createProjectStage, listProjectStages } from "~/domain/company/catalog.server";
import { projectStageUpsertSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The company's project stages.", run: ({ ctx }) => listProjectStages(ctx) }),
  POST: endpoint({
    summary: "Adds a project stage (colour defaults to 75B7D8).",
    can: isManager,
    body: projectStageUpsertSchema,
    status: 201,
    run: ({ ctx, body }) => createProjectStage(ctx, body),
  }),
});
