import { userWorkloadHistory } from "~/domain/history/history.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({ summary: "One person's workload history.", run: ({ params, ctx }) => userWorkloadHistory(ctx, params.id!) }),
});
