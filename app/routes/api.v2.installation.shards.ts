import { listShards } from "~/domain/installation/shards.server";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { requireOperatorCtx } from "~/domain/usage/operator-api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary:
      "The installation's shards: size, firms, people and updates in the last hour from the hourly probe, and the firms on each (the operator only; 404 for everyone else).",
    run: ({ context, ctx }) => {
      requireOperatorCtx(context, ctx);
      return listShards(context.env);
    },
  }),
});
