import { addProjectMembers, removeProjectMember } from "~/domain/projects/projects.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({ summary: "Adds one person to a project.", run: ({ ctx, params }) => addProjectMembers(ctx, params.id!, [params.userId!]) }),
  DELETE: endpoint({
    summary: "Removes one person from a project (hours they reported stay).",
    run: ({ ctx, params }) => removeProjectMember(ctx, params.id!, params.userId!),
  }),
});
