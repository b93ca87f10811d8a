import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { authorizeUrl, issuerOf, jwksUrl, TENANT_ID, tokenUrl, type EntraConfig } from "./config";
import { toBase64Url } from "~/lib/base64url";

/**
 * OpenID Connect against Microsoft Entra ID: the authorisation code flow with PKCE and a
 * nonce, the code exchange, and the validation of ID tokens and Teams SSO tokens
 * (signature from the provider's JWKS, issuer of the token's own tenant, audience, nonce,
 * expiry). Written from Microsoft's identity platform documentation (v2.0 endpoints).
 */
export interface EntraClaims {
  /** The directory (tenant) id. */
  tid: string;
  /** The person's object id in the directory. */
  oid: string;
  /** mail, preferred_username or upn, lower-case; may be empty. */
  email: string;
  name: string;
}

export class EntraTokenError extends Error {
  constructor(
    message: string,
    readonly reason: "signature" | "issuer" | "audience" | "tenant" | "nonce" | "expired" | "claims" | "exchange",
  ) {
    super(message);
    this.name = "EntraTokenError";
  }
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(config: EntraConfig) {
  const url = jwksUrl(config);
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 });
    keySets.set(url, set);
  }
  return set;
}

export interface ValidateOptions {
  /** The nonce sent with the authorisation request; required when given. */
  nonce?: string | null;
  /** The directory the token must come from (a company's connected tenant, or the tenant a client names). */
  tenantId?: string | null;
  /** Teams SSO tokens are access tokens for our app: their audience may be our Application ID URI. */
  allowAppIdUri?: boolean;
  now?: Date;
}

/** Verifies a token and answers its claims, or throws EntraTokenError naming what was wrong. */
export async function validateEntraToken(config: EntraConfig, token: string, options: ValidateOptions = {}): Promise<EntraClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(config), {
      algorithms: ["RS256"],
      clockTolerance: 60,
      currentDate: options.now,
      requiredClaims: ["iss", "aud", "exp", "iat"],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new EntraTokenError("The Microsoft sign-in has expired. Please sign in again.", "expired");
    if (error instanceof joseErrors.JWTClaimValidationFailed) throw new EntraTokenError("The Microsoft token is missing a claim.", "claims");
    throw new EntraTokenError("The Microsoft token's signature is not valid.", "signature");
  }
  const tid = typeof payload.tid === "string" ? payload.tid : "";
  const oid = typeof payload.oid === "string" ? payload.oid : "";
  if (!TENANT_ID.test(tid) || !oid) throw new EntraTokenError("The Microsoft token names no directory or person.", "claims");
  if (payload.iss !== issuerOf(config, tid)) throw new EntraTokenError("The Microsoft token comes from another issuer.", "issuer");
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const ours = audiences.some(
    (aud) =>
      aud === config.clientId ||
      (options.allowAppIdUri && typeof aud === "string" && aud.startsWith("api://") && aud.endsWith(`/${config.clientId}`)),
  );
  if (!ours) throw new EntraTokenError("The Microsoft token was issued for another application.", "audience");
  if (options.tenantId && options.tenantId.toLowerCase() !== tid.toLowerCase()) {
    throw new EntraTokenError("The Microsoft token comes from another directory.", "tenant");
  }
  if (options.nonce !== undefined && options.nonce !== null && payload.nonce !== options.nonce) {
    throw new EntraTokenError("The Microsoft sign-in does not belong to this browser. Please sign in again.", "nonce");
  }
  const email = [payload.email, payload.preferred_username, payload.upn].find((v): v is string => typeof v === "string" && v.includes("@")) ?? "";
  return { tid: tid.toLowerCase(), oid, email: email.trim().toLowerCase(), name: typeof payload.name === "string" ? payload.name : "" };
}

export interface AuthorizeRequest {
  redirectUri: string;
  state: string;
  nonce?: string;
  codeChallenge?: string;
  scope?: string;
  loginHint?: string;
  prompt?: "none" | "select_account" | "consent" | "login" | "admin_consent";
  tenant?: string;
}

export function buildAuthorizeUrl(config: EntraConfig, request: AuthorizeRequest): string {
  const url = new URL(authorizeUrl(config, request.tenant));
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", request.redirectUri);
  url.searchParams.set("response_mode", "query");
  url.searchParams.set("scope", request.scope ?? "openid profile email User.Read");
  url.searchParams.set("state", request.state);
  if (request.nonce) url.searchParams.set("nonce", request.nonce);
  if (request.codeChallenge) {
    url.searchParams.set("code_challenge", request.codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
  }
  if (request.loginHint) url.searchParams.set("login_hint", request.loginHint);
  if (request.prompt) url.searchParams.set("prompt", request.prompt);
  return url.toString();
}

/** PKCE (RFC 7636): a random verifier and its S256 challenge. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return { verifier, challenge: toBase64Url(new Uint8Array(digest)) };
}

export function randomToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(24)));
}

/** Exchanges an authorisation code at the token endpoint; answers the ID token. */
export async function exchangeCode(config: EntraConfig, input: { code: string; redirectUri: string; codeVerifier?: string | null }): Promise<string> {
  const body = new URLSearchParams({
    client_id: config.clientId,
    client_secret: config.clientSecret,
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
    scope: "openid profile email User.Read",
  });
  if (input.codeVerifier) body.set("code_verifier", input.codeVerifier);
  let response: Response;
  try {
    response = await fetch(tokenUrl(config), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
  } catch {
    throw new EntraTokenError("Microsoft could not be reached. Please try again.", "exchange");
  }
  const answer = (await response.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
  if (!response.ok || typeof answer.id_token !== "string") {
    throw new EntraTokenError("Microsoft did not accept the sign-in code. Please sign in again.", "exchange");
  }
  return answer.id_token;
}

export { TENANT_ID };
