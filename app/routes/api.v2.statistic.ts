import { statisticFilterSchema, statisticQuerySchema, STATISTIC_ENTITY } from "~/domain/statistics/statistics.schema";
import { getStatistics } from "~/domain/statistics/statistics.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Statistics over ?startDate&endDate (default: the last 120 days): for administrators by offices and groups (at least one of each), otherwise the caller's own. Optional `people: { limit (1-500), offset (default 0), level (0-3) }` answers one page of the per-person figures (userWorkloadData and data.users, highest average first, then by name) with `people: { total, offset, limit, level, seriouslyBusy, available }`; left out, every person (the full shape).",
    query: statisticQuerySchema,
    body: statisticFilterSchema,
    entity: STATISTIC_ENTITY,
    run: ({ ctx, query, body }) => getStatistics(ctx, query, body),
  }),
});
