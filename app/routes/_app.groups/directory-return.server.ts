import { redirect } from "@remix-run/cloudflare";
import { clearEntraFlow, readEntraFlow } from "~/domain/identity/entra/flow.server";
import type { Actor } from "~/auth/actor.types";
import { canAdministerCompany } from "~/auth/permissions";
import { domainCtx } from "~/domain/context";
import { completeCustomSetup, CUSTOM_SETUP_FAILED } from "~/domain/identity/directory/tenant.server";
import type { LoadContext } from "~/env";
import { entraConfig } from "~/integrations/entra/config";
import { pageStateOf } from "~/web/page-form.server";

/**
 * /groups' query parameters (spec section 2): `code` with the admin consent's state, or
 * with `state=custom_setup`, connects the directory its ID token names. Either is taken
 * only from the browser that started it (the flow cookie), since a link carrying someone
 * else's code must not connect the firm to a directory an attacker runs. A bare `?tenant=`
 * (the old /adminconsent answer) is an address parameter anyone can write: it never
 * connects anything (decision 0250). Success redirects to a clean /groups; a failure
 * answers the message to show.
 */
export const CONSENT_NOT_OURS = "This directory consent was not started here. Please connect the directory again.";

export async function directoryReturn(context: LoadContext, request: Request, actor: Actor): Promise<string | null> {
  const url = new URL(request.url);
  const state = url.searchParams.get("state");
  const answered = url.searchParams.has("code") || url.searchParams.has("error");
  const customSetup = state === "custom_setup" && answered;
  const consent = !customSetup && !!state && answered;
  if (!url.searchParams.has("tenant") && !customSetup && !consent) return null;
  const config = entraConfig(context.env);
  if (!config || !canAdministerCompany(actor.user)) return null;
  const flow = customSetup
    ? await readEntraFlow(context, request, "custom_setup", "custom_setup")
    : consent
      ? await readEntraFlow(context, request, "admin_consent", state)
      : null;
  const code = url.searchParams.get("code");
  if (!flow || !code) return customSetup ? CUSTOM_SETUP_FAILED : CONSENT_NOT_OURS;
  const finished = await pageStateOf(
    completeCustomSetup(domainCtx(context, actor), context.env, config, {
      code,
      redirectUri: flow.redirectUri,
      codeVerifier: flow.verifier,
      nonce: flow.nonce,
    }),
  );
  // A conflict says what to do (the directory is another firm's); anything else is the one message.
  if (!finished.ok) return finished.status === 409 ? finished.message : customSetup ? CUSTOM_SETUP_FAILED : CONSENT_NOT_OURS;
  throw redirect("/groups", { headers: { "Set-Cookie": await clearEntraFlow(context) } });
}
