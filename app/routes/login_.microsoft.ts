import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { startEntraFlow } from "~/domain/identity/entra/flow.server";
import { entraConfig } from "~/integrations/entra/config";
import { safeRedirect } from "~/lib/safe-redirect";

/** 'Sign in with Microsoft': the authorisation request (PKCE, state, nonce), remembered in a short cookie. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const config = entraConfig(context.env);
  if (!config) throw redirect("/login");
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const { url, setCookie } = await startEntraFlow(context, request, config, "sign-in", {
    redirectTo: redirectTo ? safeRedirect(redirectTo, "") || undefined : undefined,
  });
  return redirect(url, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}
