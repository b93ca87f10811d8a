import { isOperator, type OperatorEnv } from "~/auth/operator.server";
import type { LoadContext } from "~/env";
import type { DomainContext } from "../context";
import { NotFoundError } from "../errors";
import { operatorCtx, type OperatorContext } from "../operator/operator.server";

/** The operator's API calls: anyone else is told they do not exist, like the console page. */
export function requireOperatorCtx(context: LoadContext, ctx: DomainContext): OperatorContext {
  if (!isOperator(context.env as OperatorEnv, ctx.actor.user)) throw new NotFoundError("Not found");
  return operatorCtx(ctx, context.env);
}
