import { z } from "zod";
import { auditRow } from "~/domain/audit.server";
import { ConflictError, NotFoundError } from "~/domain/errors";
import type { OperatorContext } from "~/domain/operator/operator.server";
import { shardDb, shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { isFirmHeldError } from "~/lib/firm-held";
import { cancelMove, listMoves, MoveRefused, startMove, stepMove } from "./moves.server";
import type { MoveView } from "./moves.types";

/**
 * The operator's moves of firms between shards (decision 0314): start one, take its next step
 * now (a small firm moves in one sitting), cancel it before its switch. Each is audited in the
 * firm's log, on the shard the firm lives on at that moment.
 */

export const moveStartSchema = z.object({
  companyId: z.string().min(1, { error: "Choose a firm." }),
  toShard: z.coerce.number().int().min(0, { error: "Choose a shard." }),
});

export const moveIdSchema = z.object({ id: z.string().min(1) });

async function audited(env: Env, ctx: OperatorContext, companyId: string, action: string, data: Record<string, unknown>): Promise<void> {
  const row = await env.DIRECTORY.prepare("select shard from firms where company_id = ?").bind(companyId).first<{ shard: number }>();
  const shard = shardsOf(env).find((s) => s.id === (row?.shard ?? 0));
  if (!shard) return;
  const db = shardDb(shard);
  // A firm held for its switch refuses every write, its audit rows too: the move's own record says what happened.
  await auditRow(db, {
    companyId,
    actorId: ctx.actor.user.id,
    action,
    entityType: "company",
    entityId: companyId,
    data: { ...data, operator: ctx.actor.user.email },
    at: ctx.now,
  }).catch((error: unknown) => {
    if (!isFirmHeldError(error)) throw error;
  });
}

function refused(error: unknown): never {
  if (error instanceof MoveRefused) throw new ConflictError(error.message);
  throw error;
}

async function moveOf(env: Env, id: string): Promise<MoveView> {
  const move = (await listMoves(env, new Date(0))).find((row) => row.id === id);
  if (!move) throw new NotFoundError("No such move.");
  return move;
}

export function operatorMoves(ctx: OperatorContext, env: Env): Promise<MoveView[]> {
  return listMoves(env, ctx.now);
}

export async function startMoveAsOperator(ctx: OperatorContext, env: Env, input: z.infer<typeof moveStartSchema>): Promise<MoveView> {
  const id = await startMove(env, { ...input, startedBy: ctx.actor.user.email ?? ctx.actor.user.id }, ctx.now).catch(refused);
  await audited(env, ctx, input.companyId, "operator-move-start", { move: id, toShard: input.toShard });
  return moveOf(env, id);
}

export async function stepMoveAsOperator(ctx: OperatorContext, env: Env, id: string): Promise<MoveView> {
  const before = await moveOf(env, id);
  await stepMove(env, id).catch((error: unknown) => {
    // A failed step is recorded on the move (its error) and tried again by the next step.
    if (error instanceof MoveRefused) refused(error);
    console.error(`[moves] ${id} step failed`, error);
  });
  const after = await moveOf(env, id);
  if (after.state !== before.state)
    await audited(env, ctx, before.companyId, "operator-move-step", { move: id, from: before.state, to: after.state });
  return after;
}

export async function cancelMoveAsOperator(ctx: OperatorContext, env: Env, id: string): Promise<MoveView> {
  const before = await moveOf(env, id);
  await cancelMove(env, id, ctx.now).catch(refused);
  await audited(env, ctx, before.companyId, "operator-move-cancel", { move: id, state: before.state });
  return moveOf(env, id);
}
