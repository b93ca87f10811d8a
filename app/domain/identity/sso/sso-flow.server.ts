import type { User } from "~/db/schema";
import type { LoadContext } from "~/env";
import { authorizeUrl, mapAttributes, SamlRefusal, verifyResponse } from "~/integrations/saml/service-provider.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { appOrigin } from "~/lib/app-origin.server";
import { firmIdp, signInWithAssertion, SsoSignInRefused, type SsoRefusal } from "~/domain/identity/sso/sso.server";
import { systemCtx } from "~/domain/context";

/**
 * The browser's side of SAML: GET /company/{id}/sso/login sends the person to the firm's
 * IdP; POST /company/{id}/sso (the assertion URL) signs them in. The routes answer with
 * redirects, never JSON: a refusal lands on /login with the reason's message (SSO_REFUSALS).
 * RelayState carries where to go afterwards, or "sso-test" for the dialog's test button,
 * which shows what the IdP sent and signs nobody in. These functions say what happened;
 * the routes turn it into the redirect, the cookie or the test page.
 */
export const TEST_RELAY_STATE = "sso-test";

/** Where the browser goes to sign in at the firm's IdP, or why it cannot. */
export type SsoStart = { to: string } | { refused: SsoRefusal };

export async function startSsoLogin(
  context: LoadContext,
  request: Request,
  companyId: string,
  query: { redirectTo?: string; test?: boolean; email?: string },
): Promise<SsoStart> {
  const idp = await firmIdp({ db: context.db, companyId });
  if (!idp) return { refused: "not-configured" };
  const relayState = query.test ? TEST_RELAY_STATE : safeRedirect(query.redirectTo, "");
  try {
    const url = await authorizeUrl(context.db, context.env, appOrigin(context.env, request), idp, relayState);
    const target = new URL(url);
    if (query.email) target.searchParams.set("login_hint", query.email);
    return { to: target.toString() };
  } catch (error) {
    if (error instanceof SamlRefusal) {
      console.warn(`SSO login for company ${companyId} not started: ${error.message}`);
      return { refused: "not-configured" };
    }
    throw error;
  }
}

/** What the IdP's answer came to: a person to sign in, the test button's read-out, or a refusal. */
export type SsoFinish =
  { signedIn: User; relayState: string } | { tested: { firm: string; person: ReturnType<typeof mapAttributes> } } | { refused: SsoRefusal };

export async function finishSsoLogin(context: LoadContext, request: Request, companyId: string): Promise<SsoFinish> {
  const idp = await firmIdp({ db: context.db, companyId });
  if (!idp) return { refused: "not-configured" };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { refused: "invalid" };
  }
  const samlResponse = form.get("SAMLResponse");
  const relayState = String(form.get("RelayState") ?? "");
  if (typeof samlResponse !== "string" || samlResponse.length === 0 || samlResponse.length > 500_000) return { refused: "invalid" };
  const now = new Date();
  try {
    const verified = await verifyResponse(context.db, context.env, appOrigin(context.env, request), idp, samlResponse, now);
    if (relayState === TEST_RELAY_STATE) return { tested: { firm: idp.name, person: mapAttributes(verified.profile) } };
    return { signedIn: await signInWithAssertion(await systemCtx(context, companyId, "sso", now), idp, verified), relayState };
  } catch (error) {
    if (error instanceof SamlRefusal) {
      // The reason stays in the log: the page says only that it could not be verified.
      console.warn(`SSO assertion for company ${companyId} refused (${error.reason}): ${error.message}`);
      return { refused: "invalid" };
    }
    if (error instanceof SsoSignInRefused) return { refused: error.reason };
    throw error;
  }
}
