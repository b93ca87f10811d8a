import { isLocalEnv, type Env } from "~/env";
import { isLoopbackHost, isPublicHostName } from "../email/smtp-policy";

/**
 * Where the Worker may call a firm's Elite 3E: https on a public DNS name (no IP literal, no
 * local name, the default port or 8443), so a company setting can never point the Worker at
 * loopback or private addresses. The loopback fake (tests/fakes/elite3e-server.ts) is
 * reachable over plain http only when a development or test installation says so:
 * ALLOW_LOOPBACK_ELITE3E="true" ([env.dev] in wrangler.toml; `npm run deploy:check` refuses it).
 */
export const ENDPOINT_MESSAGE = "Use the https address of your firm's 3E server, like https://3e.example.com/TE_3E_PROD.";

export type ElitePolicyEnv = Pick<Env, "APP_ENV"> & { ALLOW_LOOPBACK_ELITE3E?: string };

export function allowsLoopbackElite(env: ElitePolicyEnv): boolean {
  return isLocalEnv(env) && env.ALLOW_LOOPBACK_ELITE3E === "true";
}

/** Why the endpoint may not be used, or null when it may (checked on save and before every import). */
export function eliteEndpointProblem(endpoint: string, env: ElitePolicyEnv): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_MESSAGE;
  }
  if (url.username || url.password || url.search || url.hash) return ENDPOINT_MESSAGE;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (allowsLoopbackElite(env) && isLoopbackHost(host) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return ENDPOINT_MESSAGE;
  if (!isPublicHostName(host)) return ENDPOINT_MESSAGE;
  if (url.port !== "" && url.port !== "8443") return ENDPOINT_MESSAGE;
  return null;
}
