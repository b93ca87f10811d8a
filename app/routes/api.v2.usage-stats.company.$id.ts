import { usageOfCompany, usageWeeksSchema } from "~/domain/usage/usage.server";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { requireOperatorCtx } from "~/domain/usage/operator-api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "One firm's weeks: active people, sign-ins and updates per source (the operator only; 404 for everyone else).",
    query: usageWeeksSchema,
    run: ({ context, ctx, params, query }) => usageOfCompany(requireOperatorCtx(context, ctx), params.id ?? "", query.weeks),
  }),
});
