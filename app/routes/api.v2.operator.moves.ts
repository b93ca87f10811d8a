import { moveStartSchema, operatorMoves, startMoveAsOperator } from "~/domain/installation/operator-moves.server";
import { requireOperatorCtx } from "~/domain/usage/operator-api.server";
import { defineApiRoute, endpoint } from "~/web/api.server";

export const { loader, action, endpoints } = defineApiRoute({
  GET: endpoint({
    summary:
      "Moves of firms between shards: those under way and those finished in the last day, with their state, progress and last error (the operator only; 404 for everyone else).",
    run: ({ context, ctx }) => operatorMoves(requireOperatorCtx(context, ctx), context.env),
  }),
  POST: endpoint({
    summary:
      "Starts moving a firm to another shard (`companyId`, `toShard`); the cron takes its steps, or POST …/{id}/step. While the firm's writes are held for the switch (seconds), its clients get 503 with `Retry-After` and `X-Firm-Held: 1` (the operator only; 404 for everyone else).",
    body: moveStartSchema,
    entity: "MoveInputErrors",
    status: 201,
    run: ({ context, ctx, body }) => startMoveAsOperator(requireOperatorCtx(context, ctx), context.env, body),
  }),
});
