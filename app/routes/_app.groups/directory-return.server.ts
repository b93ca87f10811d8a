import { redirect } from "@remix-run/cloudflare";
import { clearEntraFlow, readEntraFlow } from "~/domain/identity/entra/flow.server";
import type { Actor } from "~/auth/actor.types";
import { canAdministerCompany } from "~/auth/permissions";
import { domainCtx } from "~/domain/context";
import { tenantIdField } from "~/domain/identity/directory/directory.schema";
import { completeCustomSetup, CUSTOM_SETUP_FAILED, setTenant } from "~/domain/identity/directory/tenant.server";
import type { LoadContext } from "~/env";
import { entraConfig } from "~/integrations/entra/config";
import { pageStateOf } from "~/web/page-form.server";

/**
 * /groups' query parameters (spec section 2): `tenant` after the admin consent updates the
 * firm's directory; `code` with `state=custom_setup` finishes the minimal setup. Either is
 * taken only from the browser that started it (the flow cookie), since a link carrying
 * someone else's tenant or code must not connect the firm to a directory an attacker runs.
 * Success redirects to a clean /groups; a failure answers the message to show.
 */
export const CONSENT_NOT_OURS = "This directory consent was not started here. Please connect the directory again.";

export async function directoryReturn(context: LoadContext, request: Request, actor: Actor): Promise<string | null> {
  const url = new URL(request.url);
  const tenant = url.searchParams.get("tenant");
  const customSetup = url.searchParams.get("state") === "custom_setup" && (url.searchParams.has("code") || url.searchParams.has("error"));
  if (!tenant && !customSetup) return null;
  const config = entraConfig(context.env);
  if (!config || !canAdministerCompany(actor.user)) return null;
  const ctx = domainCtx(context, actor);
  const done = async () => redirect("/groups", { headers: { "Set-Cookie": await clearEntraFlow(context) } });
  if (customSetup) {
    const flow = await readEntraFlow(context, request, "custom_setup", "custom_setup");
    const code = url.searchParams.get("code");
    if (!flow || !code) return CUSTOM_SETUP_FAILED;
    const finished = await pageStateOf(
      completeCustomSetup(ctx, config, { code, redirectUri: flow.redirectUri, codeVerifier: flow.verifier, nonce: flow.nonce }),
    );
    // A conflict says what to do (the directory is another firm's); anything else is the one message.
    if (!finished.ok) return finished.status === 409 ? finished.message : CUSTOM_SETUP_FAILED;
    throw await done();
  }
  const flow = await readEntraFlow(context, request, "admin_consent", url.searchParams.get("state"));
  const parsed = tenantIdField.safeParse(tenant);
  if (!flow || !parsed.success || url.searchParams.get("admin_consent")?.toLowerCase() !== "true") return CONSENT_NOT_OURS;
  const connected = await pageStateOf(setTenant(ctx, parsed.data));
  if (!connected.ok) return connected.message;
  throw await done();
}
