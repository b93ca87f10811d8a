import type { LoadContext } from "~/env";
import { requireUser, type Actor } from "./session.server";

/**
 * The installation's operators: the signed-in people whose e-mail is listed in
 * OPERATOR_EMAILS (comma-separated, any case). Everyone else is told the page does not
 * exist, so the console is not even discoverable.
 */
export function isOperatorEmail(operatorEmails: string | undefined, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  if (!wanted) return false;
  return (operatorEmails ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => entry === wanted);
}

export async function requireOperator(request: Request, context: LoadContext): Promise<Actor> {
  const actor = await requireUser(request, context);
  if (!isOperatorEmail(context.env.OPERATOR_EMAILS, actor.user.email)) throw new Response("Not found", { status: 404 });
  return actor;
}
