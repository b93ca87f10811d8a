import { deleteProject, getProject, updateProject } from "~/domain/projects/projects.server";
import { projectUpdateSchema } from "~/domain/projects/project.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "One project with its members (title, workload) and hours per member.",
    run: ({ ctx, params }) => getProject(ctx, params.id!),
  }),
  PUT: endpoint({
    summary: "Changes a project (manager, members and administrators): name required, fields left out unchanged, null clears.",
    body: projectUpdateSchema,
    entity: "ProjectInputErrors",
    run: ({ ctx, params, body }) => updateProject(ctx, params.id!, body),
  }),
  DELETE: endpoint({
    summary: "Deletes a project with its members, hours and invoices (its manager and administrators).",
    run: ({ ctx, params }) => deleteProject(ctx, params.id!),
  }),
});
