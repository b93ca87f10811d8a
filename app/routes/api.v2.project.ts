import { createProject, listProjects } from "~/domain/projects/projects.server";
import { projectCreateSchema, projectListQuerySchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary:
      "Projects the caller sees (own group or office unless projectsAllGroups); all=true includes archived ones, office narrows to one office.",
    query: projectListQuerySchema,
    entity: "ProjectInputErrors",
    run: ({ ctx, query }) => listProjects(ctx, query),
  }),
  POST: endpoint({
    summary: "Creates a project (name required; at most 3 categories; one manager; users: members to add at once).",
    body: projectCreateSchema,
    entity: "ProjectInputErrors",
    status: 201,
    run: ({ ctx, body }) => createProject(ctx, body),
  }),
});
