import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { startEntraFlow } from "~/domain/identity/entra/flow.server";
import { canAdministerCompany } from "~/auth/permissions";
import { requireUser } from "~/auth/session.server";
import { stepUpState } from "~/domain/identity/reauth.server";
import { entraConfig } from "~/integrations/entra/config";

/**
 * The directory connection's two ways to Microsoft (from /groups): `?mode=consent`, the
 * admin consent for User.Read and User.Read.All (prompt=admin_consent: answers ?code=, whose
 * ID token names the tenant, decision 0250); `?mode=custom`, the
 * minimal setup, a sign-in with User.Read and state custom_setup (answers ?code=). Either
 * needs a sign-in within the last minutes: /account/confirm first otherwise.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const config = entraConfig(context.env);
  if (!config || !canAdministerCompany(actor.user)) throw redirect("/groups");
  const here = new URL(request.url);
  // Connecting a directory hands its people sign-in: the step-up first (decision 0276).
  if (!stepUpState(actor, new Date()).until) {
    throw redirect(`/account/confirm?redirectTo=${encodeURIComponent(here.pathname + here.search)}`, { headers: { "Cache-Control": "no-store" } });
  }
  const mode = here.searchParams.get("mode");
  const { url, setCookie } = await startEntraFlow(context, request, config, mode === "custom" ? "custom_setup" : "admin_consent");
  return redirect(url, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}
