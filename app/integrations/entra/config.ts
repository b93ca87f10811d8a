import type { Env } from "~/env";

/**
 * Where Microsoft Entra ID and Microsoft Graph live for this installation. The URLs are
 * configuration so that tests and `npm start` point at the loopback fakes
 * (tests/fakes/entra-server.ts), which speak the same protocol.
 */
export interface EntraConfig {
  clientId: string;
  clientSecret: string;
  /** "https://login.microsoftonline.com" or a local provider, without a trailing slash. */
  authority: string;
  /** "https://graph.microsoft.com" or the local fake. */
  graph: string;
}

export function entraConfig(env: Env): EntraConfig | null {
  if (!env.ENTRA_CLIENT_ID || !env.ENTRA_CLIENT_SECRET) return null;
  return {
    clientId: env.ENTRA_CLIENT_ID,
    clientSecret: env.ENTRA_CLIENT_SECRET,
    authority: (env.ENTRA_AUTHORITY || "https://login.microsoftonline.com").replace(/\/$/, ""),
    graph: (env.GRAPH_URL || "https://graph.microsoft.com").replace(/\/$/, ""),
  };
}

/** The issuer of a tenant's v2.0 tokens: the token's own `tid` decides which one is expected. */
export const issuerOf = (config: EntraConfig, tenantId: string) => `${config.authority}/${tenantId}/v2.0`;

/** Sign-in serves every organisation; the tenant is checked on the token, not chosen up front. */
export const authorizeUrl = (config: EntraConfig, tenant = "organizations") => `${config.authority}/${tenant}/oauth2/v2.0/authorize`;
export const tokenUrl = (config: EntraConfig, tenant = "organizations") => `${config.authority}/${tenant}/oauth2/v2.0/token`;
export const jwksUrl = (config: EntraConfig) => `${config.authority}/common/discovery/v2.0/keys`;

/** Tenant ids are GUIDs; anything else is refused before it reaches a URL. */
export const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
