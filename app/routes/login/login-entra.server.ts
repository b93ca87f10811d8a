import { redirect } from "@remix-run/cloudflare";
import { clearEntraFlow, readEntraFlow, signInWithEntraClaims, startEntraFlow } from "~/domain/identity/entra/flow.server";
import { landingPath } from "~/domain/identity/login.server";
import type { EntraRedirect } from "~/domain/identity/entra/sign-in.server";
import { claimsFromCode } from "~/domain/identity/entra/token-sign-in.server";
import type { LoadContext } from "~/env";
import { entraConfig } from "~/integrations/entra/config";
import { pageStateOf } from "~/web/page-form.server";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * The query parameters /login reads on load (spec section 2): `code` (with our flow's
 * `state` and this browser's flow cookie) is exchanged for a session; it ends in a redirect,
 * so the secret never stays in the address bar or the history. A failure answers the
 * message to show (the page then cleans the address). `token` (the iOS wrapper's old
 * hand-off) signs nobody in any more: a GET anyone could link to must not (login CSRF); the
 * wrapper posts a code to /login/handoff instead (decision 0270), and `handoff=expired` is
 * where a code that did not work lands.
 */
export const ENTRA_NO_FLOW = "The Microsoft sign-in does not belong to this browser. Please sign in again.";
export const ENTRA_REFUSED = "Microsoft did not sign you in. Please try again.";
export const HANDOFF_INVALID = "The sign-in from the app has expired. Please sign in again.";
export const TOKEN_LINK_RETIRED = "Signing in with a link from the app no longer works. Please update the app, or sign in here.";

export async function loginQueryRedirect(context: LoadContext, request: Request): Promise<{ message: string } | null> {
  const url = new URL(request.url);
  if (url.searchParams.has("token")) return { message: TOKEN_LINK_RETIRED };
  if (url.searchParams.get("handoff") === "expired") return { message: HANDOFF_INVALID };
  if (url.searchParams.has("code") || url.searchParams.has("error")) return finishEntraSignIn(context, request, url);
  return null;
}

async function finishEntraSignIn(context: LoadContext, request: Request, url: URL): Promise<{ message: string }> {
  const config = entraConfig(context.env);
  if (!config) return { message: "Sign-in with Microsoft is not set up on this installation." };
  const flow = await readEntraFlow(context, request, "sign-in", url.searchParams.get("state"));
  const code = url.searchParams.get("code");
  if (!code) return { message: ENTRA_REFUSED };
  // Only the browser that started the flow finishes it (its cookie carries state, nonce and
  // PKCE verifier). The older `azureRedirectUri` return without the cookie is gone (issue 26):
  // it signed any browser into whichever account the code was for (login CSRF).
  if (!flow) return { message: ENTRA_NO_FLOW };
  const signedIn = await pageStateOf(
    claimsFromCode(config, { code, redirectUri: flow.redirectUri, codeVerifier: flow.verifier, nonce: flow.nonce }).then((claims) =>
      signInWithEntraClaims(context, request, claims),
    ),
  );
  if (signedIn.ok) {
    const { user, setCookie, signupPath } = signedIn.value;
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", setCookie);
    headers.append("Set-Cookie", await clearEntraFlow(context));
    throw redirect(signupPath ?? safeRedirect(flow?.redirectTo, landingPath(user, context.env)), { headers });
  }
  // The wrong Microsoft account (a conflict carrying where to go): once back to Microsoft with a hint at the right one.
  const hint = signedIn.data as EntraRedirect | undefined;
  if (signedIn.status === 409 && hint?.redirect && !flow?.retried) {
    const { url: to, setCookie } = await startEntraFlow(context, request, config, "sign-in", {
      loginHint: hint.email,
      prompt: hint.accountPicker ? "select_account" : "none",
      tenant: hint.tenantId,
      redirectTo: flow?.redirectTo,
      retried: true,
    });
    throw redirect(to, { headers: { "Set-Cookie": setCookie } });
  }
  return { message: signedIn.message };
}
