import { historyParamsSchema, workplaceHistoryFor } from "~/domain/history/history.server";
import { validate } from "~/domain/validation";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The workplace history of a person, group, office or the company (scope) over the last {days} days.",
    run: ({ params, ctx }) => {
      const { scope, id, days } = validate(historyParamsSchema, params);
      return workplaceHistoryFor(ctx, scope, id, days);
    },
  }),
});
