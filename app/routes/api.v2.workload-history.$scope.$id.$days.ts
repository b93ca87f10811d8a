import { historyParamsSchema, workloadHistoryFor } from "~/domain/history/history.server";
import { validate } from "~/domain/validation";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The workload history of a person, group, office or the company (scope) over the last {days} days.",
    run: ({ params, ctx }) => {
      const { scope, id, days } = validate(historyParamsSchema, params);
      return workloadHistoryFor(ctx, scope, id, days);
    },
  }),
});
