import { redirect } from "@remix-run/cloudflare";
import { startSession } from "~/auth/session.server";
import { landingPath } from "~/domain/account/login.server";
import type { LoadContext } from "~/env";
import { authorizeUrl, mapAttributes, SamlRefusal, verifyResponse } from "~/integrations/saml/service-provider.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { appOrigin } from "~/lib/app-origin.server";
import { firmIdp, signInWithAssertion, SsoSignInRefused, type SsoRefusal } from "./sso.server";

/**
 * The browser's side of SAML: GET /company/{id}/sso/login sends the person to the firm's
 * IdP; POST /company/{id}/sso (the assertion URL) signs them in. Both answer with
 * redirects, never JSON: a refusal lands on /login with the reason's message (SSO_REFUSALS).
 * RelayState carries where to go afterwards, or "sso-test" for the dialog's test button,
 * which shows what the IdP sent and signs nobody in.
 */
export const TEST_RELAY_STATE = "sso-test";

const refused = (reason: SsoRefusal) => redirect(`/login?sso=${reason}`, 303);

export async function startSsoLogin(
  context: LoadContext,
  request: Request,
  companyId: string,
  query: { redirectTo?: string; test?: boolean; email?: string },
) {
  const idp = await firmIdp(context.db, companyId);
  if (!idp) return refused("not-configured");
  const relayState = query.test ? TEST_RELAY_STATE : safeRedirect(query.redirectTo, "");
  try {
    const url = await authorizeUrl(context.db, context.env, appOrigin(context.env, request), idp, relayState);
    const target = new URL(url);
    if (query.email) target.searchParams.set("login_hint", query.email);
    return redirect(target.toString(), 302);
  } catch (error) {
    if (error instanceof SamlRefusal) {
      console.warn(`SSO login for company ${companyId} not started: ${error.message}`);
      return refused("not-configured");
    }
    throw error;
  }
}

export async function finishSsoLogin(context: LoadContext, request: Request, companyId: string) {
  const idp = await firmIdp(context.db, companyId);
  if (!idp) return refused("not-configured");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused("invalid");
  }
  const samlResponse = form.get("SAMLResponse");
  const relayState = String(form.get("RelayState") ?? "");
  if (typeof samlResponse !== "string" || samlResponse.length === 0 || samlResponse.length > 500_000) return refused("invalid");
  const now = new Date();
  try {
    const verified = await verifyResponse(context.db, context.env, appOrigin(context.env, request), idp, samlResponse, now);
    if (relayState === TEST_RELAY_STATE) return testResultPage(idp.name, mapAttributes(verified.profile));
    const user = await signInWithAssertion(context.db, idp, verified, now);
    const { setCookie } = await startSession(context, user, request);
    return redirect(safeRedirect(relayState, landingPath(user)), { status: 303, headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (error instanceof SamlRefusal) {
      // The reason stays in the log: the page says only that it could not be verified.
      console.warn(`SSO assertion for company ${companyId} refused (${error.reason}): ${error.message}`);
      return refused("invalid");
    }
    if (error instanceof SsoSignInRefused) return refused(error.reason);
    throw error;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function testResultPage(firm: string, person: ReturnType<typeof mapAttributes>) {
  const rows = (
    [
      ["E-mail", person.email],
      ["Name", person.name],
      ["Title", person.title],
      ["Department", person.department],
    ] as const
  )
    .map(([label, value]) => `<tr><th scope="row">${label}</th><td>${escapeHtml(value || "(not sent)")}</td></tr>`)
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>SSO test · ${escapeHtml(firm)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#0f172a}th{text-align:left;padding-right:1rem}td,th{padding:.25rem 0}</style></head>
<body><main><h1>Single sign-on works</h1><p>${escapeHtml(firm)}'s identity provider signed this answer and it was verified. Nobody was signed in by this test.</p>
<table>${rows}</table><p>You can close this window.</p></main></body></html>`;
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
