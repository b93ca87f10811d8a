import { refreshSchema } from "~/domain/workload/workload.schema";
import { refreshWorkload } from "~/domain/workload/workload.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  PUT: endpoint({
    summary: "Confirms the caller's workload is still right (updates lastUpdated).",
    body: refreshSchema,
    run: ({ ctx, body }) => refreshWorkload(ctx, body),
  }),
});
