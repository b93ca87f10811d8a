import { usageCompanies } from "~/domain/usage/usage.server";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { requireOperatorCtx } from "~/domain/usage/operator-api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary: "The installation's firms with their people and this week's active people (the operator only; 404 for everyone else).",
    run: ({ context, ctx }) => usageCompanies(requireOperatorCtx(context, ctx)),
  }),
});
