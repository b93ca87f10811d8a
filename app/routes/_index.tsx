import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getActor } from "~/auth/session.server";
import { landingPath } from "~/domain/identity/login.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await getActor(request, context);
  return redirect(actor ? landingPath(actor.user, context.env) : "/login");
}
