import type { LoadContext } from "~/env";
import type { Actor } from "./actor.types";
import { requireUser } from "./session.server";

/**
 * The installation's operators: people identified by user id (OPERATOR_USER_IDS,
 * comma-separated) who are members of the installation's own company
 * (OPERATIONS_COMPANY_ID). Not by e-mail: an address is a string a tenant could register
 * or an administrator could give someone. Everyone else is told the page does not exist,
 * so the console is not even discoverable. Both are set per installation (docs/deploy.md);
 * [env.dev] names the seeded operator.
 */
export interface OperatorEnv {
  OPERATOR_USER_IDS?: string;
  OPERATIONS_COMPANY_ID?: string;
}

export function isOperator(env: OperatorEnv, user: { id: string; companyId: string }): boolean {
  const company = (env.OPERATIONS_COMPANY_ID ?? "").trim();
  if (!company || user.companyId !== company) return false;
  return (env.OPERATOR_USER_IDS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .some((entry) => entry !== "" && entry === user.id);
}

export async function requireOperator(request: Request, context: LoadContext): Promise<Actor> {
  const actor = await requireUser(request, context);
  if (!isOperator(context.env as OperatorEnv, actor.user)) throw new Response("Not found", { status: 404 });
  return actor;
}
