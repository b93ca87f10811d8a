import { z } from "zod";
import { BodyTooLargeError, readJson } from "../bounded-body";

/** An answer past the cap (issue 26, item 12) is an import error the company page shows. */
function tooLarge(error: unknown): never {
  if (error instanceof BodyTooLargeError) throw new EliteError(`3E's answer was larger than ${error.limit}, the most an import reads`);
  throw error;
}

/**
 * The Elite 3E client: OAuth2 client credentials, then paged REST reads of timekeepers,
 * matters and time cards modified since a mark. The shape (decision 0133):
 *
 *   POST {endpoint}/oauth2/token   grant_type=client_credentials, client_id, client_secret
 *        -> { access_token, token_type: "Bearer", expires_in }
 *   GET  {endpoint}/api/v1/{Timekeeper|Matter|Timecard}?modifiedSince=ISO&page=N&pageSize=M
 *        -> { items: [...], page, pageSize, hasMore }
 *
 * A token is reused until it expires; a 401 on a read fetches a new token and retries
 * that read once. Every request has a timeout. Anything that is not the documented shape
 * is an EliteError naming what went wrong; nothing here writes.
 * tests/fakes/elite3e-server.ts speaks the same protocol on loopback.
 */
export const ELITE_TIMEOUT_MS = 15_000;
export const ELITE_PAGE_SIZE = 500;

export class EliteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EliteError";
  }
}

const stamp = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "not a date");
const text = z.string().max(500);

export const eliteTimekeeper = z.object({
  Number: z.string().min(1).max(64),
  DisplayName: text,
  Email: z.string().max(320).nullish(),
  LastModified: stamp,
});

export const eliteMatter = z.object({
  Number: z.string().min(1).max(64),
  DisplayName: text,
  ClientDisplayName: text.nullish(),
  RspTkprNumber: z.string().max(64).nullish(),
  IsOpen: z.boolean(),
  IsBillable: z.boolean(),
  IsConfidential: z.boolean().default(false),
  LastModified: stamp,
});

export const eliteTimecard = z.object({
  Id: z.union([z.string().min(1).max(64), z.number().int()]).transform(String),
  TkprNumber: z.string().min(1).max(64),
  MattNumber: z.string().min(1).max(64),
  WorkDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/, "WorkDate is not a day"),
  WorkHrs: z.number().min(-24).max(24),
  IsBillable: z.boolean(),
  LastModified: stamp,
});

export const ELITE_RESOURCES = { timekeepers: "Timekeeper", matters: "Matter", timecards: "Timecard" } as const;
export type EliteResource = keyof typeof ELITE_RESOURCES;

const itemSchemas = { timekeepers: eliteTimekeeper, matters: eliteMatter, timecards: eliteTimecard } as const;

export type EliteItem<R extends EliteResource> = z.infer<(typeof itemSchemas)[R]>;

export interface ElitePage<R extends EliteResource> {
  items: EliteItem<R>[];
  hasMore: boolean;
}

export interface EliteConfig {
  endpoint: string;
  clientId: string;
  clientSecret: string;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });

export function createEliteClient(config: EliteConfig, fetcher: typeof fetch = fetch, timeoutMs = ELITE_TIMEOUT_MS) {
  const base = config.endpoint.replace(/\/+$/, "");
  let token: { value: string; expiresAt: number } | null = null;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetcher(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new EliteError(timedOut ? `3E did not answer within ${timeoutMs / 1000} s` : `3E could not be reached (${(error as Error).message})`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 5_000) return token.value;
    const response = await send(`${base}/oauth2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: config.clientId, client_secret: config.clientSecret }).toString(),
    });
    if (response.status === 400 || response.status === 401) {
      await response.body?.cancel();
      throw new EliteError("3E refused the client id or secret (401)");
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new EliteError(`3E's token endpoint answered ${response.status}`);
    }
    const parsed = tokenSchema.safeParse(await readJson(response).catch(tooLarge));
    if (!parsed.success) throw new EliteError("3E's token endpoint answered something that is not a token");
    token = { value: parsed.data.access_token, expiresAt: Date.now() + (parsed.data.expires_in ?? 300) * 1000 };
    return token.value;
  }

  async function read(url: string, retried = false): Promise<unknown> {
    const response = await send(url, { headers: { Authorization: `Bearer ${await accessToken()}`, Accept: "application/json" } });
    if (response.status === 401 && !retried) {
      await response.body?.cancel();
      token = null;
      return read(url, true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new EliteError(`3E answered ${response.status} for ${new URL(url).pathname}`);
    }
    const body = await readJson(response).catch(tooLarge);
    if (body === undefined) throw new EliteError(`3E sent a page that is not JSON (${new URL(url).pathname})`);
    return body;
  }

  return {
    async page<R extends EliteResource>(resource: R, since: number | null, page: number, pageSize = ELITE_PAGE_SIZE): Promise<ElitePage<R>> {
      const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (since !== null) query.set("modifiedSince", new Date(since).toISOString());
      const body = await read(`${base}/api/v1/${ELITE_RESOURCES[resource]}?${query}`);
      const parsed = z.object({ items: z.array(itemSchemas[resource]).max(pageSize), hasMore: z.boolean() }).safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new EliteError(`3E sent a bad ${resource} page ${page}: ${issue.path.join(".")} ${issue.message}`);
      }
      return parsed.data as ElitePage<R>;
    },
  };
}

export type EliteClient = ReturnType<typeof createEliteClient>;
