import { createCookie } from "@remix-run/cloudflare";
import type { User } from "~/db/schema";
import { routeTo, shardOfAddress, shardOfTenant } from "~/db/routing.server";
import { newInviteToken } from "~/domain/identity/tokens.server";
import { personForEntraSignIn, type ConnectedAddress } from "~/domain/identity/entra/sign-in.server";
import { ValidationError } from "~/domain/errors";
import type { Env, LoadContext } from "~/env";
import { isLocalEnv } from "~/env";
import { appOrigin } from "~/lib/app-origin.server";
import { entraConfig, type EntraConfig } from "~/integrations/entra/config";
import { buildAuthorizeUrl, pkcePair, randomToken, type AuthorizeRequest } from "~/integrations/entra/oidc.server";
import { runBatch } from "~/db/batch";
import { shardsOf } from "~/db/shards.server";
import { derivedSecret } from "~/auth/secrets.server";
import { startSession } from "~/domain/identity/session.server";
import { publicCtx } from "~/domain/context";

/**
 * The browser side of the OpenID Connect code flow: what the authorisation request
 * promised (state, nonce, PKCE verifier, where to go afterwards) rides in a short-lived
 * signed cookie, so the callback can prove the answer belongs to this browser's request.
 */
export type EntraFlowPurpose = "sign-in" | "custom_setup" | "admin_consent";

export interface EntraFlow {
  purpose: EntraFlowPurpose;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  redirectTo?: string;
  /** Already sent back once with a login hint: a second failure shows its message (no loop). */
  retried?: boolean;
}

const FLOW_MINUTES = 10;

async function flowCookie(context: LoadContext) {
  return createCookie(isLocalEnv(context.env) ? "__entra_flow" : "__Host-entra_flow", {
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalEnv(context.env),
    path: "/",
    maxAge: FLOW_MINUTES * 60,
    secrets: [await derivedSecret(context.env, "entra-flow-v1")],
  });
}

/** The redirect URI of each purpose: sign-in returns to /login, the directory setup to /groups. */
export function redirectUriFor(context: LoadContext, request: Request, purpose: EntraFlowPurpose) {
  return `${appOrigin(context.env, request)}${purpose === "sign-in" ? "/login" : "/groups"}`;
}

/** A redirect URI a client sends must be one of ours: a code is only exchanged for our own pages. */
export function requireOwnRedirectUri(context: LoadContext, request: Request, redirectUri: string, entity = "AzureAdInputErrors") {
  const origin = appOrigin(context.env, request);
  const url = new URL(redirectUri);
  if (url.origin !== origin) throw new ValidationError(entity, { redirectUri: "Needs to be an address of this installation." });
}

export async function startEntraFlow(
  context: LoadContext,
  request: Request,
  config: EntraConfig,
  purpose: EntraFlowPurpose,
  options: Pick<AuthorizeRequest, "loginHint" | "prompt" | "tenant"> & { redirectTo?: string; retried?: boolean } = {},
) {
  const { verifier, challenge } = await pkcePair();
  const redirectUri = redirectUriFor(context, request, purpose);
  const flow: EntraFlow = {
    purpose,
    // The spec's minimal setup comes back with state=custom_setup; the cookie still binds it to this browser.
    state: purpose === "custom_setup" ? "custom_setup" : randomToken(),
    nonce: randomToken(),
    verifier,
    redirectUri,
    redirectTo: options.redirectTo,
    retried: options.retried,
  };
  // The admin consent runs through the authorise endpoint (prompt=admin_consent), so it comes
  // back with a code whose ID token names the tenant: the bare ?tenant= of the /adminconsent
  // endpoint is an unsigned address parameter anyone can write (decision 0250).
  const url = buildAuthorizeUrl(config, {
    redirectUri,
    state: flow.state,
    nonce: flow.nonce,
    codeChallenge: challenge,
    scope:
      purpose === "custom_setup"
        ? "openid profile email User.Read"
        : purpose === "admin_consent"
          ? `openid profile ${config.graph}/.default`
          : undefined,
    loginHint: options.loginHint,
    prompt: purpose === "admin_consent" ? "admin_consent" : options.prompt,
    tenant: purpose === "admin_consent" ? "organizations" : options.tenant,
  });
  return { url, setCookie: await (await flowCookie(context)).serialize(flow) };
}

/** The flow this browser started, when its state matches the answer's; null otherwise. */
export async function readEntraFlow(
  context: LoadContext,
  request: Request,
  purpose: EntraFlowPurpose,
  state: string | null,
): Promise<EntraFlow | null> {
  const value: unknown = await (await flowCookie(context)).parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const flow = value as EntraFlow;
  if (flow.purpose !== purpose || typeof flow.state !== "string" || flow.state !== state) return null;
  return flow;
}

export async function clearEntraFlow(context: LoadContext) {
  return (await flowCookie(context)).serialize("", { maxAge: 0 });
}

export function requireEntraConfig(context: LoadContext) {
  return entraConfig(context.env);
}

/**
 * Signs a person in after a valid Microsoft token: a new session, and for an invited
 * person who has not signed up yet, a fresh invite link to finish on (/signup/{secret}?sso=true).
 */
export async function signInWithEntraClaims(
  context: LoadContext,
  request: Request,
  claims: Parameters<typeof personForEntraSignIn>[1],
  options: { embedded?: boolean } = {},
) {
  // The firm connected to the token's tenant names the shard; an unconnected tenant, the firm of
  // the address the token names (where the account picker hint comes from) (decision 0312).
  const shard = (await shardOfTenant(context.env, claims.tid)) ?? (claims.email ? await shardOfAddress(context.env, claims.email) : 0);
  routeTo(context, shard);
  const user = await personForEntraSignIn(publicCtx(context), claims, (email) => connectedAddressOnAnyShard(context.env, email));
  const session = await startSession(context, user, request, options);
  return { user, ...session, signupPath: user.completed ? null : await signupPathFor(context, user) };
}

/**
 * The firm an address belongs to, on whichever shard, when that firm's Microsoft directory is
 * connected: one directory read, then the person's address and the firm's settings from its shard.
 */
async function connectedAddressOnAnyShard(env: Env, email: string): Promise<ConnectedAddress | null> {
  const found = await env.DIRECTORY.prepare(
    `select p.user_id as userId, f.shard from people p join tenants t on t.company_id = p.company_id
     join firms f on f.company_id = p.company_id where p.email = ?`,
  )
    .bind(email.trim().toLowerCase())
    .first<{ userId: string; shard: number }>();
  const shard = found ? shardsOf(env).find((s) => s.id === found.shard) : undefined;
  if (!found || !shard) return null;
  return shard.d1
    .prepare(
      `select u.email, c.azure_ad_tenant_id as tenantId, c.settings from users u join companies c on c.id = u.company_id
       where u.id = ? and c.azure_ad_tenant_id is not null`,
    )
    .bind(found.userId)
    .first<ConnectedAddress>();
}

/** A new invite secret for the person (the earlier link stops working), as the sign-up page's address. */
export async function signupPathFor(context: LoadContext, user: Pick<User, "id" | "companyId">) {
  const token = await newInviteToken({ db: context.db, companyId: user.companyId, now: new Date() }, user.id);
  await runBatch(context.db, [...token.statements]);
  return `/signup/${token.secret}?sso=true`;
}
