import { stepMoveAsOperator } from "~/domain/installation/operator-moves.server";
import { requireOperatorCtx } from "~/domain/usage/operator-api.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "Takes the next bounded step of a move now, and answers the move (the operator only; 404 for everyone else).",
    run: ({ context, ctx, params }) => stepMoveAsOperator(requireOperatorCtx(context, ctx), context.env, params.id ?? ""),
  }),
});
