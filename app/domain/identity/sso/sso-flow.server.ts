import { createCookie } from "@remix-run/cloudflare";
import { derivedSecret } from "~/auth/secrets.server";
import type { User } from "~/db/schema";
import { isLocalEnv, type LoadContext } from "~/env";
import { addressOfAnotherFirm, routeTo, shardOfCompany } from "~/db/routing.server";
import { authorizeUrl, mapAttributes, REQUEST_TTL_MS, SamlRefusal, verifyResponse } from "~/integrations/saml/service-provider.server";
import { clientIp } from "~/domain/identity/login.server";
import { loginThrottle } from "~/domain/identity/login-throttle";
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
 *
 * The flow cookie (decision 0270) binds each AuthnRequest to the browser that started it:
 * the assertion URL accepts an answer to a request only from that browser, so nobody can
 * post their own signed answer from someone else's browser (login CSRF). The IdP posts the
 * answer from its own site, and a SameSite=Lax cookie is not sent on a cross-site POST: the
 * cookie is SameSite=None; Secure outside development (loopback IdP and app are same-site).
 */
export const TEST_RELAY_STATE = "sso-test";

/** The latest flows of one browser (several tabs may sign in at once); each entry names its request. */
const FLOWS_KEPT = 5;
type BrowserFlow = { id: string; at: number };

async function flowCookie(context: LoadContext) {
  const local = isLocalEnv(context.env);
  return createCookie(local ? "__saml_flow" : "__Secure-saml_flow", {
    httpOnly: true,
    sameSite: local ? "lax" : "none",
    secure: !local,
    // The login start and the assertion URL, nothing else.
    path: "/api/v2/company/",
    // Longer than a request lives, so a late answer hears "took too long", not "another browser".
    maxAge: (2 * REQUEST_TTL_MS) / 1000,
    secrets: [await derivedSecret(context.env, "saml-flow-v1")],
  });
}

async function browserFlows(context: LoadContext, request: Request): Promise<BrowserFlow[]> {
  const value: unknown = await (await flowCookie(context)).parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter((f): f is BrowserFlow => typeof f?.id === "string" && typeof f?.at === "number");
}

/** Where the browser goes to sign in at the firm's IdP (with the flow cookie to set), or why it cannot. */
export type SsoStart = { to: string; setCookie: string } | { refused: SsoRefusal };

export async function startSsoLogin(
  context: LoadContext,
  request: Request,
  companyId: string,
  query: { redirectTo?: string; test?: boolean; email?: string },
): Promise<SsoStart> {
  const now = new Date();
  // The firm in the address names its shard (decision 0312): its request row is written there.
  routeTo(context, await shardOfCompany(context.env, companyId));
  // Each start writes a row before anyone is known: bounded per client address (issue 26, item 11).
  const verdict = await loginThrottle(context.env.LoginThrottle).startFlow(clientIp(request), now);
  if (!verdict.allowed) return { refused: "too-many-starts" };
  const idp = await firmIdp({ db: context.db, companyId });
  if (!idp) return { refused: "not-configured" };
  const relayState = query.test ? TEST_RELAY_STATE : safeRedirect(query.redirectTo, "");
  try {
    const { url, requestId } = await authorizeUrl(context.db, context.env, appOrigin(context.env, request), idp, relayState);
    const target = new URL(url);
    if (query.email) target.searchParams.set("login_hint", query.email);
    const kept = (await browserFlows(context, request)).filter((f) => now.getTime() - f.at < 2 * REQUEST_TTL_MS).slice(-(FLOWS_KEPT - 1));
    const setCookie = await (await flowCookie(context)).serialize([...kept, { id: requestId, at: now.getTime() }]);
    return { to: target.toString(), setCookie };
  } catch (error) {
    if (error instanceof SamlRefusal) {
      console.warn(`SSO login for company ${companyId} not started: ${error.message}`);
      return { refused: "not-configured" };
    }
    throw error;
  }
}

/**
 * What the IdP's answer came to: a person to sign in, the test button's read-out, or a
 * refusal. `setCookie` takes the answered request out of the flow cookie.
 */
export type SsoFinish =
  | { signedIn: User; relayState: string; setCookie: string }
  | { tested: { firm: string; person: ReturnType<typeof mapAttributes> }; setCookie: string }
  | { refused: SsoRefusal };

/** The refusals of the assertion check that the person can act on get their own message. */
const SHOWN_REFUSALS: Partial<Record<string, SsoRefusal>> = { "other-browser": "other-browser", expired: "expired", unsolicited: "unsolicited" };

export async function finishSsoLogin(context: LoadContext, request: Request, companyId: string): Promise<SsoFinish> {
  routeTo(context, await shardOfCompany(context.env, companyId));
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
  const flows = await browserFlows(context, request);
  const started = new Map(flows.map((f) => [f.id, f.at]));
  try {
    const verified = await verifyResponse(context.db, context.env, appOrigin(context.env, request), idp, samlResponse, now, started);
    const rest = flows.filter((f) => f.id !== verified.inResponseTo);
    const setCookie = await (await flowCookie(context)).serialize(rest, rest.length ? {} : { maxAge: 0 });
    if (relayState === TEST_RELAY_STATE) return { tested: { firm: idp.name, person: mapAttributes(verified.profile) }, setCookie };
    const ctx = await systemCtx(context, companyId, "sso", now);
    return {
      signedIn: await signInWithAssertion(ctx, idp, verified, (email) => addressOfAnotherFirm(context.env, email, companyId)),
      relayState,
      setCookie,
    };
  } catch (error) {
    if (error instanceof SamlRefusal) {
      console.warn(`SSO assertion for company ${companyId} refused (${error.reason}): ${error.message}`);
      // Other reasons stay in the log: the page says only that the answer could not be verified.
      return { refused: SHOWN_REFUSALS[error.reason] ?? "invalid" };
    }
    if (error instanceof SsoSignInRefused) return { refused: error.reason };
    throw error;
  }
}
