import { setProjectArchived } from "~/domain/projects/projects.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({ summary: "Makes an archived project active again.", run: ({ ctx, params }) => setProjectArchived(ctx, params.id!, false) }),
});
