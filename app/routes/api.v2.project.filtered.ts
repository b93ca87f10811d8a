import { filterProjects } from "~/domain/projects/projects.server";
import { projectFilterSchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Projects the caller sees, narrowed by offices, groups, categories, stages (ids) and a term (name or description); archived ones included.",
    body: projectFilterSchema,
    entity: "ProjectInputErrors",
    run: ({ ctx, body }) => filterProjects(ctx, body),
  }),
});
