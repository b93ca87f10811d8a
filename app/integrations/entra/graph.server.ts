import { tokenUrl, type EntraConfig } from "./config";
import { BodyTooLargeError, readBytes, readJson } from "../bounded-body";

/** Graph's answers are read with a cap (issue 26, item 12); past it the sync step fails and is retried. */
function tooLarge(error: unknown): never {
  if (error instanceof BodyTooLargeError) throw new GraphError(`Microsoft Graph's answer was larger than ${error.limit}.`, 502);
  throw error;
}

/**
 * Microsoft Graph, application permission User.Read.All (client credentials): searching a
 * tenant's people, the users delta query (paged, incremental) and profile photos. Written
 * from the Graph v1.0 documentation; tests/fakes/entra-server.ts speaks the same protocol.
 */
export interface DirectoryUser {
  id: string;
  displayName: string;
  mail: string | null;
}

export interface DeltaUser {
  id: string;
  displayName?: string | null;
  mail?: string | null;
  userPrincipalName?: string | null;
  jobTitle?: string | null;
  department?: string | null;
  /** Present when the person left the directory (or moved out of scope). */
  "@removed"?: { reason: string };
}

export interface DeltaPage {
  users: DeltaUser[];
  /** More pages of this round follow. */
  nextLink: string | null;
  /** The round is complete: keep this for the next round's changes. */
  deltaLink: string | null;
}

export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "GraphError";
  }
}

const appTokens = new Map<string, { token: string; expiresAt: number }>();

/** An app-only token for one tenant, cached in the isolate until shortly before it expires. */
async function appToken(config: EntraConfig, tenantId: string): Promise<string> {
  const key = `${config.authority} ${tenantId}`;
  const cached = appTokens.get(key);
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
  const response = await fetch(tokenUrl(config, tenantId), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: "client_credentials",
      scope: `${config.graph}/.default`,
    }),
  });
  const answer = ((await readJson(response).catch(tooLarge)) ?? {}) as { access_token?: string; expires_in?: number; error_description?: string };
  if (!response.ok || !answer.access_token) {
    throw new GraphError("The directory refused access. An administrator of the directory may need to grant consent again.", response.status);
  }
  appTokens.set(key, { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 });
  return answer.access_token;
}

async function graphGet(config: EntraConfig, tenantId: string, url: string, headers: Record<string, string> = {}): Promise<Response> {
  if (!url.startsWith(`${config.graph}/`)) throw new GraphError("Microsoft Graph answered a link outside Graph.", 502);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${await appToken(config, tenantId)}`, ...headers } });
  return response;
}

export async function graphJson<T>(config: EntraConfig, tenantId: string, url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await graphGet(config, tenantId, url, headers);
  if (!response.ok) throw new GraphError(`Microsoft Graph answered ${response.status}.`, response.status);
  const body = await readJson(response).catch(tooLarge);
  if (body === undefined) throw new GraphError("Microsoft Graph answered something that is not JSON.", 502);
  return body as T;
}

/** People of the tenant whose name or e-mail starts with the text (Graph's $search), at most 50. */
export async function searchDirectoryUsers(config: EntraConfig, tenantId: string, text: string): Promise<DirectoryUser[]> {
  const url = new URL(`${config.graph}/v1.0/users`);
  url.searchParams.set("$select", "id,displayName,mail");
  url.searchParams.set("$top", "50");
  url.searchParams.set("$orderby", "displayName");
  const term = text.replaceAll('"', "").trim();
  if (term) url.searchParams.set("$search", `"displayName:${term}" OR "mail:${term}"`);
  const answer = await graphJson<{ value: { id: string; displayName?: string | null; mail?: string | null }[] }>(config, tenantId, url.toString(), {
    ConsistencyLevel: "eventual",
  });
  return answer.value.map((u) => ({ id: u.id, displayName: u.displayName ?? "", mail: u.mail ? u.mail.toLowerCase() : null }));
}

/** The first link of a delta round: every person, then only changes from the deltaLink on. */
export function initialDeltaLink(config: EntraConfig): string {
  return `${config.graph}/v1.0/users/delta?$select=id,displayName,mail,userPrincipalName,jobTitle,department`;
}

export async function fetchDeltaPage(config: EntraConfig, tenantId: string, link: string, pageSize: number): Promise<DeltaPage> {
  const answer = await graphJson<{ value: DeltaUser[]; "@odata.nextLink"?: string; "@odata.deltaLink"?: string }>(config, tenantId, link, {
    Prefer: `odata.maxpagesize=${pageSize}`,
  });
  return { users: answer.value, nextLink: answer["@odata.nextLink"] ?? null, deltaLink: answer["@odata.deltaLink"] ?? null };
}

/** A person's photo (JPEG or PNG bytes), or null when they have none. */
export async function fetchPhoto(config: EntraConfig, tenantId: string, userId: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const response = await graphGet(config, tenantId, `${config.graph}/v1.0/users/${encodeURIComponent(userId)}/photo/$value`);
  if (response.status === 404) return null;
  if (!response.ok) throw new GraphError(`Microsoft Graph answered ${response.status} for a photo.`, response.status);
  return new Uint8Array(await readBytes(response).catch(tooLarge));
}
