import { cancelMoveAsOperator } from "~/domain/installation/operator-moves.server";
import { requireOperatorCtx } from "~/domain/usage/operator-api.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary:
      "Cancels a move before its switch: the firm stays whole on its shard and the copy is deleted by the following steps; after the switch a move is undone by a move back (409) (the operator only; 404 for everyone else).",
    run: ({ context, ctx, params }) => cancelMoveAsOperator(requireOperatorCtx(context, ctx), context.env, params.id ?? ""),
  }),
});
