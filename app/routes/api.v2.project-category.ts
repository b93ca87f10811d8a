import { isManager } from "~/auth/permissions";
import { createProjectCategory, listProjectCategories } from "~/domain/company/catalog.server";
import { projectCategoryUpsertSchema } from "~/domain/company/catalog.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "The company's project categories.", run: ({ ctx }) => listProjectCategories(ctx) }),
  POST: endpoint({
    summary: "Adds a project category.",
    can: isManager,
    body: projectCategoryUpsertSchema,
    status: 201,
    run: ({ ctx, body }) => createProjectCategory(ctx, body),
  }),
});
