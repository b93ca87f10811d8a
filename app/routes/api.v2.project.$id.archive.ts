import { setProjectArchived } from "~/domain/projects/projects.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({ summary: "Archives a project.", run: ({ ctx, params }) => setProjectArchived(ctx, params.id!, true) }),
});
