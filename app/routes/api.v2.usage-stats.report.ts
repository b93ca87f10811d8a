import { usageReport, usageWeeksSchema } from "~/domain/usage/usage.server";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { requireOperatorCtx } from "~/domain/usage/operator-api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "Active people per week per firm and updates per source over ?weeks (default 12; the operator only; 404 for everyone else).",
    query: usageWeeksSchema,
    run: ({ context, ctx, query }) => usageReport(requireOperatorCtx(context, ctx), query.weeks),
  }),
});
