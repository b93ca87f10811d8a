import { addProjectMembers } from "~/domain/projects/projects.server";
import { projectMembersSchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Adds people of the company to a project (ids); those already in stay.",
    body: projectMembersSchema,
    entity: "ProjectInputErrors",
    run: ({ ctx, params, body }) => addProjectMembers(ctx, params.id!, body.ids),
  }),
});
