import { filterProjectsPage } from "~/domain/projects/projects.server";
import { projectFilterPageSchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Projects the caller sees, narrowed by offices, groups, categories, stages (ids) and a term (name or description); archived ones included. Optional `limit` (1-500) and `offset` (default 0) answer one page by name, then id, as `{ total, offset, limit, projects }`; left out, the list of every matching project.",
    body: projectFilterPageSchema,
    entity: "ProjectInputErrors",
    run: ({ ctx, body }) => filterProjectsPage(ctx, body),
  }),
});
